/**
 * The quote line's chunk (src/bridge-widget/moments/quote.ts) cannot be
 * fetched (./helpers/quote-line-chunk.ts; this file runs in a page of its
 * own): the widget says so where the line would be, and no transfer starts
 * without the line, whose value-loss confirmation only it offers.
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { en } from '../../src/i18n/en.js';
import { mountWidget } from './helpers/mount.js';

import { loseQuoteLine } from './helpers/quote-line-chunk.js';
import { buttonText, primaryButton, shadow } from './helpers/widget.js';
import { waitUntil } from './helpers/wait.js';
import { e2eSuite } from './helpers/e2e.js';

loseQuoteLine();

const alert = (widget: BridgeWidget) => shadow(widget).querySelector<HTMLElement>('[role="alert"]');
const received = (widget: BridgeWidget) => shadow(widget).querySelector('[part="received"]:not(.placeholder)')?.textContent?.trim() ?? '';

describe('<bridge-widget> when the quote line cannot be loaded', function () {
  e2eSuite(this, { fresh: 'once' });

  it('says so in place of the line, offers Reload, and keeps Bridge disabled: a loss to confirm cannot be confirmed, nor a quote sent unseen', async () => {
    // Any quote loses more than 0.01 % in value: it must be confirmed on the line.
    const { widget } = await mountWidget({ attributes: { amount: '2', 'value-loss-threshold': '0.01' } });
    await waitUntil(() => alert(widget), 'the message where the line would be');
    const message = alert(widget)!;
    expect(message.textContent).to.contain(en['error.chunk-load']);
    expect(message.querySelector('button')?.textContent?.trim()).to.equal(en['widget.reload']);
    // In the line's place: after the cards and the recipient toggle, before the main button.
    expect(message.compareDocumentPosition(shadow(widget).querySelector('.recipient-toggle')!) & Node.DOCUMENT_POSITION_PRECEDING).to.not.equal(0);
    expect(message.compareDocumentPosition(primaryButton(widget)) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(shadow(widget).querySelector('bw-quote-panel'), 'no line').to.equal(null);

    await waitUntil(() => received(widget), 'the quote, in the card');
    await waitUntil(() => buttonText(widget) === en['action.confirmLoss'], 'the loss to confirm');
    expect(primaryButton(widget).disabled).to.equal(true);

    // Without a loss to confirm, the quote's fees are still on the line the user could not see: Bridge stays disabled.
    widget.setAttribute('value-loss-threshold', '50');
    await waitUntil(() => buttonText(widget).startsWith('Bridge 2 USDC'), 'the main action without a loss to confirm');
    expect(primaryButton(widget).disabled, 'no transfer without the line').to.equal(true);
    expect(alert(widget)!.textContent).to.contain(en['error.chunk-load']);
    await expect(widget).to.be.accessible();
  });
});
