import { html, nothing, type PropertyDeclarations } from 'lit';
import { live } from 'lit/directives/live.js';
import { amountToInputText, checkAmount, formatAmount, formatUsd, usdValue, type AmountCheck, type AmountCheckProblem } from '../../format/amount.js';
import { gasKeptBack, maxSendable } from '../../model/tokens.js';
import { field, FieldElement } from '../shared/field.js';
import { PartEvent } from '../shared/part-event.js';
import { styles } from './amount-input.styles.js';

export type AmountInputProblem = AmountCheckProblem;

/** Detail of `bw-amount-change`: the text as typed. What it amounts to is read once, by whoever owns the form (`evaluate` reads it the same way). */
export interface AmountChangeDetail {
  text: string;
}

/** `bw-amount-change`: the text changed (a keystroke, Max). */
export class AmountChangeEvent extends PartEvent<AmountChangeDetail> {
  static override readonly type = 'bw-amount-change';
}

/**
 * @summary The amount field of a transfer: typed text out, and what that text amounts to (an exact bigint, or a problem) shown.
 *
 * The field does not decide what the text means: the widget's flow reads it
 * once per keystroke (the shared `checkAmount`, never through floats; letters,
 * exponents and signs are reported, never silently converted) and hands the
 * result back in `check`. Used on its own, without `check`, the field reads the
 * text itself. "Max" fills the balance, keeping `gasReserve` back for a native token.
 *
 * @fires {AmountChangeEvent} bw-amount-change - `CustomEvent<AmountChangeDetail>` on every keystroke and on Max. Bubbles, not composed.
 *
 * @csspart base - The wrapper around the whole field.
 * @csspart label - The visible label.
 * @csspart control - The box holding the input and the token symbol.
 * @csspart input - The text input.
 * @csspart symbol - The token symbol next to the input.
 * @csspart usd - The USD value of the typed amount.
 * @csspart balance - The balance line.
 * @csspart max - The Max button.
 * @csspart message - The message line (problems and notes); its space is always reserved.
 *
 * @slot asset - A control at the end of the amount (the swap box's asset button); the symbol then hides (it is in the button).
 *
 * @cssprop --bridge-color-surface - Background of the input box.
 * @cssprop --bridge-color-border-strong - Border of the input box.
 * @cssprop --bridge-color-focus - Focus ring of the input box.
 * @cssprop --bridge-color-text-muted - Label, USD value and balance.
 * @cssprop --bridge-color-accent - Max button.
 * @cssprop --bridge-color-danger - Problem messages and the invalid border.
 * @cssprop --bridge-radius - Corner radius of the input box.
 */
export class AmountInput extends FieldElement {
  static override properties: PropertyDeclarations = {
    symbol: {},
    balance: { attribute: false },
    decimals: { type: Number },
    gasReserve: { attribute: false },
    usdPrice: { type: Number, attribute: 'usd-price' },
    isNative: { type: Boolean },
    check: { attribute: false },
    maxFill: { state: true },
  };

  static override styles = [...FieldElement.styles, styles];

  /** Token symbol, rendered as text. */
  symbol = '';

  /** Token decimals: how many fraction digits the amount may have. */
  decimals = 18;

  /** USD price per whole token; the USD line stays empty when unknown. */
  usdPrice: number | null | undefined = undefined;

  /** Wallet balance in smallest units; the balance line and Max appear when known. */
  balance: bigint | undefined = undefined;

  /** The token is the chain's native currency (pays gas). Attribute `isnative` (Lit's default, so `?isNative=` in a template works). */
  isNative = false;

  /** Smallest units that Max keeps back for gas when the token is native. */
  gasReserve = 0n;

  /** What the current text amounts to, as the form's owner read it (the widget's flow); unset, the field reads it itself. */
  check: AmountCheck | undefined = undefined;

  /** The text Max wrote and the reserve it kept; the note shows while the text is unchanged. */
  private maxFill: { text: string; reserve: bigint } | undefined = undefined;

  #onAssetSlot(event: Event): void {
    this.toggleAttribute('has-asset', (event.target as HTMLSlotElement).assignedElements().length > 0);
  }

  /** Focuses the text input. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLInputElement>('input')?.focus(options);
  }

  /** Reads a text with this field's decimals and balance, as the widget's flow does. */
  evaluate(text: string = this.value): AmountCheck {
    return checkAmount(text, this.decimals, this.balance);
  }

  #emitChange(text: string): void {
    this.dispatchEvent(new AmountChangeEvent({ text }));
  }

  #onInput(event: Event): void {
    const text = (event.target as HTMLInputElement).value;
    this.value = text;
    this.#emitChange(text);
  }

  #onMax(): void {
    if (this.balance === undefined || this.disabled) return;
    const reserve = gasKeptBack(this.isNative, this.gasReserve);
    const text = amountToInputText(maxSendable(this.balance, reserve), this.decimals);
    this.value = text;
    this.maxFill = reserve > 0n ? { text, reserve } : undefined;
    this.#emitChange(text);
  }

  override render() {
    const { amount, problem } = this.check ?? this.evaluate();
    const message = this.#message(amount, problem);
    const invalid = message?.kind === 'error';
    const usd = amount !== undefined ? formatUsd(usdValue(amount, this.decimals, this.usdPrice), this.intl) : undefined;
    return field(
      'amount',
      this.label || this.t('form.amount'),
      html`<div class="control ${invalid ? 'invalid' : ''}" part="control">
          <input
            id="amount"
            part="input"
            dir="ltr"
            type="text"
            inputmode="decimal"
            autocomplete="off"
            spellcheck="false"
            placeholder="0"
            .value=${live(this.value)}
            ?disabled=${this.disabled}
            aria-invalid=${invalid ? 'true' : 'false'}
            aria-describedby="symbol usd message"
            @input=${this.#onInput}
          />
          <span id="symbol" class="symbol" part="symbol">${this.symbol}</span>
          <slot name="asset" @slotchange=${this.#onAssetSlot}></slot>
        </div>
        <div class="meta">
          <span id="usd" class="usd" part="usd">${usd ?? nothing}</span>
          ${
            this.balance === undefined
              ? nothing
              : html`<span class="balance" part="balance">
                <span class="balance-text">${this.t('amount.balance', { amount: this.#amountText(this.balance) })}</span>
                <button class="max" part="max" type="button" ?disabled=${this.disabled} @click=${this.#onMax}>${this.t('amount.max')}</button>
              </span>`
          }
        </div>`,
      message?.text ?? nothing,
      message?.kind,
    );
  }

  #amountText(value: bigint): string {
    const amount = formatAmount(value, this.decimals, { locale: this.intl });
    return this.symbol ? `${amount} ${this.symbol}` : amount;
  }

  #message(amount: bigint | undefined, problem: AmountInputProblem | undefined): { kind: 'error' | 'info' | 'warning'; text: string } | undefined {
    const fill = this.maxFill && this.maxFill.text === this.value ? this.maxFill : undefined;
    if (problem === 'empty') return undefined;
    if (problem) return { kind: 'error', text: this.#problemText(problem, fill) };
    if (fill) return { kind: 'info', text: this.t('amount.keepsGas', { amount: this.#amountText(fill.reserve) }) };
    const reserve = gasKeptBack(this.isNative, this.gasReserve);
    if (amount !== undefined && reserve > 0n && this.balance !== undefined && amount > this.balance - reserve) {
      return { kind: 'warning', text: this.t('amount.leavesGas', { amount: this.#amountText(reserve) }) };
    }
    return undefined;
  }

  #problemText(problem: Exclude<AmountInputProblem, 'empty'>, fill: { reserve: bigint } | undefined): string {
    const token = this.symbol || this.t('amount.thisToken');
    switch (problem) {
      case 'invalid':
        return this.t('amount.invalid');
      case 'negative':
        return this.t('amount.negative');
      case 'zero':
        return fill ? this.t('amount.belowReserve', { amount: this.#amountText(fill.reserve) }) : this.t('amount.zero');
      case 'too-many-decimals':
        return this.decimals === 0 ? this.t('amount.wholeOnly', { token }) : this.plural('amount.decimals', this.decimals, { token });
      case 'too-large':
        return this.t('amount.tooLarge');
      case 'insufficient-balance':
        return this.symbol ? this.t('amount.insufficient', { symbol: this.symbol }) : this.t('amount.insufficientAny');
    }
  }
}

declare global {
  interface HTMLElementEventMap {
    'bw-amount-change': AmountChangeEvent;
  }
}
