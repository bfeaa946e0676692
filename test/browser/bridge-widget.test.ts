/**
 * <bridge-widget> states a user or integrator notices, against the sandbox
 * (no transfers here: see the e2e files for those).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { bech32 } from '@scure/base';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeQuoteDetail } from '../../src/bridge-widget/events.js';
import { devWallet, resetSandbox, sandboxConfig, serviceRequests, setFaults, untilServiceRequest } from './helpers/sandbox.js';
import { buttonText, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { untilAnimationsSettle } from './helpers/dom.js';

const SRC = '11155111';
const DST = '84532';

function amountInput(widget: BridgeWidget): HTMLInputElement {
  return shadow(shadow(widget).querySelector('bw-amount-input')!).querySelector('input')!;
}

describe('<bridge-widget> states', function () {
  this.timeout(60_000);

  beforeEach(async () => {
    localStorage.clear();
    performance.clearResourceTimings();
    await resetSandbox();
  });

  it('without proxy-url it says what to set, instead of rendering nothing', async () => {
    const widget = await fixture<BridgeWidget>(html`<bridge-widget></bridge-widget>`);
    await waitUntil(() => /proxy-url/.test(shadow(widget).textContent ?? ''), 'the missing attribute is named');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('works without a wallet until one is needed, reacts when the provider is set later, and connects on click', async () => {
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} amount="1"></bridge-widget>`);
    await waitUntil(() => buttonText(widget).includes('Connect a wallet'), 'asks for a wallet', { timeout: 15_000 });
    expect(primaryButton(widget).disabled).to.equal(true);
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
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} from-chain=${SRC} to-chain=${DST} from-token="USDC" to-token="USDC"></bridge-widget>`);
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
    expect(quotes.map((q) => q.estimate.fromAmount), 'the quote for 5 was sent but never shown').to.not.include(5_000_000n);
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
      lock-presets
    ></bridge-widget>`);
    await waitUntil(() => shadow(widget).querySelector('bw-chain-picker'), 'form rendered', { timeout: 15_000 });
    const [fromChain, toChain] = [...shadow(widget).querySelectorAll('bw-chain-picker')] as (HTMLElement & { chains: { chainId: string }[]; disabled: boolean })[];
    const [fromToken, toToken] = [...shadow(widget).querySelectorAll('bw-token-picker')] as (HTMLElement & { tokens: { symbol: string }[]; disabled: boolean })[];
    expect(toChain!.chains.map((c) => c.chainId)).to.not.include.members(['sui-mainnet', 'osmosis-1']);
    expect(fromChain!.chains.every((c) => /^\d+$/.test(c.chainId)), 'sources are EVM chains only').to.equal(true);
    expect(fromToken!.tokens.map((t) => t.symbol).sort()).to.deep.equal(['ETH', 'USDC']);
    expect(fromChain!.disabled && fromToken!.disabled, 'presets locked').to.equal(true);
    expect(toChain!.disabled || toToken!.disabled, 'fields the page did not set stay open').to.equal(false);
  });

  it('a Cosmos destination requires a recipient in its own format, and a quote confirms the chain', async () => {
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} from-chain=${SRC} to-chain="cataclysm-1" from-token="USDC" to-token="USDC" amount="2"></bridge-widget>`);
    widget.provider = await devWallet();
    await waitUntil(() => buttonText(widget) === 'Enter a valid recipient', 'a recipient is required', { timeout: 20_000 });
    const toChain = shadow(widget).querySelectorAll('bw-chain-picker')[1] as HTMLElement & { chains: { chainId: string; availability: string }[] };
    expect(toChain.chains.find((c) => c.chainId === 'cataclysm-1')?.availability).to.equal('unconfirmed');
    const recipient = shadow(widget).querySelector('bw-recipient-input')!;
    const input = shadow(recipient).querySelector('input')!;
    input.focus();
    await sendKeys({ type: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    input.blur();
    await waitUntil(() => /Cosmos|cata|bech32|address/i.test(shadow(recipient).textContent ?? ''), 'an EVM address is refused for Cosmos');
    expect(primaryButton(widget).disabled).to.equal(true);
    input.select();
    await sendKeys({ type: bech32.encode('cata', bech32.toWords(new Uint8Array(20).fill(9))) });
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'quoted to the Cosmos recipient', 20_000);
    await waitUntil(() => toChain.chains.find((c) => c.chainId === 'cataclysm-1')?.availability === 'available', 'the quote confirmed the destination');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('a large value loss must be confirmed before bridging', async () => {
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} from-chain=${SRC} to-chain=${DST} from-token="ETH" to-token="ETH" amount="0.0005"></bridge-widget>`);
    widget.provider = await devWallet();
    await waitUntil(() => /value loss/i.test(buttonText(widget)), 'confirmation asked', { timeout: 20_000 });
    expect(primaryButton(widget).disabled).to.equal(true);
    const panel = shadow(widget).querySelector('bw-quote-panel')!;
    const checkbox = shadow(panel).querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    checkbox.click();
    await waitForText(widget, (t) => t.startsWith('Bridge 0.0005 ETH'), 'enabled once confirmed');
  });
});
