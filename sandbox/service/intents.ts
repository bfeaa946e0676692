/** Intent records: created by the route endpoint, advanced by the tracker, read by the status endpoint. */
import type { Hex } from 'viem';
import type { HostileMode } from './faults.js';
import { formatMicroUsd } from './money.js';
import type { RoutePlan } from './providers.js';
import type { RouteRequest } from './request-validation.js';

export type IntentStatus = 'pending' | 'submitted' | 'bridging' | 'success' | 'failed';

/** Outcomes a test can pin per intent through `metadata.sandboxOutcome` (see README). */
export const OUTCOME_OVERRIDES = ['stuck', 'refund', 'needs_gas', 'success'] as const;
export type OutcomeOverride = (typeof OUTCOME_OVERRIDES)[number];

export interface Intent {
  intentId: Hex;
  createdAt: number;
  updatedAt: number;
  /** X-Request-Id of the route call that created the intent. */
  requestId: string;
  providerRequestId: string;
  apiKeyId: string;
  sdkRequest: boolean;
  request: RouteRequest;
  plan: RoutePlan;
  status: IntentStatus;
  /** Values chosen by the sandbox: created, receipt_received, source_confirmed, completed, failed, refunded. */
  intentStatus: string;
  transactionId: string | null;
  sourceTxHash: Hex | null;
  sourceTxState: 'unknown' | 'confirmed' | 'reverted';
  destTxHash: string | null;
  refundTxHash: Hex | null;
  toAmountWei: bigint | null;
  hookSucceeded: boolean | null;
  gasStatus: 'needs_gas' | null;
  pollAttempt: number;
  failureReason: string | null;
  submittedAt: number | null;
  bridgingSince: number | null;
  settlementAttempts: number;
  /** Reported `failed` with its refund still to send (the `holdRefund` switch): the tracker sends it once the switch is cleared. */
  refundHeld: boolean;
  outcomeOverride: OutcomeOverride | null;
  /** The hostile mode whose lie the route response carried (null: the route was served honestly). */
  hostileRoute: HostileMode | null;
  /** Set for an intent paid into a deposit address (`POST /routes/deposit-address`, ./deposits.ts); null for a route. */
  deposit: DepositWatch | null;
}

/**
 * A deposit address the service watches on chain: a fresh account per intent
 * (a key the sandbox holds, so it can move what arrives), or a fresh address
 * of the simulated Cosmos bank. The intent stays `pending` until at least
 * `amount` arrives before `expiresAt`; less, or anything after it, goes back to
 * the sender (`request.fromAddress`).
 */
export interface DepositWatch {
  chainId: string;
  address: string;
  /** The fresh EVM account's key; null on the simulated Cosmos chain, whose bank moves by the sandbox's word. */
  privateKey: Hex | null;
  /** Token contract, the native token's `0xeeee…`, or a Cosmos denom. */
  token: string;
  native: boolean;
  /** Exactly what the user is asked to send, smallest units. */
  amount: bigint;
  expiresAt: number;
  /** The block the address was made at (EVM): payments are looked for from here. */
  fromBlock: bigint;
  /** The last block scanned for native payments (EVM). */
  scannedBlock: bigint;
  /** What arrived so far (smallest units) and the transaction that brought it. */
  received: bigint;
  /** What goes back to the sender should the intent fail: all that arrived, or the amount once a surplus was sent back. */
  owed: bigint;
  paymentTxHash: string | null;
  /** The transaction that sent an underpayment, a late payment or a surplus back to the sender. */
  refundTxHash: string | null;
  /** Not watched any more: the amount arrived, or this long after the expiry nothing more is looked for. */
  watchUntil: number;
}

export class IntentStore {
  private readonly intents = new Map<string, Intent>();

  add(intent: Intent): void {
    this.intents.set(intent.intentId.toLowerCase(), intent);
  }

  get(intentId: string): Intent | undefined {
    return this.intents.get(intentId.toLowerCase());
  }

  all(): Intent[] {
    return [...this.intents.values()];
  }

  active(): Intent[] {
    const now = Date.now();
    return this.all().filter(
      (i) =>
        i.status === 'submitted' || i.status === 'bridging' || i.refundHeld || (i.deposit !== null && now < i.deposit.watchUntil && !i.deposit.paymentTxHash),
    );
  }

  clear(): void {
    this.intents.clear();
  }
}

export function touch(intent: Intent, changes: Partial<Intent>): void {
  Object.assign(intent, changes, { updatedAt: Date.now() });
}

export interface ApprovalStep {
  type: 'approval';
  chain_id: string;
  token_address: string;
  spender: string;
  amount: string;
  status: 'pending' | 'completed';
}

const iso = (ms: number) => new Date(ms).toISOString();

export function isTerminal(status: IntentStatus): boolean {
  return status === 'success' || status === 'failed';
}

/** The pending stub: only the fields the spec lists for it. */
export function pendingPayload(intent: Intent, approvalSteps: ApprovalStep[]) {
  return {
    intent_id: intent.intentId,
    status: 'pending' as const,
    intent_status: intent.intentStatus,
    create_date: iso(intent.createdAt),
    ...(approvalSteps.length > 0 ? { steps: approvalSteps } : {}),
  };
}

export function fullPayload(intent: Intent, approvalSteps: ApprovalStep[], pollHintMs: number) {
  const plan = intent.plan;
  const sourceChain = intent.request.fromChain;
  const steps: object[] = [...approvalSteps];
  steps.push({
    type: 'source_transaction',
    chain_id: sourceChain,
    tx_hash: intent.sourceTxHash,
    status: intent.sourceTxState === 'unknown' ? 'pending' : intent.sourceTxState,
  });
  const bridgeStatus =
    intent.status === 'success'
      ? 'completed'
      : intent.status === 'failed'
        ? 'failed'
        : intent.status === 'bridging'
          ? intent.gasStatus === 'needs_gas'
            ? 'stalled'
            : 'in_progress'
          : 'pending';
  steps.push({ type: 'bridge', provider: plan.provider.name, status: bridgeStatus });
  steps.push({
    type: 'destination_transaction',
    chain_id: plan.destination.chainId,
    tx_hash: intent.destTxHash,
    status: intent.destTxHash ? 'completed' : intent.status === 'failed' ? 'skipped' : 'pending',
  });
  if (plan.postHook) {
    steps.push({
      type: 'post_hook',
      chain_id: plan.destination.chainId,
      target: plan.postHook.target,
      status: intent.hookSucceeded === null ? 'pending' : intent.hookSucceeded ? 'completed' : 'failed',
    });
  }
  if (intent.refundTxHash) {
    steps.push({ type: 'refund', chain_id: sourceChain, tx_hash: intent.refundTxHash, status: 'completed' });
  }

  return {
    id: intent.transactionId,
    intent_id: intent.intentId,
    sdk_request: intent.sdkRequest,
    from_address: intent.request.fromAddress,
    to_address: intent.request.toAddress,
    from_chain_id: intent.request.fromChain,
    to_chain_id: intent.request.toChain,
    source_tx_hash: intent.sourceTxHash,
    dest_tx_hash: intent.destTxHash,
    request_id: intent.requestId,
    provider_request_id: intent.providerRequestId,
    status: intent.status,
    intent_status: intent.intentStatus,
    routing_provider: plan.provider.name,
    quote_to_amount_usd: formatMicroUsd(plan.estimate.toAmountUsdMicro),
    to_amount_wei: intent.toAmountWei === null ? null : intent.toAmountWei.toString(),
    ...(intent.gasStatus ? { gas_status: intent.gasStatus } : {}),
    poll_attempt: intent.pollAttempt,
    ...(isTerminal(intent.status) ? {} : { next_poll_at: iso(Date.now() + pollHintMs) }),
    create_date: iso(intent.createdAt),
    update_date: iso(intent.updatedAt),
    steps,
    metadata: intent.request.metadata ?? {},
    // Sandbox extras, not in the spec's table:
    from_token: intent.request.fromToken,
    to_token: intent.request.toToken,
    from_amount: intent.request.fromAmount.toString(),
    refund_tx_hash: intent.refundTxHash ?? intent.deposit?.refundTxHash ?? null,
    failure_reason: intent.failureReason,
    ...(intent.deposit ? { deposit_address: intent.deposit.address, deposit_received: intent.deposit.received.toString() } : {}),
  };
}
