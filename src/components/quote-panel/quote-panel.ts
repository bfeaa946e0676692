import { html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import { cssProperties } from '../shared/css-properties.js';
import type { Estimate } from '../../api/schemas.js';
import { formatAmount, formatUsd } from '../../format/amount.js';
import { formatPercent } from '../../format/number.js';
import { english, translate, type StringKey, type StringOverrides } from '../../i18n/strings.js';
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

import type { SlippageControl } from './slippage-control.js';
import { SLIPPAGE_MAX, expectedSeconds, givenUsd, isPaidOnTop, lossToConfirm, valueLossPercent } from '../../model/quote.js';
import { formatEstimate, formatRelative, secondsUntil } from '../../format/duration.js';

export { SLIPPAGE_MAX, valueLossPercent };

/**
 * `gas_receiver` → "Destination gas fee", `serviceFee` → "Service fee"; known kinds
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
  // Every key starts with `fee.`, so `in` finds no inherited name.
  if (key in english) return translate(strings, key as StringKey);
  return translate(strings, 'fee.other', { name: words.charAt(0).toUpperCase() + words.slice(1) });
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
 * @csspart notice - The busy notice: the service asked to wait, and the quote is asked again when it allows (also `notice-info`).
 * @csspart notice-info - The busy notice (also `notice`).
 * @csspart header - Provider, reliability and the refresh countdown.
 * @csspart provider - The provider name.
 * @csspart reliability - The reliability text and meter.
 * @csspart refresh - The refresh countdown or the "updating" indicator.
 * @csspart details - The list of amounts and fees.
 * @csspart received - Expected received amount.
 * @csspart minimum - Minimum received amount.
 * @csspart fee - One itemised fee.
 * @csspart fee-on-top - A fee the wallet pays on top of the amount (also `fee`).
 * @csspart duration - The estimated time, when the service gives one.
 * @csspart total-fees - Total fees in USD.
 * @csspart fees-were - After a slippage change that changed the fees: what they were before.
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
  static override properties: PropertyDeclarations = {
    estimate: { attribute: false },
    source: { attribute: false },
    fromSymbol: { attribute: 'from-symbol' },
    fromDecimals: { type: Number, attribute: 'from-decimals' },
    toSymbol: { attribute: 'to-symbol' },
    toDecimals: { type: Number, attribute: 'to-decimals' },
    provider: {},
    reliabilityScore: { type: Number, attribute: 'reliability-score' },
    loading: { type: Boolean },
    stale: { type: Boolean },
    refreshAt: { type: Number, attribute: 'refresh-at' },
    retryAt: { type: Number, attribute: 'retry-at' },
    slippage: { type: Number },
    valueLossThresholdPercent: { type: Number, attribute: 'value-loss-threshold-percent' },
    valueLossConfirmed: { type: Boolean },
    summary: { type: Boolean, reflect: true },
    now: { state: true },
    expanded: { state: true },
    feesWere: { state: true },
    slippageFailed: { state: true },
  };

  static override styles = [hostStyles, partTokens, styles];

  /** The quote's estimate (amounts in smallest units); a skeleton shows while it is undefined and `loading` is set. */
  estimate?: Estimate;
  /** The token sent (`chainId`, `address`): fees on its chain in another token are paid on top, and count in the value loss. */
  source?: { chainId: string; address: string } | undefined;
  /** Symbol of the token sent. */
  fromSymbol = '';
  /** Decimals of the token sent. */
  fromDecimals = 18;
  /** Symbol of the token received. */
  toSymbol = '';
  /** Decimals of the token received. */
  toDecimals = 18;
  /** Provider name, rendered as text. */
  provider?: string;
  /** Provider reliability, 0 to 1. */
  reliabilityScore?: number;
  /** A quote is being fetched. */
  loading = false;
  /** A refresh is in flight: the shown numbers are about to change. */
  stale = false;
  /** Epoch ms of the next automatic refresh. */
  refreshAt?: number;
  /** Epoch ms at which the quote is asked again because the service is busy (429): the panel says so and counts down. */
  retryAt?: number | undefined;
  /** Slippage tolerance in percent. */
  slippage = 1;
  /** Value loss (USD given, fees paid on top included, vs. USD received), in percent, above which the user must confirm. */
  valueLossThresholdPercent = 5;
  /** The user ticked the value-loss checkbox. Attribute `valuelossconfirmed` (Lit's default, so `?valueLossConfirmed=` works). */
  valueLossConfirmed = false;

  /**
   * The swap box's form: one summary line (fees, time, provider) that opens to
   * the breakdown, and no slippage row (the widget has it behind its gear).
   * What must be seen stays out of the fold: the busy notice, a fee change
   * after a slippage change, the value-loss confirmation.
   */
  summary = false;

  private now = Date.now();
  /** The summary line is open. */
  private expanded = false;
  /**
   * The slippage row of the full panel, a chunk of its own (./slippage-control.ts,
   * shared with the settings behind the swap box's gear): the swap box's summary
   * has no slippage row, so the first load does not carry it. Loaded when a full
   * panel is connected.
   */
  #slippage: SlippageControl | undefined;
  #slippageLoading: Promise<void> | undefined;
  /** Total fees (USD) before a slippage change, while the quote asked with the new slippage costs otherwise: the change is visible. */
  private feesWere: string | undefined = undefined;
  /** The slippage row's chunk could not be fetched: the panel says so where the row would be. */
  private slippageFailed = false;
  /** Total fees of the last estimate shown, and of the one shown when the slippage last changed. */
  #lastFees: string | undefined;
  #feesBefore: string | undefined;

  #timer: ReturnType<typeof setInterval> | undefined;

  /** True when the value-loss warning is shown and its checkbox is not ticked: the host must not continue. */
  get needsValueLossConfirmation(): boolean {
    return this.#lossToConfirm(this.estimate) !== undefined && !this.valueLossConfirmed;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.summary) this.#loadSlippage();
    this.now = Date.now();
    this.#timer = setInterval(() => {
      if (this.refreshAt !== undefined || this.retryAt !== undefined) this.now = Date.now();
    }, 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#timer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('refreshAt') || changed.has('retryAt')) this.now = Date.now();
    // The wait is said once when the service turns busy, not at every second of the countdown (the notice itself is no live region).
    if (this.retryAt !== undefined && changed.has('retryAt') && changed.get('retryAt') === undefined) this.announce(this.#busyText(this.retryAt));
    // A slippage set by the host (not the one just typed) replaces the custom text.
    if (changed.has('slippage')) this.#slippage?.sync(this.slippage);
    if (changed.has('summary') && !this.summary && this.isConnected) this.#loadSlippage();
    // A slippage change (not the first value) keeps the fees shown until the quote for the new slippage says otherwise.
    if (changed.get('slippage') !== undefined) this.#feesBefore = this.#lastFees;
    const estimate = this.estimate;
    if (changed.has('estimate') && estimate) {
      const fees = estimate.totalFeesUsd;
      this.feesWere = this.#feesBefore !== undefined && fees !== this.#feesBefore ? this.#feesBefore : undefined;
      this.#feesBefore = undefined;
      this.#lastFees = fees;
      const before = changed.get('estimate') as Estimate | undefined;
      const loss = this.#lossToConfirm(estimate);
      if (loss !== undefined && this.#lossToConfirm(before) === undefined) {
        this.announce(this.t('quote.lossWarning', { percent: this.#percentText(loss) }));
      } else if (!before) {
        this.announce(this.t('quote.ready', { amount: this.#toText(estimate.toAmount) }));
      }
    }
  }

  #loadSlippage(): void {
    this.#slippageLoading ??= import('./slippage-control.js').then(
      ({ SlippageControl }) => {
        this.#slippage = new SlippageControl(this, {
          slippage: () => this.slippage,
          set: (value) => this.#setSlippage(value),
          t: (key, vars) => this.t(key, vars),
          percent: (value) => this.#percentText(value),
          intl: () => this.intl,
        });
        this.#slippage.sync(this.slippage);
        this.requestUpdate();
      },
      () => {
        this.slippageFailed = true;
      },
    );
  }

  #setSlippage(value: number): void {
    if (value === this.slippage) return;
    this.slippage = value;
    this.dispatchEvent(new CustomEvent<SlippageChangeDetail>('slippage-change', { detail: { slippage: value }, bubbles: true, composed: false }));
  }

  #onConfirm(event: Event): void {
    const confirmed = (event.target as HTMLInputElement).checked;
    this.valueLossConfirmed = confirmed;
    this.dispatchEvent(new CustomEvent<ValueLossConfirmDetail>('value-loss-confirm', { detail: { confirmed }, bubbles: true, composed: false }));
  }

  override render() {
    const estimate = this.estimate;
    const busy = this.loading || this.stale;
    const body = estimate || this.loading ? this.#renderDetails(estimate, busy) : html`<p class="empty">${this.t('quote.empty')}</p>`;
    return html`
      <section class="panel ${this.summary ? 'summary' : ''}" part="base" aria-label=${this.t('quote.label')} aria-busy=${String(busy)}>
        ${this.retryAt === undefined ? nothing : html`<p class="busy" part="notice notice-info">${this.#busyText(this.retryAt)}</p>`}
        ${
          this.summary
            ? html`${this.#renderSummary(estimate, busy)}
                <div id="breakdown" class="breakdown" part="breakdown" ?hidden=${!this.expanded}>${this.#renderHeader(busy)} ${body}</div>
                ${
                  this.feesWere === undefined || this.expanded
                    ? nothing
                    : html`<p class="usd" part="fees-were">${this.t('quote.feesWere', { fees: formatUsd(this.feesWere, this.intl) ?? '?' })}</p>`
                }`
            : html`${this.#renderHeader(busy)} ${body}
              ${this.slippageFailed ? html`<p class="usd" role="alert">${this.t('error.chunk-load')}</p>` : (this.#slippage?.render() ?? nothing)}`
        }
        ${this.#renderValueLoss(estimate)}
        <div class="visually-hidden" aria-live="polite">${this.announcement}</div>
      </section>
    `;
  }

  /** The one line of the swap box: total fees and time, a button that opens the breakdown. */
  #renderSummary(estimate: Estimate | undefined, busy: boolean) {
    const seconds = estimate && expectedSeconds(estimate);
    const fees = estimate && (this.#usd(formatUsd(estimate.totalFeesUsd, this.intl)) ?? this.t('quote.notAvailable'));
    const text = estimate
      ? html`${this.t('quote.summaryFees')} ${fees}${seconds ? html` · ${this.t('quote.approx', { amount: formatEstimate(seconds, this.intl) })}` : nothing}`
      : this.t(this.loading ? 'quote.finding' : 'quote.empty');
    return html`<button
      class="summary-line"
      part="summary"
      type="button"
      aria-expanded=${this.expanded ? 'true' : 'false'}
      aria-controls="breakdown"
      ?disabled=${!estimate}
      @click=${() => (this.expanded = !this.expanded)}
    >
      <span class="summary-text ${busy ? 'stale' : ''}">${text}</span>
      ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}
      <svg class="chevron" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 6l4 4 4-4" /></svg>
    </button>`;
  }

  #renderHeader(busy: boolean) {
    const { provider, estimate, refreshAt } = this;
    const score = this.reliabilityScore ?? NaN;
    const percent = Math.round(Math.min(1, Math.max(0, score)) * 100);
    const seconds = secondsUntil(refreshAt ?? 0, this.now);
    return html`
      <div class="header" part="header">
        <span class="provider">
          <span class="provider-name" part=${provider ? 'provider' : nothing} title=${provider || nothing}
            >${provider ? this.t('quote.via', { provider }) : this.t(estimate || !this.loading ? 'quote.label' : 'quote.finding')}</span
          >
          ${
            Number.isFinite(score)
              ? html`<span class="reliability" part="reliability">
                <span class="meter" aria-hidden="true"><span style=${cssProperties({ width: `${percent}%` })}></span></span>
                ${this.t('quote.reliable', { percent: formatPercent(percent, this.intl) })}
              </span>`
              : nothing
          }
        </span>
        <span class="refresh" part="refresh"
          >${
            busy
              ? html`<span class="spinner" aria-hidden="true"></span>${this.t(estimate ? 'quote.updating' : 'quote.loading')}`
              : refreshAt === undefined || !estimate
                ? nothing
                : this.t(seconds > 0 ? 'quote.refreshIn' : 'quote.refreshing', { when: formatRelative(seconds, this.intl) })
          }</span
        >
      </div>
    `;
  }

  /** The amounts and fees; without an estimate (the first quote is loading), a skeleton of the same rows. */
  #renderDetails(estimate: Estimate | undefined, busy: boolean) {
    const row = (kind: string, part: string | typeof nothing, label: unknown, value: unknown) =>
      html`<div class="row ${kind}" part=${part}><dt>${label}</dt> <dd>${value}</dd></div> `;
    const receive = this.t('quote.receive');
    const minimum = this.t('quote.minimum');
    const totalFees = this.t('quote.totalFees');
    if (!estimate) {
      const bar = html`<span class="bar"></span>`;
      const short = html`<span class="bar short"></span>`;
      return html`
        <dl part="skeleton" aria-hidden="true">
          ${row('primary', nothing, receive, bar)} ${row('', nothing, minimum, bar)} ${row('fee', nothing, short, bar)}
          ${row('total', nothing, totalFees, short)}
        </dl>
      `;
    }
    const seconds = expectedSeconds(estimate);
    return html`
      <dl part="details" class=${busy ? 'stale' : ''}>
        ${row('primary', 'received', receive, this.#withUsd(this.t('quote.approx', { amount: this.#toText(estimate.toAmount) }), estimate.toAmountUsd))}
        ${row('', 'minimum', minimum, this.#withUsd(html`<bdi>${this.#toText(estimate.toAmountMin)}</bdi>`, estimate.toAmountMinUsd))}
        ${estimate.fees.map((fee) => {
          const label = humanFeeType(fee.type, this.table);
          const amount = this.#amountText(fee.amount, fee.token.decimals, fee.token.symbol);
          return isPaidOnTop(fee, this.source)
            ? row('fee', 'fee fee-on-top', this.t('quote.onTop', { fee: label }), this.#withUsd(html`+ <bdi>${amount}</bdi>`, fee.amountUsd))
            : row('fee', 'fee', label, this.#withUsd(html`<bdi>${amount}</bdi>`, fee.amountUsd));
        })}
        ${row(
          'total',
          'total-fees',
          totalFees,
          html`${this.#usd(formatUsd(estimate.totalFeesUsd, this.intl)) ?? this.t('quote.notAvailable')}${
            this.feesWere === undefined
              ? nothing
              : html` <span class="usd" part="fees-were">${this.t('quote.feesWere', { fees: formatUsd(this.feesWere, this.intl) ?? '?' })}</span>`
          }`,
        )}
        ${seconds ? row('', 'duration', this.t('quote.duration'), this.t('quote.approx', { amount: formatEstimate(seconds, this.intl) })) : nothing}
      </dl>
    `;
  }

  #renderValueLoss(estimate: Estimate | undefined) {
    const loss = this.#lossToConfirm(estimate);
    if (loss === undefined) return nothing;
    const percent = this.#percentText(loss);
    return html`
      <div class="value-loss" part="value-loss" role="group" aria-labelledby="loss-text">
        <p id="loss-text">
          <strong>${this.t('quote.lossTitle', { percent })}</strong>
          ${this.t('quote.lossDetail', { from: formatUsd(givenUsd(estimate, this.source), this.intl) ?? '', to: formatUsd(estimate?.toAmountUsd, this.intl) ?? '' })}
        </p>
        <label class="confirm">
          <input type="checkbox" required .checked=${this.valueLossConfirmed} @change=${this.#onConfirm} />
          <span>${this.t('quote.lossConfirm', { percent })}</span>
        </label>
      </div>
    `;
  }

  /** The value loss of `estimate` the user must confirm (the form's rule, src/model/quote.ts), else undefined. */
  #lossToConfirm(estimate: Estimate | undefined): number | undefined {
    return lossToConfirm(estimate, this.source, this.valueLossThresholdPercent);
  }

  /** "The bridge service is busy; asking again in 3 seconds.", counting down, then "asking again now…" while that request is out. */
  #busyText(retryAt: number): string {
    const seconds = secondsUntil(retryAt, this.now);
    return seconds > 0 ? this.t('notice.busyRetry', { when: formatRelative(seconds, this.intl) }) : this.t('notice.busyNow');
  }

  #amountText(value: bigint, decimals: number, symbol: string): string {
    const amount = formatAmount(value, decimals, { locale: this.intl });
    return symbol ? `${amount} ${symbol}` : amount;
  }

  /** An amount of the token received. */
  #toText(value: bigint): string {
    return this.#amountText(value, this.toDecimals, this.toSymbol);
  }

  /** `text`, followed by its USD value in parentheses when known. */
  #withUsd(text: unknown, usd: string | undefined) {
    const formatted = formatUsd(usd, this.intl);
    return formatted ? html`${text} <span class="usd">${this.#usd(`(${formatted})`)}</span>` : text;
  }

  /** A fiat amount reads left to right, in a right-to-left layout too. */
  #usd(text: string | undefined) {
    return text === undefined ? undefined : html`<bdi dir="ltr">${text}</bdi>`;
  }

  #percentText(value: number): string {
    return formatPercent(value, this.intl);
  }
}

declare global {
  interface HTMLElementEventMap {
    'slippage-change': CustomEvent<SlippageChangeDetail>;
    'value-loss-confirm': CustomEvent<ValueLossConfirmDetail>;
  }
}
