/**
 * Every state of <bridge-widget> passes axe, reached for real against the
 * sandbox: loading, the form with and without a wallet, a quote, the
 * value-loss warning, an error, pickers open, approvals in progress, each
 * tracking phase the sandbox can hold, success, failure and the history.
 * Status changes are spoken once, through the shell's one live region.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeSuccessDetail } from '../../src/bridge-widget/events.js';
import { devWallet, resetSandbox, sandboxConfig, setFaults } from './helpers/sandbox.js';
import { nextEvent, openQuote, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { deepText, formReady, primaryText, waitFor, untilAnimationsSettle } from './helpers/dom.js';
import { PickerHarness } from './harness/picker.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

interface MountOptions {
  account?: number;
  token?: string;
  amount?: string;
  wallet?: boolean;
  theme?: 'light' | 'dark';
  threshold?: string;
}

async function mount(options: MountOptions = {}) {
  const { token, amount, theme, threshold } = options;
  const attributes = { theme: theme ?? 'light', 'from-token': token, 'to-token': token, amount: amount ?? '', 'value-loss-threshold': threshold ?? '5' };
  if (options.wallet === false) return { ...(await mountWidget({ attributes, wallet: false })), wallet: undefined };
  return mountWidget({ attributes, wallet: { account: options.account ?? 0 } });
}

const tracker = (w: BridgeWidget) => shadow(w).querySelector('bw-status-tracker');
const heading = (w: BridgeWidget) => (tracker(w) ? (shadow(tracker(w)!).querySelector('#heading')?.textContent?.trim() ?? '') : '');
const liveRegion = (w: BridgeWidget) => shadow(w).querySelector('[role="status"]')!;

/** Live regions inside the parts (their own, for standalone use): inside the shell they must stay silent. */
function partRegions(w: BridgeWidget): Element[] {
  return [...shadow(w).querySelectorAll('bw-quote-panel, bw-approval-steps, bw-status-tracker')].flatMap((p) => [
    ...shadow(p).querySelectorAll('.visually-hidden[aria-live]'),
  ]);
}

/** Opens the index-th picker of that kind in the widget, its dialog settled. */
async function openPicker(widget: BridgeWidget, tag: 'bw-asset-picker', index = 0): Promise<PickerHarness> {
  return new PickerHarness(shadow(widget).querySelectorAll(tag)[index]!).open();
}

describe('<bridge-widget> accessibility in every state', function () {
  e2eSuite(this);

  it('loading chains and tokens', async () => {
    await setFaults({ latency: { ms: 5000, endpoints: ['chains', 'tokens'] } });
    const { widget } = await mount({ wallet: false });
    await waitFor(() => /Loading chains and tokens/.test(shadow(widget).textContent ?? ''), 'the loading notice');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
    expect(shadow(widget).querySelector('bw-amount-input')).to.equal(null, 'still loading after the check');
  });

  it('the form without a wallet, then connected, then with a quote (light and dark)', async () => {
    const { widget: noWallet } = await mount({ wallet: false });
    await formReady(noWallet);
    // Without a provider the widget offers the browser's wallets.
    expect(primaryText(noWallet)).to.equal('Connect wallet');
    await untilAnimationsSettle(noWallet);
    await expect(noWallet).to.be.accessible();

    for (const theme of ['light', 'dark'] as const) {
      const { widget } = await mount({ theme });
      await formReady(widget);
      await waitFor(() => primaryText(widget) === 'Enter an amount', 'connected, no amount');
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
      widget.amount = '2';
      await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
    }
  });

  it('the value-loss warning, before and after confirming', async () => {
    const { widget } = await mount({ amount: '2', threshold: '0.01' });
    await formReady(widget);
    await waitFor(() => primaryText(widget) === 'Confirm the value loss above', 'the value-loss gate');
    // The confirmation is on the quote line, a chunk of its own that may arrive after the quote.
    const confirmation = () => shadow(widget).querySelector('bw-quote-panel')?.shadowRoot?.querySelector('[part="value-loss"]');
    await waitFor(() => confirmation(), 'the confirmation on the quote line');
    const box = confirmation()!;
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
    box.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'confirmed');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('an error notice (a refused quote)', async () => {
    const { account } = await sandboxConfig();
    await setFaults({ flaggedAddresses: [account.address] });
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(
      html`<bridge-widget proxy-url=${proxyUrl} theme="light" from-chain=${String(SRC)} to-chain=${String(DST)} from-token="USDC" to-token="USDC" amount="2"></bridge-widget>`,
    );
    widget.provider = await devWallet({ chainId: DST });
    await waitFor(() => shadow(widget).querySelector('[role="alert"]'), 'the error');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('pickers open: the asset dialogs of both sides, the settings, the recipient and the quote opened (light and dark)', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { widget } = await mount({ theme, amount: '2' });
      await formReady(widget);
      const receive = await openPicker(widget, 'bw-asset-picker', 1);
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
      await receive.element.hide();
      await openPicker(widget, 'bw-asset-picker', 0);
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
      await new PickerHarness(shadow(widget).querySelector('bw-asset-picker')!).element.hide();
      const settings = shadow(widget).querySelector('bw-swap-settings')!;
      await settings.show();
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
      settings.hide();
      shadow(widget).querySelector<HTMLButtonElement>('.recipient-toggle')!.click();
      await waitFor(() => shadow(widget).querySelector('bw-recipient-input')?.shadowRoot?.querySelector('input'), 'the recipient field (a chunk)');
      await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
      await openQuote(widget);
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
    }
  });

  it('executing, with the approval step waiting for the wallet', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget, wallet } = await mount({ amount: '2', account: 1 });
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    wallet!.hang('eth_sendTransaction');
    primaryButton(widget).click();
    await waitFor(() => {
      const steps = shadow(widget).querySelector('bw-approval-steps');
      return steps && /Confirm in your wallet/.test(shadow(steps).textContent ?? '');
    }, 'the approval waiting for the wallet');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
    expect(deepText(liveRegion(widget))).to.match(/Approve in your wallet|Step 1 of 1/);
  });

  it('tracking: sent, while the receipt cannot be reported yet', async () => {
    await setFaults({ forceProvider: 'swiftbridge', rateLimitBurst: { count: 1000, endpoints: ['receipt'], retryAfterSeconds: 30 } });
    const { widget } = await mount({ token: 'ETH', amount: '0.01', account: 2 });
    await waitForText(widget, (t) => t.startsWith('Bridge 0.01 ETH'), 'a quote');
    primaryButton(widget).click();
    await waitFor(
      () => heading(widget) === 'Transfer sent' && /Telling the bridge about your transfer/.test(shadow(tracker(widget)!).textContent ?? ''),
      'sent, receipt pending',
    );
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('tracking: in transit, then waiting for gas', async () => {
    await setFaults({ forceProvider: 'swiftbridge', stuckBridge: true });
    const { widget } = await mount({ token: 'ETH', amount: '0.01', account: 3 });
    await waitForText(widget, (t) => t.startsWith('Bridge 0.01 ETH'), 'a quote');
    primaryButton(widget).click();
    await waitFor(() => heading(widget) === 'Transfer in progress', 'in transit', 60_000);
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
    fixtureCleanupSoon(widget);
    localStorage.clear();
    await resetSandbox();
    await setFaults({ forceProvider: 'swiftbridge', needsGas: true });
    const second = await mount({ token: 'ETH', amount: '0.01', account: 3 });
    await waitForText(second.widget, (t) => t.startsWith('Bridge 0.01 ETH'), 'a quote');
    primaryButton(second.widget).click();
    await waitFor(() => tracker(second.widget) && shadow(tracker(second.widget)!).querySelector('[part~="needs-gas"]'), 'waiting for gas', 60_000);
    await untilAnimationsSettle(second.widget);
    await expect(second.widget).to.be.accessible();
    expect(deepText(liveRegion(second.widget))).to.contain('waits for network fees');
  });

  it('success, spoken once through the shell’s live region; then the history, open (light and dark)', async () => {
    for (const [theme, account] of [
      ['light', 0],
      ['dark', 1],
    ] as const) {
      localStorage.clear();
      await resetSandbox();
      const { widget } = await mount({ token: 'ETH', amount: '0.01', account, theme });
      await waitForText(widget, (t) => t.startsWith('Bridge 0.01 ETH'), 'a quote');
      const spoken: string[] = [];
      const region = liveRegion(widget);
      const observer = new MutationObserver(() => spoken.push(region.textContent?.trim() ?? ''));
      observer.observe(region, { childList: true, characterData: true, subtree: true });
      const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success', 90_000);
      primaryButton(widget).click();
      await success;
      await waitFor(() => heading(widget) === 'Transfer complete', 'the success heading');
      await widget.updateComplete;
      observer.disconnect();
      expect(
        spoken.filter((s) => s.includes('Transfer complete')),
        `announced: ${JSON.stringify(spoken)}`,
      ).to.have.length(1);
      expect(spoken.some((s) => /Preparing your transfer/.test(s))).to.equal(true, 'the execution phases are announced');
      for (const r of partRegions(widget)) expect(r.textContent?.trim(), 'a part’s own live region stays silent in the shell').to.equal('');
      expect(shadow(widget).querySelectorAll('[aria-live], [role="status"]').length).to.equal(1, 'one live region in the shell');
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();

      shadow(tracker(widget)!).querySelector<HTMLButtonElement>('[part="new-transfer"]')!.click();
      await formReady(widget);
      // The history is its own part, <bw-transfer-history>, its toggle exported as `history-toggle`.
      const history = () => shadow(widget).querySelector('bw-transfer-history');
      const toggle = await (async () => {
        await waitFor(() => history() && shadow(history()!).querySelector('[part~="toggle"]'), 'the history toggle');
        return shadow(history()!).querySelector<HTMLButtonElement>('[part~="toggle"]')!;
      })();
      expect(history()!.getAttribute('exportparts')).to.contain('toggle: history-toggle');
      toggle.click();
      await history()!.updateComplete;
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      expect(shadow(history()!).querySelector('#history')!.hasAttribute('hidden')).to.equal(false);
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
      // A row says when, how much, from where to where, and how it ended; it opens the transfer's own view.
      const row = shadow(history()!).querySelector('[part="item"]')!;
      const rowText = deepText(row).replace(/\s+/g, ' ');
      expect(rowText, 'the date and time it started').to.match(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M /);
      expect(rowText).to.match(/\d ETH, Sepolia Sandbox → Base Sepolia Sandbox/);
      expect(rowText).to.contain('Arrived');
      row.querySelector('button')!.click();
      await waitFor(() => heading(widget) === 'Transfer complete', 'the finished transfer opened again');
    }
  });

  it('failed, with the refund note', async () => {
    await setFaults({ forceProvider: 'swiftbridge', failWithRefund: true });
    const { widget } = await mount({ amount: '2', account: 2 });
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    const failed = nextEvent(widget, 'bridge-failed', 90_000);
    primaryButton(widget).click();
    await failed;
    await waitFor(() => /^(Refund on its way|Refunded)$/.test(heading(widget)), 'the refund heading');
    // The sandbox refunds before it reports the failure: the note ends at "Refunded" with the first balance read.
    await waitFor(() => /^Refunded/.test(tracker(widget)?.shadowRoot?.querySelector('[part~="refund"]')?.textContent?.trim() ?? ''), 'the refund seen');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });
});

/** Removes a widget whose transfer never ends, so its polling stops before the next one starts. */
function fixtureCleanupSoon(widget: BridgeWidget): void {
  widget.remove();
}
