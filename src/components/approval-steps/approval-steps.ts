import { html, nothing, svg, type PropertyValues, type SVGTemplateResult, type PropertyDeclarations } from 'lit';
import { formatAmount, shortenHex } from '../../format/amount.js';
import { safeHttpUrl } from '../../format/safe-url.js';
import { fillParts } from '../../i18n/strings.js';
import { PartElement } from '../shared/part.js';
import { PartEvent } from '../shared/part-event.js';
import { hostStyles, partTokens, spinStyles } from '../shared/styles.js';
import { styles } from './approval-steps.styles.js';
import { enReview } from '../../i18n/en/review.js';

export type ApprovalStepState = 'checking' | 'needed' | 'sufficient' | 'waiting-wallet' | 'mining' | 'rechecking' | 'done' | 'failed' | 'rejected';

export interface ApprovalStepView {
  id: string;
  tokenSymbol: string;
  tokenDecimals: number;
  tokenAddress: string;
  spender: string;
  spenderLabel?: string;
  /** Explorer page of the spender: the label links to it, with the full address in its title. */
  spenderUrl?: string | undefined;
  amount: bigint;
  chainName: string;
  state: ApprovalStepState;
  txHash?: string;
  explorerUrl?: string;
  message?: string;
}

/** Detail of `bw-approval-retry`: the step to try again. */
export interface ApprovalRetryDetail {
  id: string;
}

/** `bw-approval-retry`: "Try again" on a failed or rejected step. */
export class ApprovalRetryEvent extends PartEvent<ApprovalRetryDetail> {
  static override readonly type = 'bw-approval-retry';
}

// Stroke, fill and line caps come from the stylesheet.
const ICON_SPINNER = svg`<circle class="spin" cx="8" cy="8" r="6" stroke-dasharray="26 12" />`;
const ICON_CHECK = svg`<path d="M3 8.5l3 3 7-7" />`;
const ICON_CROSS = svg`<path d="M4 4l8 8M12 4l-8 8" />`;
const ICON_ALERT = svg`<circle cx="8" cy="8" r="6" stroke-width="1.5" /><path d="M8 4.8v4M8 11v.2" stroke-width="1.8" />`;
const ICON_WALLET = svg`<rect x="2" y="3.5" width="12" height="9" rx="2" stroke-width="1.5" /><path d="M10 8h2" />`;

const STATE_ICON: Record<ApprovalStepState, SVGTemplateResult> = {
  checking: ICON_SPINNER,
  needed: ICON_ALERT,
  sufficient: ICON_CHECK,
  'waiting-wallet': ICON_WALLET,
  mining: ICON_SPINNER,
  rechecking: ICON_SPINNER,
  done: ICON_CHECK,
  failed: ICON_CROSS,
  rejected: ICON_CROSS,
};

const FINISHED: readonly ApprovalStepState[] = ['sufficient', 'done'];

/** An address or hash, shortened, with the full value in its title. */
const address = (hex: string) => html`<span class="address" dir="ltr" title=${hex}>${shortenHex(hex)}</span>`;

/**
 * @summary The token approvals a route needs, in order, each with its state.
 *
 * Each row names the amount, the token and the spender (shortened, full value
 * in its title) and the chain, so the user can match it with the wallet prompt.
 * State changes are announced through a polite live region.
 *
 * @fires {ApprovalRetryEvent} bw-approval-retry - `CustomEvent<ApprovalRetryDetail>` from "Try again" on a failed or rejected step. Bubbles, not composed.
 *
 * @csspart base - The ordered list (also `list`).
 * @csspart list - The ordered list.
 * @csspart step - One approval row.
 * @csspart badge - The state badge (icon and text).
 * @csspart tx-link - The approval transaction's explorer link.
 * @csspart spender-link - The spender's label, linking to its page on the explorer.
 * @csspart message - The failure message.
 * @csspart retry - The "Try again" button.
 *
 * @cssprop --bridge-color-border - Row border.
 * @cssprop --bridge-color-success - Done rows.
 * @cssprop --bridge-color-danger - Failed rows.
 * @cssprop --bridge-color-warning - Rows waiting for the user.
 * @cssprop --bridge-font-mono - Addresses.
 */
export class ApprovalSteps extends PartElement {
  protected static override english = enReview;

  static override properties: PropertyDeclarations = {
    steps: { attribute: false },
    unlimited: { type: Boolean },
  };

  static override styles = [hostStyles, partTokens, spinStyles, styles];

  /** The approvals of the latest route, in order, each with its state. */
  steps: ApprovalStepView[] = [];
  /** The host opted into unlimited approvals: rows say "unlimited" instead of an amount. */
  unlimited = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    const before = changed.get('steps') as ApprovalStepView[] | undefined;
    if (!before) return;
    const previous = new Map(before.map((step) => [step.id, step.state]));
    const total = this.steps.length;
    const changes = this.steps.flatMap((step, index) =>
      previous.has(step.id) && previous.get(step.id) !== step.state
        ? [this.t('approval.announce', { index: index + 1, total, symbol: step.tokenSymbol, state: this.t(`approval.${step.state}`) })]
        : [],
    );
    this.announce(changes.join('. '));
  }

  #onRetry(id: string): void {
    this.dispatchEvent(new ApprovalRetryEvent({ id }));
  }

  override render() {
    const current = this.steps.findIndex((step) => !FINISHED.includes(step.state));
    return html`
      <ol part="base list" aria-label=${this.t('approval.list')} ?hidden=${!this.steps.length}>
        ${this.steps.map((step, index) => this.#renderStep(step, index, index === current))}
      </ol>
      <div class="visually-hidden" aria-live="polite">${this.announcement}</div>
    `;
  }

  #renderStep(step: ApprovalStepView, index: number, current: boolean) {
    const state = step.state;
    const amount = this.unlimited ? this.t('approval.unlimited') : formatAmount(step.amount, step.tokenDecimals, { locale: this.intl });
    const link = safeHttpUrl(step.spenderUrl);
    const spender = step.spenderLabel
      ? html`${
          link
            ? html`<a part="spender-link" href=${link} title=${step.spender} target="_blank" rel="noopener noreferrer">${step.spenderLabel}</a>`
            : step.spenderLabel
        } (${address(step.spender)})`
      : address(step.spender);
    const showTx = (state === 'mining' || state === 'done') && step.txHash;
    const failed = state === 'failed' || state === 'rejected';
    const badge = html`<span class="badge ${state}" part="badge">
      <svg viewBox="0 0 16 16" aria-hidden="true">${STATE_ICON[state]}</svg>
      ${this.t(`approval.${state}`)}
    </span>`;
    const text = html`${fillParts(
      this.t('approval.title'),
      {
        amount: html`<strong>${amount} <span title=${step.tokenAddress}>${step.tokenSymbol}</span></strong>`,
        spender,
        chain: step.chainName,
      },
      { rtl: this.rtl },
    )}`;
    // One approval needs no "Step 1 of 1": its state goes at the end of its line, and the card is one row shorter.
    return html`
      <li class="step ${state}" part="step" aria-current=${current ? 'step' : 'false'}>
        ${
          this.steps.length === 1
            ? html`<p class="line"><span class="title">${text}</span> ${badge}</p>`
            : html`<div class="top">
                  <span class="number">${this.t('approval.step', { index: index + 1, total: this.steps.length })}</span>
                  ${badge}
                </div>
                <p class="title">${text}</p>`
        }
        ${
          showTx || failed
            ? html`<div class="details">
              ${showTx ? this.#renderTx(step.txHash!, step.explorerUrl) : nothing}
              ${
                failed
                  ? html`<p class="message" part="message">${step.message || this.t(state === 'rejected' ? 'approval.rejectedMessage' : 'approval.failedMessage')}</p>
                    <button class="retry pill" part="retry" type="button" @click=${() => this.#onRetry(step.id)}>${this.t('approval.retry')}</button>`
                  : nothing
              }
            </div>`
            : nothing
        }
      </li>
    `;
  }

  #renderTx(hash: string, explorerUrl: string | undefined) {
    const url = safeHttpUrl(explorerUrl);
    if (!url) return html`<span>${fillParts(this.t('approval.tx'), { hash: address(hash) }, { rtl: this.rtl })}</span>`;
    return html`<a part="tx-link" href=${url} target="_blank" rel="noopener noreferrer"
      >${this.t('approval.viewTx', { hash: shortenHex(hash) })}<span class="visually-hidden"> ${this.t('common.newTab')}</span></a
    >`;
  }
}

declare global {
  interface HTMLElementEventMap {
    'bw-approval-retry': ApprovalRetryEvent;
  }
}
