/**
 * <bridge-widget> states a user or integrator notices, against the sandbox
 * (no transfers here: see the e2e files for those).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import { bech32 } from '@scure/base';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeQuoteDetail } from '../../src/bridge-widget/events.js';
import { devWallet, sandboxConfig, serviceRequests, setFaults, untilServiceRequest } from './helpers/sandbox.js';
import { buttonText, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { untilAnimationsSettle, waitFor } from './helpers/dom.js';
import { PickerHarness } from './harness/picker.js';
import { AmountInputHarness } from './harness/amount-input.js';
import type { AssetPicker } from '../../src/components/asset-picker/asset-picker.js';
import { e2eSuite } from './helpers/e2e.js';

const SRC = '11155111';
const DST = '84532';

/** Rows of an asset picker's dialog as the user sees it: opens it, reads each chain button's or token row's title and detail line, closes it. */
async function listed(picker: AssetPicker, what: 'chains' | 'tokens'): Promise<{ title: string; meta: string }[]> {
  const harness = new PickerHarness(picker);
  harness.trigger!.click();
  await waitUntil(() => harness.dialog && harness.chains.length > 0 && (what === 'chains' || harness.options.length > 0), 'the dialog opens');
  const rows =
    what === 'chains'
      ? harness.chains.map(({ title, meta }) => ({ title, meta }))
      : harness.options.map((o) => ({
          title: o.querySelector('.option-title')?.textContent?.trim() ?? '',
          meta: o.querySelector('.option-meta')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        }));
  await sendKeys({ press: 'Escape' });
  await waitUntil(() => !harness.dialog, 'the dialog closes');
  return rows;
}

/** Whether a side's chain or token can be changed by the user: the asset button locked, or that half of it. */
const locked = (picker: AssetPicker, half: 'chain' | 'token') =>
  new PickerHarness(picker).locked || (half === 'chain' ? picker.chainLocked : picker.tokenLocked);

function amountInput(widget: BridgeWidget): HTMLInputElement {
  return new AmountInputHarness(shadow(widget).querySelector('bw-amount-input')!).input;
}

describe('<bridge-widget> states', function () {
  e2eSuite(this, { timeout: 60_000, clearTimings: true });

  it('without proxy-url it says what to set, instead of rendering nothing', async () => {
    const widget = await fixture<BridgeWidget>(html`<bridge-widget></bridge-widget>`);
    await waitUntil(() => /proxy-url/.test(shadow(widget).textContent ?? ''), 'the missing attribute is named');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('works without a wallet until one is needed, reacts when the provider is set later, and connects on click', async () => {
    const { proxyUrl } = await sandboxConfig();
    // A host that sets its provider late: with discovery off the widget waits for it.
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} amount="1" wallet-discovery="off"></bridge-widget>`);
    await waitUntil(() => buttonText(widget) === 'Connect wallet', 'offers Connect (bridge-connect-request, for the host)', { timeout: 15_000 });
    const wallet = await devWallet();
    wallet.connected = false;
    widget.provider = wallet;
    await waitForText(widget, (t) => t === 'Connect wallet', 'offers to connect');
    primaryButton(widget).click();
    await waitForText(widget, (t) => t.startsWith('Bridge 1'), 'quoted once connected');
  });

  it('typing an amount quotes only after 400 ms without a keystroke, and only the latest quote is shown', async () => {
    await setFaults({ latency: { ms: 300, endpoints: ['quote'] } });
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(
      html`<bridge-widget proxy-url=${proxyUrl} from-chain=${SRC} to-chain=${DST} from-token="USDC" to-token="USDC"></bridge-widget>`,
    );
    widget.provider = await devWallet();
    const quotes: BridgeQuoteDetail[] = [];
    widget.addEventListener('bridge-quote', (e) => quotes.push(e.detail));
    await waitUntil(() => buttonText(widget) === 'Enter an amount', 'ready for an amount', { timeout: 20_000 });
    // Keystroke times by the page's clock, quote arrivals by the service's (the same machine clock): every quote
    // left at least the debounce after the last keystroke before it, however slowly the keys came.
    const keystrokes: number[] = [];
    amountInput(widget).addEventListener('input', () => keystrokes.push(Date.now()));
    const seen = Math.max(0, ...(await serviceRequests()).map((r) => r.seq));
    amountInput(widget).focus();
    await sendKeys({ type: '12.34' });
    await waitForText(widget, (t) => t.startsWith('Bridge 12.34 USDC'), 'the quote for the typed amount');
    const sent = (await serviceRequests()).filter((r) => r.endpoint === 'quote' && r.seq > seen);
    expect(keystrokes).to.have.length(5);
    expect(sent.length, 'at least one quote, never more than one per keystroke').to.be.within(1, 5);
    for (const request of sent) {
      const lastKey = Math.max(...keystrokes.filter((t) => t <= request.receivedAt));
      expect(request.receivedAt - lastKey, 'quiet time before a quote left').to.be.at.least(399);
    }
    expect(sent.at(-1)!.receivedAt, 'the last quote left after the last keystroke').to.be.at.least(keystrokes.at(-1)! + 399);
    expect(quotes.at(-1)?.estimate.fromAmount).to.equal(12_340_000n);

    // A new amount while the quote for the previous one is held by the service: the older one never shows.
    await setFaults({ latency: { ms: 10_000, endpoints: ['quote'] } });
    const mark = Math.max(0, ...(await serviceRequests()).map((r) => r.seq));
    amountInput(widget).select();
    await sendKeys({ type: '5' });
    await untilServiceRequest((r) => r.endpoint === 'quote' && r.seq > mark, 'the quote for 5');
    // The quote for 5 is now on the service, held; the next one is answered at once.
    await setFaults({ latency: null });
    amountInput(widget).select();
    await sendKeys({ type: '7' });
    await waitForText(widget, (t) => t.startsWith('Bridge 7 USDC'), 'the newest quote', 20_000);
    expect(
      quotes.map((q) => q.estimate.fromAmount),
      'the quote for 5 was sent but never shown',
    ).to.not.include(5_000_000n);
    expect(quotes.at(-1)?.estimate.fromAmount).to.equal(7_000_000n);
    expect(shadow(widget).textContent).to.not.match(/Bridge 5 USDC/);
  });

  it('allow and deny lists shape the pickers, and lock-presets locks what the page set', async () => {
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(html`<bridge-widget
      proxy-url=${proxyUrl}
      from-chain=${SRC}
      from-token="USDC"
      deny-to-chains="sui-mainnet,osmosis-1"
      allow-from-tokens="USDC,ETH"
    ></bridge-widget>`);
    await waitUntil(() => shadow(widget).querySelector('bw-asset-picker') && buttonText(widget) !== '', 'form rendered', { timeout: 15_000 });
    const [from, to] = [...shadow(widget).querySelectorAll('bw-asset-picker')] as [AssetPicker, AssetPicker];
    await waitUntil(() => !locked(to, 'chain'), 'the destination list is offered');
    const destinations = (await listed(to, 'chains')).map((r) => r.title);
    expect(destinations.length, 'some destinations are listed').to.be.greaterThan(0);
    expect(destinations, 'denied chains are not listed').to.not.include.members(['Sui', 'Osmosis']);
    // Sources are chains a wallet signs on: each row's detail line starts with its numeric EVM chain id.
    const sources = await listed(from, 'chains');
    expect(sources.length).to.be.greaterThan(0);
    for (const row of sources) expect(row.meta, `${row.title} is an EVM chain`).to.match(/^\d+\b/);
    expect((await listed(from, 'tokens')).map((r) => r.title).sort()).to.deep.equal(['ETH', 'USDC']);
    expect([locked(from, 'chain'), locked(to, 'chain'), locked(from, 'token'), locked(to, 'token')], 'nothing locked without lock-presets').to.deep.equal([
      false,
      false,
      false,
      false,
    ]);
    widget.toggleAttribute('lock-presets', true);
    await widget.updateComplete;
    await waitUntil(() => locked(from, 'chain') && locked(from, 'token'), 'what the page set is locked');
    expect(locked(to, 'chain') || locked(to, 'token'), 'fields the page did not set stay open').to.equal(false);
  });

  it('a Cosmos destination requires a recipient in its own format, and a quote confirms the chain', async () => {
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(
      html`<bridge-widget proxy-url=${proxyUrl} from-chain=${SRC} to-chain="cataclysm-1" from-token="USDC" to-token="USDC" amount="2"></bridge-widget>`,
    );
    widget.provider = await devWallet();
    await waitUntil(() => buttonText(widget) === 'Enter a valid recipient', 'a recipient is required', { timeout: 20_000 });
    const to = shadow(widget).querySelectorAll('bw-asset-picker')[1]!;
    const cataclysm = async () => (await listed(to, 'chains')).find((r) => r.meta.startsWith('cataclysm-1'));
    expect((await cataclysm())?.meta, 'the destination is marked as not yet confirmed').to.match(/Enter an amount to check it/);
    // The field is a chunk, asked for as soon as the destination needs it.
    const recipient = shadow(widget).querySelector('bw-recipient-input')!;
    await waitFor(() => recipient.shadowRoot?.querySelector('input'), 'the recipient field');
    const input = shadow(recipient).querySelector('input')!;
    input.focus();
    await sendKeys({ type: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    input.blur();
    await waitUntil(() => /Cosmos|cata|bech32|address/i.test(shadow(recipient).textContent ?? ''), 'an EVM address is refused for Cosmos');
    expect(primaryButton(widget).disabled).to.equal(true);
    input.select();
    await sendKeys({ type: bech32.encode('cata', bech32.toWords(new Uint8Array(20).fill(9))) });
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'quoted to the Cosmos recipient', 20_000);
    expect((await cataclysm())?.meta, 'the quote confirmed the destination').to.equal('cataclysm-1');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('a large value loss must be confirmed before bridging', async () => {
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(
      html`<bridge-widget proxy-url=${proxyUrl} from-chain=${SRC} to-chain=${DST} from-token="ETH" to-token="ETH" amount="0.00005"></bridge-widget>`,
    );
    // The sandbox's fixed destination gas fee (0.00001 ETH) is a fifth of so small a transfer.
    widget.provider = await devWallet();
    await waitUntil(() => /value loss/i.test(buttonText(widget)), 'confirmation asked', { timeout: 20_000 });
    expect(primaryButton(widget).disabled).to.equal(true);
    // The confirmation is on the quote line, a chunk of its own that may arrive after the quote.
    const checkbox = () => shadow(widget).querySelector('bw-quote-panel')?.shadowRoot?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    await waitUntil(() => checkbox(), 'the confirmation on the quote line');
    checkbox()!.click();
    await waitForText(widget, (t) => t.startsWith('Bridge 0.00005 ETH'), 'enabled once confirmed');
  });
});
