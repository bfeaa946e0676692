/**
 * A price before connecting: a visitor with no wallet sees what they would
 * receive, labelled an estimate, and the button still connects; a preview the
 * service refuses shows no price and no error; `preview-address="off"` asks
 * for nothing before a wallet.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { sandboxConfig, serviceRequests, untilServiceRequest } from './helpers/sandbox.js';
import { buttonText, shadow } from './helpers/widget.js';
import { formReady, waitFor } from './helpers/dom.js';
import { e2eSuite } from './helpers/e2e.js';

/** Hardhat's account #6, which the sandbox's service screens out at the quote (sandbox/chains/accounts.ts, FLAGGED_ACCOUNT). */
const FLAGGED = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';

async function visitor(preview?: string): Promise<BridgeWidget> {
  const { proxyUrl } = await sandboxConfig();
  const widget = await fixture<BridgeWidget>(html`<bridge-widget
    lang="en"
    proxy-url=${proxyUrl}
    wallet-discovery="off"
    from-chain="11155111"
    to-chain="84532"
    from-token="USDC"
    to-token="USDC"
    amount="2"
    preview-address=${preview ?? '0x000000000000000000000000000000000000dEaD'}
  ></bridge-widget>`);
  await formReady(widget);
  return widget;
}

const received = (widget: BridgeWidget) => shadow(widget).querySelector('[part="received"]')!;
const receiveLabel = (widget: BridgeWidget) => shadow(widget).querySelector('#receive-label')!.textContent!.trim();

describe('a price before connecting', function () {
  e2eSuite(this);

  it('shows what a visitor without a wallet would receive, labelled an estimate; the button connects', async () => {
    const widget = await visitor();
    await waitFor(() => !received(widget).classList.contains('placeholder'), 'a preview price');
    expect(received(widget).textContent!.trim()).to.match(/^1\.9\d*$/);
    expect(receiveLabel(widget)).to.equal('You receive (estimate)');
    expect(buttonText(widget)).to.equal('Connect wallet');
    const quotes = (await serviceRequests()).filter((r) => r.path.endsWith('/routes/quote'));
    expect(quotes.length, 'one quote asked').to.be.at.least(1);
  });

  it('a refused preview shows no price and no error', async () => {
    const widget = await visitor(FLAGGED);
    await untilServiceRequest((r) => r.path.endsWith('/routes/quote'), 'the preview asked');
    // The refusal leaves no quote line at all (the line is there while the preview is asked).
    await waitFor(() => !shadow(widget).querySelector('bw-quote-panel, .quote-line'), 'the refusal taken');
    expect(received(widget).classList.contains('placeholder'), 'no price').to.equal(true);
    expect(shadow(widget).querySelector('[role="alert"], .notice.error'), 'no error').to.equal(null);
    expect(buttonText(widget)).to.equal('Connect wallet');
  });

  it('preview-address="off": no quote before a wallet', async () => {
    const widget = await visitor('off');
    // No quote request to make: no quote line either (it shows only for a complete request).
    expect(shadow(widget).querySelector('bw-quote-panel, .quote-line')).to.equal(null);
    expect(received(widget).classList.contains('placeholder')).to.equal(true);
    expect(receiveLabel(widget)).to.equal('You receive');
    expect((await serviceRequests()).filter((r) => r.path.endsWith('/routes/quote'))).to.deep.equal([]);
  });
});
