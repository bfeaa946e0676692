/**
 * The quote line (`<bw-quote-panel>` with its breakdown) is a chunk of its own
 * (src/bridge-widget/moments/quote.ts), asked as soon as the form has what a
 * quote needs, so its round trip runs beside the quote's. Here the chunk is
 * held back until the test lets it arrive, as on a slow network
 * (./helpers/quote-line-chunk.ts; this file runs in a page of its own).
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { en } from '../../src/i18n/en.js';
import { mountWidget } from './helpers/mount.js';
import { fetchesOf, setFaults } from './helpers/sandbox.js';
import { holdQuoteLine } from './helpers/quote-line-chunk.js';
import { buttonText, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { waitUntil } from './helpers/wait.js';
import { e2eSuite } from './helpers/e2e.js';

const release = holdQuoteLine();

const placeholder = (widget: BridgeWidget) => shadow(widget).querySelector<HTMLElement>('.quote-line');
const panel = (widget: BridgeWidget) => shadow(widget).querySelector<HTMLElement>('bw-quote-panel');
const line = (widget: BridgeWidget) => panel(widget)?.shadowRoot?.querySelector<HTMLButtonElement>('[part="summary"]') ?? null;
const received = (widget: BridgeWidget) => shadow(widget).querySelector('[part="received"]:not(.placeholder)')?.textContent?.trim() ?? '';
const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('<bridge-widget> while the quote line is on its way', function () {
  e2eSuite(this, { fresh: 'once', clearTimings: true, resetFaults: {} });

  it("holds the line's place in its finding state, asked beside the quote; Bridge waits for the line; nothing moves when it arrives", async () => {
    const { widget } = await mountWidget({ attributes: { amount: '2' } });

    // The quote arrives before the line: its amount is in the card, the line's place says it is finding the route.
    await waitUntil(() => received(widget) && placeholder(widget), 'a quote while the line is held');
    expect(text(placeholder(widget))).to.equal(en['quote.finding']);
    expect(placeholder(widget)!.getAttribute('aria-busy')).to.equal('true');
    // The line was asked before the quote came back, not after it: the two round trips ran side by side.
    const [chunk] = fetchesOf('helpers/held-quote-line.ts');
    const [quote] = fetchesOf('routes/quote');
    expect(chunk, 'the line asked').to.not.equal(undefined);
    expect(quote, 'the quote asked').to.not.equal(undefined);
    expect(chunk!.startTime, 'the line asked before the quote was answered').to.be.below(quote!.responseEnd);
    // Bridge says what it would send, but the user has not seen the line (its fees, a loss to confirm): it waits.
    await waitUntil(() => buttonText(widget).startsWith('Bridge 2 USDC'), 'the main action');
    expect(primaryButton(widget).disabled, 'no transfer without the line on screen').to.equal(true);

    // A quote in flight when the line arrives: the line shows the same finding state, in the same box.
    await setFaults({ latency: { ms: 3_000, endpoints: ['quote'], count: 1 } });
    widget.setAttribute('amount', '3');
    await waitUntil(() => !received(widget), 'the quote for 3 asked');
    const held = placeholder(widget)!.getBoundingClientRect();
    const buttonTop = primaryButton(widget).getBoundingClientRect().top;
    release();
    await waitUntil(() => line(widget), 'the line, once its chunk is here');
    expect(placeholder(widget)).to.equal(null);
    expect(text(line(widget))).to.equal(en['quote.finding']);
    const shown = panel(widget)!.getBoundingClientRect();
    expect([shown.top, shown.left, shown.width, shown.height], 'the line took the place held for it').to.deep.equal([
      held.top,
      held.left,
      held.width,
      held.height,
    ]);
    expect(primaryButton(widget).getBoundingClientRect().top, 'nothing below it moved').to.equal(buttonTop);

    // The quote follows, on the line: Bridge is enabled.
    await waitForText(widget, (t) => t.startsWith('Bridge 3 USDC'), 'the quote for 3 on the line');
    await waitUntil(() => !line(widget)!.disabled, 'the line holds the quote');
    expect(text(line(widget))).to.match(/^Fees /);
  });
});
