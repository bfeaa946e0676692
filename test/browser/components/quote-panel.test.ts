import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import type { Estimate } from '../../../src/api/schemas.js';
import { QuotePanel, valueLossPercent, type SlippageChangeDetail, type ValueLossConfirmDetail } from '../../../src/components/quote-panel/quote-panel.js';
import { humanFeeType } from '../../../src/components/quote-panel/quote-breakdown.js';
import { intervalsClearedBy, untilAnimationsSettle } from '../helpers/dom.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

if (!customElements.get('bw-quote-panel')) customElements.define('bw-quote-panel', QuotePanel);

const estimate = (overrides: Partial<Estimate> = {}): Estimate => ({
  fromAmount: 100_000_000n,
  toAmount: 99_431_200n,
  toAmountMin: 98_436_888n,
  fromAmountUsd: '100.00',
  toAmountUsd: '99.43',
  toAmountMinUsd: '98.44',
  totalFeesUsd: '3.15',
  fees: [
    {
      type: 'gas_receiver',
      amount: 1_200_000_000_000_000n,
      amountUsd: '3.10',
      token: { chainId: '11155111', address: '0x' + 'e'.repeat(40), symbol: 'ETH', decimals: 18 },
    },
    {
      type: 'service',
      amount: 50_000n,
      amountUsd: '0.05',
      token: { chainId: '11155111', address: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', symbol: 'USDC', decimals: 6 },
    },
  ],
  ...overrides,
});

type Props = Partial<
  Pick<
    QuotePanel,
    'estimate' | 'provider' | 'reliabilityScore' | 'loading' | 'stale' | 'refreshAt' | 'retryAt' | 'slippage' | 'valueLoss' | 'valueLossConfirmed'
  >
>;

async function mount(props: Props = {}) {
  const el = await fixture<QuotePanel>(html`<bw-quote-panel style="width: 420px"></bw-quote-panel>`);
  Object.assign(el, { fromSymbol: 'USDC', fromDecimals: 6, toSymbol: 'USDC', toDecimals: 6, locale: 'en-US', ...props });
  await el.updateComplete;
  // The full panel's breakdown and slippage row are chunks of their own, loaded when the panel is connected.
  if (!el.summary)
    await waitUntil(
      () => el.shadowRoot!.querySelector('[part="slippage"]') && el.shadowRoot!.querySelector('[part="header"]'),
      'the breakdown and the slippage row',
    );
  const slippage: SlippageChangeDetail[] = [];
  const confirms: ValueLossConfirmDetail[] = [];
  el.addEventListener('bw-slippage-change', (e) => slippage.push(e.detail));
  el.addEventListener('bw-value-loss-confirm', (e) => confirms.push(e.detail));
  return { el, slippage, confirms };
}

const $ = (el: QuotePanel, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const text = (el: QuotePanel, selector: string) => $(el, selector)?.textContent?.replace(/\s+/g, ' ').trim();
const presets = (el: QuotePanel) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="slippage-option"]')];
const preset = (el: QuotePanel, label: string) => presets(el).find((b) => b.textContent!.replace(/\s+/g, ' ').trim() === label)!;
const customInput = (el: QuotePanel) => $(el, '[part="slippage-input"]') as HTMLInputElement;
const checkbox = (el: QuotePanel) => el.shadowRoot!.querySelector<HTMLInputElement>('[part="value-loss"] input[type="checkbox"]');
const height = (el: QuotePanel) => el.getBoundingClientRect().height;

async function typeCustom(el: QuotePanel, value: string, commit = false) {
  customInput(el).focus();
  customInput(el).select();
  await sendKeys({ press: 'Backspace' });
  await sendKeys({ type: value });
  if (commit) await sendKeys({ press: 'Enter' });
  await el.updateComplete;
}

describe('valueLossPercent', () => {
  it('is the USD shortfall of the output against the input, in percent', () => {
    expect(valueLossPercent({ fromAmountUsd: '100', toAmountUsd: '92' })).to.be.closeTo(8, 1e-9);
    expect(valueLossPercent({ fromAmountUsd: '100', toAmountUsd: '101' })).to.be.closeTo(-1, 1e-9);
  });
  it('is undefined when either USD value is missing or unusable', () => {
    expect(valueLossPercent({ fromAmountUsd: undefined, toAmountUsd: '92' })).to.equal(undefined);
    expect(valueLossPercent({ fromAmountUsd: '100', toAmountUsd: undefined })).to.equal(undefined);
    expect(valueLossPercent({ fromAmountUsd: '', toAmountUsd: '92' })).to.equal(undefined);
    expect(valueLossPercent({ fromAmountUsd: 'abc', toAmountUsd: '92' })).to.equal(undefined);
    expect(valueLossPercent({ fromAmountUsd: '0', toAmountUsd: '0' })).to.equal(undefined);
    expect(valueLossPercent(undefined)).to.equal(undefined);
  });

  it('counts the fees paid on top (another token on the source chain) in what the user gives', () => {
    const sent = { chainId: '1', address: '0xUSDC' };
    const gas = { amountUsd: '0.30', token: { chainId: '1', address: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' } };
    const inAmount = { amountUsd: '0.01', token: { chainId: '1', address: '0xusdc' } };
    const onDestination = { amountUsd: '5', token: { chainId: '8453', address: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' } };
    const estimate = { fromAmountUsd: '0.05', toAmountUsd: '0.04', fees: [gas, inAmount, onDestination] };
    expect(valueLossPercent(estimate, sent), 'given $0.35, received $0.04').to.be.closeTo(((0.35 - 0.04) / 0.35) * 100, 1e-9);
    expect(valueLossPercent(estimate), 'without the token sent, nothing is known to be on top').to.be.closeTo(20, 1e-9);
  });
});

describe('humanFeeType', () => {
  it('turns fee kinds into words', () => {
    expect(humanFeeType('gas_receiver')).to.equal('Destination gas fee');
    expect(humanFeeType('service')).to.equal('Service fee');
    expect(humanFeeType('serviceFee')).to.equal('Service fee');
    expect(humanFeeType('EXPRESS-DELIVERY')).to.equal('Express delivery fee');
    expect(humanFeeType('')).to.equal('Fee');
  });
});

describe('<bw-quote-panel>', () => {
  it('shows expected and minimum received, itemised fees, total fees and the provider', async () => {
    const { el } = await mount({ estimate: estimate(), provider: 'Squid', reliabilityScore: 0.97 });
    expect(text(el, '[part="received"]')).to.equal('You receive ≈ 99.4312 USDC ($99.43)');
    expect(text(el, '[part="minimum"]')).to.equal('Minimum received 98.4368 USDC ($98.44)');
    const fees = [...el.shadowRoot!.querySelectorAll('[part="fee"]')].map((f) => f.textContent!.replace(/\s+/g, ' ').trim());
    expect(fees).to.deep.equal(['Destination gas fee 0.0012 ETH ($3.10)', 'Service fee 0.05 USDC ($0.05)']);
    expect(text(el, '[part="total-fees"]')).to.equal('Total fees $3.15');
    expect(text(el, '[part="provider"]')).to.equal('Provider: Squid');
    expect(text(el, '[part="reliability"]')).to.equal('97% success rate');
    expect(el.shadowRoot!.textContent).to.not.match(/[{}"]\s*(fromAmount|toAmount)/, 'no raw JSON');
    expect($(el, '[part="value-loss"]')).to.equal(null);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('shows the service’s estimated time to the second under a minute, in whole minutes above, and nothing without one', async () => {
    const short = await mount({ estimate: estimate({ estimatedRouteDuration: 45 }) });
    expect(text(short.el, '[part="duration"]')).to.equal('Estimated time ≈ 45 sec');
    const long = await mount({ estimate: estimate({ executionDuration: 890 }) });
    expect(text(long.el, '[part="duration"]')).to.equal('Estimated time ≈ 15 min', 'an estimate is not read to the second');
    const none = await mount({ estimate: estimate() });
    expect($(none.el, '[part="duration"]')).to.equal(null);
  });

  it('renders provider names and fee symbols as text', async () => {
    const hostile = estimate({
      fees: [{ type: '<b>x</b>', amount: 1n, amountUsd: '0.01', token: { chainId: '1', address: '0x', symbol: '<img src=x onerror=alert(1)>', decimals: 0 } }],
    });
    const { el } = await mount({ estimate: hostile, provider: '<script>alert(1)</script>' });
    expect(el.shadowRoot!.querySelector('img, b, script')).to.equal(null);
    expect(text(el, '[part="provider"]')).to.equal('Provider: <script>alert(1)</script>');
  });

  it('shows a skeleton of the same height while the first quote loads', async () => {
    const loaded = await mount({ estimate: estimate({ fees: [estimate().fees[0]!] }) });
    const { el } = await mount({ loading: true });
    expect($(el, '[part="skeleton"]')).to.not.equal(null);
    expect($(el, '[part="base"]')!.getAttribute('aria-busy')).to.equal('true');
    expect(text(el, '[part="header"]')).to.contain('Finding the best route…');
    expect(Math.abs(height(el) - height(loaded.el))).to.be.lessThan(2);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('keeps the old numbers, dimmed with a spinner, while a refresh is in flight, without moving', async () => {
    const { el } = await mount({ estimate: estimate(), refreshAt: Date.now() + 12_000 });
    const before = height(el);
    const color = getComputedStyle($(el, '[part="received"] dd')!).color;
    el.stale = true;
    await el.updateComplete;
    expect(text(el, '[part="received"]')).to.equal('You receive ≈ 99.4312 USDC ($99.43)');
    expect($(el, '[part="base"]')!.getAttribute('aria-busy')).to.equal('true');
    expect($(el, '[part="refresh"] .spinner')).to.not.equal(null);
    expect(text(el, '[part="refresh"]')).to.equal('Updating…');
    expect(getComputedStyle($(el, '[part="received"] dd')!).color).to.not.equal(color);
    expect(height(el)).to.equal(before);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('counts down to the next refresh every second and stops its timer when removed', async () => {
    const { el } = await mount({ estimate: estimate(), refreshAt: Date.now() + 12_000 });
    // However slow the machine, the count starts at 12 s or just under, and the next second shows one less.
    const seconds = () => Number(/^Refreshes in (\d+) seconds?$/.exec(text(el, '[part="refresh"]') ?? '')?.[1] ?? Number.NaN);
    const first = seconds();
    expect(first).to.be.within(1, 12);
    await waitUntil(() => seconds() === first - 1, 'the count goes down by one', { timeout: 30_000 });

    const cleared = intervalsClearedBy(() => el.remove());
    expect(cleared).to.have.length(1);
    expect(cleared[0]).to.not.equal(undefined);
  });

  it('a busy service: the wait counts down every second, is announced once, and the notice leaves with the wait', async () => {
    const { el } = await mount({ loading: true, retryAt: Date.now() + 3_000 });
    const notice = () => text(el, '[part~="notice-info"]') ?? '';
    const seconds = () => Number(/^The bridge service is busy; asking again in (\d) seconds?\.$/.exec(notice())?.[1] ?? Number.NaN);
    const said = () => text(el, '[aria-live="polite"].visually-hidden');
    const first = seconds();
    expect(first, notice()).to.be.within(1, 3);
    expect(said()).to.equal(notice(), 'said once, as it first reads');
    const announced = said();
    await waitUntil(() => seconds() === first - 1 || (first === 1 && /asking again now/.test(notice())), 'the count goes down', { timeout: 30_000 });
    await waitUntil(() => notice() === 'The bridge service is busy; asking again now…', 'then it asks again', { timeout: 30_000 });
    expect(said(), 'not announced again at every second').to.equal(announced);
    // The service refuses again: the new wait is shown, still without a new announcement.
    el.retryAt = Date.now() + 2_000;
    await el.updateComplete;
    expect(seconds()).to.be.within(1, 2);
    expect(said()).to.equal(announced);
    el.retryAt = undefined;
    await el.updateComplete;
    expect($(el, '[part~="notice-info"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('slippage presets: the current one is pressed, picking another fires slippage-change', async () => {
    const { el, slippage } = await mount({ estimate: estimate(), slippage: 1 });
    expect(presets(el).map((b) => b.textContent!.trim().replace(/\s+/g, ' '))).to.deep.equal(['0.5%', '1%', '3%']);
    expect(preset(el, '1%').getAttribute('aria-pressed')).to.equal('true');
    preset(el, '0.5%').click();
    await el.updateComplete;
    expect(slippage).to.deep.equal([{ slippage: 0.5 }]);
    expect(preset(el, '0.5%').getAttribute('aria-pressed')).to.equal('true');
    expect(preset(el, '1%').getAttribute('aria-pressed')).to.equal('false');
    preset(el, '3%').click();
    await el.updateComplete;
    expect(slippage.at(-1)).to.deep.equal({ slippage: 3 });
    expect(text(el, '[part="slippage-message"]')).to.equal('', 'no warning at exactly 3%');
  });

  it('warns above 3% slippage that fewer routes may be available', async () => {
    const { el, slippage } = await mount({ estimate: estimate() });
    await typeCustom(el, '5');
    expect(slippage.at(-1)).to.deep.equal({ slippage: 5 });
    expect(text(el, '[part="slippage-message"]')).to.equal('Some providers reject slippage above 3%, fewer routes may be available');
    expect(presets(el).every((b) => b.getAttribute('aria-pressed') === 'false')).to.equal(true);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('shows a host-set custom slippage in the custom field', async () => {
    const { el } = await mount({ estimate: estimate(), slippage: 4.5 });
    expect(customInput(el).value).to.equal('4.5');
    expect(text(el, '[part="slippage-message"]')).to.contain('Some providers reject slippage above 3%');
  });

  for (const [typed, message, commit] of [
    ['0', 'Slippage must be above 0%', true],
    ['50', 'Slippage must be below 50%', false],
    ['75', 'Slippage must be below 50%', false],
    ['abc', 'Enter a percentage like 0.5', false],
  ] as const) {
    it(`refuses a custom slippage of "${typed}" with a message`, async () => {
      const { el, slippage } = await mount({ estimate: estimate(), slippage: 1 });
      await typeCustom(el, typed, commit);
      // Typed key by key, "50" passes through a valid "5"; the refused value itself is never applied.
      expect(slippage.map((s) => s.slippage)).to.not.include(Number(typed));
      expect(el.slippage).to.not.equal(Number(typed));
      expect(text(el, '[part="slippage-message"]')).to.equal(message);
      expect(customInput(el).getAttribute('aria-invalid')).to.equal('true');
      await untilAnimationsSettle(el);
      await expect(el).to.be.accessible();
    });
  }

  it('does not shout "above 0" while a value like 0.5 is still being typed', async () => {
    const { el, slippage } = await mount({ estimate: estimate(), slippage: 1 });
    customInput(el).focus();
    await sendKeys({ type: '0' });
    await el.updateComplete;
    expect(text(el, '[part="slippage-message"]')).to.equal('');
    await sendKeys({ type: '.7' });
    await el.updateComplete;
    expect(slippage.at(-1)).to.deep.equal({ slippage: 0.7 });
    expect(customInput(el).getAttribute('aria-invalid')).to.equal('false');
  });

  it('requires ticking the value-loss checkbox when it is handed a loss to confirm', async () => {
    const { el, confirms } = await mount({ estimate: estimate({ fromAmountUsd: '100.00', toAmountUsd: '92.00' }), valueLoss: 8 });
    const box = checkbox(el)!;
    expect(box).to.not.equal(null);
    expect(box.required).to.equal(true);
    expect(box.checked).to.equal(false);
    expect(text(el, '[part="value-loss"] label')).to.equal('I understand I will receive about 8% less in value');
    expect(text(el, '[part="value-loss"]')).to.contain('You send $100.00 and receive about $92.00');
    expect(el.needsValueLossConfirmation).to.equal(true);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();

    box.click();
    await el.updateComplete;
    expect(confirms).to.deep.equal([{ confirmed: true }]);
    expect(el.needsValueLossConfirmation).to.equal(false);
    box.click();
    await el.updateComplete;
    expect(confirms.at(-1)).to.deep.equal({ confirmed: false });
    expect(el.needsValueLossConfirmation).to.equal(true);
  });

  it('reflects the host-set confirmation and announces the warning', async () => {
    const { el } = await mount({ estimate: estimate() });
    el.estimate = estimate({ toAmountUsd: '90' });
    el.valueLoss = 10;
    el.valueLossConfirmed = true;
    await el.updateComplete;
    expect(checkbox(el)!.checked).to.equal(true);
    expect(text(el, '[aria-live="polite"].visually-hidden')).to.equal('Warning: you would receive about 10% less in value');
  });

  it('shows no value-loss warning without a loss to confirm, whatever the estimate (the form decides; src/model/quote.ts)', async () => {
    const { el } = await mount({ estimate: estimate({ fromAmountUsd: '100', toAmountUsd: '92' }) });
    expect(checkbox(el)).to.equal(null);
    expect(el.needsValueLossConfirmation).to.equal(false);
  });

  it('the swap box’s summary line opens to the breakdown, fetched as its own chunk', async () => {
    const el = await fixture<QuotePanel>(html`<bw-quote-panel summary style="width: 420px"></bw-quote-panel>`);
    Object.assign(el, { fromSymbol: 'USDC', fromDecimals: 6, toSymbol: 'USDC', toDecimals: 6, locale: 'en-US', estimate: estimate(), provider: 'Squid' });
    await el.updateComplete;
    const line = $(el, '[part="summary"]') as HTMLButtonElement;
    expect(text(el, '[part="summary"]')).to.equal('Fees $3.15');
    expect($(el, '[part="received"]'), 'closed: no breakdown rendered').to.equal(null);
    line.click();
    await waitUntil(() => $(el, '[part="received"]'), 'the breakdown');
    expect(line.getAttribute('aria-expanded')).to.equal('true');
    expect(text(el, '[part="received"]')).to.equal('You receive ≈ 99.4312 USDC ($99.43)');
    expect(text(el, '[part="provider"]')).to.equal('Provider: Squid');
    // Its styles came with it: the rows are flex rows.
    expect(getComputedStyle($(el, '[part="received"]')!).display).to.equal('flex');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('announces the first quote politely', async () => {
    const { el } = await mount({ loading: true });
    el.estimate = estimate();
    el.loading = false;
    await el.updateComplete;
    expect(text(el, '[aria-live="polite"].visually-hidden')).to.equal('Quote ready: you receive about 99.4312 USDC');
  });
});
