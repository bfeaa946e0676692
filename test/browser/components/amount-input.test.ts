import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { AmountInput, type AmountChangeDetail } from '../../../src/components/amount-input/amount-input.js';
import { untilAnimationsSettle } from '../helpers/dom.js';
import { AmountInputHarness } from '../harness/amount-input.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

if (!customElements.get('bw-amount-input')) customElements.define('bw-amount-input', AmountInput);

const USDC = 10n ** 6n;
const ETH = 10n ** 18n;

async function mount(
  props: Partial<Pick<AmountInput, 'symbol' | 'decimals' | 'usdPrice' | 'balance' | 'isNative' | 'gasReserve' | 'disabled' | 'value' | 'locale'>> = {},
) {
  const el = await fixture<AmountInput>(html`<bw-amount-input label="You send"></bw-amount-input>`);
  Object.assign(el, { symbol: 'USDC', decimals: 6, locale: 'en-US', ...props });
  await el.updateComplete;
  const events: AmountChangeDetail[] = [];
  el.addEventListener('bw-amount-change', (e) => events.push(e.detail));
  return { el, events };
}

/** The last change the field reported (its text), with what that text amounts to as the flow reads it (`evaluate`). */
const reported = (el: AmountInput, events: AmountChangeDetail[]) => {
  const last = events.at(-1)!;
  return { ...last, ...el.evaluate(last.text) };
};

/** What a user sees and reaches (test/browser/harness/amount-input.ts). */
const harness = (el: AmountInput) => new AmountInputHarness(el);
const input = (el: AmountInput) => harness(el).input;
const message = (el: AmountInput) => harness(el).message;
const usd = (el: AmountInput) => harness(el).usd;
const balanceText = (el: AmountInput) => harness(el).balanceText;
const maxButton = (el: AmountInput) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="max"]');

async function type(el: AmountInput, text: string) {
  input(el).focus();
  await sendKeys({ type: text });
  await el.updateComplete;
}

describe('<bw-amount-input>', () => {
  it('is a labelled decimal text field with the token symbol, accessible when empty', async () => {
    const { el } = await mount();
    const field = input(el);
    expect(field.getAttribute('inputmode')).to.equal('decimal');
    expect(field.getAttribute('autocomplete')).to.equal('off');
    expect(field.type).to.equal('text');
    expect(field.labels?.[0]?.textContent?.trim()).to.equal('You send');
    expect(el.shadowRoot!.querySelector('[part="symbol"]')!.textContent).to.equal('USDC');
    expect(field.getAttribute('aria-invalid')).to.equal('false');
    expect(message(el)).to.equal('');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('fires bw-amount-change on every keystroke with the exact bigint amount and shows the USD value', async () => {
    const { el, events } = await mount({ usdPrice: 1, balance: 100n * USDC });
    await type(el, '25.5');
    expect(events.map((e) => e.text)).to.deep.equal(['2', '25', '25.', '25.5']);
    expect(reported(el, events)).to.deep.equal({ text: '25.5', amount: 25_500_000n });
    expect(usd(el)).to.equal('$25.50');
    expect(message(el)).to.equal('');
    expect(input(el).getAttribute('aria-invalid')).to.equal('false');
  });

  it('leaves the USD line empty when the price is unknown', async () => {
    const { el } = await mount({ usdPrice: null });
    await type(el, '25');
    expect(usd(el)).to.equal('');
  });

  const problems: Array<{ typed: string; problem: string; text: string; props?: Parameters<typeof mount>[0] }> = [
    { typed: '1e6', problem: 'invalid', text: 'Enter a number like 25.5' },
    { typed: 'abc', problem: 'invalid', text: 'Enter a number like 25.5' },
    { typed: '-1', problem: 'negative', text: 'Enter a positive amount' },
    { typed: '0', problem: 'zero', text: 'Enter an amount above 0' },
    { typed: '1.1234567', problem: 'too-many-decimals', text: 'USDC has 6 decimals' },
    { typed: '1'.repeat(80), problem: 'too-large', text: 'That amount is too large' },
    { typed: '150', problem: 'insufficient-balance', text: 'Insufficient USDC balance', props: { balance: 100n * USDC } },
  ];
  for (const { typed, problem, text, props } of problems) {
    it(`typing ${typed.length > 20 ? `"1" × ${typed.length}` : `"${typed}"`} shows "${text}" and reports ${problem}`, async () => {
      const { el, events } = await mount(props);
      await type(el, typed);
      expect(message(el)).to.equal(text);
      expect(input(el).value).to.equal(typed, 'the text is never silently converted');
      expect(input(el).getAttribute('aria-invalid')).to.equal('true');
      const last = reported(el, events);
      expect(last.text).to.equal(typed);
      expect(last.problem).to.equal(problem);
      if (problem === 'insufficient-balance') expect(last.amount).to.equal(150n * USDC);
      else expect(last.amount).to.equal(undefined);
      // The message is tied to the input for assistive technology, in a polite live region.
      const describedBy = input(el).getAttribute('aria-describedby')!.split(' ');
      const messageEl = el.shadowRoot!.querySelector('[part="message"]')!;
      expect(describedBy).to.include(messageEl.id);
      expect(messageEl.getAttribute('aria-live')).to.equal('polite');
      await untilAnimationsSettle(el);
      await expect(el).to.be.accessible();
    });
  }

  it('reports an empty field without shouting', async () => {
    const { el, events } = await mount();
    await type(el, '5');
    await sendKeys({ press: 'Backspace' });
    await el.updateComplete;
    expect(reported(el, events)).to.deep.equal({ text: '', problem: 'empty' });
    expect(message(el)).to.equal('');
    expect(input(el).getAttribute('aria-invalid')).to.equal('false');
  });

  it('reserves the message space, so a problem does not move the layout', async () => {
    const { el } = await mount({ balance: 100n * USDC, usdPrice: 1 });
    const before = el.getBoundingClientRect().height;
    await type(el, '1e6');
    expect(message(el)).to.not.equal('');
    expect(el.getBoundingClientRect().height).to.equal(before);
  });

  it('shows the balance; Max fills the whole balance for an ERC-20 token', async () => {
    const { el, events } = await mount({ balance: 1_234_567_891n, usdPrice: 1 });
    expect(balanceText(el)).to.equal('Balance: 1,234.56 USDC Max');
    maxButton(el)!.click();
    await el.updateComplete;
    expect(input(el).value).to.equal('1234.567891');
    expect(reported(el, events)).to.deep.equal({ text: '1234.567891', amount: 1_234_567_891n });
    expect(message(el)).to.equal('');
  });

  it('Max on a native token keeps the gas reserve and says so', async () => {
    const { el, events } = await mount({ symbol: 'ETH', decimals: 18, isNative: true, balance: 1n * ETH, gasReserve: ETH / 100n });
    maxButton(el)!.click();
    await el.updateComplete;
    expect(input(el).value).to.equal('0.99');
    expect(reported(el, events)).to.deep.equal({ text: '0.99', amount: (99n * ETH) / 100n });
    expect(message(el)).to.equal('Keeps 0.01 ETH for network fees');
    expect(input(el).getAttribute('aria-invalid')).to.equal('false');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
    // Editing the amount drops the note.
    await type(el, '5');
    expect(input(el).value).to.equal('0.995');
    expect(message(el)).to.equal('Leaves less than 0.01 ETH for network fees');
  });

  it('Max on a native token never goes below 0 when the balance is under the reserve', async () => {
    const { el, events } = await mount({ symbol: 'ETH', decimals: 18, isNative: true, balance: ETH / 1000n, gasReserve: ETH / 100n });
    maxButton(el)!.click();
    await el.updateComplete;
    expect(input(el).value).to.equal('0');
    expect(reported(el, events)).to.deep.equal({ text: '0', problem: 'zero' });
    expect(message(el)).to.equal('Your balance is below the 0.01 ETH kept for network fees');
  });

  it('Max on a non-native token ignores the gas reserve', async () => {
    const { el } = await mount({ balance: 10n * USDC, gasReserve: ETH / 100n, isNative: false });
    maxButton(el)!.click();
    await el.updateComplete;
    expect(input(el).value).to.equal('10');
  });

  it('hides the balance line and Max when the balance is unknown', async () => {
    const { el } = await mount();
    expect(maxButton(el)).to.equal(null);
    expect(balanceText(el)).to.equal(undefined);
  });

  it('re-validates when the token changes under the typed text', async () => {
    const { el } = await mount();
    await type(el, '1.1234567');
    expect(message(el)).to.equal('USDC has 6 decimals');
    el.symbol = 'WETH';
    el.decimals = 18;
    await el.updateComplete;
    expect(message(el)).to.equal('');
  });

  it('disables the input and Max when disabled', async () => {
    const { el, events } = await mount({ balance: 10n * USDC, disabled: true });
    expect(input(el).disabled).to.equal(true);
    expect(maxButton(el)!.disabled).to.equal(true);
    maxButton(el)!.click();
    expect(events).to.have.length(0);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('shows one focus ring, on the box around the input, not a second one on the input', async () => {
    const { el } = await mount();
    input(el).focus();
    await sendKeys({ press: 'ArrowLeft' });
    const control = el.shadowRoot!.querySelector('[part="control"]')!;
    expect(getComputedStyle(input(el)).outlineStyle).to.equal('none');
    expect(getComputedStyle(control).outlineStyle).to.equal('solid', 'an outline, so it survives forced-colors mode');
  });

  it('focus() focuses the text input', async () => {
    const { el } = await mount();
    el.focus();
    expect(el.shadowRoot!.activeElement).to.equal(input(el));
  });

  it('takes its texts from a (partial) string table and formats numbers by locale', async () => {
    const { el } = await mount({ balance: 1234500000n, locale: 'de' });
    el.strings = { 'amount.balance': 'Saldo {amount}', 'amount.invalid': 'Bitte eine Zahl' };
    el.label = '';
    await el.updateComplete;
    expect(balanceText(el)).to.equal('Saldo 1.234,5 USDC Max');
    expect(el.shadowRoot!.querySelector('label')!.textContent).to.equal('Amount');
    await type(el, 'abc');
    expect(message(el)).to.equal('Bitte eine Zahl');
  });

  it('renders symbols as text, never as markup', async () => {
    const { el } = await mount({ symbol: '<img src=x onerror=alert(1)>', balance: 1n });
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[part="symbol"]')!.textContent).to.equal('<img src=x onerror=alert(1)>');
  });
});
