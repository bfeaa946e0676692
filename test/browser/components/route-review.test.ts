import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { RouteReview, type RouteReviewView } from '../../../src/components/route-review/route-review.js';
import { de } from '../../../src/i18n/de.js';
import type { Estimate } from '../../../src/api/schemas.js';
import type { RouteReview as Review } from '../../../src/flow/transfer.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

if (!customElements.get('bw-route-review')) customElements.define('bw-route-review', RouteReview);

const RECIPIENT = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const ROUTER = '0xcA8b49076D1A8039599e24979abf819af784c27a';
const PROXY = '0x2B574555158337Cd46d47c2Ca57E4698A1f04e70';
const USDC = '0x95bd8d42f30351685e96c62eddc0d0613bf9a87a';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
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
  ...more
}: { nativeValue?: bigint; now?: Estimate; terms?: Estimate } & Partial<Review> = {}): RouteReviewView => ({
  review: { amount: 3_000_000n, nativeValue, toAddress: RECIPIENT, to: ROUTER, estimate: now, ...more },
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
const pairs = (el: RouteReview) =>
  [...el.shadowRoot!.querySelectorAll('dt')].map((dt) => [dt.textContent!.trim(), dt.nextElementSibling!.textContent!.replace(/\s+/g, ' ').trim()]);

describe('<bw-route-review>', () => {
  it('shows the amount, the native value leaving the wallet, what arrives where, and the recipient shortened (Show all shows it whole), under no heading of its own', async () => {
    const el = await mount(view());
    expect(el.shadowRoot!.querySelector('h3'), 'one heading while the wallet asks: the shell’s step').to.equal(null);
    expect(el.shadowRoot!.querySelector('section')!.getAttribute('aria-label')).to.equal('What your wallet will send');
    expect(pairs(el)).to.deep.equal([
      ['You send', '3 USDC'],
      ['Leaves your wallet in ETH', '0.0003 ETH'],
      ['You receive', '≈ 2.997 USDC on Base Sepolia'],
      ['You receive at least', '2.96703 USDC'],
      ['Recipient', '0x9fE4…a6e0 Show all'],
    ]);
    const whole = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="recipient-whole"]')!;
    await expect(el).to.be.accessible();
    whole.click();
    await el.updateComplete;
    expect(pairs(el).at(-1)).to.deep.equal(['Recipient', RECIPIENT]);
  });

  it('writes dollars beside each amount whose price is known, the network fee too', async () => {
    const el = await mount({
      ...view({ networkFee: { expected: 400_000_000_000_000n, maximum: 1_100_000_000_000_000n } }),
      fromToken: { ...usdc, usdPrice: 1 },
      toToken: { ...usdc, usdPrice: 1 },
      native: { decimals: 18, symbol: 'ETH', usdPrice: 3000 },
      fromChainName: 'Sepolia',
    });
    expect(pairs(el).slice(0, 5)).to.deep.equal([
      ['You send', '3 USDC ($3.00) on Sepolia'],
      ['Leaves your wallet in ETH', '0.0003 ETH'],
      ['Network fee', '0.0004 ETH ($1.20), at most 0.0011 ETH'],
      ['You receive', '≈ 2.997 USDC ($3.00) on Base Sepolia'],
      ['You receive at least', '2.96703 USDC ($2.97)'],
    ]);
  });

  it('simulated: what leaves the wallet, the network fee, each allowance and whether the transfer uses it up, in the user’s words', async () => {
    const el = await mount(
      view({
        simulation: {
          kind: 'simulated',
          leaves: [
            { asset: USDC, amount: 3_000_000n },
            { asset: NATIVE, amount: 100_000_000_000_000n },
          ],
          allowances: [
            { token: USDC, spender: ROUTER, amount: 2_992_500n, remaining: 0n },
            { token: USDC, spender: PROXY, amount: 7_500n, remaining: 2_500n },
          ],
          gas: [46_137n, 46_125n, 187_671n],
        },
        networkFee: { expected: 400_000_000_000_000n, maximum: 1_100_000_000_000_000n },
      }),
    );
    expect(pairs(el)).to.deep.equal([
      ['You send', '3 USDC'],
      ['Also leaves your wallet', '0.0001 ETH'],
      ['Network fee', '0.0004 ETH, at most 0.0011 ETH'],
      // The allowance the transfer uses up is its approval step (not repeated here); the one it leaves standing is said.
      ['Spending approval', '0.0075 USDC to another contract of this route (0x2B57…4e70), 0.0025 USDC still approved after it'],
      ['You receive', '≈ 2.997 USDC on Base Sepolia'],
      ['You receive at least', '2.96703 USDC'],
      ['Recipient', '0x9fE4…a6e0 Show all'],
    ]);
    expect(el.shadowRoot!.querySelector('[part="simulation"]')!.textContent!.trim()).to.equal('Tested: nothing else leaves or gets approved.');
    await expect(el).to.be.accessible();
  });

  it('not simulated: says so plainly, with why, and keeps the native value the transaction carries', async () => {
    for (const [reason, why] of [
      ['unavailable', 'This site offers no simulation for this network: only the route checks apply.'],
      ['timeout', 'The simulation did not answer in time: only the route checks apply.'],
      ['failed', 'The simulation failed: only the route checks apply.'],
    ] as const) {
      const el = await mount(view({ simulation: { kind: 'not-simulated', reason } }));
      expect(el.shadowRoot!.querySelector('[part="simulation"]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(`Not tested before you sign ${why}`);
      expect(pairs(el)[1]).to.deep.equal(['Leaves your wallet in ETH', '0.0003 ETH']);
      await expect(el).to.be.accessible();
    }
  });

  it('says when the route’s fee suggestion was ignored', async () => {
    const el = await mount(view({ routeFeesIgnored: true, networkFee: { expected: 10n ** 14n, maximum: 3n * 10n ** 14n } }));
    expect(text(el)).to.include('The route suggested network fees far above this network’s: your wallet sets the fee.');
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
      ['Minimum received', '2.96703 USDC', '1.48351 USDC'],
      ['Fees', '$1.05', '$1.30'],
    ]);
    expect(el.shadowRoot!.activeElement?.tagName).to.equal('H3');
    await expect(el).to.be.accessible();

    const confirm = oneEvent(el, 'bw-terms-confirm');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="confirm"]')!.click();
    expect((await confirm).composed).to.equal(false);
    const cancel = oneEvent(el, 'bw-terms-cancel');
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part="cancel"]')!.click();
    expect((await cancel).composed).to.equal(false);
  });

  it('Escape cancels in terms mode', async () => {
    const el = await mount(view({ terms: estimate(5_000_000n, 4_900_000n) }));
    const cancel = oneEvent(el, 'bw-terms-cancel');
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
