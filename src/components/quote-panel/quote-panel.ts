import { adoptStyles, html, nothing, type CSSResultOrNative, type PropertyValues, type PropertyDeclarations } from 'lit';
import type { Estimate } from '../../api/schemas.js';
import { formatAmount, formatUsd } from '../../format/amount.js';
import { formatPercent } from '../../format/number.js';
import { lazy } from '../../model/lazy.js';
import { enQuote } from '../../i18n/en/quote.js';
import { PartElement } from '../shared/part.js';
import { PartEvent } from '../shared/part-event.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles } from './quote-panel.styles.js';
import { SlippageChangeEvent } from './slippage-change.js';

export { SlippageChangeEvent, type SlippageChangeDetail } from './slippage-change.js';

/** Detail of `bw-value-loss-confirm`. */
export interface ValueLossConfirmDetail {
  confirmed: boolean;
}

/** `bw-value-loss-confirm`: the value-loss checkbox changed. */
export class ValueLossConfirmEvent extends PartEvent<ValueLossConfirmDetail> {
  static override readonly type = 'bw-value-loss-confirm';
}

import type { SlippageControl } from './slippage-control.js';
import type * as Breakdown from './quote-breakdown.js';
import { SLIPPAGE_MAX, expectedSeconds, givenUsd, valueLossPercent } from '../../model/quote.js';
import { formatEstimate, formatRelative, secondsUntil } from '../../format/duration.js';

export { SLIPPAGE_MAX, valueLossPercent };

/**
 * @summary The quote of a route: what arrives, the guaranteed minimum, itemised fees, provider, slippage and value-loss warning.
 *
 * While `stale` (a refresh in flight) the previous numbers stay, dimmed, with a
 * spinner, so nothing jumps. With `loading` and no estimate a skeleton of the
 * same rows holds the space.
 *
 * @fires {SlippageChangeEvent} bw-slippage-change - `CustomEvent<SlippageChangeDetail>` when a preset is picked or a valid custom value is typed. Bubbles, not composed.
 * @fires {ValueLossConfirmEvent} bw-value-loss-confirm - `CustomEvent<ValueLossConfirmDetail>` when the value-loss checkbox changes. Bubbles, not composed.
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
    valueLoss: { type: Number, attribute: 'value-loss' },
    valueLossConfirmed: { type: Boolean },
    summary: { type: Boolean, reflect: true },
    now: { state: true },
    expanded: { state: true },
    feesWere: { state: true },
    slippageFailed: { state: true },
    breakdownFailed: { state: true },
  };

  static override styles = [hostStyles, partTokens, styles];

  /** The line's English (and its breakdown's): it travels with the panel, which is no part of the widget's first load. */
  protected static override english = enQuote;

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
  /**
   * The value loss the user must confirm, in percent (USD given, fees paid on
   * top included, vs. USD received), or undefined when there is none to
   * confirm. Decided once by the form (`lossToConfirm` in src/model/quote.ts,
   * the widget's `value-loss-threshold`) and handed here: the panel shows the
   * warning and its checkbox for it and decides nothing.
   */
  valueLoss?: number | undefined;
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
  /** Total fees (USD) before a slippage change, while the quote asked with the new slippage costs otherwise: the change is visible. */
  private feesWere: string | undefined = undefined;
  /**
   * The breakdown (provider, amounts, fees; ./quote-breakdown.ts), with its
   * styles: loaded when the summary line is opened, or when a full panel is
   * connected. In the widget it is already here: it travels in the quote
   * line's chunk (src/bridge-widget/moments/quote.ts), so this import finds it
   * loaded; a panel used on its own fetches it then.
   */
  #breakdown: typeof Breakdown | undefined;
  /** The breakdown's chunk could not be fetched: the panel says so where it would be. */
  private breakdownFailed = false;
  /** The slippage row's chunk could not be fetched: the panel says so where the row would be. */
  private slippageFailed = false;
  /** Total fees of the last estimate shown, and of the one shown when the slippage last changed. */
  #lastFees: string | undefined;
  #feesBefore: string | undefined;

  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #chunkStyles: CSSResultOrNative[] = [];

  /** True when the value-loss warning is shown and its checkbox is not ticked: the host must not continue. */
  get needsValueLossConfirmation(): boolean {
    return this.valueLoss !== undefined && !this.valueLossConfirmed;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.summary) {
      this.#loadBreakdown();
      this.#loadSlippage();
    }
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
    if (changed.has('summary') && !this.summary && this.isConnected) {
      this.#loadBreakdown();
      this.#loadSlippage();
    }
    // A slippage change (not the first value) keeps the fees shown until the quote for the new slippage says otherwise.
    if (changed.get('slippage') !== undefined) this.#feesBefore = this.#lastFees;
    const estimate = this.estimate;
    if (changed.has('estimate') && estimate) {
      const fees = estimate.totalFeesUsd;
      this.feesWere = this.#feesBefore !== undefined && fees !== this.#feesBefore ? this.#feesBefore : undefined;
      this.#feesBefore = undefined;
      this.#lastFees = fees;
    }
    // A loss to confirm is said when it appears; otherwise the first quote is.
    const loss = this.valueLoss;
    if (loss !== undefined && changed.has('valueLoss') && changed.get('valueLoss') === undefined) {
      this.announce(this.t('quote.lossWarning', { percent: this.#percentText(loss) }));
    } else if (estimate && changed.has('estimate') && !changed.get('estimate')) {
      this.announce(this.t('quote.ready', { amount: this.#toText(estimate.toAmount) }));
    }
  }

  /** A chunk's styles join the panel's (the breakdown's, the slippage row's), in this shadow root. */
  #adoptStyles(sheet: CSSResultOrNative): void {
    this.#chunkStyles.push(sheet);
    const root = this.renderRoot;
    if (root instanceof ShadowRoot) adoptStyles(root, [...(this.constructor as typeof QuotePanel).elementStyles, ...this.#chunkStyles]);
  }

  /** The breakdown's chunk, once; a failed fetch is tried again on the next need (../../model/lazy.ts): the next click on the summary line, or the panel connected again. */
  readonly #breakdownLoad = lazy(() =>
    import('./quote-breakdown.js').then((breakdown) => {
      this.#breakdown = breakdown;
      this.#adoptStyles(breakdown.breakdownStyles);
      this.requestUpdate();
    }),
  );

  /** The slippage row's chunk, once; a failed fetch is tried again on the next need (the panel connected again, or shown in full). */
  readonly #slippageLoad = lazy(() =>
    import('./slippage-control.js').then(({ SlippageControl, slippageStyles }) => {
      this.#adoptStyles(slippageStyles);
      this.#slippage = new SlippageControl(this, {
        slippage: () => this.slippage,
        set: (value) => this.#setSlippage(value),
        t: (key, vars) => this.t(key, vars),
        percent: (value) => this.#percentText(value),
        intl: () => this.intl,
      });
      this.#slippage.sync(this.slippage);
      this.requestUpdate();
    }),
  );

  #loadBreakdown(): void {
    this.#breakdownLoad.load().then(
      () => (this.breakdownFailed = false),
      () => (this.breakdownFailed = true),
    );
  }

  #loadSlippage(): void {
    this.#slippageLoad.load().then(
      () => (this.slippageFailed = false),
      () => (this.slippageFailed = true),
    );
  }

  #setSlippage(value: number): void {
    if (value === this.slippage) return;
    this.slippage = value;
    this.dispatchEvent(new SlippageChangeEvent({ slippage: value }));
  }

  #onConfirm(event: Event): void {
    const confirmed = (event.target as HTMLInputElement).checked;
    this.valueLossConfirmed = confirmed;
    this.dispatchEvent(new ValueLossConfirmEvent({ confirmed }));
  }

  override render() {
    const estimate = this.estimate;
    const busy = this.loading || this.stale;
    const breakdown = this.#renderBreakdown(busy);
    return html`
      <section class="panel ${this.summary ? 'summary' : ''}" part="base" aria-label=${this.t('quote.label')} aria-busy=${String(busy)}>
        ${this.retryAt === undefined ? nothing : html`<p class="busy" part="notice notice-info">${this.#busyText(this.retryAt)}</p>`}
        ${
          this.summary
            ? html`${this.#renderSummary(estimate, busy)}
                <div id="breakdown" class="breakdown" part="breakdown" ?hidden=${!this.expanded}>${this.expanded ? breakdown : nothing}</div>
                ${
                  this.feesWere === undefined || this.expanded
                    ? nothing
                    : html`<p class="usd" part="fees-were">${this.t('quote.feesWere', { fees: formatUsd(this.feesWere, this.intl) ?? '?' })}</p>`
                }`
            : html`${breakdown}
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
      @click=${() => {
        this.#loadBreakdown();
        this.expanded = !this.expanded;
      }}
    >
      <span class="summary-text ${busy ? 'stale' : ''}">${text}</span>
      ${busy ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}
      <svg class="chevron" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 6l4 4 4-4" /></svg>
    </button>`;
  }

  /** The breakdown once its chunk is here; until then nothing (it is fetched while the page is idle), or what went wrong. */
  #renderBreakdown(busy: boolean) {
    if (this.breakdownFailed) return html`<p class="usd" role="alert">${this.t('error.chunk-load')}</p>`;
    return (
      this.#breakdown?.renderBreakdown({
        estimate: this.estimate,
        loading: this.loading,
        busy,
        provider: this.provider,
        reliabilityScore: this.reliabilityScore,
        refreshAt: this.refreshAt,
        now: this.now,
        feesWere: this.feesWere,
        source: this.source,
        t: (key, vars) => this.t(key, vars),
        table: this.table,
        intl: this.intl,
        amount: (value, decimals, symbol) => this.#amountText(value, decimals, symbol),
        received: (value) => this.#toText(value),
        usd: (text) => this.#usd(text),
      }) ?? nothing
    );
  }

  #renderValueLoss(estimate: Estimate | undefined) {
    const loss = this.valueLoss;
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
    'bw-value-loss-confirm': ValueLossConfirmEvent;
  }
}
