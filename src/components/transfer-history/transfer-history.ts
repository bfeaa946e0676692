import { html, nothing, type PropertyDeclarations } from 'lit';
import { formatAmount } from '../../format/amount.js';
import type { SavedTransfer } from '../../flow/intent-store.js';
import { isFinalPhase } from '../../model/transfer-phase.js';
import type { StringKey } from '../../i18n/strings.js';
import { PartElement } from '../shared/part.js';
import { PartEvent } from '../shared/part-event.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles } from './transfer-history.styles.js';
import { enHistory } from '../../i18n/en/history.js';

/** Detail of `bw-history-open`: the transfer the user asked to follow again. */
export interface HistoryOpenDetail {
  transfer: SavedTransfer;
}

/** `bw-history-open`: the user opens an unfinished transfer. */
export class HistoryOpenEvent extends PartEvent<HistoryOpenDetail> {
  static override readonly type = 'bw-history-open';
}

/**
 * @summary The account's recent transfers behind a "Recent transfers" toggle; an unfinished one can be followed again.
 *
 * Takes the list as a property (the shell reads the store once per change) and
 * renders nothing while it is empty.
 *
 * @fires {HistoryOpenEvent} bw-history-open - `CustomEvent<HistoryOpenDetail>` when the user opens an unfinished transfer. Bubbles, not composed.
 *
 * @csspart toggle - The "Recent transfers" button.
 * @csspart list - The list of recent transfers.
 * @csspart item - One recent transfer.
 *
 * @cssprop --bridge-color-surface - Background of an item.
 * @cssprop --bridge-color-accent - The toggle and the open buttons.
 * @cssprop --bridge-radius-small - Corner radius of an item.
 */
export class TransferHistory extends PartElement {
  protected static override english = enHistory;

  static override properties: PropertyDeclarations = {
    transfers: { attribute: false },
    chainNames: { attribute: false },
    expanded: { state: true },
  };

  static override styles = [hostStyles, partTokens, styles];

  /** Transfers to list, newest first; only the first ten are shown. */
  transfers: readonly SavedTransfer[] = [];

  /** Names of chains by id, for "to Base"; the id shows when a name is missing. */
  chainNames: Readonly<Record<string, string>> = {};

  private expanded = false;

  #open(transfer: SavedTransfer): void {
    this.dispatchEvent(new HistoryOpenEvent({ transfer }));
  }

  override render() {
    const history = this.transfers;
    if (!history.length) return nothing;
    const dateFormat = new Intl.DateTimeFormat(this.intl, { dateStyle: 'medium', timeStyle: 'short' });
    return html`
      <div class="row">
        <button class="link-button" part="toggle" aria-expanded=${this.expanded ? 'true' : 'false'} aria-controls="history" @click=${() => (this.expanded = !this.expanded)}>
          ${this.t('history.toggle', { count: history.length })}
        </button>
      </div>
      <ul id="history" class="history" part="list" ?hidden=${!this.expanded}>
        ${history.slice(0, 10).map((t) => {
          const final = isFinalPhase(t.phase);
          // A failed transfer whose refund was seen in the source balance is "Refunded"; else "Failed, refund initiated".
          // A success says what the destination chain showed (src/model/arrival.ts); records saved before the check just "Arrived".
          const arrival = t.phase === 'success' ? t.arrival?.state : undefined;
          // A deposit address that expired before anything arrived: nothing to refund.
          const expired = t.deposit && t.phase === 'failed' && !t.sourceTxHash;
          const state = this.t(
            t.refundedAt !== undefined
              ? 'history.refunded'
              : expired
                ? 'history.expired'
                : arrival
                  ? (`history.${arrival === 'contradicted' ? 'disputed' : arrival}` as StringKey)
                  : final
                    ? (`history.${t.phase}` as StringKey)
                    : 'history.pending',
          );
          // Every row opens the transfer's own view (the tracker, with its links), finished or not.
          return html`<li part="item">
            <button class="link-button open" @click=${() => this.#open(t)}>
              <span>${dateFormat.format(t.createdAt)}</span>
              ${this.t('history.item', {
                amount: formatAmount(t.fromAmount, t.fromToken.decimals, { locale: this.intl }),
                symbol: t.fromToken.symbol,
                from: this.chainNames[t.fromChainId] ?? t.fromChainId,
                chain: this.chainNames[t.toChainId] ?? t.toChainId,
              })}
            </button>
            <span class="state">${state}</span>
          </li>`;
        })}
      </ul>
    `;
  }
}

declare global {
  interface HTMLElementEventMap {
    'bw-history-open': HistoryOpenEvent;
  }
}
