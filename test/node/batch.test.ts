/**
 * One prompt where the wallet can, without a browser: the
 * capability decision and the batched transfer against the sandbox (real
 * anvil chains with EIP-7702, the real routing service and proxy), with the
 * development wallet as an EIP-5792 wallet: atomic through a real delegation
 * to the sandbox's BatchExecutor where it knows it, `unsupported` where not,
 * "method not found" when its EIP-5792 is off.
 */
import { encodeApprove } from '../../src/wallet/erc20.ts';
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeEventLog, encodeAbiParameters, erc20Abi, keccak256, numberToHex, type Hex } from 'viem';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { PROMPT_METHODS, createDevWallet, type DevWallet, type DevWalletChain, type DevWalletOptions } from '../../demo/dev-wallet.ts';
import { RoutingClient } from '../../src/api/index.ts';
import type { Chain } from '../../src/api/schemas.ts';
import { IntentStore, type SavedTransfer } from '../../src/flow/intent-store.ts';
import { hashUnseen, likelySent, lookUpOutcome, outcomeLine } from '../../src/flow/unknown-outcome.ts';
import { sendTransferInOnePrompt, settleBatch, shouldBatch, type BatchHandlers } from '../../src/flow/batch.ts';
import { walletPrompts, type ExecutionState } from '../../src/flow/execution.ts';
import { FlowError } from '../../src/flow/errors.ts';
import { resumeAction, ABANDON_AFTER_MS } from '../../src/model/resume.ts';
import { TransferSession } from '../../src/flow/session.ts';
import { sessionSettings } from './helpers/session-settings.ts';
import { trackTransfer } from '../../src/flow/track-transfer.ts';
import type { ApprovalProgress, TransferPlan } from '../../src/flow/transfer.ts';
import { atomicStatusOf, getCallsStatus } from '../../src/wallet/calls.ts';
import { WalletError, getAtomicStatus, normalizeRpcError, sendCalls } from '../../src/wallet/index.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { DST, SRC } from './helpers/chains.ts';
import { endedPhase } from './helpers/tracked.ts';
import { until } from './helpers/until.ts';

const fastPoll = { intervalMs: 100, minIntervalMs: 50 };
const fastBackoff = { baseMs: 20, maxMs: 200, jitter: 0 };

describe('the capability answer, read', () => {
  it('takes the chain’s own entry, else the all-chains entry 0x0; anything else is no batching', () => {
    assert.equal(atomicStatusOf({ '0xaa36a7': { atomic: { status: 'supported' } } }, SRC), 'supported');
    assert.equal(atomicStatusOf({ '0xAA36A7': { atomic: { status: 'ready' } } }, SRC), 'ready', 'hex in capitals');
    assert.equal(atomicStatusOf({ '0x0': { atomic: { status: 'supported' } } }, SRC), 'supported', 'all chains');
    assert.equal(atomicStatusOf({ '0x0': { atomic: { status: 'supported' } }, '0xaa36a7': { atomic: { status: 'unsupported' } } }, SRC), 'unsupported');
    assert.equal(atomicStatusOf({ '0x14a34': { atomic: { status: 'supported' } } }, SRC), 'unsupported', 'another chain only');
    // Earlier drafts' `atomicBatch: { supported: true }` came with another wallet_sendCalls: not read as atomic.
    assert.equal(atomicStatusOf({ '0xaa36a7': { atomicBatch: { supported: true } } }, SRC), 'unsupported');
    for (const odd of [
      null,
      'supported',
      [],
      { '0xaa36a7': null },
      { '0xaa36a7': { atomic: { status: 'SUPPORTED' } } },
      { '11155111': { atomic: { status: 'supported' } } },
    ])
      assert.equal(atomicStatusOf(odd, SRC), 'unsupported', JSON.stringify(odd));
  });

  it('"method not found" and EIP-5792’s refusals are WalletError unsupported: nothing was sent', () => {
    for (const code of [4200, -32601, 5700, 5710, 5750, 5760]) assert.equal(normalizeRpcError({ code, message: 'no' }).kind, 'unsupported', String(code));
    assert.equal(normalizeRpcError({ code: 4001, message: 'User rejected the request.' }).kind, 'rejected');
  });

  it('batches only where the host allows it, the wallet is atomic (supported or ready) and there is an approval to fold in', () => {
    for (const atomic of ['supported', 'ready'] as const) {
      assert.equal(shouldBatch(true, atomic, 1, false), true, atomic);
      assert.equal(shouldBatch(true, atomic, 2, false), true, `${atomic}, two approvals`);
      assert.equal(shouldBatch(false, atomic, 1, false), false, `${atomic}, batch="off"`);
      assert.equal(shouldBatch(true, atomic, 0, false), false, `${atomic}, nothing to approve`);
      assert.equal(shouldBatch(true, atomic, 1, true), false, `${atomic}, an earlier approval still on its way`);
    }
    assert.equal(shouldBatch(true, 'unsupported', 1, false), false);
  });
});

describe('batched transfers against the sandbox', () => {
  let sandbox: SandboxHandle;
  let client: RoutingClient;
  let chains: Chain[];
  let storage: MemoryStorage;
  let store: IntentStore;

  const token = (chainId: number, symbol: string) => {
    const t = sandbox.tokens.find((x) => x.chainId === chainId && x.symbol === symbol);
    assert.ok(t, `${symbol} on ${chainId}`);
    return { address: t.address as string, symbol: t.symbol, decimals: t.decimals };
  };
  const publicClient = (chainId: number) => sandbox.chain(chainId).publicClient;
  const erc20Balance = (chainId: number, owner: string) =>
    publicClient(chainId).readContract({
      address: token(chainId, 'USDC').address as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner as Hex],
    });
  const allowance = (owner: string, spender: string) =>
    publicClient(SRC).readContract({
      address: token(SRC, 'USDC').address as Hex,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner as Hex, spender as Hex],
    });
  const nonce = (owner: string) => publicClient(SRC).getTransactionCount({ address: owner as Hex, blockTag: 'pending' });
  const rpc = (chainId: number, method: string, params: unknown[] = []) =>
    sandbox.chain(chainId).publicClient.request({ method: method as never, params: params as never });

  /** The sandbox's chains as the wallet knows them; `executors` (default both) names where it knows the BatchExecutor. */
  function walletChains(executors: readonly number[] = [SRC, DST]): DevWalletChain[] {
    return sandbox.readyInfo.chains.map((c) => ({
      chainId: c.chainId,
      rpcUrl: c.rpcUrl!,
      name: c.name,
      ...(executors.includes(c.chainId) ? { batchExecutor: sandbox.readyInfo.contracts[String(c.chainId)]!.batchExecutor as Hex } : {}),
    }));
  }

  /** A wallet for one of the funded accounts; each test takes its own, so a delegation from one test does not decide another. */
  function wallet(
    account: number,
    options: { executors?: readonly number[]; eip5792?: boolean; chainId?: number; onActivity?: DevWalletOptions['onActivity'] } = {},
  ): DevWallet {
    const key = account < 0 ? sandbox.accounts.user : sandbox.accounts.extraUsers[account]!;
    return createDevWallet({
      privateKey: key.privateKey,
      chains: walletChains(options.executors),
      chainId: options.chainId ?? DST, // the flow switches to the source chain
      autoConnect: true,
      eip5792: options.eip5792 ?? true,
      ...(options.onActivity ? { onActivity: options.onActivity } : {}),
    });
  }

  function plan(from: DevWallet, overrides: Partial<TransferPlan> = {}): TransferPlan {
    return {
      fromChain: chains.find((c) => c.chainId === String(SRC))!,
      toChain: chains.find((c) => c.chainId === String(DST))!,
      fromToken: token(SRC, 'USDC'),
      toToken: token(DST, 'USDC'),
      amount: 3_000_000n,
      fromAddress: from.address,
      toAddress: from.address,
      slippage: 1,
      ...overrides,
    };
  }

  const deps = (provider: DevWallet, extra: { batch?: boolean; signal?: AbortSignal } = {}) => ({
    client,
    provider,
    store,
    batch: extra.batch ?? true,
    confirmPollMs: 50,
    receiptBackoff: fastBackoff,
    poll: fastPoll,
    ...(extra.signal ? { signal: extra.signal } : {}),
  });

  /** The record in storage, read as a new page would. */
  const stored = (account: string, intentId?: string): SavedTransfer | undefined => {
    const all = new IntentStore(storage, sandbox.proxyUrl!).list(account);
    return intentId ? all.find((t) => t.intentId === intentId) : all[0];
  };

  /**
   * Takes the account's USDC on the source chain away behind the wallet's back (SandboxToken's
   * `balanceOf` is storage slot 3), so a batch already estimated and sent reverts when mined;
   * resolves with the way back.
   */
  async function drain(owner: string): Promise<() => Promise<void>> {
    const usdc = token(SRC, 'USDC').address;
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner as Hex, 3n]));
    const balance = await erc20Balance(SRC, owner);
    await rpc(SRC, 'anvil_setStorageAt', [usdc, slot, numberToHex(0n, { size: 32 })]);
    assert.equal(await erc20Balance(SRC, owner), 0n, 'drained');
    return async () => {
      await rpc(SRC, 'anvil_setStorageAt', [usdc, slot, numberToHex(balance, { size: 32 })]);
    };
  }

  /** The wallet's sends, in order. */
  const sends = (w: DevWallet) => w.requests.filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction');
  /** How many times the wallet asked its user to approve or send (a network switch is asked for first either way). */
  const prompted = (w: DevWallet) => w.requests.filter((m) => PROMPT_METHODS.includes(m) && m !== 'wallet_switchEthereumChain').length;

  /**
   * What the review shows as the flow reports it: the execution state the
   * widget keeps (src/flow/execution.ts), so `said()` is the count the user read.
   */
  function review(extra: BatchHandlers = {}) {
    let state: ExecutionState = { step: undefined, approvals: [], route: undefined };
    const handlers: BatchHandlers = {
      ...extra,
      onStep: (step) => (state = { ...state, step }),
      onRoute: ({ route }) => (state = { ...state, route: { provider: route.provider, reliabilityScore: undefined, to: route.execution.transaction.to } }),
      onApprovals: (approvals) => {
        state = { ...state, approvals };
        extra.onApprovals?.(approvals);
      },
      onBatch: (batched) => (state = { ...state, batched }),
    };
    return { handlers, said: () => walletPrompts(state), batched: () => state.batched };
  }

  before(async () => {
    sandbox = await startSandbox({ bridgingDelayMs: 200, pollHintMs: 150 });
    client = new RoutingClient({ baseUrl: sandbox.proxyUrl!, backoff: fastBackoff });
    chains = (await client.chains()).data;
  });
  after(() => sandbox?.close());
  beforeEach(() => {
    sandbox.reset();
    storage = new MemoryStorage();
    store = new IntentStore(storage, sandbox.proxyUrl!);
  });

  describe('the capability decision, asked of the wallet', () => {
    it('per chain: ready before the account delegates, supported after, unsupported where the wallet knows no executor', async () => {
      const w = wallet(0, { executors: [SRC] });
      assert.equal(await getAtomicStatus(w, w.address, SRC), 'ready', 'no delegation yet: the first batch asks for the upgrade');
      assert.equal(await getAtomicStatus(w, w.address, DST), 'unsupported', 'no executor known on this chain');
      // The whole answer, as a wallet gives it: one entry per chain asked for.
      assert.deepEqual(await w.request({ method: 'wallet_getCapabilities', params: [w.address, ['0xaa36a7', '0x14a34']] }), {
        '0xaa36a7': { atomic: { status: 'ready' } },
        '0x14a34': { atomic: { status: 'unsupported' } },
      });
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const saved = await sendTransferInOnePrompt(plan(w), deps(w));
      assert.ok(saved.batchId);
      assert.equal(await getAtomicStatus(w, w.address, SRC), 'supported', 'delegated to the BatchExecutor by that batch');
      assert.equal(await getAtomicStatus(w, w.address, DST), 'unsupported');
    });

    it('method not found: no batching, and the wallet’s error is not the flow’s', async () => {
      const w = wallet(1, { eip5792: false });
      assert.equal(await getAtomicStatus(w, w.address, SRC), 'unsupported');
      await assert.rejects(w.request({ method: 'wallet_sendCalls', params: [{}] }), (e: { code?: number }) => e.code === 4200);
    });

    it('a batch that must be atomic where the wallet cannot is refused before anything is sent (5760: unsupported)', async () => {
      const w = wallet(1, { executors: [], chainId: SRC });
      const before = await nonce(w.address);
      const calls = [{ to: token(SRC, 'USDC').address as Hex, data: '0x' as const, value: 0n }];
      await assert.rejects(
        sendCalls(w, { from: w.address, chainId: SRC, calls }),
        (e: unknown) => e instanceof WalletError && e.kind === 'unsupported' && e.rpcCode === 5760,
      );
      assert.equal(await nonce(w.address), before);
    });
  });

  describe('one prompt', () => {
    it('ERC-20 with one approval: one wallet_sendCalls, no eth_sendTransaction, atomic, the approval exact and spent, the tokens arrive', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(-1); // never delegated before: this batch carries the EIP-7702 authorization
      const before = await erc20Balance(DST, w.address);
      const nonceBefore = await nonce(w.address);
      let approvals: readonly ApprovalProgress[] = [];
      const transactions: [string, string | undefined][] = [];
      const shown = review({
        onApprovals: (steps) => (approvals = steps),
        onTransaction: (hash, _id, batchId) => transactions.push([hash, batchId]),
      });
      const saved = await sendTransferInOnePrompt(plan(w), deps(w), shown.handlers);
      assert.equal(shown.batched(), true);
      assert.equal(shown.said(), 1, 'the review says once');
      assert.equal(prompted(w), 1, 'as the review said (after the network switch)');
      assert.deepEqual(sends(w), ['wallet_sendCalls']);
      assert.deepEqual(
        approvals.map((a) => a.state),
        ['done'],
      );
      assert.equal(saved.phase, 'broadcast');
      assert.ok(saved.batchId && saved.sourceTxHash);
      assert.deepEqual(transactions, [[saved.sourceTxHash, saved.batchId]], 'the hash, with the batch id');
      const status = await getCallsStatus(w, saved.batchId);
      assert.deepEqual([status.state, status.atomic, status.receipts.length], ['confirmed', true, 1]);

      // One transaction carried both calls: the approval of exactly the route's amount, then the deposit that spent it.
      const receipt = await publicClient(SRC).getTransactionReceipt({ hash: saved.sourceTxHash as Hex });
      assert.equal(receipt.type, 'eip7702');
      assert.equal(await nonce(w.address), nonceBefore + 2, 'one transaction, one authorization');
      const approved = receipt.logs
        .map((log) => {
          try {
            return decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
          } catch {
            return undefined;
          }
        })
        .filter((e) => e?.eventName === 'Approval');
      assert.equal(approved.length, 1);
      assert.equal((approved[0]!.args as { value: bigint }).value, approvals[0]!.amount);
      assert.equal(await allowance(w.address, approvals[0]!.spender), 0n, 'nothing left standing');

      const outcome = await trackTransfer(saved, deps(w));
      assert.equal(outcome.kind, 'success');
      const intent = sandbox.intents().find((i) => i.intent_id === saved.intentId);
      assert.equal(intent?.source_tx_hash?.toLowerCase(), saved.sourceTxHash?.toLowerCase(), 'the receipt carried the bridge transaction’s hash');
      assert.equal((await erc20Balance(DST, w.address)) - before, outcome.kind === 'success' ? outcome.status.to_amount_wei : -1n);
      assert.equal(store.list(w.address).filter((t) => t.sourceTxHash).length, 1, 'one transfer in the history, not one per call');
    });

    it('two approvals (hopline) in the same one prompt, both spent by the deposit; on the source chain already, the wallet asks once', async () => {
      sandbox.faults.set({ forceProvider: 'hopline' });
      const w = wallet(1, { chainId: SRC });
      let approvals: readonly ApprovalProgress[] = [];
      const shown = review({ onApprovals: (steps) => (approvals = steps) });
      const saved = await sendTransferInOnePrompt(plan(w), deps(w), shown.handlers);
      assert.equal(shown.said(), 1, 'the review says once');
      assert.equal(prompted(w), 1, 'once, as the review said');
      assert.ok(!w.requests.includes('wallet_switchEthereumChain'), 'already on the source chain');
      assert.deepEqual(sends(w), ['wallet_sendCalls']);
      assert.equal(approvals.length, 2);
      assert.ok(approvals.every((a) => a.state === 'done' && a.txHash === saved.sourceTxHash));
      for (const a of approvals) assert.equal(await allowance(w.address, a.spender), 0n);
      assert.equal((await trackTransfer(saved, deps(w))).kind, 'success');
    });

    it('the same wallet with EIP-5792 off, batch="off", or no executor on the source chain: the sequence, one prompt per approval and one for the transfer', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      for (const [label, w, batch] of [
        ['method not found', wallet(2, { eip5792: false }), true],
        ['batch="off"', wallet(2, { chainId: SRC }), false],
        ['atomic unsupported on the source chain', wallet(2, { executors: [DST] }), true],
      ] as const) {
        const shown = review();
        const saved = await sendTransferInOnePrompt(plan(w), deps(w, { batch }), shown.handlers);
        assert.deepEqual(sends(w), ['eth_sendTransaction', 'eth_sendTransaction'], label);
        assert.deepEqual([shown.batched(), shown.said()], [false, 2], `${label}: the review says twice, the approval and the transfer`);
        assert.equal(prompted(w), 2, `${label}: as the review said`);
        assert.equal(saved.batchId, undefined, label);
        assert.equal(w.requests.includes('wallet_getCapabilities'), batch, `${label}: capabilities asked only when batching is allowed`);
        assert.equal((await trackTransfer(saved, deps(w))).kind, 'success', label);
      }
    });

    it('a wallet that turns the batch down without asking (EIP-5792 switched off after it answered): the sequence, nothing lost', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      // The user turns batching off in the wallet right after it answered wallet_getCapabilities.
      const w: DevWallet = wallet(2, { onActivity: ({ method }) => method === 'wallet_getCapabilities' && (w.eip5792 = false) });
      const shown = review();
      const saved = await sendTransferInOnePrompt(plan(w), deps(w), shown.handlers);
      assert.deepEqual(sends(w), ['wallet_sendCalls', 'eth_sendTransaction', 'eth_sendTransaction']);
      assert.deepEqual([shown.batched(), shown.said()], [false, 2], 'the review corrected before the approval prompt');
      assert.equal(saved.batchId, undefined);
      assert.equal((await trackTransfer(saved, deps(w))).kind, 'success');
    });

    it('a rejected batch sends nothing: no transaction, no allowance, the intent abandoned, the user told', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(3);
      const nonceBefore = await nonce(w.address);
      w.rejectNext('wallet_sendCalls');
      let approvals: readonly ApprovalProgress[] = [];
      await assert.rejects(
        sendTransferInOnePrompt(plan(w), deps(w), { onApprovals: (steps) => (approvals = steps) }),
        (e: unknown) => e instanceof FlowError && e.kind === 'wallet-rejected' && /Nothing was sent/.test(e.message),
      );
      assert.deepEqual(sends(w), ['wallet_sendCalls']);
      assert.equal(await nonce(w.address), nonceBefore);
      assert.equal(await allowance(w.address, approvals[0]!.spender), 0n);
      assert.deepEqual(
        approvals.map((a) => a.state),
        ['rejected'],
      );
      const record = stored(w.address)!;
      assert.deepEqual([record.phase, record.batchId, record.sourceTxHash], ['abandoned', undefined, undefined]);
    });

    it('a batch that reverts on chain leaves nothing half-done: no allowance standing, the intent abandoned, the user told', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(3, { chainId: SRC });
      let approvals: readonly ApprovalProgress[] = [];
      // Blocks are no longer mined on their own: the batch waits in the pool while its tokens go.
      await rpc(SRC, 'evm_setAutomine', [false]);
      let restore: (() => Promise<void>) | undefined;
      try {
        const attempt = sendTransferInOnePrompt(plan(w), deps(w), { onApprovals: (steps) => (approvals = steps) });
        const pending = await until(() => (stored(w.address)?.batchId ? stored(w.address) : undefined), 'the batch id saved', { timeout: 30_000 });
        restore = await drain(w.address);
        await rpc(SRC, 'evm_mine');
        await assert.rejects(attempt, (e: unknown) => e instanceof FlowError && e.kind === 'batch-failed' && /reverted on chain as a whole/.test(e.message));
        const status = await getCallsStatus(w, pending.batchId!);
        assert.deepEqual([status.state, status.atomic], ['reverted', true]);
        assert.equal(await allowance(w.address, approvals[0]!.spender), 0n, 'the approval reverted with the deposit');
        assert.deepEqual(
          approvals.map((a) => a.state),
          ['failed'],
        );
        const record = stored(w.address, pending.intentId)!;
        assert.deepEqual([record.phase, record.sourceTxHash], ['abandoned', undefined], 'nothing to follow');
        assert.equal(sandbox.intents().find((i) => i.intent_id === pending.intentId)?.source_tx_hash ?? undefined, undefined, 'no receipt sent');
      } finally {
        await restore?.();
        await rpc(SRC, 'evm_setAutomine', [true]);
      }
    });

    for (const code of [600, 200] as const) {
      it(`a wallet that runs the calls one by one (status ${code}, atomic: false): approval mined, bridge call reverted; read from the receipts, the approval that remains is named and shown done, no receipt sent; looked up as an unknown outcome, the approval stands and a hash the service names but the chain does not show resolves nothing`, async () => {
        sandbox.faults.set({ forceProvider: 'swiftbridge' });
        const w = wallet(2, { chainId: SRC });
        w.nonAtomicRevert = code;
        let approvals: readonly ApprovalProgress[] = [];
        const attempt = sendTransferInOnePrompt(plan(w), deps(w), { onApprovals: (steps) => (approvals = steps) });
        const error = await attempt.then(
          () => assert.fail('the transfer cannot succeed'),
          (e: unknown) => e,
        );
        assert.ok(error instanceof FlowError && error.kind === 'batch-partial', String(error));
        const pending = stored(w.address)!;
        const status = await getCallsStatus(w, pending.batchId!);
        assert.deepEqual([status.atomic, status.receipts.map((r) => r.status)], [false, ['success', 'reverted']]);
        const spender = approvals[0]!.spender;
        const standing = await allowance(w.address, spender);
        assert.ok(standing > 0n, 'the approval stands on chain');
        assert.match(
          error.message,
          /^Your wallet ran the batch’s calls one by one and the transfer reverted: no tokens were bridged\. An allowance of [\d.,]+ USDC to 0x[0-9a-fA-F]{40} remains: the next transfer uses it, or revoke it in your wallet/,
        );
        assert.ok(error.message.includes(spender));
        assert.deepEqual(
          approvals.map((a) => [a.state, a.txHash]),
          [['done', status.receipts[0]!.transactionHash]],
        );
        const record = stored(w.address, pending.intentId)!;
        assert.deepEqual([record.phase, record.sourceTxHash], ['abandoned', undefined]);
        assert.equal(sandbox.intents().find((i) => i.intent_id === pending.intentId)?.source_tx_hash ?? undefined, undefined, 'no receipt sent');
        // Looked up as an unknown outcome is (as if the wallet had then forgotten the batch): the approval was mined, the
        // transfer not; and a source hash the service names that the chain does not show resolves nothing.
        assert.equal(record.approvalSpender?.toLowerCase(), spender.toLowerCase(), 'the spender is kept with the batch id');
        await client.receipt(pending.intentId, `0x${code.toString(16).padStart(64, 'e')}`);
        const intentStatus = async (intentId: string, signal?: AbortSignal) => (await client.status(intentId, { signal })).data;
        const lookup = await lookUpOutcome(record, { status: intentStatus, provider: w });
        assert.deepEqual(lookup, { kind: 'unknown', signs: { hashMissing: true, nonceMoved: true, balanceDropped: false, approvalStands: true } });
        assert.equal(outcomeLine(lookup.signs), 'unknown.approval');
        // Revoked, as the sentence says, so the account's later tests start from no allowance.
        w.nonAtomicRevert = undefined;
        const revoke = (await w.request({
          method: 'eth_sendTransaction',
          params: [{ from: w.address, to: approvals[0]!.tokenAddress, data: encodeApprove(spender, 0n) }],
        })) as Hex;
        // anvil may answer the hash before it mines the transaction: read the allowance once it is mined.
        await publicClient(SRC).waitForTransactionReceipt({ hash: revoke });
        assert.equal(await allowance(w.address, spender), 0n);
      });
    }

    it('a batch the wallet forgot (5730, as after a reload): said plainly, never the wallet’s raw words; the record is kept with its batch id, not given up', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(0, { chainId: SRC });
      const sent = await sendTransferInOnePrompt(plan(w), deps(w));
      assert.ok(sent.batchId && sent.sourceTxHash);
      // The page reloaded before the hash was saved: only the batch id is known, and the wallet no longer knows it.
      const pending = store.update(sent.account, sent.intentId, (current) => ({ ...current!, phase: 'signing', sourceTxHash: undefined }))!;
      w.forgetBatches = true;
      const error = await settleBatch(w, pending, store, { pollMs: 10 }).then(
        () => assert.fail('the outcome is unknown'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof FlowError && error.kind === 'batch-unknown', String(error));
      assert.equal(
        error.message,
        'Your wallet no longer knows this batch, so whether the transfer was sent is unknown. Check your wallet’s activity before bridging again: a second transfer could send the tokens twice.',
      );
      assert.doesNotMatch(error.message, /Unknown bundle id/);
      const record = stored(w.address, pending.intentId)!;
      assert.deepEqual([record.phase, record.batchId], ['signing', sent.batchId], 'kept, so the next page asks again');
      assert.equal(resumeAction(record, Date.now() + 2 * ABANDON_AFTER_MS), 'track', 'never given up as if nothing happened');
    });

    it('a forgotten batch’s outcome is looked for: the service’s status resolves it; else the source chain’s nonce and balance say whether something went through', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(0, { chainId: SRC });
      const sent = await sendTransferInOnePrompt(plan(w), deps(w));
      const saved = stored(w.address, sent.intentId)!;
      assert.equal(typeof saved.nonceAtAttempt, 'number', 'the nonce read right before the prompt is kept with the batch id');
      assert.ok(saved.refundFloor !== undefined);
      w.forgetBatches = true;
      const status = async (intentId: string, signal?: AbortSignal) => (await client.status(intentId, { signal })).data;
      // The batch ran but its receipt never reached the service (the page reloaded first): the status names no
      // transaction, and the chain says the account sent since the attempt and the amount left.
      const unknown = await lookUpOutcome(saved, { status, provider: w });
      // The approval's allowance was spent by the transfer: it does not stand.
      assert.deepEqual(unknown, { kind: 'unknown', signs: { nonceMoved: true, balanceDropped: true, approvalStands: false } });
      assert.equal(likelySent(unknown.kind === 'unknown' ? unknown.signs : {}), true);
      assert.equal(outcomeLine(unknown.kind === 'unknown' ? unknown.signs : undefined), 'unknown.left', 'said in plain words: the tokens left');
      // Once the service has the transaction, its status resolves it: the transfer is followed, not asked about.
      await client.receipt(saved.intentId, sent.sourceTxHash!);
      const found = await until(
        async () => {
          const lookup = await lookUpOutcome(saved, { status, provider: w });
          return lookup.kind === 'found' && lookup;
        },
        'the service to know the transaction',
        { timeout: 30_000 },
      );
      assert.equal(found.hash.toLowerCase(), sent.sourceTxHash!.toLowerCase(), 'the chain shows the transaction the service names');
      const unreported = { ...saved, intentId: `${saved.intentId}-never-reported` };
      // Before anything was sent (the nonce and balance as they are now), nothing says it went through.
      const before = { ...unreported, nonceAtAttempt: await nonce(w.address), refundFloor: 0n };
      const quiet = await lookUpOutcome(before, { status, provider: w });
      assert.deepEqual(quiet, { kind: 'unknown', signs: { nonceMoved: false, balanceDropped: false, approvalStands: false } });
      assert.equal(outcomeLine(quiet.kind === 'unknown' ? quiet.signs : undefined), 'unknown.nothing');
      w.forgetBatches = false;
    });

    it('a saved hash the source chain never shows (dropped, replaced, never broadcast) makes the outcome unknown once its grace has passed; a hash it shows, or a wallet on another chain, does not', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(0, { chainId: SRC });
      const sent = await sendTransferInOnePrompt(plan(w), deps(w));
      const saved = stored(w.address, sent.intentId)!;
      assert.equal(await hashUnseen(saved, w), false, 'the chain shows the transaction');
      const ghost = { ...saved, sourceTxHash: keccak256('0x0badc0de'), broadcastAt: Date.now() };
      assert.equal(await hashUnseen(ghost, w, undefined, 50), true, 'unseen, asked again until the grace passed');
      assert.equal(await hashUnseen(ghost, undefined), false, 'no wallet: nothing read, the tracking goes on');
      assert.equal(await hashUnseen({ ...ghost, fromChainId: String(DST) }, w), false, 'the wallet on another chain: not read');
    });

    it('a hostile route is refused before the batch prompt: the wallet is asked nothing', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge', hostile: 'drain-calldata' });
      const w = wallet(3);
      await assert.rejects(
        sendTransferInOnePrompt(plan(w), deps(w)),
        (e: unknown) => e instanceof FlowError && e.kind === 'route-rejected' && e.rule === 'transaction-target',
      );
      assert.deepEqual(sends(w), []);
    });
  });

  describe('a reload at each stage', () => {
    const settings = () => sessionSettings({ batch: 'on' });
    const fast = {
      backoff: fastBackoff,
      transfer: { poll: fastPoll, receiptBackoff: fastBackoff, confirmPollMs: 50 },
    };
    /** The next page: a new session over the same storage, with a wallet object of its own (the extension's state is on chain). */
    function reload(account: number) {
      const w = wallet(account);
      const session = new TransferSession({ proxyUrl: sandbox.proxyUrl!, settings: settings(), storage, ...fast });
      const events: { type: string; detail: unknown }[] = [];
      session.subscribe({ event: (type, detail) => events.push({ type, detail }) });
      session.connect();
      session.setWallet(w, w.address);
      return { session, events, w };
    }
    const waitFor = (check: () => boolean, what: string) => until(check, what, { timeout: 60_000 });

    it('while the wallet asks: the intent is saved before the prompt; after a reload nothing is followed, and the intent is given up later', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(0, { chainId: SRC });
      w.hang('wallet_sendCalls');
      const page = new AbortController();
      const attempt = sendTransferInOnePrompt(plan(w), deps(w, { signal: page.signal }));
      await until(() => w.requests.includes('wallet_sendCalls'), 'the batch prompt', { timeout: 30_000 });
      const record = stored(w.address)!;
      assert.deepEqual([record.phase, record.batchId, record.sourceTxHash], ['signing', undefined, undefined], 'saved before the prompt, nothing sent yet');
      assert.equal(resumeAction(record, Date.now()), 'keep', 'a reload now follows nothing: nothing was sent that the widget knows of');
      assert.equal(resumeAction(record, record.createdAt + ABANDON_AFTER_MS + 1), 'abandon', 'and gives the intent up later');
      page.abort(); // the page goes away with the prompt open
      await assert.rejects(attempt);
      w.clearTraps();
    });

    it('while the batch is pending on chain: its id is saved at once; the next page asks the wallet, saves the hash, submits the receipt with it and tracks to success', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(1, { chainId: SRC });
      const before = await erc20Balance(DST, w.address);
      // Blocks are no longer mined on their own: the batch stays pending until this test mines it.
      await rpc(SRC, 'evm_setAutomine', [false]);
      try {
        const page = new AbortController();
        const attempt = sendTransferInOnePrompt(plan(w), deps(w, { signal: page.signal }));
        const pending = await until(() => (stored(w.address)?.batchId ? stored(w.address) : undefined), 'the batch id saved', { timeout: 30_000 });
        assert.deepEqual([pending.phase, pending.sourceTxHash], ['signing', undefined]);
        assert.equal((await getCallsStatus(w, pending.batchId!)).state, 'pending');
        assert.equal(resumeAction(pending, Date.now() + 10 * ABANDON_AFTER_MS), 'track', 'a batch the wallet took is never given up');
        page.abort(); // the page goes away while the batch is pending
        await assert.rejects(attempt);
        assert.equal(stored(w.address)?.phase, 'signing', 'still the batch to follow, not abandoned');

        const next = reload(1);
        await waitFor(() => next.session.view === 'tracking', 'the resumed batch on screen');
        assert.equal(next.session.tracking?.current?.saved.batchId, pending.batchId);
        // Included now: the wallet reports it, the page takes the hash from its status.
        await rpc(SRC, 'evm_mine');
        await waitFor(() => endedPhase(next.session) === 'success', 'success');
        const done = stored(w.address, pending.intentId)!;
        const status = await getCallsStatus(w, pending.batchId!);
        assert.equal(done.sourceTxHash, status.receipts.at(-1)!.transactionHash, 'the bridge transaction’s hash, from wallet_getCallsStatus');
        const intent = sandbox.intents().find((i) => i.intent_id === pending.intentId);
        assert.equal(intent?.source_tx_hash?.toLowerCase(), done.sourceTxHash?.toLowerCase(), 'the receipt carried it');
        const transaction = next.events.find((e) => e.type === 'bridge-transaction')?.detail as { txHash: string; batchId?: string };
        assert.deepEqual([transaction.txHash, transaction.batchId], [done.sourceTxHash, pending.batchId]);
        assert.ok((await erc20Balance(DST, w.address)) > before, 'the tokens arrived');
        assert.equal(next.session.tracking?.history.length, 1, 'one transfer in the history');
        next.session.disconnect();
      } finally {
        await rpc(SRC, 'evm_setAutomine', [true]);
      }
    });

    it('the batch reverted while no page was open: the next page says so, shows the form, and follows nothing', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      const w = wallet(0, { chainId: SRC });
      await rpc(SRC, 'evm_setAutomine', [false]);
      let restore: (() => Promise<void>) | undefined;
      try {
        const page = new AbortController();
        const attempt = sendTransferInOnePrompt(plan(w), deps(w, { signal: page.signal }));
        const pending = await until(() => (stored(w.address)?.batchId ? stored(w.address) : undefined), 'the batch id saved', { timeout: 30_000 });
        page.abort();
        await assert.rejects(attempt);
        restore = await drain(w.address);
        await rpc(SRC, 'evm_mine');

        const next = reload(0);
        const error = await waitFor(() => next.events.some((e) => e.type === 'bridge-error'), 'the failure told').then(
          () => next.events.find((e) => e.type === 'bridge-error')!.detail as { kind: string; intentId?: string },
        );
        assert.deepEqual([error.kind, error.intentId], ['batch-failed', pending.intentId]);
        await waitFor(() => next.session.view === 'form', 'the form again');
        assert.equal(stored(w.address, pending.intentId)?.phase, 'abandoned');
        assert.equal(next.events.filter((e) => e.type === 'bridge-transaction').length, 0);
        next.session.disconnect();
      } finally {
        await restore?.();
        await rpc(SRC, 'evm_setAutomine', [true]);
      }
    });

    it('after the hash, before the receipt got through: the hash was saved as soon as the wallet reported it; the next page submits the receipt and tracks', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge', rateLimitBurst: { count: 1000, endpoints: ['receipt'], retryAfterSeconds: 30 } });
      const w = wallet(2, { chainId: SRC });
      const saved = await sendTransferInOnePrompt(plan(w), deps(w));
      const record = stored(w.address, saved.intentId)!;
      assert.deepEqual([record.phase, record.sourceTxHash, record.batchId, record.receiptAccepted], ['broadcast', saved.sourceTxHash, saved.batchId, false]);
      sandbox.faults.set({ rateLimitBurst: null });
      const next = reload(2);
      await waitFor(() => endedPhase(next.session) === 'success', 'success');
      assert.equal(stored(w.address, saved.intentId)?.receiptAccepted, true);
      assert.equal(next.session.tracking?.history.length, 1);
      next.session.disconnect();
    });
  });
});
