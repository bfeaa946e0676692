/**
 * The transfer flow (src/flow, no DOM) against the sandbox: real local chains,
 * the real routing service and the proxy, with the development wallet as the
 * EIP-1193 provider. Each test checks what lands on chain.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { erc20Abi } from 'viem';
import type { SandboxHandle } from '../../sandbox/index.ts';
import type { DevWallet } from '../../demo/dev-wallet.ts';
import type { RoutingClient } from '../../src/api/index.ts';
import type { Chain } from '../../src/api/schemas.ts';
import { IntentStore } from '../../src/flow/intent-store.ts';
import { NATIVE_TOKEN, sendTransfer } from '../../src/flow/transfer.ts';
import { FlowError } from '../../src/flow/errors.ts';
import { trackTransfer } from '../../src/flow/track-transfer.ts';
import type { ApprovalProgress, TransferPlan } from '../../src/flow/transfer.ts';
import type { SavedTransfer } from '../../src/flow/intent-store.ts';
import type { Eip1193Provider } from '../../src/wallet/index.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { DST, SRC } from './helpers/chains.ts';
import { flowDeps, sandboxToken, startFlowSandbox, usdcPlan, userWallet } from './helpers/flow-sandbox.ts';

describe('transfer flow against the sandbox', () => {
  let sandbox: SandboxHandle;
  let client: RoutingClient;
  let chains: Chain[];
  let wallet: DevWallet;
  let storage: MemoryStorage;
  let store: IntentStore;

  const token = (chainId: number, symbol: string) => sandboxToken(sandbox, chainId, symbol);
  const erc20Balance = (chainId: number, tokenAddress: string, owner: string) =>
    sandbox
      .chain(chainId)
      .publicClient.readContract({ address: tokenAddress as `0x${string}`, abi: erc20Abi, functionName: 'balanceOf', args: [owner as `0x${string}`] });
  const nativeBalance = (chainId: number, owner: string) => sandbox.chain(chainId).publicClient.getBalance({ address: owner as `0x${string}` });
  // 'pending' counts what was sent, mined or not: anvil mines a moment after it answers, so 'latest' can lag a broadcast.
  const nonce = (chainId: number, owner: string) =>
    sandbox.chain(chainId).publicClient.getTransactionCount({ address: owner as `0x${string}`, blockTag: 'pending' });

  const plan = (overrides: Partial<TransferPlan> = {}) => usdcPlan({ sandbox, client, chains }, wallet.address, 25_500_000n, overrides);
  const deps = () => flowDeps(client, wallet, store);

  before(async () => {
    ({ sandbox, client, chains } = await startFlowSandbox());
  });
  after(() => sandbox?.close());
  beforeEach(() => {
    sandbox.reset();
    storage = new MemoryStorage();
    store = new IntentStore(storage, sandbox.proxyUrl!);
    wallet = userWallet(sandbox, DST); // start on the wrong chain: the flow must switch
  });

  /** A saved transfer, sent from the source chain, of an intent the service never heard of. */
  const unknownToService = (intentId: string, change: Pick<SavedTransfer, 'phase' | 'receiptAccepted'>): SavedTransfer => ({
    intentId,
    account: wallet.address.toLowerCase(),
    fromChainId: String(SRC),
    toChainId: String(DST),
    fromToken: token(SRC, 'USDC'),
    toToken: token(DST, 'USDC'),
    fromAmount: 1_000_000n,
    toAmount: 990_000n,
    toAddress: wallet.address,
    createdAt: Date.now(),
    updatedAt: Date.now(),
    sourceTxHash: `0x${'cd'.repeat(32)}`,
    ...change,
  });

  it('ERC-20 route whose spender is not transaction.to: approves exactly, sends, and the recipient is paid on the destination chain', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const recipient = plan().toAddress;
    const usdcDst = token(DST, 'USDC').address;
    const before = await erc20Balance(DST, usdcDst, recipient);
    const snapshots: ApprovalProgress[][] = [];
    let txTo = '';
    const saved = await sendTransfer(plan({ metadata: { orderId: 'o-42' } }), deps(), {
      onRoute: (r) => (txTo = r.route.execution.transaction.to),
      onApprovals: (steps) => snapshots.push(steps.map((s) => ({ ...s }))),
    });
    const steps = snapshots.at(-1)!;
    assert.equal(steps.length, 1);
    assert.notEqual(steps[0]!.spender.toLowerCase(), txTo.toLowerCase(), 'spender differs from transaction.to');
    assert.deepEqual(
      snapshots.map((s) => s[0]!.state),
      ['checking', 'needed', 'waiting-wallet', 'mining', 'rechecking', 'done'],
    );
    const allowance = await sandbox.chain(SRC).publicClient.readContract({
      address: token(SRC, 'USDC').address as `0x${string}`,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.address, steps[0]!.spender],
    });
    assert.ok(allowance <= 25_500_000n, 'approved the exact amount, not unlimited');
    assert.equal(saved.phase, 'broadcast');
    assert.ok(saved.sourceTxHash);

    const statuses: string[] = [];
    const outcome = await trackTransfer(saved, deps(), { onStatus: (s) => statuses.push(s.status) });
    assert.equal(outcome.kind, 'success');
    assert.ok(outcome.kind === 'success' && outcome.status.to_amount_wei !== undefined);
    assert.deepEqual(outcome.status.metadata, { orderId: 'o-42' });
    const afterBalance = await erc20Balance(DST, usdcDst, recipient);
    assert.equal(afterBalance - before, outcome.status.to_amount_wei, 'the destination balance rose by to_amount_wei');
    assert.equal(store.get(wallet.address, saved.intentId)?.phase, 'success');
    assert.ok(statuses.includes('success') && !statuses.slice(0, -1).includes('success'));
  });

  it('two-approval route: both approvals are granted before the transfer', async () => {
    sandbox.faults.set({ forceProvider: 'hopline' });
    let last: readonly ApprovalProgress[] = [];
    const saved = await sendTransfer(plan(), deps(), { onApprovals: (s) => (last = s) });
    assert.equal(last.length, 2);
    assert.ok(last.every((s) => s.state === 'done'));
    assert.notEqual(last[0]!.spender.toLowerCase(), last[1]!.spender.toLowerCase());
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'success');
  });

  it('native-token route: no approval, value carries the amount, recipient paid in native currency', async () => {
    const recipient = sandbox.accounts.extraUsers[1]!.address;
    const before = await nativeBalance(DST, recipient);
    let approvals: readonly ApprovalProgress[] | undefined;
    const saved = await sendTransfer(
      plan({
        fromToken: { address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 },
        toToken: { address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 },
        amount: 10n ** 16n,
        toAddress: recipient,
      }),
      deps(),
      { onApprovals: (s) => (approvals = s) },
    );
    assert.deepEqual(approvals, []);
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'success');
    assert.equal((await nativeBalance(DST, recipient)) - before, outcome.kind === 'success' ? outcome.status.to_amount_wei : -1n);
  });

  it('a failed route ends as failed and the source tokens are refunded on chain', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge', failWithRefund: true });
    const usdcSrc = token(SRC, 'USDC').address;
    const before = await erc20Balance(SRC, usdcSrc, wallet.address);
    const saved = await sendTransfer(plan(), deps());
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'failed');
    assert.equal(await erc20Balance(SRC, usdcSrc, wallet.address), before, 'refunded in full');
    assert.equal(store.get(wallet.address, saved.intentId)?.phase, 'failed');
  });

  it('a wallet rejection sends nothing and leaves the saved intent abandoned', async () => {
    const native = { address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 };
    const before = await nonce(SRC, wallet.address);
    wallet.rejectNext('eth_sendTransaction');
    const error = await sendTransfer(plan({ fromToken: native, toToken: native, amount: 10n ** 15n }), deps()).catch((e) => e);
    assert.ok(error instanceof FlowError);
    assert.equal(error.kind, 'wallet-rejected');
    assert.equal(await nonce(SRC, wallet.address), before, 'no transaction was sent');
    const [record] = store.list(wallet.address);
    assert.equal(record?.phase, 'abandoned');
    assert.equal(record?.sourceTxHash, undefined);
  });

  it('an account switched mid-flow stops before anything is signed by the wrong account', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const other = sandbox.accounts.extraUsers[2]!;
    const beforeOther = await nonce(SRC, other.address);
    const error = await sendTransfer(plan(), deps(), {
      onApprovals: (steps) => {
        if (steps[0]?.state === 'done') wallet.setAccount(other.privateKey);
      },
    }).catch((e) => e);
    assert.ok(error instanceof FlowError);
    assert.equal(error.kind, 'wrong-account');
    assert.equal(await nonce(SRC, other.address), beforeOther, 'the other account sent nothing');
  });

  it('a wallet moved to another chain while the approval mined is switched back: the transfer is signed on the source chain', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const beforeSrc = await nonce(SRC, wallet.address);
    const beforeDst = await nonce(DST, wallet.address);
    // More than an earlier test's refused transfer left approved, so an approval is asked for here.
    let moved = false;
    const saved = await sendTransfer(plan({ amount: 30_000_000n }), deps(), {
      onApprovals: (steps) => {
        if (steps[0]?.state !== 'done' || moved) return;
        wallet.setChain(DST);
        moved = true;
      },
    });
    assert.ok(moved, 'the wallet was moved once the approval was mined');
    assert.equal(saved.phase, 'broadcast');
    assert.equal(await nonce(SRC, wallet.address), beforeSrc + 2, 'the approval and the transfer, both on the source chain');
    assert.equal(await nonce(DST, wallet.address), beforeDst, 'nothing sent on the chain the wallet was moved to');
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'success');
  });

  it('resumes after a reload between broadcast and receipt: the receipt is submitted and the transfer completes', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const saved = await sendTransfer(plan(), deps());
    // A new page: a new store over the same storage, nothing in memory.
    const reloaded = new IntentStore(storage, sandbox.proxyUrl!);
    const unfinished = reloaded.unfinished(wallet.address);
    assert.equal(unfinished.length, 1);
    assert.equal(unfinished[0]!.sourceTxHash, saved.sourceTxHash);
    assert.equal(unfinished[0]!.receiptAccepted, false);
    const outcome = await trackTransfer(unfinished[0]!, { ...deps(), store: reloaded });
    assert.equal(outcome.kind, 'success');
    const intent = sandbox.intents().find((i) => i.intent_id === saved.intentId);
    assert.equal(intent?.source_tx_hash?.toLowerCase(), saved.sourceTxHash?.toLowerCase(), 'the service received the receipt');
    assert.equal(reloaded.get(wallet.address, saved.intentId)?.receiptAccepted, true);
  });

  it('keeps polling through a 429 burst on status and still reaches success', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const saved = await sendTransfer(plan(), deps());
    sandbox.faults.set({ rateLimitBurst: { count: 3, endpoints: ['status'], retryAfterSeconds: 1 } });
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'success');
    assert.equal(sandbox.faults.get().rateLimitBurst, null, 'the burst was consumed');
  });

  /**
   * Forwards to the wallet, holding chosen methods until the test releases them (a user who answers late) and
   * counting what was sent. `lax` models a wallet that ignores `from` and signs with whatever account is selected.
   */
  function observed(inner: DevWallet, options: { holds?: Record<string, Promise<void>>; lax?: boolean } = {}) {
    const sent: string[] = [];
    const provider: Eip1193Provider = {
      request: async (args) => {
        if (args.method === 'eth_sendTransaction') {
          const [tx] = args.params as { data?: string; from?: string }[];
          sent.push(String(tx?.data ?? '').slice(0, 10));
          if (options.lax && tx) args = { ...args, params: [{ ...tx, from: inner.address }] };
        }
        await options.holds?.[args.method];
        return inner.request(args);
      },
      on: (event, listener) => inner.on(event, listener),
      removeListener: (event, listener) => inner.removeListener(event, listener),
    };
    return { provider, sent };
  }

  it('a transfer confirmed in the wallet after the widget stopped waiting is still saved and tracked to success', async () => {
    const native = { address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 };
    let answer!: () => void;
    const userAnswers = new Promise<void>((resolve) => (answer = resolve));
    const { provider } = observed(wallet, { holds: { eth_sendTransaction: userAnswers } });
    let lateSaved!: (record: SavedTransfer) => void;
    const late = new Promise<SavedTransfer>((resolve) => (lateSaved = resolve));
    const error = await sendTransfer(
      plan({ fromToken: native, toToken: native, amount: 10n ** 15n }),
      { ...deps(), provider, promptTimeoutMs: 300 },
      {
        onLateTransaction: lateSaved,
      },
    ).catch((e) => e);
    assert.ok(error instanceof FlowError);
    assert.equal(error.kind, 'wallet-timeout');
    // Only now does the user confirm in the wallet.
    answer();
    const record = await late;
    assert.ok(record.sourceTxHash, 'the late hash was saved');
    assert.equal(store.unfinished(wallet.address)[0]?.intentId, record.intentId, 'and the transfer is resumable');
    const outcome = await trackTransfer(record, deps());
    assert.equal(outcome.kind, 'success');
  });

  it('an approval still mining when the page closed is waited for on the next attempt, never sent twice', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const source = sandbox.chain(SRC).provider;
    const { provider, sent } = observed(wallet);
    const approveSelector = '0x095ea7b3';
    await source.request({ method: 'evm_setAutomine', params: [false] });
    try {
      const closed = new AbortController();
      const first = await sendTransfer(
        plan({ amount: 3_000_000n }),
        { ...deps(), provider, signal: closed.signal },
        {
          onApprovalSent: () => closed.abort(new Error('page closed')),
        },
      ).catch((e) => e);
      assert.ok(first instanceof Error);
      assert.equal(sent.filter((s) => s === approveSelector).length, 1);

      let mined = false;
      const saved = await sendTransfer(
        plan({ amount: 3_000_000n }),
        { ...deps(), provider },
        {
          onApprovals: async (steps) => {
            if (!mined && steps[0]?.state === 'mining') {
              mined = true;
              await source.request({ method: 'evm_setAutomine', params: [true] });
              await source.request({ method: 'evm_mine', params: [] });
            }
          },
        },
      );
      assert.equal(sent.filter((s) => s === approveSelector).length, 1, 'no second approval');
      const outcome = await trackTransfer(saved, deps());
      assert.equal(outcome.kind, 'success');
    } finally {
      await source.request({ method: 'evm_setAutomine', params: [true] });
    }
  });
  it('an account switched before an approval is refused: nothing is approved from either account', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const user = wallet.address;
    const other = sandbox.accounts.extraUsers[2]!;
    const usdc = token(SRC, 'USDC').address as `0x${string}`;
    const spender = sandbox.readyInfo.contracts[String(SRC)]!.swiftTokenTransferProxy;
    const allowance = (owner: string) =>
      sandbox.chain(SRC).publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [owner as `0x${string}`, spender] });
    const before = {
      user: await allowance(user),
      other: await allowance(other.address),
      userNonce: await nonce(SRC, user),
      otherNonce: await nonce(SRC, other.address),
    };
    // A wallet that signs with whichever account is selected, whatever `from` says: only the widget's own check stands in the way.
    const { provider, sent } = observed(wallet, { lax: true });
    let last: readonly ApprovalProgress[] = [];
    let switched = false;
    const error = await sendTransfer(
      plan({ amount: before.user + 1_000_000n }),
      { ...deps(), provider },
      {
        onApprovals: (steps) => {
          last = steps;
          if (steps[0]?.state === 'needed' && !switched) {
            switched = true;
            wallet.setAccount(other.privateKey);
          }
        },
      },
    ).catch((e) => e);
    assert.ok(switched, 'an approval was needed');
    assert.equal(last[0]?.spender.toLowerCase(), spender.toLowerCase());
    assert.ok(error instanceof FlowError, String(error));
    assert.equal(error.kind, 'wrong-account');
    assert.deepEqual(sent, [], 'nothing reached the wallet for signing');
    assert.equal(last[0]?.state, 'failed');
    assert.equal(await allowance(user), before.user, 'no allowance from the account that started');
    assert.equal(await allowance(other.address), before.other, 'no allowance from the account switched to');
    assert.equal(await nonce(SRC, user), before.userNonce);
    assert.equal(await nonce(SRC, other.address), before.otherNonce);
  });

  it('a receipt the service answers with 404 ends as not found: saved as such, no status polling, no crash', async () => {
    const intentId = `0x${'ab'.repeat(32)}`;
    const saved = unknownToService(intentId, { phase: 'broadcast', receiptAccepted: false });
    store.save(saved);
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'not-found');
    assert.equal(store.get(wallet.address, intentId)?.phase, 'not-found');
    assert.equal(store.unfinished(wallet.address).length, 0, 'nothing left to resume');
    const asked = sandbox.requests().filter((r) => r.path.includes(intentId));
    assert.deepEqual(
      asked.map((r) => [r.endpoint, r.status]),
      [['receipt', 404]],
      'one receipt answered 404, then no retry and no status poll',
    );
  });

  it('a status the service answers with 404 ends as not found after one poll, with nothing left to resume', async () => {
    const intentId = `0x${'ef'.repeat(32)}`;
    const saved = unknownToService(intentId, { phase: 'submitted', receiptAccepted: true });
    store.save(saved);
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'not-found');
    assert.equal(store.get(wallet.address, intentId)?.phase, 'not-found');
    assert.deepEqual(
      sandbox
        .requests()
        .filter((r) => r.path.includes(intentId))
        .map((r) => [r.endpoint, r.status]),
      [['status', 404]],
      'the poller returned on the first 404',
    );
  });

  it('an unknown status keeps the poller going and is never read as success; the real status then ends it', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge', statusOverride: 'rerouting' });
    const saved = await sendTransfer(plan({ amount: 2_000_000n }), deps());
    const seen: string[] = [];
    const outcome = await trackTransfer(saved, deps(), {
      onStatus: (status) => {
        seen.push(status.kind === 'tracked' ? `${status.status}:${status.rawStatus}` : status.status);
        if (seen.filter((s) => s === 'unknown:rerouting').length === 3) sandbox.faults.set({ statusOverride: null });
      },
    });
    assert.equal(outcome.kind, 'success');
    const unknown = seen.indexOf('unknown:rerouting');
    assert.ok(unknown >= 0, `an unknown status was seen: ${seen.join(', ')}`);
    assert.equal(seen.filter((s) => s === 'unknown:rerouting').length, 3, 'polling went on through three unknown answers');
    assert.ok(!seen.slice(0, -1).some((s) => s.startsWith('success')), 'success only at the end');
    const polls = sandbox.requests().filter((r) => r.endpoint === 'status' && r.path.includes(saved.intentId));
    assert.ok(polls.filter((r) => r.intentStatus === 'rerouting').length >= 3, 'the service log shows the unknown answers');
    assert.equal(polls.at(-1)?.intentStatus, 'success');
    assert.equal(store.get(wallet.address, saved.intentId)?.phase, 'success');
  });
});
