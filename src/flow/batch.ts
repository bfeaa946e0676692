/**
 * One prompt where the wallet can: the approvals still needed and
 * the bridge transaction go to the wallet as one EIP-5792 batch
 * (`wallet_sendCalls`, `atomicRequired: true`) when the wallet says it runs
 * batches atomically on the source chain (`atomic` is `supported` or
 * `ready`). Otherwise (no EIP-5792, `unsupported`, nothing to approve, the
 * host's `batch="off"`) the sequence of ./transfer.ts runs, as before.
 *
 * Both ways share the route with its guards and terms and the saved intent
 * (`prepareTransfer`), and the allowances read (`readApprovals`). Before the
 * prompt every call of the batch meets the guards it would meet in the
 * sequence (`checkBatch`). The batch id is saved as soon as the wallet returns
 * it, and the bridge transaction's hash as soon as `wallet_getCallsStatus`
 * reports the batch included (`settleBatch`, which the tracking also runs to
 * resume a batch after a reload). A batch the wallet rejects, fails to send or
 * that reverts leaves nothing half-done: the intent is marked abandoned and
 * the error says what happened.
 */
import type { Route } from '../api/schemas.js';
import { MAX_UINT256, sameId } from '../model/tokens.js';
import { UNKNOWN_BUNDLE, WalletError, encodeApprove, getAtomicStatus, parseBatchId, readErc20Allowance, sendCalls, waitForCalls } from '../wallet/index.js';
import type { Address, AtomicStatus, Call, Eip1193Provider, Hash } from '../wallet/index.js';
import type { CallsReceipt } from '../wallet/calls.js';
import { formatAmount } from '../format/amount.js';
import { readChainFees } from '../wallet/reads.js';
import { FlowError, fromWalletError } from './errors.js';
import { boundedFeeFields, networkFee } from './fees.js';
import { checkApproval, checkTransaction, type Agreement, type Verdict } from './guards.js';
import type { IntentStore, SavedTransfer } from './intent-store.js';
import {
  assertAccount,
  balanceFloor,
  checkCode,
  prepareTransfer,
  readApprovals,
  routeRejected,
  sendSequence,
  showApproval,
  switchTo,
  type ApprovalProgress,
  type PreparedTransfer,
  type TransferDeps,
  type TransferHandlers,
  type TransferPlan,
} from './transfer.js';

// The rules for a transfer whose outcome is unknown travel in this chunk: the steps that find a forgotten batch hold them already (./chunks.ts).
export { UnknownOutcomes, hashUnseen } from './unknown-outcome.js';
import { nonceNow } from './unknown-outcome.js';

export interface BatchDeps extends TransferDeps {
  /** The host allows batching (`batch` is not `off`). */
  batch: boolean;
}

export interface BatchHandlers extends TransferHandlers {
  /**
   * Whether the approvals and the transfer go to the wallet as one batch (one
   * prompt): said before the allowances are read, as the wallet's answer
   * allows, and again, before the first prompt, when the sequence runs after all.
   */
  onBatch?(batched: boolean): void;
}

/** `wallet_getCapabilities` is a read, asked while the route is fetched; a wallet slower than this gets the sequence. */
export const CAPABILITIES_TIMEOUT_MS = 5_000;

/**
 * Whether to send one batch: the host allows it, the wallet runs batches
 * atomically on the source chain (now, or after the account upgrade it asks
 * for in the same prompt), and there is an approval to fold in (a lone
 * transaction needs no batch). An approval of an earlier attempt still on its
 * way keeps the sequence, which waits for it instead of approving twice.
 */
export function shouldBatch(allowed: boolean, atomic: AtomicStatus, needed: number, approvalOnItsWay: boolean): boolean {
  return allowed && (atomic === 'supported' || atomic === 'ready') && needed > 0 && !approvalOnItsWay;
}

/** The batch's calls, in the order the sequence would send them: each approval still needed, then the bridge transaction. */
export function batchCalls(route: Route, approvals: readonly ApprovalProgress[], unlimited: boolean | undefined): Call[] {
  const tx = route.execution.transaction;
  return [
    ...approvals.map((a) => ({ to: a.tokenAddress as Address, data: encodeApprove(a.spender as Address, unlimited ? MAX_UINT256 : a.amount), value: 0n })),
    { to: tx.to as Address, data: tx.data as `0x${string}`, value: tx.value },
  ];
}

/**
 * The whole batch against what the user agreed to, before the prompt: each
 * approval and the transaction through the guards they meet in the sequence
 * (a batch is those calls, in that order). The simulation of the sequence
 * checks the batch here too, on `batchCalls`.
 */
export function checkBatch(agreed: Agreement, route: Route, approvals: readonly ApprovalProgress[]): Verdict {
  for (const approval of approvals) {
    const verdict = checkApproval(agreed, route, approval);
    if (!verdict.ok) return verdict;
  }
  return checkTransaction(agreed, route);
}

/**
 * Routes, then sends the transfer in one prompt where the wallet can (see the
 * module notes), else as the sequence. Resolves with the saved record once
 * the source transaction has a hash; from there `trackTransfer` takes over.
 */
export async function sendTransferInOnePrompt(plan: TransferPlan, deps: BatchDeps, handlers: BatchHandlers = {}): Promise<SavedTransfer> {
  const { provider, signal, store } = deps;
  const atomic: Promise<AtomicStatus> = deps.batch
    ? getAtomicStatus(provider, plan.fromAddress, Number(plan.fromChain.chainId), { signal, timeoutMs: CAPABILITIES_TIMEOUT_MS }).catch(
        // A wallet that cannot say gets the sequence, which every wallet can do.
        () => 'unsupported' as const,
      )
    : Promise.resolve('unsupported');
  const prepared = await prepareTransfer(plan, deps, handlers);
  const status = await atomic;
  // Said before the allowances are read, so the count of prompts is right the moment it can be shown.
  const atomicHere = deps.batch && (status === 'supported' || status === 'ready');
  handlers.onBatch?.(atomicHere);
  let steps: ApprovalProgress[] = [];
  try {
    steps = await readApprovals(plan, prepared.route, deps, handlers, atomicHere ? 'confirm-in-wallet' : 'approving');
  } catch (error) {
    prepared.abandon(fromWalletError(error, 'the approval'));
  }
  const needed = steps.filter((s) => s.state === 'needed');
  const sequence = () => {
    handlers.onBatch?.(false);
    return sendSequence(plan, deps, handlers, prepared, steps);
  };
  if (
    !shouldBatch(
      deps.batch,
      status,
      needed.length,
      needed.some((s) => store.approvals.find(plan.fromAddress, s)),
    )
  )
    return sequence();
  try {
    return await sendBatch(plan, deps, handlers, prepared, steps, needed);
  } catch (error) {
    // The wallet turned the batch down without asking the user (EIP-5792's
    // unsupported capability, chain or atomicity; "method not found"), or the
    // user declined the account upgrade (5750): nothing was sent, the sequence can.
    if (!(error instanceof WalletError && error.kind === 'unsupported')) throw error;
    for (const step of needed) showApproval(steps, handlers, step, 'needed');
    return sequence();
  }
}

async function sendBatch(
  plan: TransferPlan,
  deps: BatchDeps,
  handlers: TransferHandlers,
  prepared: PreparedTransfer,
  steps: ApprovalProgress[],
  needed: ApprovalProgress[],
): Promise<SavedTransfer> {
  const { fromChain, fromAddress } = plan;
  const { provider, signal, store } = deps;
  const { route, requestId, agreed, update, abandon, onSource, required, simulatedGas, showReview } = prepared;
  const tx = route.route.execution.transaction;
  const show = (step: ApprovalProgress, state: ApprovalProgress['state'], message?: string) => showApproval(steps, handlers, step, state, message);

  // Every call, at the prompt itself, as the sequence checks each of its own.
  const verdict = checkBatch(agreed, route.route, needed);
  if (!verdict.ok) abandon(routeRejected(verdict, requestId));
  try {
    await switchTo(plan, deps, handlers, fromChain.chainId, requestId);
    // The code at the route's contracts, as the sequence reads it: now, when the wallet was elsewhere when the route came.
    if (!onSource) await checkCode(deps, required, tx.to, requestId);
    await assertAccount(provider, fromAddress, signal);
    if (simulatedGas) {
      // The network fee of the calls the batch holds (the approvals still needed, then the transaction), from the simulation.
      const fees = await readChainFees(provider, { signal });
      const { fields, ignored } = boundedFeeFields(tx, fees);
      const approvalsGas = steps.map((step, i) => (step.state === 'needed' ? { gas: simulatedGas[i]! } : undefined)).filter((g) => g !== undefined);
      showReview({ networkFee: networkFee([...approvalsGas, { gas: simulatedGas.at(-1)!, fields }], fees), routeFeesIgnored: ignored });
    }
  } catch (error) {
    abandon(fromWalletError(error, 'the transfer'));
  }
  // What a refund must bring the balance back to (as in the sequence): read right before the prompt, kept with the batch id.
  const floor = await balanceFloor(plan, deps, route).catch((error: unknown) => (signal?.aborted ? abandon(error) : undefined));
  // The nonce too: should the wallet forget the batch, a later nonce says the account sent something since (./unknown-outcome.ts).
  const nonceAtAttempt = await nonceNow(provider, plan.fromAddress, signal);
  // And the spender the batch approves the token sent to: its allowance says whether that approval ran.
  const approvalSpender = needed.find((step) => sameId(step.tokenAddress, plan.fromToken.address))?.spender;

  handlers.onStep?.('confirm-in-wallet');
  for (const step of needed) show(step, 'waiting-wallet');
  const saveBatchId = (batchId: string): SavedTransfer => {
    // `signing` again: a batch the wallet took after the widget gave up waiting is not abandoned.
    const change = { phase: 'signing', batchId, refundFloor: floor, nonceAtAttempt, approvalSpender } as const;
    return update((current) => ({ ...(current ?? prepared.record), ...change })) ?? { ...prepared.record, ...change };
  };
  // The user may confirm in the wallet after the widget stopped waiting: the batch is still saved and followed.
  const onLateResult = (value: unknown) => {
    try {
      handlers.onLateTransaction?.(saveBatchId(parseBatchId(value)));
    } catch {
      // Not a batch id: nothing was sent that the widget could follow.
    }
  };
  let record: SavedTransfer;
  try {
    const calls = batchCalls(route.route, needed, deps.unlimitedApprovals);
    record = saveBatchId(
      await sendCalls(provider, { from: fromAddress, chainId: Number(fromChain.chainId), calls }, { signal, timeoutMs: deps.promptTimeoutMs, onLateResult }),
    );
  } catch (error) {
    if (error instanceof WalletError && error.kind === 'unsupported') throw error;
    const mapped = fromWalletError(error, 'the transfer');
    const rejected = mapped instanceof FlowError && mapped.kind === 'wallet-rejected';
    for (const step of needed) show(step, rejected ? 'rejected' : 'failed', mapped instanceof Error ? mapped.message : undefined);
    return abandon(mapped);
  }

  for (const step of needed) {
    show(step, 'mining');
    handlers.onApprovalSent?.({ ...step });
  }
  handlers.onStep?.('batch-pending');
  try {
    record = await settleBatch(provider, record, store, { signal, pollMs: deps.confirmPollMs });
  } catch (error) {
    if (error instanceof BatchFailedError) {
      const { remaining, sentence } = await approvalsAfterFailedBatch(provider, fromAddress, plan.fromToken, needed, error.receipts, signal);
      const message = error.message + sentence;
      for (const step of needed) {
        const stands = remaining.find((r) => r.id === step.id);
        if (stands) {
          step.txHash = stands.txHash;
          show(step, 'done');
        } else show(step, 'failed', message);
      }
      throw sentence ? new BatchFailedError(message, error.receipts, 'batch-partial') : error;
    }
    // Sent, but not settled here (Cancel, an account change, a wallet that stopped
    // answering): the tracking follows it from its saved id. Not when the widget left
    // the page (a stop without a reason of the flow's): the next visit resumes it.
    if (!signal?.aborted || signal.reason instanceof FlowError) handlers.onLateTransaction?.(record);
    if (signal?.aborted) throw error;
    throw new FlowError('wallet', 'Your wallet has not reported the batch as included yet. This page keeps checking and tracks the transfer once it is.', {
      cause: error,
    });
  }
  const hash = record.sourceTxHash as Hash;
  for (const step of needed) {
    step.txHash = hash;
    show(step, 'done');
  }
  handlers.onTransaction?.(hash, record.intentId, record.batchId);
  return record;
}

/**
 * Waits for the wallet to report the saved batch, then saves the bridge
 * transaction's hash: the last receipt's (the bridge call is the batch's last
 * call). A batch that failed or reverted marks the intent abandoned and ends
 * in `FlowError` kind `batch-failed`, saying what moved: nothing, or only the
 * network fee.
 */
export async function settleBatch(
  provider: Eip1193Provider | undefined,
  record: SavedTransfer,
  store: IntentStore,
  options: { signal?: AbortSignal | undefined; pollMs?: number | undefined },
): Promise<SavedTransfer> {
  // Only the wallet knows where its batch stands.
  if (!provider) throw new FlowError('wallet', 'Connect the wallet that sent this transfer to follow it.');
  const status = await waitForCalls(provider, record.batchId!, { signal: options.signal, pollMs: options.pollMs ?? 1_000 }).catch((error: unknown) => {
    // A wallet that forgot the batch (5730, after a reload): whether it ran is unknown, so the record stays and this is said plainly, never the wallet's raw words.
    if (error instanceof WalletError && error.rpcCode === UNKNOWN_BUNDLE)
      throw new FlowError(
        'batch-unknown',
        'Your wallet no longer knows this batch, so whether the transfer was sent is unknown. Check your wallet’s activity before bridging again: a second transfer could send the tokens twice.',
        { cause: error },
      );
    throw error;
  });
  const save = (change: Partial<SavedTransfer>): SavedTransfer =>
    store.update(record.account, record.intentId, (current) => ({ ...(current ?? record), ...change })) ?? { ...record, ...change };
  // Read from the receipts, whatever `atomic` or the status code claims: the bridge call is the
  // batch's last call, so it ran exactly when the last receipt succeeded (one receipt for an atomic batch).
  const last = status.receipts.at(-1);
  if (status.state !== 'failed' && last?.status === 'success') return save({ phase: 'broadcast', sourceTxHash: last.transactionHash, broadcastAt: Date.now() });
  // The bridge call did not run: no receipt goes to the service for it.
  save({ phase: 'abandoned' });
  const ran = status.receipts.filter((r) => r.status === 'success');
  throw new BatchFailedError(
    status.state === 'failed' || status.receipts.length === 0
      ? 'Your wallet did not send the batch. Nothing was sent.'
      : ran.length
        ? 'Your wallet ran the batch’s calls one by one and the transfer reverted: no tokens were bridged.'
        : 'The batch reverted on chain as a whole: nothing moved but the network fee.',
    status.receipts,
  );
}

/** A batch whose bridge call did not run, with the receipts the wallet reported (one per transaction, in order). */
export class BatchFailedError extends FlowError {
  readonly receipts: readonly CallsReceipt[];
  /** `batch-partial`: the bridge call did not run, but an approval of the batch did and its allowance remains. */
  constructor(message: string, receipts: readonly CallsReceipt[], kind: 'batch-failed' | 'batch-partial' = 'batch-failed') {
    super(kind, message);
    this.receipts = receipts;
  }
}

/**
 * After a batch whose bridge call did not run: each approval as the chain
 * shows it (the allowance read through the wallet), `done` with its receipt's
 * hash when it stands, else `failed`; and the sentence naming what remains
 * (token, amount, spender), since a wallet may run the calls one by one whatever
 * it said of atomicity.
 */
export async function approvalsAfterFailedBatch(
  provider: Eip1193Provider,
  owner: Address,
  token: { symbol: string; decimals: number },
  needed: readonly ApprovalProgress[],
  receipts: readonly CallsReceipt[],
  signal?: AbortSignal,
): Promise<{ remaining: ApprovalProgress[]; sentence: string }> {
  const remaining: ApprovalProgress[] = [];
  for (const [i, step] of needed.entries()) {
    const allowance = await readErc20Allowance(provider, { token: step.tokenAddress, owner, spender: step.spender }, { signal }).catch(() => undefined);
    if (allowance !== undefined && allowance >= step.amount) {
      // One receipt per call when the wallet ran them one by one; otherwise the batch's one transaction.
      const receipt = receipts.length === needed.length + 1 ? receipts[i] : receipts.length === 1 ? receipts[0] : undefined;
      remaining.push({ ...step, txHash: receipt?.transactionHash });
    }
  }
  const sentence = remaining
    .map(
      (step) =>
        ` An allowance of ${formatAmount(step.amount, token.decimals)} ${token.symbol} to ${step.spender} remains: the next transfer uses it, or revoke it in your wallet (an approval of 0 to that address).`,
    )
    .join('');
  return { remaining, sentence };
}
