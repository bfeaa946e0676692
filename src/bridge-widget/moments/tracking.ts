/**
 * The tracking moment, once a transfer is broadcast (or resumed after a
 * reload): its progress to the end, with the support details. A chunk of its
 * own, loaded with the flow's tracking steps (src/flow/track-transfer.ts).
 */
import { html, type TemplateResult } from 'lit';
import { StatusTracker, type StatusView } from '../../components/status-tracker/status-tracker.js';
import { defineLaterElements } from '../../define-elements.js';
import { enTracking } from '../../i18n/en/tracking.js';
import { receivedBelowMinimum } from '../../flow/intent-store.js';
import type { TransferSession } from '../../flow/session.js';
import { explorerTxUrl } from '../../format/safe-url.js';
import { shortenHex } from '../../format/amount.js';
import { checksumAddress } from '../../model/eip55.js';
import { isOver } from '../../model/transfer-phase.js';
import type { SavedTransfer } from '../../flow/intent-store.js';
import { addEnglish, type StringKey } from '../../i18n/strings.js';
import { EXPORT_TRACKER } from '../export-parts.js';
import type { Shell } from '../shell.js';

export const ELEMENTS = {
  'bw-status-tracker': StatusTracker,
} as const;

defineLaterElements(ELEMENTS);
// The English this moment shows, before its first render (its parts bring theirs too; its views here need it through the shell).
addEnglish(enTracking);

type Format = (value: bigint, decimals: number, symbol?: string) => string;
type Translate = (key: StringKey, vars?: Record<string, string>) => string;

/** Contradiction reasons (src/model/arrival.ts) to the sentence saying what the chain shows. */
const SHOWN: Readonly<Record<string, StringKey>> = {
  reverted: 'status.shown.reverted',
  'not-found': 'status.shown.notFound',
  'too-early': 'status.shown.tooEarly',
  'other-recipient': 'status.shown.otherRecipient',
  'other-token': 'status.shown.otherToken',
  'below-minimum': 'status.shown.belowMinimum',
  'no-transfer': 'status.shown.noTransfer',
};

/** The sentence about the arrival as the destination chain showed it, once the check ended. */
export function arrivalText(saved: SavedTransfer, chain: string, format: Format, t: Translate): string | undefined {
  const arrival = saved.arrival;
  const { decimals, symbol } = saved.toToken;
  const address = (value: string | undefined) => (value ? shortenHex(checksumAddress(value as `0x${string}`)) : '');
  if (arrival?.state === 'checked') {
    return t('status.arrivalChecked', { chain, amount: format(arrival.amount ?? 0n, decimals, symbol), address: address(arrival.recipient) });
  }
  if (arrival?.state === 'unchecked') return t('status.arrivalUnchecked');
  if (arrival?.state !== 'contradicted') return undefined;
  return t(SHOWN[arrival.reason ?? ''] ?? 'status.shown.noTransfer', {
    chain,
    amount: arrival.amount === undefined ? '' : format(arrival.amount, decimals, symbol),
    minimum: format(saved.toAmountMin ?? saved.toAmount, decimals, symbol),
    address: address(arrival.recipient),
    token: address(arrival.token),
  });
}

export function statusView(
  session: TransferSession,
  format: Format,
  message: string | undefined,
  belowMinimum?: (received: string, minimum: string) => string,
  t?: Translate,
): StatusView | undefined {
  const tracking = session.tracking;
  const current = tracking?.current;
  if (!current) return undefined;
  // The saved transfer has every status merged in (src/flow/track-transfer.ts): it is the one source here.
  const { saved, status } = current;
  const over = isOver(saved.phase, saved.arrival?.state);
  const fromChain = session.chain(saved.fromChainId);
  const toChain = session.chain(saved.toChainId);
  const { sourceTxHash, destTxHash, toAmountReceived: received } = saved;
  const unknown = status?.kind === 'tracked' && status.status === 'unknown';
  const toChainName = toChain?.networkName ?? saved.toChainId;
  // "Complete" only once the destination chain did not contradict it (src/flow/arrival-check.ts).
  const arrival = saved.phase === 'success' ? saved.arrival?.state : undefined;
  // A success not over yet (its arrival not read, or being read) is checking, never "complete".
  const checking = saved.phase === 'success' && !over;
  return {
    phase: checking ? 'checking' : arrival === 'contradicted' ? 'disputed' : unknown && !over ? 'unknown' : saved.phase,
    arrivalText: t && arrivalText(saved, toChainName, format, t),
    rawStatus: status?.kind === 'tracked' ? status.rawStatus : undefined,
    fromChainName: fromChain?.networkName ?? saved.fromChainId,
    toChainName,
    fromAmountText: format(saved.fromAmount, saved.fromToken.decimals, saved.fromToken.symbol),
    toAmountText: format(received ?? saved.toAmount, saved.toToken.decimals, saved.toToken.symbol),
    toAmountExact: received !== undefined,
    reached: saved.reached,
    sourceTxHash,
    sourceTxUrl: sourceTxHash ? explorerTxUrl(fromChain?.blockExplorerUrls, sourceTxHash) : undefined,
    batchPending: !sourceTxHash && !!saved.batchId,
    destTxHash,
    destTxUrl: destTxHash ? explorerTxUrl(toChain?.blockExplorerUrls, destTxHash) : undefined,
    startedAt: saved.createdAt,
    broadcastAt: saved.broadcastAt,
    expectedMs: saved.expectedSeconds && saved.expectedSeconds * 1000,
    finishedAt: over ? (saved.finishedAt ?? saved.updatedAt) : undefined,
    needsGas: !!saved.needsGas,
    belowMinimum:
      saved.phase === 'success' && arrival !== 'contradicted' && receivedBelowMinimum(saved)
        ? belowMinimum?.(
            format(received!, saved.toToken.decimals, saved.toToken.symbol),
            format(saved.toAmountMin!, saved.toToken.decimals, saved.toToken.symbol),
          )
        : undefined,
    refund: saved.refundedAt !== undefined ? 'arrived' : tracking?.watchingRefund(saved.intentId) ? 'watching' : undefined,
    // A deposit address sends back what reached it (not the amount asked), to the sender the user named; nothing, when nothing came.
    refundText:
      saved.deposit &&
      t?.(saved.sourceTxHash ? 'status.depositRefund' : 'status.depositExpired', {
        address: shortenHex(saved.deposit.sender, 6),
        chain: fromChain?.networkName ?? saved.fromChainId,
      }),
    requestId: saved.requestId,
    providerRequestId: saved.providerRequestId,
    intentId: saved.intentId,
    receiptPending: !!sourceTxHash && !saved.receiptAccepted && !over,
    lastCheckedAt: current.lastCheckedAt,
    nextCheckAt: over ? undefined : current.nextCheckAt,
    message,
  };
}

export function renderTracking(shell: Shell): TemplateResult {
  const { session, i18n } = shell;
  const saved = session.tracking?.current?.saved;
  // A transfer paid into a deposit address, while nothing has arrived: the deposit moment's view (the address and its QR code),
  // whose chunk is fetched when such a transfer is on screen (after a reload, or from the history), not before.
  if (saved?.deposit && saved.phase === 'signing') return shell.renderDepositScreen();
  const newTransfer = () => session.newTransfer();
  const notice = session.tracking?.notice;
  return html`<bw-status-tracker
    exportparts=${EXPORT_TRACKER}
    .view=${statusView(
      session,
      (v, d, s) => i18n.formatAmount(v, d, s),
      notice && i18n.t(notice),
      (amount, minimum) => i18n.t('status.belowMinimum', { amount, minimum }),
      (key, vars) => i18n.t(key, vars),
    )}
    @bw-new-transfer=${newTransfer}
    @bw-status-dismiss=${newTransfer}
  ></bw-status-tracker>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-status-tracker': StatusTracker;
  }
}
