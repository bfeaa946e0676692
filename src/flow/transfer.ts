/**
 * The transfer, step by step, with no DOM: route (fresh, right before
 * signing) → approvals from that route → switch chain and check the account →
 * save → sign and broadcast → save the hash → submit the receipt until
 * accepted → poll status to a final state. Every step reports through
 * handlers; <bridge-widget> turns them into UI and DOM events.
 */
import { usableApprovals } from '../api/approvals.js';
import type { RequiredApproval } from '../api/approvals.js';
import type { ApiResult, ResponseMeta, WidgetClient } from '../api/client.js';
import { submitReceiptUntilAccepted } from '../api/client.js';
import { RoutingError } from '../api/errors.js';
import type { BackoffOptions } from '../api/rate-limit.js';
import { sleep } from '../api/rate-limit.js';
import type { Chain, IntentStatus, PostHook, ReceiptResult, RouteResult } from '../api/schemas.js';
import {
  WalletError,
  approveErc20,
  getAccounts,
  readErc20Allowance,
  sendTransaction,
  switchChain,
  waitForReceipt,
} from '../wallet/index.js';
import type { Address, Eip1193Provider, Hash } from '../wallet/index.js';
import type { IntentStore, SavedToken, SavedTransfer } from './intent-store.js';
import { pollUntilFinal } from './status-poller.js';
import type { PollOptions } from './status-poller.js';
import { MAX_UINT256, isNativeToken } from '../model/tokens.js';

export { NATIVE_TOKEN, isNativeToken } from '../model/tokens.js';

export interface TransferPlan {
  fromChain: Chain;
  toChain: Chain;
  fromToken: SavedToken;
  toToken: SavedToken;
  amount: bigint;
  fromAddress: Address;
  toAddress: string;
  slippage: number;
  fromAmountUsd?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  postHook?: PostHook | undefined;
}

export type ApprovalState = 'checking' | 'needed' | 'sufficient' | 'waiting-wallet' | 'mining' | 'rechecking' | 'done' | 'failed' | 'rejected';

export interface ApprovalProgress extends RequiredApproval {
  id: string;
  state: ApprovalState;
  txHash?: Hash;
  message?: string;
}

export type ExecutionPhase = 'routing' | 'approving' | 'switching-chain' | 'confirm-in-wallet' | 'broadcast' | 'reporting' | 'tracking';

export interface TransferHandlers {
  onPhase?(phase: ExecutionPhase): void;
  onRoute?(result: RouteResult, meta: ResponseMeta): void;
  onApprovals?(steps: readonly ApprovalProgress[]): void;
  onApprovalSent?(step: ApprovalProgress): void;
  onTransaction?(hash: Hash, intentId: string): void;
  onReceipt?(result: ApiResult<ReceiptResult>): void;
  onReceiptRetry?(attempt: number, error: unknown, delayMs: number): void;
  onStatus?(status: IntentStatus, meta: ResponseMeta): void;
  onPollProblem?(error: RoutingError, retryInMs: number): void;
  /** The wallet answered after the flow gave up waiting: the transfer was broadcast after all and is now saved. */
  onLateTransaction?(record: SavedTransfer): void;
}

export interface TransferDeps {
  client: WidgetClient;
  provider: Eip1193Provider;
  store: IntentStore;
  /** Approve 2^256-1 instead of the exact amount; only when the host opts in. */
  unlimitedApprovals?: boolean;
  signal?: AbortSignal;
  receiptBackoff?: BackoffOptions;
  poll?: Omit<PollOptions, 'signal' | 'onStatus' | 'onProblem'>;
  /** Receipt polling of mined approvals; shorter in tests. */
  confirmPollMs?: number;
  /** How long to wait for the user to answer a wallet prompt (default 5 min). */
  promptTimeoutMs?: number;
}

export type FlowErrorKind =
  | 'wallet-rejected'
  | 'wrong-account'
  | 'wrong-chain'
  | 'wallet-timeout'
  | 'wallet'
  | 'approval-failed'
  | 'transaction-reverted'
  | 'routing';

/** A failure of the flow that the UI explains; `cause` keeps the original error. */
export class FlowError extends Error {
  readonly kind: FlowErrorKind;
  /** Nothing moved and the user can try again from the review step. */
  readonly recoverable: boolean;
  readonly requestId: string | undefined;

  constructor(kind: FlowErrorKind, message: string, options: { cause?: unknown; recoverable?: boolean; requestId?: string | undefined } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FlowError';
    this.kind = kind;
    this.recoverable = options.recoverable ?? true;
    this.requestId = options.requestId;
  }
}

function fromWalletError(error: unknown, doing: string): unknown {
  if (!(error instanceof WalletError)) return error;
  switch (error.kind) {
    case 'rejected':
      return new FlowError('wallet-rejected', `You declined ${doing} in your wallet. Nothing was sent.`, { cause: error });
    case 'wrong-account':
      return new FlowError('wrong-account', `${error.message} Select the account you started with and try again.`, { cause: error });
    case 'wrong-chain':
      return new FlowError('wrong-chain', `${error.message} Nothing was sent.`, { cause: error });
    case 'timeout':
      return new FlowError('wallet-timeout', `The wallet did not answer ${doing} in time. If you still confirm it there, this page will pick it up and track it.`, { cause: error });
    case 'reverted':
      return new FlowError('transaction-reverted', error.message, { cause: error });
    default:
      return new FlowError('wallet', `The wallet reported a problem ${doing}: ${error.message}`, { cause: error });
  }
}

function chainIdNumber(chain: Chain): number {
  const id = Number(chain.chainId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new FlowError('routing', `${chain.networkName} is not an EVM chain the wallet can sign on`, { recoverable: false });
  return id;
}

export function addChainParams(chain: Chain) {
  return {
    chainId: chainIdNumber(chain),
    chainName: chain.networkName,
    nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: chain.rpc ? [chain.rpc] : [],
    // The wallet module leaves an empty list out of the request.
    blockExplorerUrls: chain.blockExplorerUrls,
  };
}

async function assertAccount(provider: Eip1193Provider, expected: Address, signal?: AbortSignal): Promise<void> {
  const [account] = await getAccounts(provider, { signal });
  if (!account || account.toLowerCase() !== expected.toLowerCase()) {
    throw new FlowError(
      'wrong-account',
      account ? `The wallet switched to ${account}; this transfer is for ${expected}. Nothing was sent.` : 'The wallet disconnected. Nothing was sent.',
    );
  }
}

/**
 * Reads an allowance through the routing service, as the spec asks; when it
 * lags behind a just-mined approval (`settle`), retries briefly, then reads the chain.
 */
async function allowanceOf(deps: TransferDeps, owner: Address, approval: RequiredApproval, settle?: boolean): Promise<bigint> {
  const { client, signal } = deps;
  const { chainId, tokenAddress, spender, amount } = approval;
  const attempts = settle ? 4 : 1;
  let latest = 0n;
  for (let i = 0; i < attempts; i++) {
    latest = (await client.allowance({ chainId, tokenAddress, ownerAddress: owner, spenderAddress: spender }, { signal })).data.allowance;
    if (latest >= amount) return latest;
    if (i + 1 < attempts) await sleep(500 * (i + 1), signal);
  }
  if (settle) {
    const onChain = await readErc20Allowance(deps.provider, { token: tokenAddress, owner, spender }, { signal });
    if (onChain > latest) latest = onChain;
  }
  return latest;
}

async function runApprovals(plan: TransferPlan, route: RouteResult, deps: TransferDeps, handlers: TransferHandlers): Promise<void> {
  const { fromChain, fromAddress } = plan;
  const { provider, signal } = deps;
  let required = usableApprovals(route.route, fromChain.chainId);
  // With no approvals listed, the spec still asks to compare the ERC-20
  // allowance with fromAmount; the only contract the route names is `to`.
  if (required.length === 0 && !isNativeToken(plan.fromToken.address)) {
    required = [{ chainId: fromChain.chainId, tokenAddress: plan.fromToken.address as Address, spender: route.route.execution.transaction.to as Address, amount: plan.amount }];
  }
  const steps: ApprovalProgress[] = required.map((r, i) => ({ ...r, id: `${i}:${r.tokenAddress}:${r.spender}`.toLowerCase(), state: 'checking' }));
  const publish = () => handlers.onApprovals?.(steps.map((s) => ({ ...s })));
  publish();
  if (steps.length === 0) return;
  handlers.onPhase?.('approving');
  const show = (step: ApprovalProgress, state: ApprovalState, message?: string) => {
    step.state = state;
    if (message) step.message = message;
    publish();
  };

  // Check every allowance first, so the user sees the whole plan before the first prompt.
  for (const step of steps) show(step, (await allowanceOf(deps, fromAddress, step)) >= step.amount ? 'sufficient' : 'needed');

  const pending = deps.store.approvals;
  for (const step of steps) {
    if (step.state !== 'needed') continue;
    const chainId = Number(step.chainId);
    await switchTo(deps, handlers, step.chainId === fromChain.chainId ? fromChain : { ...fromChain, chainId: step.chainId });
    handlers.onPhase?.('approving');
    // An approval sent before a reload may still be on its way: wait for it rather than ask for a second one.
    const earlier = pending.find(fromAddress, step);
    if (earlier && BigInt(earlier.amount) >= step.amount) {
      step.txHash = earlier.hash as Hash;
    } else {
      show(step, 'waiting-wallet');
      const remember = (hash: unknown) => {
        if (typeof hash === 'string') pending.add(fromAddress, { chainId: step.chainId, tokenAddress: step.tokenAddress, spender: step.spender, amount: step.amount.toString(), hash });
      };
      try {
        await assertAccount(provider, fromAddress, signal);
        step.txHash = await approveErc20(
          provider,
          { from: fromAddress, token: step.tokenAddress, spender: step.spender, amount: deps.unlimitedApprovals ? MAX_UINT256 : step.amount, chainId },
          { signal, timeoutMs: deps.promptTimeoutMs, onLateResult: remember },
        );
      } catch (error) {
        const mapped = fromWalletError(error, 'the approval');
        show(step, mapped instanceof FlowError && mapped.kind === 'wallet-rejected' ? 'rejected' : 'failed', mapped instanceof Error ? mapped.message : String(mapped));
        throw mapped;
      }
      remember(step.txHash);
    }
    show(step, 'mining');
    handlers.onApprovalSent?.({ ...step });
    const receipt = await waitForReceipt(provider, step.txHash, { signal, pollMs: deps.confirmPollMs ?? 1_000 });
    pending.remove(fromAddress, step.txHash);
    if (receipt.status !== 'success') {
      show(step, 'failed', 'The approval transaction reverted on chain.');
      throw new FlowError('approval-failed', 'The approval transaction reverted. Nothing else was sent.');
    }
    show(step, 'rechecking');
    if ((await allowanceOf(deps, fromAddress, step, true)) < step.amount) {
      show(step, 'failed', 'The allowance is still too low after the approval.');
      throw new FlowError('approval-failed', 'The approval was mined but the allowance is still too low. Nothing else was sent.');
    }
    show(step, 'done');
  }
}

/** Moves the wallet to `chain` (an approval on another chain reuses the source chain's details under its own id). */
async function switchTo(deps: TransferDeps, handlers: TransferHandlers, chain: Chain): Promise<void> {
  handlers.onPhase?.('switching-chain');
  const params = addChainParams(chain);
  try {
    await switchChain(deps.provider, params, { signal: deps.signal });
  } catch (error) {
    throw fromWalletError(error, `switching to ${params.chainName}`);
  }
}

/**
 * Routes, approves and broadcasts. Resolves with the saved record once the
 * source transaction is broadcast; from there `trackTransfer` takes over.
 * A failure before broadcast leaves nothing half-done: the saved intent is
 * marked abandoned and the error says so.
 */
export async function sendTransfer(plan: TransferPlan, deps: TransferDeps, handlers: TransferHandlers = {}): Promise<SavedTransfer> {
  const { fromChain, fromToken, toChain, toToken, amount, fromAddress } = plan;
  const { provider, signal, store } = deps;
  handlers.onPhase?.('routing');
  await assertAccount(provider, fromAddress, signal).catch((e) => {
    throw fromWalletError(e, 'reading the account');
  });
  const { data: route, meta } = await deps.client.route(
    {
      fromChain: fromChain.chainId,
      toChain: toChain.chainId,
      fromToken: fromToken.address,
      toToken: toToken.address,
      fromAmount: amount,
      fromAddress,
      toAddress: plan.toAddress,
      slippage: plan.slippage,
      fromAmountUSD: plan.fromAmountUsd || undefined,
      metadata: plan.metadata,
      postHook: plan.postHook,
    },
    { signal },
  );
  handlers.onRoute?.(route, meta);
  const now = Date.now();
  let record: SavedTransfer = {
    intentId: route.intentId,
    account: fromAddress.toLowerCase(),
    fromChainId: fromChain.chainId,
    toChainId: toChain.chainId,
    fromToken,
    toToken,
    fromAmount: amount.toString(),
    toAmount: route.route.estimate.toAmount.toString(),
    toAddress: plan.toAddress,
    createdAt: now,
    updatedAt: now,
    phase: 'routed',
    receiptAccepted: false,
    requestId: meta.requestId || undefined,
    providerRequestId: meta.providerRequestId || undefined,
    provider: route.route.provider,
  };
  store.save(record);
  const update = (change: (current: SavedTransfer | undefined) => SavedTransfer | undefined) => store.update(record.account, record.intentId, change);

  const abandon = (error: unknown): never => {
    update((current) => (current && !current.sourceTxHash ? { ...current, phase: 'abandoned' } : current));
    throw error;
  };

  try {
    await runApprovals(plan, route, deps, handlers);
    await switchTo(deps, handlers, fromChain);
    await assertAccount(provider, fromAddress, signal);
  } catch (error) {
    abandon(fromWalletError(error, 'the approval'));
  }

  handlers.onPhase?.('confirm-in-wallet');
  const tx = route.route.execution.transaction;
  const saveHash = (hash: Hash): SavedTransfer => {
    const change = { phase: 'broadcast', sourceTxHash: hash } as const;
    return update((current) => ({ ...(current ?? record), ...change })) ?? { ...record, ...change };
  };
  // The user may confirm in the wallet after the widget stopped waiting; the hash must still be kept and tracked.
  const onLateResult = (value: unknown) => {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) return;
    const late = saveHash(value as Hash);
    handlers.onTransaction?.(value as Hash, route.intentId);
    handlers.onLateTransaction?.(late);
  };
  // EIP-1559 fees when the route gives both, else the legacy gas price.
  const eip1559 = !!tx.maxFeePerGas && !!tx.maxPriorityFeePerGas;
  let hash: Hash;
  try {
    hash = await sendTransaction(
      provider,
      {
        from: fromAddress,
        to: tx.to as Address,
        data: tx.data as `0x${string}`,
        value: tx.value,
        chainId: chainIdNumber(fromChain),
        gas: tx.gasLimit || undefined,
        maxFeePerGas: eip1559 ? tx.maxFeePerGas : undefined,
        maxPriorityFeePerGas: eip1559 ? tx.maxPriorityFeePerGas : undefined,
        gasPrice: eip1559 ? undefined : tx.gasPrice || undefined,
      },
      { signal, timeoutMs: deps.promptTimeoutMs, onLateResult },
    );
  } catch (error) {
    return abandon(fromWalletError(error, 'the transfer'));
  }
  // The hash is saved before anything else can fail: from here on the transfer is never lost.
  record = saveHash(hash);
  handlers.onPhase?.('broadcast');
  handlers.onTransaction?.(hash, route.intentId);
  return record;
}

export type TrackOutcome =
  | { kind: 'success'; status: IntentStatus & { kind: 'tracked' }; record: SavedTransfer }
  | { kind: 'failed'; status: IntentStatus & { kind: 'tracked' }; record: SavedTransfer }
  | { kind: 'not-found'; error: RoutingError; record: SavedTransfer };

/**
 * Submits the receipt (until accepted) and follows the status to a final
 * state. Used right after broadcast and to resume a saved transfer after a
 * reload: it is safe to call again at any point, the receipt is idempotent.
 */
export async function trackTransfer(saved: SavedTransfer, deps: Omit<TransferDeps, 'provider'>, handlers: TransferHandlers = {}): Promise<TrackOutcome> {
  const { client, signal } = deps;
  let record = saved;
  const persist = (change: Partial<SavedTransfer>) => {
    record = deps.store.update(record.account, record.intentId, (current) => ({ ...(current ?? record), ...change })) ?? { ...record, ...change };
  };
  const notFound = (error: RoutingError): TrackOutcome => {
    persist({ phase: 'not-found' });
    return { kind: 'not-found', error, record };
  };
  if (record.sourceTxHash && !record.receiptAccepted) {
    handlers.onPhase?.('reporting');
    let result: ApiResult<ReceiptResult>;
    try {
      result = await submitReceiptUntilAccepted(client, record.intentId, record.sourceTxHash, {
        signal,
        backoff: deps.receiptBackoff,
        onRetry: (attempt, error, delay) => handlers.onReceiptRetry?.(attempt, error, delay),
      });
    } catch (error) {
      if (error instanceof RoutingError && error.kind === 'intent-not-found') return notFound(error);
      throw error;
    }
    persist({ receiptAccepted: true, phase: 'tracking' });
    handlers.onReceipt?.(result);
  }
  handlers.onPhase?.('tracking');
  const outcome = await pollUntilFinal(client, record.intentId, {
    ...deps.poll,
    signal,
    onStatus: (status, meta) => {
      if (status.kind === 'tracked') {
        const change: Partial<SavedTransfer> = { lastStatus: status.rawStatus };
        if (status.dest_tx_hash) change.destTxHash = status.dest_tx_hash;
        if (status.to_amount_wei !== undefined) change.toAmountReceived = status.to_amount_wei.toString();
        if (status.source_tx_hash && !record.sourceTxHash) change.sourceTxHash = status.source_tx_hash;
        if (status.provider_request_id && !record.providerRequestId) change.providerRequestId = status.provider_request_id;
        persist(change);
      }
      handlers.onStatus?.(status, meta);
    },
    onProblem: (error, retryInMs) => handlers.onPollProblem?.(error, retryInMs),
  });
  if (outcome.kind === 'not-found') return notFound(outcome.error);
  const finalPhase = outcome.status.status === 'success' ? 'success' : 'failed';
  persist({ phase: finalPhase });
  return { kind: finalPhase, status: outcome.status, record };
}
