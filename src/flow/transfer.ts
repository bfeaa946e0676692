/**
 * The transfer up to its broadcast, step by step, with no DOM: route (fresh,
 * right before signing) → the guards → code at the route's contracts →
 * simulation of the whole sequence and its effects → review → switch chain
 * → network fees → approvals from that route → check the account → sign and
 * broadcast (fees bounded) → save the hash. From there `trackTransfer`
 * (./track-transfer.ts) follows it. Every step reports through handlers;
 * <bridge-widget> turns them into UI and DOM events.
 *
 * Nothing is asked of the wallet before the route passed the guards and its
 * simulation (when there is one): the first prompt, a chain switch at the
 * earliest, comes after. The code check reads the wallet's chain, so it runs
 * before the simulation when the wallet is on the source chain already, else
 * right after the switch, still before any approval or transaction prompt.
 */
import { usableApprovals } from '../api/approvals.js';
import type { RequiredApproval } from '../api/approvals.js';
import type { ResponseMeta } from '../api/client.js';
import type { TransferClient } from '../api/transfer-client.js';
import { sleep } from '../model/sleep.js';
import type { ApprovalState } from '../model/approval-state.js';
import type { Chain, Estimate, PostHook, RouteResult } from '../api/schemas.js';
import { approveErc20, getAccounts, getChainId, readErc20Allowance, readTokenBalance, sendTransaction, switchChain, waitForReceipt } from '../wallet/index.js';
import type { Address, Eip1193Provider, Hash } from '../wallet/index.js';
import { estimateGas, hasCode, readChainFees } from '../wallet/reads.js';
import { simulationEndpoint } from '../api/simulation.js';
import { evmChainId } from '../model/chain-id.js';
import type { IntentStore, SavedToken, SavedTransfer } from './intent-store.js';
import { MAX_UINT256, isNativeToken, sameId } from '../model/tokens.js';
import { refundFloor } from '../model/refund.js';
import { expectedSeconds } from '../model/quote.js';
import { checkApproval, checkBounds, checkRoute, checkTransaction, compareTerms, refuse, refusalMessage, switchParams } from './guards.js';
import { FlowError, fromWalletError } from './errors.js';
import type { Agreement, Refusal, TermsChange } from './guards.js';
import { boundedFeeFields, boundedGas, gasCap, networkFee, type NetworkFee } from './fees.js';
import { simulateRoute, type SimulationReview } from './simulate-route.js';
import { nonceNow } from './unknown-outcome.js';

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
  /** The chain list the widget loaded: the wallet is only ever moved to a chain of it, described by its own entry. Defaults to the two chains above. */
  chains?: readonly Chain[] | undefined;
  /** The quote the user saw on screen; the route's terms are compared with it and with the quote taken right before routing. */
  shownEstimate?: Estimate | undefined;
}

export type { ApprovalState } from '../model/approval-state.js';

export interface ApprovalProgress extends RequiredApproval {
  id: string;
  state: ApprovalState;
  txHash?: Hash;
  message?: string;
}

/** What the flow is doing before the broadcast (after it, the transfer's phase says where it stands); `batch-pending`: the wallet took the batch, its transaction is not included yet. */
export type ExecutionStep = 'routing' | 'simulating' | 'approving' | 'switching-chain' | 'confirm-in-wallet' | 'batch-pending';

export interface TransferHandlers {
  onStep?(step: ExecutionStep): void;
  onRoute?(result: RouteResult, meta: ResponseMeta): void;
  onApprovals?(steps: readonly ApprovalProgress[]): void;
  onApprovalSent?(step: ApprovalProgress): void;
  /** The source transaction has a hash; `batchId` when it came in an EIP-5792 batch (./batch.ts). */
  onTransaction?(hash: Hash, intentId: string, batchId?: string): void;
  /** The wallet answered after the flow gave up waiting: the transfer was broadcast (or, a batch, taken by the wallet) after all and is now saved. */
  onLateTransaction?(record: SavedTransfer): void;
  /** The route passed every guard: what the wallet will be asked to do, shown before it opens; again when the network fee is known. */
  onReview?(review: RouteReview): void;
  /**
   * The route's terms are worse than the quote beyond tolerance. Resolve true
   * to go on with the new terms, false to stop; nothing is signed meanwhile.
   * Without this handler such a route is refused.
   */
  onTermsChanged?(change: TermsChange, review: RouteReview): Promise<boolean>;
}

/** What the user is about to sign, from a route that passed the guards. */
export interface RouteReview {
  amount: bigint;
  /** Native value that leaves the wallet with the transaction (0 when none). */
  nativeValue: bigint;
  toAddress: string;
  /** The contract the transaction goes to (`transaction.to`): "the bridge contract" when an approval names it. */
  to: string;
  /** The route's estimate: what the user now receives (and `toAmountMin`, the least). */
  estimate: Estimate;
  /** What the simulation found, or why there is none. */
  simulation?: SimulationReview | undefined;
  /** Expected and maximum network fee, once the wallet's fees are read (on the source chain). */
  networkFee?: NetworkFee | undefined;
  /** The route suggested fee prices beyond the bound (./fees.ts): the wallet prices the transfer itself. */
  routeFeesIgnored?: boolean | undefined;
}

export interface TransferDeps {
  client: TransferClient;
  provider: Eip1193Provider;
  store: IntentStore;
  /** Approve 2^256-1 instead of the exact amount; only when the host opts in. */
  unlimitedApprovals?: boolean;
  signal?: AbortSignal;
  /** Receipt polling of mined approvals; shorter in tests. */
  confirmPollMs?: number;
  /** How long to wait for the user to answer a wallet prompt (default 5 min). */
  promptTimeoutMs?: number;
  /** Stop the attempt when the route cannot be simulated (the host's `require-simulation`); otherwise the guards alone decide then. */
  requireSimulation?: boolean | undefined;
  /** Where the simulation goes (default: the proxy's `{proxy}/simulate/{chainId}`) and how long it may take (default 12 s). */
  simulation?: { endpoint?: string | undefined; timeoutMs?: number | undefined } | undefined;
}

/** Ends the attempt for a failed guard: nothing signed, the rule named, the route's request id kept. */
export function routeRejected(refusal: Refusal, requestId?: string | undefined): FlowError {
  return new FlowError('route-rejected', refusalMessage(refusal.rule, refusal.reason), { rule: refusal.rule, requestId });
}

/**
 * `eth_getCode` through the wallet (on the source chain) for every spender
 * and for `to`: an address without code is refused (see ./guards.ts).
 */
export async function checkCode(deps: TransferDeps, approvals: readonly RequiredApproval[], to: string, requestId: string | undefined): Promise<void> {
  const targets = new Map<string, 'approval-spender-code' | 'transaction-target-code'>(
    approvals.map((a) => [a.spender.toLowerCase(), 'approval-spender-code']),
  );
  targets.set(to.toLowerCase(), 'transaction-target-code');
  for (const [address, rule] of targets) {
    let code: boolean;
    try {
      code = await hasCode(deps.provider, address as Address, { signal: deps.signal });
    } catch (error) {
      throw fromWalletError(error, 'reading the route’s contracts');
    }
    if (!code) throw routeRejected(refuse(rule), requestId);
  }
}

function agreementOf(plan: TransferPlan, deps: TransferDeps): Agreement {
  return { ...plan, unlimitedApproval: deps.unlimitedApprovals };
}

export async function assertAccount(provider: Eip1193Provider, expected: Address, signal?: AbortSignal): Promise<void> {
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

/** The approvals the widget will send: the route's (after the spec's skip rule), or for an ERC-20 route listing none, `fromAmount` to `to`. */
function requiredApprovals(plan: TransferPlan, route: RouteResult): RequiredApproval[] {
  const { fromChain } = plan;
  const required = usableApprovals(route.route, fromChain.chainId);
  // With no approvals listed, the spec still asks to compare the ERC-20
  // allowance with fromAmount; the only contract the route names is `to`.
  if (required.length === 0 && !isNativeToken(plan.fromToken.address)) {
    return [
      {
        chainId: fromChain.chainId,
        tokenAddress: plan.fromToken.address as Address,
        spender: route.route.execution.transaction.to as Address,
        amount: plan.amount,
      },
    ];
  }
  return required;
}

/** Shows an approval's new state: every listener gets a fresh copy of all steps. */
export function showApproval(steps: ApprovalProgress[], handlers: TransferHandlers, step: ApprovalProgress, state: ApprovalState, message?: string): void {
  step.state = state;
  if (message) step.message = message;
  handlers.onApprovals?.(steps.map((s) => ({ ...s })));
}

/**
 * The approvals the widget will send, each allowance read first, so the user
 * sees the whole plan before the first prompt (both ways of sending start
 * here); `next` is the step shown meanwhile, when there are approvals.
 */
export async function readApprovals(
  plan: TransferPlan,
  route: RouteResult,
  deps: TransferDeps,
  handlers: TransferHandlers,
  next: ExecutionStep = 'approving',
): Promise<ApprovalProgress[]> {
  const steps: ApprovalProgress[] = requiredApprovals(plan, route).map((r, i) => ({
    ...r,
    id: `${i}:${r.tokenAddress}:${r.spender}`.toLowerCase(),
    state: 'checking',
  }));
  handlers.onApprovals?.(steps.map((s) => ({ ...s })));
  if (steps.length === 0) return steps;
  handlers.onStep?.(next);
  for (const step of steps) showApproval(steps, handlers, step, (await allowanceOf(deps, plan.fromAddress, step)) >= step.amount ? 'sufficient' : 'needed');
  return steps;
}

async function runApprovals(
  plan: TransferPlan,
  route: RouteResult,
  deps: TransferDeps,
  handlers: TransferHandlers,
  requestId: string | undefined,
  read: ApprovalProgress[] | undefined,
  gasLimits: readonly bigint[] = [],
): Promise<void> {
  const { fromAddress } = plan;
  const { provider, signal } = deps;
  const agreed = agreementOf(plan, deps);
  const steps = read ?? (await readApprovals(plan, route, deps, handlers));
  const show = (step: ApprovalProgress, state: ApprovalState, message?: string) => showApproval(steps, handlers, step, state, message);

  const pending = deps.store.approvals;
  for (const step of steps) {
    if (step.state !== 'needed') continue;
    // Checked again at the prompt itself, not only when the route arrived.
    const verdict = checkApproval(agreed, route.route, step);
    if (!verdict.ok) {
      show(step, 'failed', refusalMessage(verdict.rule));
      throw routeRejected(verdict, requestId);
    }
    const chainId = Number(step.chainId);
    await switchTo(plan, deps, handlers, step.chainId, requestId);
    handlers.onStep?.('approving');
    // An approval sent before a reload may still be on its way: wait for it rather than ask for a second one.
    const earlier = pending.find(fromAddress, step);
    if (earlier && earlier.amount >= step.amount) {
      step.txHash = earlier.hash as Hash;
    } else {
      show(step, 'waiting-wallet');
      const remember = (hash: unknown) => {
        if (typeof hash === 'string')
          pending.add(fromAddress, { chainId: step.chainId, tokenAddress: step.tokenAddress, spender: step.spender, amount: step.amount, hash });
      };
      try {
        await assertAccount(provider, fromAddress, signal);
        step.txHash = await approveErc20(
          provider,
          {
            from: fromAddress,
            token: step.tokenAddress,
            spender: step.spender,
            amount: deps.unlimitedApprovals ? MAX_UINT256 : step.amount,
            chainId,
            gas: gasLimits[steps.indexOf(step)],
          },
          { signal, timeoutMs: deps.promptTimeoutMs, onLateResult: remember },
        );
      } catch (error) {
        const mapped = fromWalletError(error, 'the approval');
        show(
          step,
          mapped instanceof FlowError && mapped.kind === 'wallet-rejected' ? 'rejected' : 'failed',
          mapped instanceof Error ? mapped.message : String(mapped),
        );
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

/** Moves the wallet to a chain of the list, described by that chain's own entry; any other chain is refused before the wallet is asked. */
export async function switchTo(
  plan: TransferPlan,
  deps: TransferDeps,
  handlers: TransferHandlers,
  chainId: string,
  requestId: string | undefined,
): Promise<void> {
  const built = switchParams(agreementOf(plan, deps), chainId);
  if (!built.ok) throw routeRejected(built, requestId);
  const { params } = built;
  try {
    await switchChain(deps.provider, params, { signal: deps.signal }, () => handlers.onStep?.('switching-chain'));
  } catch (error) {
    throw fromWalletError(error, `switching to ${params.chainName}`);
  }
}

/**
 * Terms worse than what the user saw, or than the quote taken right before
 * routing, wait for the user's answer; nothing is signed meanwhile. With no
 * one to ask, or a no, the attempt ends.
 */
async function confirmTerms(
  plan: TransferPlan,
  route: RouteResult,
  fresh: Estimate,
  review: RouteReview,
  handlers: TransferHandlers,
  signal: AbortSignal | undefined,
  requestId: string | undefined,
): Promise<void> {
  const change = (plan.shownEstimate && compareTerms(plan.shownEstimate, route.route, plan.slippage)) || compareTerms(fresh, route.route, plan.slippage);
  if (!change) return;
  const refused = routeRejected({ ok: false, rule: 'terms-changed' }, requestId);
  if (!handlers.onTermsChanged) throw refused;
  // A stop (the account changed, the page left) must not wait for an answer that may never come.
  const stopped = new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
  const accepted = await Promise.race([handlers.onTermsChanged(change, review), stopped]);
  if (!accepted) throw refused;
}

/** A transfer routed, guarded, its terms accepted and its intent saved: what every way of sending it starts from. */
export interface PreparedTransfer {
  route: RouteResult;
  requestId: string | undefined;
  agreed: Agreement;
  /** The saved intent (phase `signing`), before any prompt. */
  record: SavedTransfer;
  /** Changes the saved record (re-read from storage first). */
  update(change: (current: SavedTransfer | undefined) => SavedTransfer | undefined): SavedTransfer | undefined;
  /** Ends the attempt with `error`; the saved intent is marked abandoned unless something was sent for it. */
  abandon(error: unknown): never;
  /** The wallet was on the source chain when the route came: the code at its contracts is read already; else it is read right after the switch. */
  onSource: boolean;
  /** The approvals the route requires (`route.execution.approvals`, checked). */
  required: RequiredApproval[];
  /** Gas of each simulated call (the approvals, then the transaction), when the sequence was simulated. */
  simulatedGas: readonly bigint[] | undefined;
  /** Updates what the review shows (the network fee once the fee prices are read). */
  showReview(change: Partial<RouteReview>): void;
}

/**
 * The balance of the token sent at which a refund counts as arrived: the
 * balance now, through the wallet on the source chain (after the approvals,
 * before the transfer's own signature: nothing has left yet), less what the
 * transfer may rightly cost in that token (see `refundFloor`). A wallet that
 * cannot read it within a few seconds leaves it unknown, and the transfer
 * goes on: a refund that cannot be seen is still said to be initiated.
 */
export async function balanceFloor(plan: TransferPlan, deps: TransferDeps, route: RouteResult): Promise<bigint> {
  const { fromChain, fromToken, fromAddress, amount } = plan;
  const { estimate, execution } = route.route;
  const before = await readTokenBalance(deps.provider, { token: fromToken.address as Address, owner: fromAddress }, { signal: deps.signal, timeoutMs: 5_000 });
  const inToken = (fee: Estimate['fees'][number]) => fee.token.chainId === fromChain.chainId && sameId(fee.token.address, fromToken.address);
  return refundFloor({
    before,
    sent: amount,
    fees: estimate.fees.filter(inToken).reduce((sum, fee) => sum + fee.amount, 0n),
    gasToken: isNativeToken(fromToken.address),
    gasLimit: execution.transaction.gasLimit,
    gasPrice: execution.transaction.maxFeePerGas || execution.transaction.gasPrice,
  });
}

/**
 * Routes, approves and broadcasts. Resolves with the saved record once the
 * source transaction is broadcast; from there `trackTransfer` takes over.
 * A failure before broadcast leaves nothing half-done: the saved intent is
 * marked abandoned and the error says so.
 */
export async function sendTransfer(plan: TransferPlan, deps: TransferDeps, handlers: TransferHandlers = {}): Promise<SavedTransfer> {
  return sendSequence(plan, deps, handlers, await prepareTransfer(plan, deps, handlers));
}

/** The route (a fresh quote first), its guards and terms, and the intent saved; nothing is signed yet. */
export async function prepareTransfer(plan: TransferPlan, deps: TransferDeps, handlers: TransferHandlers): Promise<PreparedTransfer> {
  const { fromChain, fromToken, toChain, toToken, amount, fromAddress } = plan;
  const { provider, signal, store } = deps;
  handlers.onStep?.('routing');
  await assertAccount(provider, fromAddress, signal).catch((e) => {
    throw fromWalletError(e, 'reading the account');
  });
  const request = {
    fromChain: fromChain.chainId,
    toChain: toChain.chainId,
    fromToken: fromToken.address,
    toToken: toToken.address,
    fromAmount: amount,
    fromAddress,
    toAddress: plan.toAddress,
    slippage: plan.slippage,
  };
  // The AML screening happens at quote: quote the exact request right before
  // routing. Its figures are also the reference the route's terms must meet.
  const { data: fresh } = await deps.client.quote(request, { signal });
  const { data: route, meta } = await deps.client.route(
    { ...request, fromAmountUSD: plan.fromAmountUsd || undefined, metadata: plan.metadata, postHook: plan.postHook },
    { signal },
  );
  handlers.onRoute?.(route, meta);
  const requestId = meta.requestId || undefined;
  const agreed = agreementOf(plan, deps);
  const tx = route.route.execution.transaction;
  // The size of the answer first: nothing below does work in proportion to it.
  const bounds = checkBounds(route.route);
  if (!bounds.ok) throw routeRejected(bounds, requestId);
  const required = requiredApprovals(plan, route);
  const verdict = checkRoute(agreed, route.route, required);
  if (!verdict.ok) throw routeRejected(verdict, requestId);
  // Code at the route's contracts, read on the source chain: now when the wallet is there already, else right after the switch.
  const onSource = await getChainId(provider, { signal }).then(
    (id) => id === evmChainId(fromChain.chainId),
    (error: unknown) => {
      throw fromWalletError(error, 'reading the network');
    },
  );
  if (onSource) await checkCode(deps, required, tx.to, requestId);
  handlers.onStep?.('simulating');
  // The approvals as they will be sent: the host's opt-in approves 2^256−1.
  const sent = required.map((a) => (deps.unlimitedApprovals ? { ...a, amount: MAX_UINT256 } : a));
  const simulated = await simulateRoute(agreed, route.route, sent, {
    endpoint: deps.simulation?.endpoint ?? simulationEndpoint(deps.client.baseUrl, fromChain.chainId),
    timeoutMs: deps.simulation?.timeoutMs,
    signal,
  });
  if (!simulated.verdict.ok) throw routeRejected(simulated.verdict, requestId);
  const simulation = simulated.review;
  if (simulation.kind !== 'simulated' && deps.requireSimulation) {
    throw new FlowError(
      'simulation-unavailable',
      'This transfer could not be simulated, and this site requires a simulation before anything is signed. Nothing was signed.',
      {
        requestId,
      },
    );
  }
  let review: RouteReview = { amount, nativeValue: tx.value, toAddress: plan.toAddress, to: tx.to, estimate: route.route.estimate, simulation };
  await confirmTerms(plan, route, fresh, review, handlers, signal, requestId);
  handlers.onReview?.(review);
  const showReview = (change: Partial<RouteReview>) => {
    review = { ...review, ...change };
    handlers.onReview?.(review);
  };
  const now = Date.now();
  const record: SavedTransfer = {
    intentId: route.intentId,
    account: fromAddress.toLowerCase(),
    fromChainId: fromChain.chainId,
    toChainId: toChain.chainId,
    fromToken,
    toToken,
    fromAmount: amount,
    toAmount: route.route.estimate.toAmount,
    toAmountMin: route.route.estimate.toAmountMin,
    toAddress: plan.toAddress,
    createdAt: now,
    updatedAt: now,
    phase: 'signing',
    receiptAccepted: false,
    requestId: meta.requestId || undefined,
    providerRequestId: meta.providerRequestId || undefined,
    provider: route.route.provider,
    expectedSeconds: expectedSeconds(route.route.estimate) ?? expectedSeconds(fresh),
  };
  store.save(record);
  const update = (change: (current: SavedTransfer | undefined) => SavedTransfer | undefined) => store.update(record.account, record.intentId, change);
  const abandon = (error: unknown): never => {
    update((current) => (current && !current.sourceTxHash && !current.batchId ? { ...current, phase: 'abandoned' } : current));
    throw error;
  };
  const simulatedGas = simulation.kind === 'simulated' ? simulation.gas : undefined;
  return { route, requestId, agreed, record, update, abandon, onSource, required, simulatedGas, showReview };
}

/**
 * The sequence, one prompt each: the approvals still needed (`approvals`,
 * when already read), then the transaction.
 */
export async function sendSequence(
  plan: TransferPlan,
  deps: TransferDeps,
  handlers: TransferHandlers,
  prepared: PreparedTransfer,
  approvals?: ApprovalProgress[],
): Promise<SavedTransfer> {
  const { fromChain, fromAddress } = plan;
  const { provider, signal } = deps;
  const { route, requestId, agreed, update, abandon, onSource, required, simulatedGas, showReview } = prepared;
  const tx = route.route.execution.transaction;
  let { record } = prepared;
  try {
    await switchTo(plan, deps, handlers, fromChain.chainId, requestId);
    if (!onSource) await checkCode(deps, required, tx.to, requestId);
    if (simulatedGas) {
      // The network fee of the whole sequence, before the first approval is asked for.
      const fees = await readChainFees(provider, { signal });
      const { fields, ignored } = boundedFeeFields(tx, fees);
      const approvalsGas = simulatedGas.slice(0, -1).map((gas) => ({ gas }));
      showReview({ networkFee: networkFee([...approvalsGas, { gas: simulatedGas.at(-1)!, fields }], fees), routeFeesIgnored: ignored });
    }
    await runApprovals(plan, route, deps, handlers, requestId, approvals, simulatedGas?.slice(0, -1).map(gasCap));
    await switchTo(plan, deps, handlers, fromChain.chainId, requestId);
    await assertAccount(provider, fromAddress, signal);
  } catch (error) {
    abandon(fromWalletError(error, 'the approval'));
  }

  // Checked again at the prompt itself.
  const txVerdict = checkTransaction(agreed, route.route);
  if (!txVerdict.ok) abandon(routeRejected(txVerdict, requestId));
  // What a refund must bring the balance back to, should the transfer fail (src/model/refund.ts): read last, right before the signature.
  const floor = await balanceFloor(plan, deps, route).catch((error: unknown) => (signal?.aborted ? abandon(error) : undefined));
  // And the nonce: should the chain never show the hash, a later nonce says the account sent something since (./unknown-outcome.ts).
  const nonceAtAttempt = await nonceNow(provider, fromAddress, signal);
  handlers.onStep?.('confirm-in-wallet');
  // The fee prices and gas the wallet is given, bounded by the chain's fees now (./fees.ts).
  let fees: Awaited<ReturnType<typeof readChainFees>>;
  let figure: bigint;
  try {
    fees = await readChainFees(provider, { signal });
    figure =
      simulatedGas?.at(-1) ??
      (await estimateGas(provider, { from: fromAddress, to: tx.to as Address, data: tx.data as `0x${string}`, value: tx.value }, { signal }));
  } catch (error) {
    return abandon(fromWalletError(error, 'estimating the network fee'));
  }
  const { fields, ignored } = boundedFeeFields(tx, fees);
  if (!simulatedGas) showReview({ networkFee: networkFee([{ gas: figure, fields }], fees), routeFeesIgnored: ignored });
  const saveHash = (hash: Hash): SavedTransfer => {
    const change = { phase: 'broadcast', sourceTxHash: hash, broadcastAt: Date.now(), refundFloor: floor, nonceAtAttempt } as const;
    return update((current) => ({ ...(current ?? record), ...change })) ?? { ...record, ...change };
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
      provider,
      {
        from: fromAddress,
        to: tx.to as Address,
        data: tx.data as `0x${string}`,
        value: tx.value,
        chainId: evmChainId(fromChain.chainId)!,
        gas: boundedGas(tx.gasLimit, figure),
        ...fields,
      },
      { signal, timeoutMs: deps.promptTimeoutMs, onLateResult },
    );
  } catch (error) {
    return abandon(fromWalletError(error, 'the transfer'));
  }
  // The hash is saved before anything else can fail: from here on the transfer is never lost.
  record = saveHash(hash);
  handlers.onTransaction?.(hash, route.intentId);
  return record;
}
