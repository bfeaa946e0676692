/**
 * The history: the account's recent transfers under the form, each opening
 * its own view. A chunk of its own, loaded once the account has one.
 */
import { html, type TemplateResult } from 'lit';
import { TransferHistory, type HistoryOpenEvent } from '../../components/transfer-history/transfer-history.js';
import { defineLaterElements } from '../../define-elements.js';
import { enHistory } from '../../i18n/en/history.js';
import { addEnglish } from '../../i18n/strings.js';
import { EXPORT_HISTORY } from '../export-parts.js';
import type { Shell } from '../shell.js';

export const ELEMENTS = {
  'bw-transfer-history': TransferHistory,
} as const;

defineLaterElements(ELEMENTS);
// The English this moment shows, before its first render (its parts bring theirs too; its views here need it through the shell).
addEnglish(enHistory);

export function renderHistory({ session }: Shell): TemplateResult {
  const chains = session.remote.catalog?.chains ?? [];
  return html`<bw-transfer-history
    exportparts=${EXPORT_HISTORY}
    .transfers=${session.tracking?.history ?? []}
    .chainNames=${Object.fromEntries(chains.map((c) => [c.chainId, c.networkName]))}
    @bw-history-open=${(e: HistoryOpenEvent) => session.follow(e.detail.transfer, true)}
  ></bw-transfer-history>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-transfer-history': TransferHistory;
  }
}
