/**
 * The guards inside the flow (src/flow/transfer.ts) against the sandbox's
 * hostile switch: a compromised routing service on real local chains. For
 * each lie, the flow ends with `route-rejected` and the rule, and the wallet
 * never saw a prompt (no chain switch, no approval, no transaction): nonce and
 * allowances on chain are unchanged. Worse terms wait for the user's answer;
 * a status of another intent is never progress.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { erc20Abi } from 'viem';
import type { HostileMode, SandboxHandle } from '../../sandbox/index.ts';
import type { DevWallet } from '../../demo/dev-wallet.ts';
import type { RoutingClient } from '../../src/api/index.ts';
import type { Chain, IntentStatus } from '../../src/api/schemas.ts';
import { IntentStore } from '../../src/flow/intent-store.ts';
import { NATIVE_TOKEN, sendTransfer } from '../../src/flow/transfer.ts';
import { FlowError } from '../../src/flow/errors.ts';
import { trackTransfer } from '../../src/flow/track-transfer.ts';
import type { TransferPlan } from '../../src/flow/transfer.ts';
import type { Refusal, TermsChange } from '../../src/flow/guards.ts';
import type { Eip1193Provider } from '../../src/wallet/index.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { DST, SRC } from './helpers/chains.ts';
import { flowDeps, promptLogging, sandboxToken, startFlowSandbox, usdcPlan, userWallet } from './helpers/flow-sandbox.ts';

describe('guards in the flow, against a hostile routing service', () => {
  let sandbox: SandboxHandle;
  let client: RoutingClient;
  let chains: Chain[];
  let wallet: DevWallet;
  let store: IntentStore;
  /** Every prompt method the wallet was asked for, in order. */
  let prompts: string[];
  let provider: Eip1193Provider;

  const token = (chainId: number, symbol: string) => sandboxToken(sandbox, chainId, symbol);
  const native = { address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 };
  const nonce = (chainId: number) => sandbox.chain(chainId).publicClient.getTransactionCount({ address: wallet.address, blockTag: 'pending' });
  const balance = (chainId: number, tokenAddress: string, owner: string) =>
    sandbox
      .chain(chainId)
      .publicClient.readContract({ address: tokenAddress as `0x${string}`, abi: erc20Abi, functionName: 'balanceOf', args: [owner as `0x${string}`] });

  const plan = (overrides: Partial<TransferPlan> = {}) => usdcPlan({ sandbox, client, chains }, wallet.address, 4_000_000n, overrides, true);
  const deps = (extra: object = {}) => ({ ...flowDeps(client, provider, store), ...extra });

  before(async () => {
    ({ sandbox, client, chains } = await startFlowSandbox());
  });
  after(() => sandbox?.close());
  beforeEach(() => {
    sandbox.reset();
    store = new IntentStore(new MemoryStorage(), sandbox.proxyUrl!);
    // On the destination chain: even a chain switch would be a prompt the refusal must come before.
    wallet = userWallet(sandbox, DST);
    ({ provider, prompts } = promptLogging(wallet));
  });

  /** Runs a transfer under `mode` and checks it was refused by `rule` with no prompt and nothing on chain. */
  async function refusedWithoutPrompt(mode: HostileMode, rule: string, overrides: Partial<TransferPlan> = {}, extraDeps: object = {}) {
    sandbox.faults.set({ forceProvider: 'hopline', hostile: mode });
    const usdc = token(SRC, 'USDC').address;
    const spenders = Object.values(sandbox.readyInfo.contracts[String(SRC)]!).filter((v): v is string => typeof v === 'string');
    const allowance = (spender: string) =>
      sandbox.chain(SRC).publicClient.readContract({
        address: usdc as `0x${string}`,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [wallet.address, spender as `0x${string}`],
      });
    const before = { nonce: await nonce(SRC), allowances: await Promise.all(spenders.map(allowance)) };
    let routed = false;
    const error = await sendTransfer(plan(overrides), deps(extraDeps), { onRoute: () => (routed = true) }).catch((e: unknown) => e);
    assert.ok(routed, 'the route was fetched');
    assert.ok(error instanceof FlowError, `expected a FlowError, got ${String(error)}`);
    assert.equal(error.kind, 'route-rejected');
    assert.equal(error.rule, rule);
    assert.match(error.message, /Nothing was signed\.$/);
    assert.ok(error.requestId, 'the route request id is kept');
    assert.deepEqual(prompts, [], 'the wallet was not asked anything');
    assert.equal(await nonce(SRC), before.nonce);
    assert.deepEqual(await Promise.all(spenders.map(allowance)), before.allowances);
    return error;
  }

  it('inflated value (ERC-20 and native source) is refused before any prompt', async () => {
    const error = await refusedWithoutPrompt('inflated-value', 'transaction-value');
    assert.equal(error.message, 'The route asks for more than you agreed to send. Nothing was signed.');
    await refusedWithoutPrompt('inflated-value', 'transaction-value', { fromToken: native, toToken: native, amount: 10n ** 16n });
  });

  it('an approval of another token, of 1000×, of 2^256−1 without the opt-in, or on other chains is refused before any prompt', async () => {
    await refusedWithoutPrompt('foreign-token-approval', 'approval-token');
    await refusedWithoutPrompt('huge-approval', 'approval-amount');
    await refusedWithoutPrompt('max-approval', 'approval-unlimited');
    await refusedWithoutPrompt('foreign-chain-approval', 'approval-chain');
  });

  it('a "transfer" to the source token with transfer(attacker) calldata is refused; the attacker gets nothing', async () => {
    const usdc = token(SRC, 'USDC').address;
    const attacker = sandbox.accounts.attacker.address;
    const before = await balance(SRC, usdc, attacker);
    await refusedWithoutPrompt('drain-calldata', 'transaction-target');
    assert.equal(await balance(SRC, usdc, attacker), before);
  });

  it('with unlimited-approval set, a MAX approval asked by the route is the widget’s own choice and the transfer completes', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge', hostile: 'max-approval' });
    const saved = await sendTransfer(plan(), deps({ unlimitedApprovals: true }));
    assert.ok(saved.sourceTxHash);
    assert.equal((await trackTransfer(saved, deps())).kind, 'success');
  });

  it('worse terms wait for the answer: cancel signs nothing, confirm completes the transfer', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge', hostile: 'worse-terms' });
    const before = await nonce(SRC);
    let asked: TermsChange | undefined;
    let promptsWhileAsked: string[] = [];
    const cancelled = await sendTransfer(plan(), deps(), {
      onTermsChanged: async (change) => {
        asked = change;
        promptsWhileAsked = [...prompts];
        return false;
      },
    }).catch((e: unknown) => e);
    assert.ok(cancelled instanceof FlowError);
    assert.equal(cancelled.kind, 'route-rejected');
    assert.equal(cancelled.rule, 'terms-changed');
    assert.ok(asked);
    assert.deepEqual([...asked.worse].sort(), ['toAmount', 'toAmountMin']);
    assert.equal(asked.after.toAmount * 2n <= asked.before.toAmount + 1n, true, 'the new figure is half the quote');
    assert.deepEqual(promptsWhileAsked, [], 'nothing was asked of the wallet while the user decided');
    assert.deepEqual(prompts, []);
    assert.equal(await nonce(SRC), before);

    // Without anyone to ask, such a route is refused too.
    const unasked = await sendTransfer(plan(), deps()).catch((e: unknown) => e);
    assert.ok(unasked instanceof FlowError && unasked.rule === 'terms-changed');

    const recipient = plan().toAddress;
    const usdcDst = token(DST, 'USDC').address;
    const received = await balance(DST, usdcDst, recipient);
    const saved = await sendTransfer(plan(), deps(), { onTermsChanged: async () => true });
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'success');
    assert.ok((await balance(DST, usdcDst, recipient)) > received, 'the recipient was paid');
  });

  it('the terms are also compared with the quote on screen', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const { data: shown } = await client.quote({
      ...plan(),
      fromChain: String(SRC),
      toChain: String(DST),
      fromToken: plan().fromToken.address,
      toToken: plan().toToken.address,
      fromAmount: plan().amount,
    });
    // The user saw twice as much as the service now offers (honest route, stale screen).
    const rosy = { ...shown, toAmount: shown.toAmount * 2n, toAmountMin: shown.toAmountMin * 2n };
    const error = await sendTransfer(plan({ shownEstimate: rosy }), deps()).catch((e: unknown) => e);
    assert.ok(error instanceof FlowError && error.rule === 'terms-changed');
    assert.deepEqual(prompts, []);
  });

  it('a status of another intent is never progress: reported as unknown, polling goes on, success only once the real status is back', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const saved = await sendTransfer(plan(), deps());
    sandbox.faults.set({ hostile: 'foreign-status' });
    const seen: IntentStatus[] = [];
    const refusals: Refusal[] = [];
    const outcome = await trackTransfer(saved, deps(), {
      onStatus: (status) => seen.push(status),
      onStatusRejected: (refusal) => {
        refusals.push(refusal);
        if (refusals.length === 3) sandbox.faults.set({ hostile: null });
      },
    });
    assert.ok(refusals.length >= 3);
    assert.ok(refusals.every((r) => r.rule === 'status-intent'));
    assert.deepEqual(
      seen.slice(0, 3).map((s) => s.status),
      ['unknown', 'unknown', 'unknown'],
    );
    assert.equal(outcome.kind, 'success');
    assert.equal(outcome.kind === 'success' && outcome.status.intent_id, saved.intentId);
  });
});
