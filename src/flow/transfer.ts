/**
 * The transfer, step by step, with no DOM: route (fresh, right before
 * signing) → approvals from that route → switch chain and check the account →
 * save → sign and broadcast → save the hash → submit the receipt until
 * accepted → poll status to a final state. Every step reports through
 * handlers; <bridge-widget> turns them into UI and DOM events.
 */
import { usableApprovals } from '../api/approvals.js';
import type { RequiredApproval } from '../api/approvals.js';
import type { ApiResult, ResponseMeta, RoutingClient } from '../api/client.js';
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

export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const MAX_UINT256 = 2n ** 256n - 1n;

export function isNativeToken(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN;
}

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
  client: RoutingClient;
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
    ...(chain.blockExplorerUrls.length ? { blockExplorerUrls: chain.blockExplorerUrls } : {}),
  };
}

async function assertAccount(provider: Eip1193Provider, expected: Address, signal?: AbortSignal): Promise<void> {
  const [account] = await getAccounts(provider, signal ? { signal } : undefined);
  if (!account || account.toLowerCase() !== expected.toLowerCase()) {
    throw new FlowError(
      'wrong-account',
      account ? `The wallet switched to ${account}; this transfer is for ${expected}. Nothing was sent.` : 'The wallet disconnected. Nothing was sent.',
    );
  }
}

/**
 * Reads an allowance through the routing service, as the spec asks; when it
 * lags behind a just-mined approval, retries briefly, then reads the chain.
 */
async function allowanceAtLeast(
  deps: TransferDeps,
  owner: Address,
  approval: RequiredApproval,
  needed: bigint,
  options: { settle: boolean },
): Promise<bigint> {
  const attempts = options.settle ? 4 : 1;
  let latest = 0n;
  for (let i = 0; i < attempts; i++) {
    const { data } = await deps.client.allowance(
      { chainId: approval.chainId, tokenAddress: approval.tokenAddress, ownerAddress: owner, spenderAddress: approval.spender },
      { signal: deps.signal },
    );
    latest = data.allowance;
    if (latest >= needed) return latest;
    if (i + 1 < attempts) await sleep(500 * (i + 1), deps.signal);
  }
  if (options.settle) {
    const onChain = await readErc20Allowance(deps.provider, { token: approval.tokenAddress, owner, spender: approval.spender }, deps.signal ? { signal: deps.signal } : undefined);
    if (onChain > latest) latest = onChain;
  }
  return latest;
}

async function runApprovals(plan: TransferPlan, route: RouteResult, deps: TransferDeps, handlers: TransferHandlers): Promise<void> {
  const sourceChainId = plan.fromChain.chainId;
  let required = usableApprovals(route.route, sourceChainId);
  // With no approvals listed, the spec still asks to compare the ERC-20
  // allowance with fromAmount; the only contract the route names is `to`.
  if (required.length === 0 && !isNativeToken(plan.fromToken.address)) {
    required = [{ chainId: sourceChainId, tokenAddress: plan.fromToken.address as Address, spender: route.route.execution.transaction.to as Address, amount: plan.amount }];
  }
  if (required.length === 0) {
    handlers.onApprovals?.([]);
    return;
  }
  const steps: ApprovalProgress[] = required.map((r, i) => ({ ...r, id: `${i}:${r.tokenAddress}:${r.spender}`.toLowerCase(), state: 'checking' }));
  const publish = () => handlers.onApprovals?.(steps.map((s) => ({ ...s })));
  publish();
  handlers.onPhase?.('approving');

  // Check every allowance first, so the user sees the whole plan before the first prompt.
  for (const step of steps) {
    const current = await allowanceAtLeast(deps, plan.fromAddress, step, step.amount, { settle: false });
    step.state = current >= step.amount ? 'sufficient' : 'needed';
    publish();
  }

  const pending = deps.store.approvals;
  for (const step of steps) {
    if (step.state !== 'needed') continue;
    const chain = Number(step.chainId);
    await switchTo(plan, deps, handlers, step.chainId === plan.fromChain.chainId ? plan.fromChain : undefined, chain);
    handlers.onPhase?.('approving');
    // An approval sent before a reload may still be on its way: wait for it rather than ask for a second one.
    const earlier = pending.find(plan.fromAddress, step);
    if (earlier && BigInt(earlier.amount) >= step.amount) {
      step.txHash = earlier.hash as Hash;
    } else {
      step.state = 'waiting-wallet';
      publish();
      const remember = (hash: unknown) => {
        if (typeof hash === 'string') pending.add(plan.fromAddress, { chainId: step.chainId, tokenAddress: step.tokenAddress, spender: step.spender, amount: step.amount.toString(), hash });
      };
      try {
        await assertAccount(deps.provider, plan.fromAddress, deps.signal);
        step.txHash = await approveErc20(
          deps.provider,
          { from: plan.fromAddress, token: step.tokenAddress, spender: step.spender, amount: deps.unlimitedApprovals ? MAX_UINT256 : step.amount, chainId: chain },
          { ...(deps.signal ? { signal: deps.signal } : {}), ...(deps.promptTimeoutMs ? { timeoutMs: deps.promptTimeoutMs } : {}), onLateResult: remember },
        );
      } catch (error) {
        const mapped = fromWalletError(error, 'the approval');
        step.state = mapped instanceof FlowError && mapped.kind === 'wallet-rejected' ? 'rejected' : 'failed';
        step.message = mapped instanceof Error ? mapped.message : String(mapped);
        publish();
        throw mapped;
      }
      remember(step.txHash);
    }
    step.state = 'mining';
    publish();
    handlers.onApprovalSent?.({ ...step });
    const receipt = await waitForReceipt(deps.provider, step.txHash, { ...(deps.signal ? { signal: deps.signal } : {}), pollMs: deps.confirmPollMs ?? 1_000 });
    pending.remove(plan.fromAddress, step.txHash);
    if (receipt.status !== 'success') {
      step.state = 'failed';
      step.message = 'The approval transaction reverted on chain.';
      publish();
      throw new FlowError('approval-failed', 'The approval transaction reverted. Nothing else was sent.');
    }
    step.state = 'rechecking';
    publish();
    const after = await allowanceAtLeast(deps, plan.fromAddress, step, step.amount, { settle: true });
    if (after < step.amount) {
      step.state = 'failed';
      step.message = 'The allowance is still too low after the approval.';
      publish();
      throw new FlowError('approval-failed', 'The approval was mined but the allowance is still too low. Nothing else was sent.');
    }
    step.state = 'done';
    publish();
  }
}

async function switchTo(plan: TransferPlan, deps: TransferDeps, handlers: TransferHandlers, chain: Chain | undefined, chainId: number): Promise<void> {
  handlers.onPhase?.('switching-chain');
  const params = chain ? addChainParams(chain) : { ...addChainParams(plan.fromChain), chainId };
  try {
    await switchChain(deps.provider, params, deps.signal ? { signal: deps.signal } : undefined);
  } catch (error) {
    throw fromWalletError(error, `switching to ${params.chainName}`);
  }
}

function savedRecord(plan: TransferPlan, route: RouteResult, meta: ResponseMeta): SavedTransfer {
  const now = Date.now();
  return {
    intentId: route.intentId,
    account: plan.fromAddress.toLowerCase(),
    fromChainId: plan.fromChain.chainId,
    toChainId: plan.toChain.chainId,
    fromToken: plan.fromToken,
    toToken: plan.toToken,
    fromAmount: plan.amount.toString(),
    toAmount: route.route.estimate.toAmount.toString(),
    toAddress: plan.toAddress,
    createdAt: now,
    updatedAt: now,
    phase: 'routed',
    receiptAccepted: false,
    ...(meta.requestId ? { requestId: meta.requestId } : {}),
    ...(meta.providerRequestId ? { providerRequestId: meta.providerRequestId } : {}),
    provider: route.route.provider,
  };
}

/**
 * Routes, approves and broadcasts. Resolves with the saved record once the
 * source transaction is broadcast; from there `trackTransfer` takes over.
 * A failure before broadcast leaves nothing half-done: the saved intent is
 * marked abandoned and the error says so.
 */
export async function sendTransfer(plan: TransferPlan, deps: TransferDeps, handlers: TransferHandlers = {}): Promise<SavedTransfer> {
  handlers.onPhase?.('routing');
  await assertAccount(deps.provider, plan.fromAddress, deps.signal).catch((e) => {
    throw fromWalletError(e, 'reading the account');
  });
  const routed = await deps.client.route(
    {
      fromChain: plan.fromChain.chainId,
      toChain: plan.toChain.chainId,
      fromToken: plan.fromToken.address,
      toToken: plan.toToken.address,
      fromAmount: plan.amount,
      fromAddress: plan.fromAddress,
      toAddress: plan.toAddress,
      slippage: plan.slippage,
      ...(plan.fromAmountUsd ? { fromAmountUSD: plan.fromAmountUsd } : {}),
      ...(plan.metadata ? { metadata: plan.metadata } : {}),
      ...(plan.postHook ? { postHook: plan.postHook } : {}),
    },
    { signal: deps.signal },
  );
  const route = routed.data;
  handlers.onRoute?.(route, routed.meta);
  let record = savedRecord(plan, route, routed.meta);
  deps.store.save(record);

  const abandon = (error: unknown): never => {
    deps.store.update(record.account, record.intentId, (current) => (current && !current.sourceTxHash ? { ...current, phase: 'abandoned' } : current));
    throw error;
  };

  try {
    await runApprovals(plan, route, deps, handlers);
    await switchTo(plan, deps, handlers, plan.fromChain, chainIdNumber(plan.fromChain));
    await assertAccount(deps.provider, plan.fromAddress, deps.signal);
  } catch (error) {
    abandon(fromWalletError(error, 'the approval'));
  }

  handlers.onPhase?.('confirm-in-wallet');
  const tx = route.route.execution.transaction;
  const saveHash = (hash: Hash) =>
    deps.store.update(record.account, record.intentId, (current) => ({ ...(current ?? record), phase: 'broadcast', sourceTxHash: hash })) ?? {
      ...record,
      phase: 'broadcast' as const,
      sourceTxHash: hash,
    };
  // The user may confirm in the wallet after the widget stopped waiting; the hash must still be kept and tracked.
  const onLateResult = (value: unknown) => {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) return;
    const late = saveHash(value as Hash);
    handlers.onTransaction?.(value as Hash, route.intentId);
    handlers.onLateTransaction?.(late);
  };
  let hash: Hash;
  try {
    hash = await sendTransaction(
      deps.provider,
      {
        from: plan.fromAddress,
        to: tx.to as Address,
        data: tx.data as `0x${string}`,
        value: tx.value,
        chainId: chainIdNumber(plan.fromChain),
        ...(tx.gasLimit ? { gas: tx.gasLimit } : {}),
        ...(tx.maxFeePerGas && tx.maxPriorityFeePerGas ? { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas } : tx.gasPrice ? { gasPrice: tx.gasPrice } : {}),
      },
      { ...(deps.signal ? { signal: deps.signal } : {}), ...(deps.promptTimeoutMs ? { timeoutMs: deps.promptTimeoutMs } : {}), onLateResult },
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
  let record = saved;
  const persist = (change: Partial<SavedTransfer>) => {
    record = deps.store.update(record.account, record.intentId, (current) => ({ ...(current ?? record), ...change })) ?? { ...record, ...change };
  };
  if (record.sourceTxHash && !record.receiptAccepted) {
    handlers.onPhase?.('reporting');
    const result = await submitReceiptUntilAccepted(deps.client, record.intentId, record.sourceTxHash, {
      signal: deps.signal,
      ...(deps.receiptBackoff ? { backoff: deps.receiptBackoff } : {}),
      onRetry: (attempt, error, delay) => handlers.onReceiptRetry?.(attempt, error, delay),
    }).catch((error: unknown) => {
      if (error instanceof RoutingError && error.kind === 'intent-not-found') return error;
      throw error;
    });
    if (result instanceof RoutingError) {
      persist({ phase: 'not-found' });
      return { kind: 'not-found', error: result, record };
    }
    persist({ receiptAccepted: true, phase: 'tracking' });
    handlers.onReceipt?.(result);
  }
  handlers.onPhase?.('tracking');
  const outcome = await pollUntilFinal(deps.client, record.intentId, {
    ...deps.poll,
    ...(deps.signal ? { signal: deps.signal } : {}),
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
  if (outcome.kind === 'not-found') {
    persist({ phase: 'not-found' });
    return { kind: 'not-found', error: outcome.error, record };
  }
  const finalPhase = outcome.status.status === 'success' ? 'success' : 'failed';
  persist({ phase: finalPhase });
  return { kind: finalPhase, status: outcome.status, record };
}
