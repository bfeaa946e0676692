import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { formatAmount, formatUsd } from '../../format/amount.js';
import { PartElement } from '../shared/part.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles } from './route-review.styles.js';

/** A token amount in smallest units, with what it takes to show it. */
export interface ReviewAmount {
  value: bigint;
  decimals: number;
  symbol: string;
}

/** What the wallet is about to be asked to sign. */
export interface RouteReviewView {
  amount: ReviewAmount;
  /** Native value leaving the wallet with the transaction; not shown when zero. */
  nativeValue: ReviewAmount;
  recipient: string;
  toChainName: string;
  /** Expected amount received, and the guaranteed minimum. */
  toAmount: ReviewAmount;
  toAmountMin: ReviewAmount;
  /** Set while the user must accept or refuse terms worse than the quote; nothing is signed meanwhile. */
  terms?: TermsBefore | undefined;
}

/** The quote's figures the route is compared with (destination token smallest units; fees in USD). */
export interface TermsBefore {
  toAmount: bigint;
  toAmountMin: bigint;
  feesUsdBefore?: string | undefined;
  feesUsdNow?: string | undefined;
}

/**
 * @summary What the wallet is about to sign, shown before it opens; when the route's terms got worse than the quote, the old and new figures side by side with Accept and Cancel.
 *
 * In terms mode the heading takes focus and the change is announced (role
 * `alert`); Escape cancels like the Cancel button.
 *
 * @fires terms-confirm - `CustomEvent<null>`: the user accepts the new terms. Bubbles, not composed.
 * @fires terms-cancel - `CustomEvent<null>`: the user refuses them; nothing is signed. Bubbles, not composed.
 *
 * @csspart base - The section around the review.
 * @csspart details - The list of amount, native value, recipient, destination and amount received.
 * @csspart terms - The old-versus-new table.
 * @csspart confirm - The "Accept new terms" button.
 * @csspart cancel - The "Cancel" button.
 *
 * @cssprop --bridge-color-border - Border of the review.
 * @cssprop --bridge-color-warning - Border and text of the terms change.
 * @cssprop --bridge-color-warning-bg - Background of the terms change.
 * @cssprop --bridge-color-accent - Buttons.
 * @cssprop --bridge-font-mono - The recipient address.
 */
export class RouteReview extends PartElement {
  static override styles = [hostStyles, partTokens, styles];

  /** The figures to show; nothing renders while it is unset. */
  @property({ attribute: false }) view: RouteReviewView | undefined = undefined;

  protected override updated(changed: PropertyValues<this>): void {
    const before = changed.get('view') as RouteReviewView | undefined;
    // The user must answer before anything goes on: bring the question to them.
    if (changed.has('view') && this.view?.terms && !before?.terms) this.renderRoot.querySelector<HTMLElement>('h3')?.focus();
  }

  private answer(type: 'terms-confirm' | 'terms-cancel'): void {
    this.dispatchEvent(new CustomEvent(type, { detail: null, bubbles: true, composed: false }));
  }

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && this.view?.terms) {
      event.stopPropagation();
      this.answer('terms-cancel');
    }
  };

  override render() {
    const view = this.view;
    if (!view) return nothing;
    const { terms, toAmount } = view;
    const amount = ({ value, decimals, symbol }: ReviewAmount) => `${formatAmount(value, decimals, { locale: this.locale })} ${symbol}`;
    const received = (value: bigint) => amount({ ...toAmount, value });
    const feesBefore = formatUsd(terms?.feesUsdBefore, this.locale);
    const feesNow = formatUsd(terms?.feesUsdNow, this.locale);
    return html`<section part="base" class=${terms ? 'terms' : ''} aria-labelledby="title" @keydown=${this.onKeydown}>
      <h3 id="title" tabindex="-1">${this.t(terms ? 'terms.title' : 'review.title')}</h3>
      ${terms
        ? html`<p class="alert" role="alert">${this.t('terms.message', { new: amount(toAmount), old: received(terms.toAmount) })}</p>
            <table part="terms">
              <thead>
                <tr>
                  <td></td>
                  <th scope="col">${this.t('terms.before')}</th>
                  <th scope="col">${this.t('terms.now')}</th>
                </tr>
              </thead>
              <tbody>
                ${this.row('review.receive', received(terms.toAmount), amount(toAmount))}
                ${this.row('terms.minimum', received(terms.toAmountMin), amount(view.toAmountMin))}
                ${feesBefore && feesNow ? this.row('terms.fees', feesBefore, feesNow) : nothing}
              </tbody>
            </table>`
        : nothing}
      <dl part="details">
        <dt>${this.t('review.amount')}</dt>
        <dd>${amount(view.amount)}</dd>
        ${view.nativeValue.value > 0n
          ? html`<dt>${this.t('review.nativeValue', { symbol: view.nativeValue.symbol })}</dt>
              <dd>${amount(view.nativeValue)}</dd>`
          : nothing}
        <dt>${this.t('review.recipient')}</dt>
        <dd class="address">${view.recipient}</dd>
        <dt>${this.t('review.destination')}</dt>
        <dd>${view.toChainName}</dd>
        <dt>${this.t('review.receive')}</dt>
        <dd>${this.t('review.approx', { amount: amount(toAmount) })}</dd>
      </dl>
      ${terms
        ? html`<div class="actions">
            <button class="confirm" part="confirm" type="button" @click=${() => this.answer('terms-confirm')}>${this.t('terms.confirm')}</button>
            <button part="cancel" type="button" @click=${() => this.answer('terms-cancel')}>${this.t('terms.cancel')}</button>
          </div>`
        : nothing}
    </section>`;
  }

  private row(label: 'review.receive' | 'terms.minimum' | 'terms.fees', before: string, now: string) {
    return html`<tr>
      <th scope="row">${this.t(label)}</th>
      <td>${before}</td>
      <td>${now}</td>
    </tr>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'terms-confirm': CustomEvent<null>;
    'terms-cancel': CustomEvent<null>;
  }
}
