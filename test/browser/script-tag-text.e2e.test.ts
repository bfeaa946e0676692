/**
 * The script-tag build shows the text the sources show. Its template minifier
 * collapses whitespace (scripts/minify-lit-templates.ts): a space a reader sees
 * between two pieces of text ("Fees $4.53 · ≈ 30 sec", "0xf39F…2266 · Sepolia")
 * must survive it. Two widgets side by side against the sandbox, this page's
 * from the sources and one in a frame from the minified build (served by the
 * test runner under /__script-tag/), are taken through the same states, and
 * their visible text is compared state by state.
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { DevWallet } from '../../demo/dev-wallet.js';
import { devWallet, sandboxConfig, setFaults } from './helpers/sandbox.js';
import { buttonText, primaryButton, shadow } from './helpers/widget.js';
import { waitFor } from './helpers/dom.js';
import { visibleText } from './helpers/visible-text.js';
import { e2eSuite } from './helpers/e2e.js';

const attributes = (proxyUrl: string) =>
  `lang="en" proxy-url="${proxyUrl}" theme="light" from-chain="11155111" to-chain="84532" from-token="USDC" to-token="USDC" style="display:block;width:440px"`;

/** The widget from the sources, on this page. */
async function fromSources(proxyUrl: string): Promise<BridgeWidget> {
  const host = document.createElement('div');
  host.innerHTML = `<bridge-widget ${attributes(proxyUrl)}></bridge-widget>`;
  document.body.append(host);
  return host.querySelector('bridge-widget')!;
}

/** The widget from the script-tag build, in a frame of this origin (so the test drives it and hands it a wallet). */
async function fromBuild(proxyUrl: string): Promise<BridgeWidget> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:480px;height:1200px;border:0';
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta charset="utf-8"><script type="module" src="/__script-tag/bridge-widget.js"></script></head><body><bridge-widget ${attributes(proxyUrl)}></bridge-widget></body></html>`;
  document.body.append(frame);
  await waitFor(() => frame.contentWindow?.customElements?.get('bridge-widget'), 'the script-tag build defined <bridge-widget> in the frame', 120_000);
  return frame.contentDocument!.querySelector('bridge-widget') as BridgeWidget;
}

/** Addresses, hashes, ids and countdowns differ between the two widgets' accounts and moments: they are compared by their shape, spaces kept. */
const comparable = (text: string) =>
  text
    .replace(/0x[0-9a-fA-F]{4,}(…[0-9a-fA-F]{4})?/g, '0x…')
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/g, 'id')
    .replace(/\b[a-z]+_[0-9a-z]{8,}\b/g, 'id')
    .replace(/(Last checked)[^\n]*/g, '$1')
    .replace(/\d+/g, '0')
    // Where a line breaks depends on the moment's layout (a value wrapping under its label); the words and the spaces between them do not.
    .replace(/\s+/g, ' ');

describe('the script-tag build shows the text the sources show', function () {
  e2eSuite(this, { timeout: 300_000 });

  let wallets: DevWallet[] = [];
  afterEach(() => {
    for (const frame of document.querySelectorAll('iframe, div > bridge-widget')) frame.remove();
    for (const wallet of wallets) wallet.clearTraps?.();
    wallets = [];
  });

  it('in the form, quoted, with the breakdown open, in the review while the wallet asks, and while the transfer travels', async () => {
    await setFaults({ forceProvider: 'swiftbridge', stuckBridge: true });
    const { proxyUrl } = await sandboxConfig();
    const widgets = [await fromSources(proxyUrl), await fromBuild(proxyUrl)];
    wallets = [await devWallet({ account: 2, chainId: 11155111 }), await devWallet({ account: 3, chainId: 11155111 })];
    widgets.forEach((widget, i) => (widget.provider = wallets[i]));

    const both = async (what: string, ready: (widget: BridgeWidget) => unknown, act?: (widget: BridgeWidget) => unknown) => {
      for (const widget of widgets) {
        await act?.(widget);
        await waitFor(() => ready(widget), `${what} (${widget === widgets[0] ? 'sources' : 'script-tag build'})`, 60_000).catch((error: Error) => {
          throw new Error(`${error.message}; it shows: ${visibleText(widget)}`);
        });
        await widget.updateComplete;
      }
      const [source, built] = widgets.map((widget) => comparable(visibleText(widget)));
      expect(built, what).to.equal(source);
    };
    const inside = (widget: BridgeWidget, selector: string) => shadow(widget).querySelector(selector);
    const primary = (widget: BridgeWidget) => buttonText(widget);

    await both('the form, connected', (w) => primary(w) === 'Enter an amount' && /Balance/.test(visibleText(w)) && / · /.test(visibleText(w)));
    await both(
      'quoted',
      (w) => primary(w).startsWith('Bridge 2') && inside(w, 'bw-quote-panel') && / · /.test(visibleText(w)),
      (w) => w.setAttribute('amount', '2'),
    );
    await both(
      'the breakdown open',
      (w) => /Total fees/.test(visibleText(w)),
      (w) => (shadow(inside(w, 'bw-quote-panel')!).querySelector('[part="summary"]') as HTMLElement).click(),
    );
    await both(
      'the review while the wallet asks',
      (w) => inside(w, 'bw-route-review') && inside(w, 'bw-approval-steps') && /wallet/i.test(visibleText(inside(w, 'bw-approval-steps')!)),
      (w) => {
        wallets[widgets.indexOf(w)]!.hang('eth_sendTransaction');
        primaryButton(w).click();
      },
    );
    // Cancelled, then sent: the tracker while the transfer travels (the sandbox holds it in transit).
    await both(
      'the transfer in transit',
      (w) => inside(w, 'bw-status-tracker') && /Moving funds/.test(visibleText(inside(w, 'bw-status-tracker')!)),
      async (w) => {
        (inside(w, 'button.secondary') as HTMLElement).click();
        await waitFor(() => primary(w).startsWith('Bridge 2') && !inside(w, 'button.primary:disabled'), 'back to the form', 60_000);
        primaryButton(w).click();
      },
    );
  });
});
