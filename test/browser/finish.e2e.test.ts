/**
 * What a user sees, measured at a phone's width against the sandbox: the same
 * amount written the same way in the form, the quote's breakdown and the review;
 * the review of a one-approval route within 420 px while the wallet asks; and a
 * live region that never still says "Quote ready" once the quote failed.
 */
import { expect } from '@open-wc/testing';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { mountWidget } from './helpers/mount.js';
import { setFaults } from './helpers/sandbox.js';
import { openQuote, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { deepText, formReady, untilAnimationsSettle, waitFor } from './helpers/dom.js';
import { e2eSuite } from './helpers/e2e.js';

const box = { style: 'width: 390px' };
const liveRegion = (widget: BridgeWidget) => shadow(widget).querySelector('[role="status"][aria-atomic="true"]')!.textContent ?? '';

describe('the finish, as a user sees it at 390 px', function () {
  e2eSuite(this, { timeout: 180_000, resetFaults: { forceProvider: null, failedProviders: null } });

  it('one number rule: the amount received reads the same in the form, the quote’s breakdown and the review', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget, wallet } = await mountWidget({ attributes: { theme: 'light', lang: 'en', amount: '1234.567891' }, box, wallet: { account: 2 } });
    await formReady(widget);
    await waitForText(widget, (t) => t.startsWith('Bridge'), 'a quote');
    const inForm = shadow(widget).querySelector('[part="received"]')!.textContent!.trim();
    const panel = await openQuote(widget);
    const inBreakdown = deepText(panel.shadowRoot!.querySelector('[part~="received"]')!);
    wallet.hang('eth_sendTransaction');
    primaryButton(widget).click();
    await waitFor(() => shadow(widget).querySelector('bw-route-review')?.shadowRoot?.querySelector('dl'), 'the review');
    const review = shadow(widget).querySelector('bw-route-review')!.shadowRoot!;
    const inReview = [...review.querySelectorAll('dt')].find((dt) => dt.textContent!.trim() === 'You receive')!.nextElementSibling!.textContent!;
    console.log(`received: form “${inForm}”, breakdown “${inBreakdown}”, review “${inReview.trim()}”`);
    expect(inForm).to.match(/^1,2\d\d\.\d\d$/, 'six significant digits');
    expect(inBreakdown).to.include(`${inForm} USDC`);
    expect(inReview).to.include(`${inForm} USDC`);
    expect(inBreakdown, 'dollars beside it').to.match(/\(\$1,2\d\d\.\d\d\)/);
    expect(inReview, 'dollars beside it').to.match(/\(\$1,2\d\d\.\d\d\)/);
    wallet.clearTraps();
  });

  it('the review of a one-approval route fits 420 px while the wallet asks, with one heading', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget, wallet } = await mountWidget({ attributes: { theme: 'light', lang: 'en' }, box, wallet: { account: 3 } });
    await formReady(widget);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    wallet.hang('eth_sendTransaction');
    primaryButton(widget).click();
    await waitFor(() => {
      const steps = shadow(widget).querySelector('bw-approval-steps');
      return steps && /Confirm in your wallet/.test(deepText(steps)) && shadow(widget).querySelector('bw-route-review')?.shadowRoot?.querySelector('dl');
    }, 'the wallet asking for the one approval, with the review shown');
    await untilAnimationsSettle(widget);
    const moment = shadow(widget).querySelector<HTMLElement>('.moment')!;
    const height = Math.round(moment.getBoundingClientRect().height);
    console.log(`the review at 390 px while the wallet asks: ${height} px`);
    const headings = [moment, ...[...moment.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))].flatMap((root) => [
      ...root.querySelectorAll('h1, h2, h3, h4, [role="heading"]'),
    ]);
    expect(headings.length, 'no heading besides the step the shell shows').to.equal(0);
    expect(height).to.be.at.most(420);
    wallet.clearTraps();
  });

  it('a failed quote leaves no "Quote ready" in the live region', async () => {
    const { widget } = await mountWidget({ attributes: { theme: 'light', lang: 'en' }, box, wallet: { account: 1 } });
    await formReady(widget);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    await waitFor(() => /Quote ready/.test(liveRegion(widget)), 'the quote announced');
    await setFaults({ failedProviders: true });
    widget.setAttribute('amount', '3');
    await waitFor(() => shadow(widget).querySelector('.notice.error'), 'the quote’s error');
    await widget.updateComplete;
    expect(liveRegion(widget)).to.not.match(/Quote ready/);
  });
});
