/**
 * What integrators' stacks hand the element, against the sandbox: the
 * lowercased camelCase attributes server-rendered React leaves behind, what
 * wallet kits hand over as `provider` (anything, checked), a host that owns
 * the wallet (`wallet-discovery="off"`), and the source chain following the
 * wallet's network. The frameworks themselves run in
 * test/node/integrator-apps.test.ts.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeErrorDetail } from '../../src/bridge-widget/events.js';
import type { AssetPicker } from '../../src/components/asset-picker/asset-picker.js';
import { en } from '../../src/i18n/en.js';
import { devWallet, sandboxConfig } from './helpers/sandbox.js';
import { primaryButton, shadow } from './helpers/widget.js';
import { formReady, primaryText } from './helpers/dom.js';
import { DST, SRC } from './helpers/chains.js';
import { e2eSuite } from './helpers/e2e.js';

/** Console errors while `run` runs (they are still printed). */
async function consoleErrors(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    seen.push(args.map(String).join(' '));
    original.apply(console, args);
  };
  try {
    await run();
  } finally {
    console.error = original;
  }
  return seen;
}

const alerts = (widget: BridgeWidget) => [...shadow(widget).querySelectorAll('[role="alert"]')].map((n) => n.textContent?.replace(/\s+/g, ' ').trim() ?? '');
const warnings = (widget: BridgeWidget) => [...shadow(widget).querySelectorAll('[part~="notice-warning"]')].map((n) => n.textContent?.trim() ?? '');
const sourcePicker = (widget: BridgeWidget) => shadow(widget).querySelector<AssetPicker>('bw-asset-picker')!;
/** The source chain the send side's asset button shows. */
const sourceChain = (widget: BridgeWidget) => sourcePicker(widget).chain;

describe('integrators: server rendering, wallet kits, hosts that own the wallet', function () {
  e2eSuite(this, { timeout: 60_000 });

  it('reads the lowercased camelCase attributes server-rendered React writes (proxyurl, fromchain, lockpresets, …)', async () => {
    const { proxyUrl } = await sandboxConfig();
    // What the browser makes of React's server HTML for <bridge-widget proxyUrl=… fromChain=…>: the names lowercased.
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    host.innerHTML = `<bridge-widget proxyurl="${proxyUrl}" fromchain="${SRC}" tochain="${DST}" fromtoken="USDC" totoken="USDC" amount="2" lockpresets="" valuelossthreshold="7"></bridge-widget>`;
    const widget = host.querySelector('bridge-widget') as BridgeWidget;
    expect([widget.proxyUrl, widget.fromChain, widget.toChain, widget.fromToken, widget.toToken, widget.amount]).to.deep.equal([
      proxyUrl,
      String(SRC),
      String(DST),
      'USDC',
      'USDC',
      '2',
    ]);
    expect([widget.lockPresets, widget.valueLossThreshold]).to.deep.equal([true, 7], 'typed like their hyphenated attributes');
    await formReady(widget);
    expect(sourceChain(widget)).to.equal(String(SRC));
    expect(widget.getAttributeNames().sort()).to.deep.equal([
      'amount',
      'fromchain',
      'fromtoken',
      'lockpresets',
      'proxyurl',
      'tochain',
      'totoken',
      'valuelossthreshold',
    ]);
  });

  it("a provider that is not EIP-1193 (a wallet kit's getProvider() promise, not awaited) is named in the console and in the widget", async () => {
    const { proxyUrl } = await sandboxConfig();
    const wallet = await devWallet();
    let widget!: BridgeWidget;
    const errors = await consoleErrors(async () => {
      widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} .provider=${Promise.resolve(wallet)}></bridge-widget>`);
      await formReady(widget);
    });
    expect(errors.filter((e) => e.startsWith('bridge-widget:'))).to.deep.equal([
      'bridge-widget: provider is a Promise, not an EIP-1193 provider: await it first (widget.provider = await connector.getProvider()).',
    ]);
    await waitUntil(() => warnings(widget).includes(en['error.no-provider']), 'the widget says so');
    expect(wallet.requests).to.deep.equal([], 'nothing asked of the wallet');
    widget.provider = await Promise.resolve(wallet);
    await waitUntil(() => primaryText(widget) === 'Enter an amount', 'the awaited provider is used');
    expect(warnings(widget)).to.deep.equal([], 'the problem left with its cause');
  });

  it('wallet-discovery="off": Connect stays live and fires bridge-connect-request; unanswered, the console and the widget say so and no wallet is asked', async () => {
    const { proxyUrl } = await sandboxConfig();
    const wallet = await devWallet({ chainId: DST });
    wallet.connected = false;
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u-1', name: 'Dev', icon: 'data:,', rdns: 'dev.example' }, provider: wallet } }),
    );
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} wallet-discovery="off"></bridge-widget>`);
    await formReady(widget);
    expect(primaryText(widget)).to.equal('Connect wallet');
    expect(primaryButton(widget).disabled).to.equal(false);
    const requests: Event[] = [];
    const problems: BridgeErrorDetail[] = [];
    widget.addEventListener('bridge-connect-request', (e) => requests.push(e));
    widget.addEventListener('bridge-error', (e) => problems.push(e.detail));
    const errors = await consoleErrors(async () => {
      primaryButton(widget).click();
      await waitUntil(() => alerts(widget).length > 0, 'a problem is shown');
    });
    expect(requests.length).to.equal(1);
    expect(requests[0]!.cancelable).to.equal(true);
    expect(errors.some((e) => e.includes('wallet-discovery is "off" and no provider is set') && e.includes('bridge-connect-request'))).to.equal(
      true,
      errors.join('\n'),
    );
    expect(alerts(widget)[0]).to.include(en['error.wallet-no-provider']);
    expect(problems.map((p) => p.kind)).to.deep.equal(['wallet-no-provider']);
    expect(shadow(widget).querySelector('bw-wallet-chooser')).to.equal(null, 'no chooser of its own');
    expect(wallet.requests).to.deep.equal([], 'no wallet asked anything');

    // Answered: the host's own connect UI runs (here at once) and hands over its provider; one prompt, the host's.
    widget.addEventListener('bridge-connect-request', (e) => {
      e.preventDefault();
      void wallet.request({ method: 'eth_requestAccounts' }).then(() => (widget.provider = wallet));
    });
    primaryButton(widget).click();
    await waitUntil(() => primaryText(widget) === 'Enter an amount', "the host's wallet in use");
    expect(wallet.requests.filter((m) => m === 'eth_requestAccounts')).to.deep.equal(['eth_requestAccounts']);
  });

  it("the source chain follows the wallet's network until the user picks one", async () => {
    const { proxyUrl } = await sandboxConfig();
    const wallet = await devWallet({ chainId: DST });
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} .provider=${wallet}></bridge-widget>`);
    await formReady(widget);
    await waitUntil(() => sourceChain(widget) === String(DST), `the source follows the wallet to ${DST} (it is ${sourceChain(widget)})`);
    wallet.setChain(SRC);
    await waitUntil(() => sourceChain(widget) === String(SRC), 'and again when the wallet switches');
    // The user picks a chain: from then on the wallet's network leaves it alone.
    sourcePicker(widget).dispatchEvent(new CustomEvent('bw-chain-select', { detail: { chainId: String(DST) }, bubbles: true }));
    await waitUntil(() => sourceChain(widget) === String(DST), 'the user’s choice');
    // The wallet's chainChanged is handled at once (a synchronous emit): after the next render the source would have moved.
    wallet.setChain(SRC);
    await widget.updateComplete;
    expect(sourceChain(widget)).to.equal(String(DST));
  });
});
