import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { live } from 'lit/directives/live.js';
import { cssProperties } from '../shared/css-properties.js';
import type { Estimate, FeeEntry } from '../../api/schemas.js';
import { formatAmount, formatUsd } from '../../format/amount.js';
import { LOCALES, translate, type StringKey, type StringOverrides } from '../../i18n/strings.js';
import { PartElement } from '../shared/part.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles } from './quote-panel.styles.js';

export interface SlippageChangeDetail {
  /** Percent, e.g. `0.5`. */
  slippage: number;
}

export interface ValueLossConfirmDetail {
  confirmed: boolean;
}

/** Slippage presets, in percent. */
export const SLIPPAGE_PRESETS = [0.5, 1, 3] as const;
/** Above this, some providers reject the route (spec: Limits). */
export const SLIPPAGE_WARN_ABOVE = 3;
/** Custom slippage must be above 0 and below this. */
export const SLIPPAGE_MAX = 50;

function usdNumber(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * How much less USD value the route delivers than it takes, in percent
 * (negative when it delivers more). Undefined when either USD value is missing
 * or the source value is not positive.
 */
export function valueLossPercent(estimate: Pick<Estimate, 'fromAmountUsd' | 'toAmountUsd'> | undefined): number | undefined {
  if (!estimate) return undefined;
  const from = usdNumber(estimate.fromAmountUsd);
  const to = usdNumber(estimate.toAmountUsd);
  if (from === undefined || to === undefined || from <= 0) return undefined;
  return ((from - to) / from) * 100;
}

/**
 * `gas_receiver` → "Gas receiver fee", `serviceFee` → "Service fee"; known kinds
 * come from the string table (`fee.*`), unknown ones are shown as text, never as markup.
 */
export function humanFeeType(type: string, strings?: StringOverrides): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/(^| )fee$/, '');
  if (!words) return translate(strings, 'fee.generic');
  const key = `fee.${words.replace(/ /g, '_')}`;
  if (Object.prototype.hasOwnProperty.call(LOCALES['en'], key)) return translate(strings, key as StringKey);
  return translate(strings, 'fee.other', { name: words.charAt(0).toUpperCase() + words.slice(1) });
}

type SlippageCheck =
  | { ok: true; value: number }
  | { ok: false; problem: 'invalid' | 'tooHigh' | 'tooLow'; immediate: boolean }
  | { ok: 'empty' };

function checkSlippage(text: string): SlippageCheck {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: 'empty' };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return { ok: false, problem: 'invalid', immediate: true };
  const value = Number(trimmed);
  if (value >= SLIPPAGE_MAX) return { ok: false, problem: 'tooHigh', immediate: true };
  if (value <= 0) return { ok: false, problem: 'tooLow', immediate: false };
  return { ok: true, value };
}

/**
 * @summary The quote of a route: what arrives, the guaranteed minimum, itemised fees, provider, slippage and value-loss warning.
 *
 * While `stale` (a refresh in flight) the previous numbers stay, dimmed, with a
 * spinner, so nothing jumps. With `loading` and no estimate a skeleton of the
 * same rows holds the space.
 *
 * @fires slippage-change - `CustomEvent<SlippageChangeDetail>` when a preset is picked or a valid custom value is typed. Bubbles, not composed.
 * @fires value-loss-confirm - `CustomEvent<ValueLossConfirmDetail>` when the value-loss checkbox changes. Bubbles, not composed.
 *
 * @csspart base - The panel.
 * @csspart header - Provider, reliability and the refresh countdown.
 * @csspart provider - The provider name.
 * @csspart reliability - The reliability text and meter.
 * @csspart refresh - The refresh countdown or the "updating" indicator.
 * @csspart details - The list of amounts and fees.
 * @csspart received - Expected received amount.
 * @csspart minimum - Minimum received amount.
 * @csspart fee - One itemised fee.
 * @csspart total-fees - Total fees in USD.
 * @csspart slippage - The slippage setting.
 * @csspart slippage-option - A slippage preset button.
 * @csspart slippage-input - The custom slippage input.
 * @csspart slippage-message - Slippage warning or problem; space always reserved.
 * @csspart value-loss - The value-loss warning with its checkbox.
 * @csspart skeleton - The placeholder shown while the first quote loads.
 *
 * @cssprop --bridge-color-border - Panel border and separators.
 * @cssprop --bridge-color-border-strong - Borders of the slippage buttons and input.
 * @cssprop --bridge-color-text-muted - Labels and dimmed (stale) values.
 * @cssprop --bridge-color-accent - Selected slippage preset and spinner.
 * @cssprop --bridge-color-success - Reliability meter.
 * @cssprop --bridge-color-warning - Warnings.
 * @cssprop --bridge-color-warning-bg - Value-loss warning background.
 */
export class QuotePanel extends PartElement {
  static override styles = [hostStyles, partTokens, styles];

  /** The quote's estimate (amounts in smallest units); a skeleton shows while it is undefined and `loading` is set. */
  @property({ attribute: false }) estimate: Estimate | undefined = undefined;
  /** Symbol of the token sent. */
  @property({ attribute: 'from-symbol' }) fromSymbol = '';
  /** Decimals of the token sent. */
  @property({ type: Number, attribute: 'from-decimals' }) fromDecimals = 18;
  /** Symbol of the token received. */
  @property({ attribute: 'to-symbol' }) toSymbol = '';
  /** Decimals of the token received. */
  @property({ type: Number, attribute: 'to-decimals' }) toDecimals = 18;
  /** Provider name, rendered as text. */
  @property() provider: string | undefined = undefined;
  /** Provider reliability, 0 to 1. */
  @property({ type: Number, attribute: 'reliability-score' }) reliabilityScore: number | undefined = undefined;
  /** A quote is being fetched. */
  @property({ type: Boolean }) loading = false;
  /** A refresh is in flight: the shown numbers are about to change. */
  @property({ type: Boolean }) stale = false;
  /** Epoch ms of the next automatic refresh. */
  @property({ type: Number, attribute: 'refresh-at' }) refreshAt: number | undefined = undefined;
  /** Slippage tolerance in percent. */
  @property({ type: Number }) slippage = 1;
  /** Value loss (USD in vs. out), in percent, above which the user must confirm. */
  @property({ type: Number, attribute: 'value-loss-threshold-percent' }) valueLossThresholdPercent = 5;
  /** The user ticked the value-loss checkbox. Attribute `valuelossconfirmed` (Lit's default, so `?valueLossConfirmed=` works). */
  @property({ type: Boolean }) valueLossConfirmed = false;

  @state() private now = Date.now();
  @state() private customText = '';
  @state() private slippageProblem: { problem: 'invalid' | 'tooHigh' | 'tooLow'; shown: boolean } | undefined = undefined;

  private timer: ReturnType<typeof setInterval> | undefined;

  /** True when the value-loss warning is shown and its checkbox is not ticked: the host must not continue. */
  get needsValueLossConfirmation(): boolean {
    return this.valueLossShown() && !this.valueLossConfirmed;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.now = Date.now();
    this.timer = setInterval(() => {
      if (this.refreshAt !== undefined) this.now = Date.now();
    }, 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('refreshAt')) this.now = Date.now();
    if (changed.has('slippage')) {
      const typed = checkSlippage(this.customText);
      if (!(typed.ok === true && typed.value === this.slippage)) {
        this.customText = (SLIPPAGE_PRESETS as readonly number[]).includes(this.slippage) ? '' : String(this.slippage);
        this.slippageProblem = undefined;
      }
    }
    if (changed.has('estimate') && this.estimate) {
      const before = changed.get('estimate') as Estimate | undefined;
      const lossBefore = before ? this.lossAbove(valueLossPercent(before)) : false;
      const loss = valueLossPercent(this.estimate);
      if (this.lossAbove(loss) && !lossBefore) {
        this.announce(this.t('quote.lossWarning', { percent: this.percentText(loss ?? 0) }));
      } else if (!before) {
        this.announce(this.t('quote.ready', { amount: this.amountText(this.estimate.toAmount, this.toDecimals, this.toSymbol) }));
      }
    }
  }

  private setSlippage(value: number): void {
    if (value === this.slippage) return;
    this.slippage = value;
    this.dispatchEvent(
      new CustomEvent<SlippageChangeDetail>('slippage-change', { detail: { slippage: value }, bubbles: true, composed: false }),
    );
  }

  private onPreset(value: number): void {
    this.customText = '';
    this.slippageProblem = undefined;
    this.setSlippage(value);
  }

  private onCustomInput(event: Event): void {
    this.customText = (event.target as HTMLInputElement).value;
    const check = checkSlippage(this.customText);
    if (check.ok === true) {
      this.slippageProblem = undefined;
      this.setSlippage(check.value);
    } else if (check.ok === 'empty') {
      this.slippageProblem = undefined;
    } else {
      this.slippageProblem = { problem: check.problem, shown: check.immediate };
    }
  }

  private onCustomChange(): void {
    if (this.slippageProblem) this.slippageProblem = { ...this.slippageProblem, shown: true };
  }

  private onConfirm(event: Event): void {
    const confirmed = (event.target as HTMLInputElement).checked;
    this.valueLossConfirmed = confirmed;
    this.dispatchEvent(
      new CustomEvent<ValueLossConfirmDetail>('value-loss-confirm', { detail: { confirmed }, bubbles: true, composed: false }),
    );
  }

  override render() {
    const estimate = this.estimate;
    const busy = this.loading || this.stale;
    return html`
      <section class="panel" part="base" aria-label=${this.t('quote.label')} aria-busy=${busy ? 'true' : 'false'}>
        ${this.renderHeader(busy)}
        ${estimate ? this.renderDetails(estimate, busy) : this.loading ? this.renderSkeleton() : html`<p class="empty">${this.t('quote.empty')}</p>`}
        ${this.renderSlippage()} ${estimate ? this.renderValueLoss(estimate) : nothing}
        <div class="visually-hidden" aria-live="polite">${this.announcement}</div>
      </section>
    `;
  }

  private renderHeader(busy: boolean) {
    const score = this.reliabilityScore;
    const percent = score === undefined || !Number.isFinite(score) ? undefined : Math.round(Math.min(1, Math.max(0, score)) * 100);
    return html`
      <div class="header" part="header">
        <span class="provider">
          ${this.provider
            ? html`<span class="provider-name" part="provider" title=${this.provider}>${this.t('quote.via', { provider: this.provider })}</span>`
            : html`<span class="provider-name">${this.t(this.estimate || !this.loading ? 'quote.label' : 'quote.finding')}</span>`}
          ${percent === undefined
            ? nothing
            : html`<span class="reliability" part="reliability">
                <span class="meter" aria-hidden="true"><span style=${cssProperties({ width: `${percent}%` })}></span></span>
                ${this.t('quote.reliable', { percent })}
              </span>`}
        </span>
        ${this.renderRefresh(busy)}
      </div>
    `;
  }

  private renderRefresh(busy: boolean) {
    if (busy) {
      return html`<span class="refresh" part="refresh"><span class="spinner" aria-hidden="true"></span>${this.t(this.estimate ? 'quote.updating' : 'quote.loading')}</span>`;
    }
    if (this.refreshAt === undefined || !this.estimate) return html`<span class="refresh" part="refresh"></span>`;
    const seconds = Math.max(0, Math.ceil((this.refreshAt - this.now) / 1000));
    return html`<span class="refresh" part="refresh">${seconds > 0 ? this.t('quote.refreshIn', { seconds }) : this.t('quote.refreshing')}</span>`;
  }

  private renderDetails(estimate: Estimate, busy: boolean) {
    return html`
      <dl part="details" class=${classMap({ stale: busy })}>
        <div class="row primary" part="received">
          <dt>${this.t('quote.receive')}</dt>
          <dd>${this.t('quote.approx', { amount: this.amountText(estimate.toAmount, this.toDecimals, this.toSymbol) })}${this.usd(estimate.toAmountUsd)}</dd>
        </div>
        <div class="row" part="minimum">
          <dt>${this.t('quote.minimum')}</dt>
          <dd>${this.amountText(estimate.toAmountMin, this.toDecimals, this.toSymbol)}${this.usd(estimate.toAmountMinUsd)}</dd>
        </div>
        ${estimate.fees.map((fee) => this.renderFee(fee))}
        <div class="row total" part="total-fees">
          <dt>${this.t('quote.totalFees')}</dt>
          <dd>${formatUsd(estimate.totalFeesUsd, this.locale) ?? this.t('quote.notAvailable')}</dd>
        </div>
      </dl>
    `;
  }

  private renderFee(fee: FeeEntry) {
    return html`
      <div class="row fee" part="fee">
        <dt>${humanFeeType(fee.type, this.strings)}</dt>
        <dd>${this.amountText(fee.amount, fee.token.decimals, fee.token.symbol)}${this.usd(fee.amountUsd)}</dd>
      </div>
    `;
  }

  private renderSkeleton() {
    const bar = (short = false) => html`<span class=${classMap({ bar: true, short })}></span>`;
    return html`
      <dl part="skeleton" aria-hidden="true">
        <div class="row primary"><dt>${this.t('quote.receive')}</dt><dd>${bar()}</dd></div>
        <div class="row"><dt>${this.t('quote.minimum')}</dt><dd>${bar()}</dd></div>
        <div class="row fee"><dt>${bar(true)}</dt><dd>${bar()}</dd></div>
        <div class="row total"><dt>${this.t('quote.totalFees')}</dt><dd>${bar(true)}</dd></div>
      </dl>
    `;
  }

  private renderSlippage() {
    const problem = this.slippageProblem?.shown ? this.slippageText(this.slippageProblem.problem) : undefined;
    const customValid = checkSlippage(this.customText);
    const effective = customValid.ok === true ? customValid.value : this.slippage;
    const warning = !problem && effective > SLIPPAGE_WARN_ABOVE
      ? this.t('slippage.warn', { max: this.percentText(SLIPPAGE_WARN_ABOVE) })
      : undefined;
    const customActive = this.customText !== '';
    return html`
      <div class="slippage" part="slippage">
        <div class="slippage-controls" role="group" aria-labelledby="slippage-label">
          <span class="slippage-label" id="slippage-label">${this.t('slippage.label')}</span>
          ${SLIPPAGE_PRESETS.map(
            (preset) => html`<button
              class="preset"
              part="slippage-option"
              type="button"
              aria-pressed=${!customActive && this.slippage === preset ? 'true' : 'false'}
              @click=${() => this.onPreset(preset)}
            >
              ${this.percentText(preset)}
            </button>`,
          )}
          <span class=${classMap({ custom: true, invalid: !!problem })}>
            <input
              part="slippage-input"
              type="text"
              inputmode="decimal"
              autocomplete="off"
              placeholder=${this.t('slippage.custom')}
              aria-label=${this.t('slippage.customLabel')}
              aria-invalid=${problem ? 'true' : 'false'}
              aria-describedby="slippage-message"
              .value=${live(this.customText)}
              @input=${this.onCustomInput}
              @change=${this.onCustomChange}
            />
            <span aria-hidden="true">%</span>
          </span>
        </div>
        <p
          id="slippage-message"
          part="slippage-message"
          class=${classMap({ 'slippage-message': true, error: !!problem, warning: !!warning })}
          aria-live="polite"
        >
          ${problem ?? warning ?? nothing}
        </p>
      </div>
    `;
  }

  private renderValueLoss(estimate: Estimate) {
    const loss = valueLossPercent(estimate);
    if (!this.lossAbove(loss) || loss === undefined) return nothing;
    const percent = this.percentText(loss);
    return html`
      <div class="value-loss" part="value-loss" role="group" aria-labelledby="loss-text">
        <p id="loss-text">
          <strong>${this.t('quote.lossTitle', { percent })}</strong>
          ${this.t('quote.lossDetail', { from: formatUsd(estimate.fromAmountUsd, this.locale) ?? '', to: formatUsd(estimate.toAmountUsd, this.locale) ?? '' })}
        </p>
        <label class="confirm">
          <input type="checkbox" required .checked=${live(this.valueLossConfirmed)} @change=${this.onConfirm} />
          <span>${this.t('quote.lossConfirm', { percent })}</span>
        </label>
      </div>
    `;
  }

  private valueLossShown(): boolean {
    return this.lossAbove(valueLossPercent(this.estimate));
  }

  private lossAbove(loss: number | undefined): boolean {
    return loss !== undefined && loss > this.valueLossThresholdPercent;
  }

  private amountText(value: bigint, decimals: number, symbol: string): string {
    const amount = formatAmount(value, decimals, { locale: this.locale });
    return symbol ? `${amount} ${symbol}` : amount;
  }

  private usd(value: string | undefined) {
    const text = formatUsd(value, this.locale);
    return text ? html` <span class="usd">(${text})</span>` : nothing;
  }

  private percentText(value: number): string {
    const digits = Math.abs(value) < 1 && value !== 0 ? 2 : 1;
    return this.t('quote.percent', { value: new Intl.NumberFormat(this.locale, { maximumFractionDigits: digits }).format(value) });
  }

  private slippageText(problem: 'invalid' | 'tooHigh' | 'tooLow'): string {
    if (problem === 'invalid') return this.t('slippage.invalid');
    return problem === 'tooHigh' ? this.t('slippage.tooHigh', { max: this.percentText(SLIPPAGE_MAX) }) : this.t('slippage.tooLow', { min: this.percentText(0) });
  }
}
