import { html, nothing, type PropertyValues, type PropertyDeclarations } from 'lit';
import type { Estimate } from '../../api/schemas.js';
import type { RouteReview as Review } from '../../flow/transfer.js';
import { formatAmount, formatUsd, shortenHex, usdValue } from '../../format/amount.js';
import { NATIVE_TOKEN } from '../../model/tokens.js';
import { PartElement } from '../shared/part.js';
import { PartEvent } from '../shared/part-event.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles } from './route-review.styles.js';
import { enReview } from '../../i18n/en/review.js';

/** How to show a token's amounts: its dollar value beside each when its price is known. */
export interface ReviewToken {
  symbol: string;
  decimals: number;
  usdPrice?: number | null | undefined;
}

/** What the wallet is about to be asked to sign, and what it takes to show it. */
export interface RouteReviewView {
  /** From the flow: amount, native value, recipient, the route's estimate, and what the simulation found and the network fee. */
  review: Review;
  fromToken: ReviewToken;
  toToken: ReviewToken;
  /** The source chain's native currency (the native value is shown when non-zero). */
  native: ReviewToken;
  /** The chain the funds leave from, by name (with what is sent). */
  fromChainName?: string | undefined;
  toChainName: string;
  /** Set while the user must accept or refuse terms worse than this quote; nothing is signed meanwhile. */
  terms?: Estimate | undefined;
}

/** `bw-terms-confirm`: the user accepts the route's new terms. */
export class TermsConfirmEvent extends PartEvent {
  static override readonly type = 'bw-terms-confirm';
}

/** `bw-terms-cancel`: the user refuses the route's new terms; nothing is signed. */
export class TermsCancelEvent extends PartEvent {
  static override readonly type = 'bw-terms-cancel';
}

/**
 * @summary What the wallet is about to sign, shown before it opens; when the route's terms got worse than the quote, the old and new figures side by side with Accept and Cancel.
 *
 * In terms mode the heading takes focus and the change is announced (role
 * `alert`); Escape cancels like the Cancel button.
 *
 * @fires {TermsConfirmEvent} bw-terms-confirm - `CustomEvent<null>`: the user accepts the new terms. Bubbles, not composed.
 * @fires {TermsCancelEvent} bw-terms-cancel - `CustomEvent<null>`: the user refuses them; nothing is signed. Bubbles, not composed.
 *
 * @csspart base - The section around the review.
 * @csspart details - The amount, what leaves the wallet, the network fee, the allowances, recipient, destination, amount received and its minimum.
 * @csspart simulation - The line that says whether the route was simulated ("Not simulated" and why, as a warning).
 * @csspart terms - The old-versus-new table.
 * @csspart confirm - The "Accept new terms" button.
 * @csspart cancel - The "Cancel" button.
 *
 * @cssprop --bridge-color-border - Border of the review.
 * @cssprop --bridge-color-warning - Border and text of the terms change.
 * @cssprop --bridge-color-warning-bg - Background of the terms change.
 * @cssprop --bridge-color-accent - Buttons.
 */
export class RouteReview extends PartElement {
  protected static override english = enReview;

  static override properties: PropertyDeclarations = {
    view: { attribute: false },
    recipientWhole: { state: true },
  };

  static override styles = [hostStyles, partTokens, styles];

  /** The figures to show; nothing renders while it is unset. */
  view: RouteReviewView | undefined = undefined;

  /** The recipient is shown shortened until the user asks to see it whole. */
  private recipientWhole = false;

  protected override updated(changed: PropertyValues<this>): void {
    // The user must answer before anything goes on: bring the question to them.
    if (this.view?.terms && !(changed.get('view') as RouteReviewView | undefined)?.terms) this.renderRoot.querySelector('h3')?.focus();
  }

  #answer(Answer: typeof TermsConfirmEvent | typeof TermsCancelEvent): void {
    this.dispatchEvent(new Answer());
  }

  override render() {
    const view = this.view;
    if (!view) return nothing;
    const { terms, review, toToken } = view;
    const now = review.estimate;
    const show = (value: bigint, { decimals, symbol }: ReviewToken = toToken) => `${formatAmount(value, decimals, { locale: this.intl })} ${symbol}`;
    // Dollars beside a token amount wherever the token's price is known, as in the quote.
    const worth = (value: bigint, token: ReviewToken = toToken) => {
      const usd = formatUsd(usdValue(value, token.decimals, token.usdPrice), this.intl);
      return usd ? `${show(value, token)} (${usd})` : show(value, token);
    };
    const on = (text: string, chain: string | undefined) => (chain ? this.t('review.onChain', { amount: text, chain }) : text);
    // Amounts and the address read left to right inside a right-to-left layout.
    const ltr = (text: string) => html`<bdi dir="ltr">${text}</bdi>`;
    const row = (label: 'review.receive' | 'terms.minimum' | 'terms.fees', before: unknown = '', after: unknown = '') =>
      html`<tr>
        <th scope="row">${this.t(label)}</th>
        <td>${before}</td>
        <td>${after}</td>
      </tr>`;
    // One row per item, the value at the end of the label's line while both fit (a short review), below it otherwise.
    const item = (label: string, value: unknown) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
    const simulated = review.simulation?.kind === 'simulated' ? review.simulation : undefined;
    // After the effect rules only the source token and native currency can leave or be approved.
    const tokenOf = (asset: string): ReviewToken => (asset === NATIVE_TOKEN ? view.native : view.fromToken);
    // What leaves the wallet besides the amount sent (a fee paid on top): the amount itself is the row above.
    const also = simulated?.leaves.filter(({ asset, amount }) => !(asset !== NATIVE_TOKEN && amount === review.amount)) ?? [];
    return html`<section
      part="base"
      class=${terms ? 'terms' : ''}
      aria-labelledby=${terms ? 'title' : nothing}
      aria-label=${terms ? nothing : this.t('review.title')}
      @keydown=${(e: KeyboardEvent) => terms && e.key === 'Escape' && this.#answer(TermsCancelEvent)}
    >
      ${
        // One heading while the wallet asks: the shell's step. The review is named by its label; a terms change has its own heading, focused.
        terms ? html`<h3 id="title" tabindex="-1">${this.t('terms.title')}</h3>` : nothing
      }
      ${
        terms
          ? html`<p role="alert">${this.t('terms.message', { new: show(now.toAmount), old: show(terms.toAmount) })}</p>
            <table part="terms">
              <tr>
                <td></td>
                <th scope="col">${this.t('terms.before')}</th>
                <th scope="col">${this.t('terms.now')}</th>
              </tr>
              ${row('review.receive', ltr(show(terms.toAmount)), ltr(show(now.toAmount)))}
              ${row('terms.minimum', ltr(show(terms.toAmountMin)), ltr(show(now.toAmountMin)))}
              ${row('terms.fees', ltr(formatUsd(terms.totalFeesUsd, this.intl) ?? ''), ltr(formatUsd(now.totalFeesUsd, this.intl) ?? ''))}
            </table>`
          : nothing
      }
      <dl part="details">
        ${item(this.t('review.amount'), on(worth(review.amount, view.fromToken), view.fromChainName))}
        ${
          simulated
            ? also.length
              ? item(
                  this.t(also.length < simulated.leaves.length ? 'review.alsoLeaves' : 'review.leaves'),
                  ltr(also.map(({ asset, amount }) => worth(amount, tokenOf(asset))).join(', ')),
                )
              : nothing
            : review.nativeValue
              ? item(this.t('review.nativeValue', { symbol: view.native.symbol }), ltr(show(review.nativeValue, view.native)))
              : nothing
        }
        ${
          review.networkFee
            ? item(
                this.t('review.networkFee'),
                ltr(
                  // The bound in the native token, as the wallet will cap it; the expected fee with its dollars beside it.
                  this.t('review.fee', { expected: worth(review.networkFee.expected, view.native), maximum: show(review.networkFee.maximum, view.native) }),
                ),
              )
            : nothing
        }
        ${(simulated?.allowances ?? [])
          .filter(({ remaining }) => remaining)
          .map(({ token, spender, amount, remaining }) => {
            const unit = tokenOf(token);
            const vars = {
              amount: show(amount, unit),
              spender: sameAddress(spender, review.to) ? this.t('review.bridgeContract') : this.t('review.otherContract', { address: shortenHex(spender) }),
              left: show(remaining ?? 0n, unit),
            };
            // An allowance the transfer uses up is the approval step below; one it leaves standing is said here.
            return item(this.t('review.allowance'), this.t('review.allowanceLeft', vars));
          })}
        ${item(this.t('review.receive'), on(`≈ ${worth(now.toAmount)}`, view.toChainName))} ${item(this.t('review.minimum'), ltr(worth(now.toAmountMin)))}
        ${item(
          this.t('review.recipient'),
          this.recipientWhole
            ? html`<bdi dir="ltr" class="address">${review.toAddress}</bdi>`
            : html`<bdi dir="ltr" title=${review.toAddress}>${shortenHex(review.toAddress)}</bdi>
                <button class="whole" part="recipient-whole" @click=${() => (this.recipientWhole = true)}>${this.t('review.showWhole')}</button>`,
        )}
      </dl>
      ${
        review.simulation?.kind === 'not-simulated'
          ? html`<p class="warning" part="simulation">
              <strong>${this.t('review.notSimulated')}</strong> ${this.t(`review.notSimulated.${review.simulation.reason}`)}
            </p>`
          : simulated
            ? html`<p class="note" part="simulation">${this.t('review.simulated')}</p>`
            : nothing
      }
      ${review.routeFeesIgnored ? html`<p class="note">${this.t('review.routeFeesIgnored')}</p>` : nothing}
      ${
        terms
          ? html`<button class="confirm" part="confirm" @click=${() => this.#answer(TermsConfirmEvent)}>${this.t('terms.confirm')}</button>
            <button part="cancel" @click=${() => this.#answer(TermsCancelEvent)}>${this.t('terms.cancel')}</button>`
          : nothing
      }
    </section>`;
  }
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

declare global {
  interface HTMLElementEventMap {
    'bw-terms-confirm': TermsConfirmEvent;
    'bw-terms-cancel': TermsCancelEvent;
  }
}
