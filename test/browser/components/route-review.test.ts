import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { RouteReview, type RouteReviewView } from '../../../src/components/route-review/route-review.js';
import { de } from '../../../src/i18n/de.js';
import type { Estimate } from '../../../src/api/schemas.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

if (!customElements.get('bw-route-review')) customElements.define('bw-route-review', RouteReview);

const RECIPIENT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const usdc = { decimals: 6, symbol: 'USDC' };
const estimate = (toAmount: bigint, toAmountMin: bigint, totalFeesUsd = '1.05'): Estimate => ({
  fromAmount: 3_000_000n,
  toAmount,
  toAmountMin,
  totalFeesUsd,
  fees: [],
});

const view = ({
  nativeValue = 300_000_000_000_000n,
  now = estimate(2_997_000n, 2_967_030n),
  terms,
}: { nativeValue?: bigint; now?: Estimate; terms?: Estimate } = {}): RouteReviewView => ({
  review: { amount: 3_000_000n, nativeValue, toAddress: RECIPIENT, estimate: now },
  fromToken: usdc,
  toToken: usdc,
  native: { decimals: 18, symbol: 'ETH' },
  toChainName: 'Base Sepolia',
  terms,
});

async function mount(v: RouteReviewView) {
  const el = await fixture<RouteReview>(html`<bw-route-review></bw-route-review>`);
  el.locale = 'en-US';
  el.view = v;
  await el.updateComplete;
  return el;
}
const text = (el: RouteReview) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ').trim();
/** The review's terms and their values, as a screen reader pairs them. */
const pairs = (el: RouteReview) => [...el.shadowRoot!.querySelectorAll('dt')].map((dt) => [dt.textContent!.trim(), dt.nextElementSibling!.textContent!.trim()]);

describe('<bw-route-review>', () => {
  it('shows the amount, the native value leaving the wallet, the recipient and the destination chain, with no buttons', async () => {
    const el = await mount(view());
    expect(el.shadowRoot!.querySelector('h3')!.textContent).to.equal('You are about to sign');
    expect(pairs(el)).to.deep.equal([
      ['You send', '3 USDC'],
      ['Leaves your wallet in ETH', '0.0003 ETH'],
      ['Recipient', RECIPIENT],
      ['Destination chain', 'Base Sepolia'],
      ['You receive', '≈ 2.997 USDC'],
    ]);
    expect(el.shadowRoot!.querySelectorAll('button')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('leaves the native value out when none leaves the wallet', async () => {
    const el = await mount(view({ nativeValue: 0n }));
    expect(text(el)).to.not.include('Leaves your wallet');
  });

  it('renders nothing without a view', async () => {
    const el = await fixture<RouteReview>(html`<bw-route-review></bw-route-review>`);
    expect(el.shadowRoot!.querySelector('section')).to.equal(null);
  });

  it('terms mode: new and old side by side, announced, focused, and answered by Accept or Cancel (events, not composed)', async () => {
    const el = await mount(view({ now: estimate(1_498_500n, 1_483_515n, '1.30'), terms: estimate(2_997_000n, 2_967_030n) }));
    const alert = el.shadowRoot!.querySelector('[role="alert"]')!;
    expect(alert.textContent!.trim()).to.equal('Terms changed: you now receive ≈ 1.4985 USDC instead of ≈ 2.997 USDC.');
    const cells = [...el.shadowRoot!.querySelectorAll('tr')].slice(1).map((r) => [...r.children].map((c) => c.textContent!.trim()));
    expect(cells).to.deep.equal([
      ['You receive', '2.997 USDC', '1.4985 USDC'],
      ['Minimum received', '2.96703 USDC', '1.483515 USDC'],
      ['Fees', '$1.05', '$1.30'],
    ]);
    expect(el.shadowRoot!.activeElement?.tagName).to.equal('H3');
    await expect(el).to.be.accessible();

    const confirm = oneEvent(el, 'terms-confirm');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="confirm"]')!.click();
    expect((await confirm).composed).to.equal(false);
    const cancel = oneEvent(el, 'terms-cancel');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="cancel"]')!.click();
    expect((await cancel).composed).to.equal(false);
  });

  it('Escape cancels in terms mode', async () => {
    const el = await mount(view({ terms: estimate(5_000_000n, 4_900_000n) }));
    const cancel = oneEvent(el, 'terms-cancel');
    await sendKeys({ press: 'Escape' });
    await cancel;
  });

  it('speaks German with the German table', async () => {
    const el = await mount(view({ terms: estimate(5_000_000n, 4_900_000n) }));
    el.strings = de;
    el.locale = 'de-DE';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent!.trim()).to.equal(
      'Konditionen geändert: Sie erhalten jetzt ≈ 2,997 USDC statt ≈ 5 USDC.',
    );
    expect(el.shadowRoot!.querySelector('[part="confirm"]')!.textContent!.trim()).to.equal('Neue Konditionen annehmen');
  });
});
