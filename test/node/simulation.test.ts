/**
 * The route judged by what it does, in the flow
 * (src/flow/transfer.ts) against the sandbox: real anvil chains, a real
 * eth_simulateV1 of the whole sequence, the sandbox's hostile switch. Each
 * hostile case ends before any wallet prompt (the wallet starts on the
 * destination chain, so even a network switch would be one), with the rule
 * and the sentence, and the chain read back unchanged; the honest routes
 * complete, their review shows the simulated changes and the network fee,
 * and what was signed is bounded as the review says. Without a simulation
 * the review says "Not simulated" and the guards decide; `requireSimulation`
 * stops the attempt instead.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { erc20Abi, parseAbi, parseGwei, type Hex } from 'viem';
import type { HostileMode, SandboxHandle } from '../../sandbox/index.ts';
import { startProxyServer } from '../../src/proxy/node.ts';
import type { DevWallet } from '../../demo/dev-wallet.ts';
import type { RoutingClient } from '../../src/api/index.ts';
import type { Chain } from '../../src/api/schemas.ts';
import { simulateCalls, simulationEndpoint } from '../../src/api/simulation.ts';
import { IntentStore, receivedBelowMinimum } from '../../src/flow/intent-store.ts';
import { NATIVE_TOKEN, sendTransfer, type RouteReview, type TransferPlan } from '../../src/flow/transfer.ts';
import { FlowError } from '../../src/flow/errors.ts';
import { trackTransfer } from '../../src/flow/track-transfer.ts';
import { MAX_TRANSACTION_GAS, gasCap } from '../../src/flow/fees.ts';
import { MAX_APPROVALS } from '../../src/flow/guards.ts';
import type { Eip1193Provider } from '../../src/wallet/index.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { ScriptedServer } from './helpers/scripted-server.ts';
import { DST, SRC } from './helpers/chains.ts';
import { flowDeps, promptLogging, sandboxToken, startFlowSandbox, usdcPlan, userWallet } from './helpers/flow-sandbox.ts';

const permit2Abi = parseAbi([
  'function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
]);
const collectibleAbi = parseAbi(['function isApprovedForAll(address owner, address operator) view returns (bool)']);

describe('the route judged by what it does: simulation before the first prompt, on real chains', () => {
  let sandbox: SandboxHandle;
  let client: RoutingClient;
  let chains: Chain[];
  let wallet: DevWallet;
  let store: IntentStore;
  let prompts: string[];
  let provider: Eip1193Provider;
  /** Where the flow sends eth_simulateV1: the source chain's own RPC, as the proxy forwards it. */
  let simulation: { endpoint: string };

  const token = (chainId: number, symbol: string) => sandboxToken(sandbox, chainId, symbol);
  const native = { address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 };
  const chainClient = (chainId: number) => sandbox.chain(chainId).publicClient;
  const nonce = () => chainClient(SRC).getTransactionCount({ address: wallet.address, blockTag: 'pending' });
  const balance = (chainId: number, tokenAddress: string, owner: string) =>
    chainClient(chainId).readContract({ address: tokenAddress as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] });

  const plan = (overrides: Partial<TransferPlan> = {}) => usdcPlan({ sandbox, client, chains }, wallet.address, 4_000_000n, overrides, true);
  const deps = (extra: object = {}) => ({ ...flowDeps(client, provider, store), simulation, ...extra });

  function useWallet(chainId: number, knownChains = sandbox.readyInfo.chains) {
    wallet = userWallet(sandbox, chainId, knownChains);
    ({ provider, prompts } = promptLogging(wallet));
  }

  before(async () => {
    ({ sandbox, client, chains } = await startFlowSandbox());
    simulation = { endpoint: sandbox.chain(SRC).rpcUrl! };
  });
  after(() => sandbox?.close());
  beforeEach(() => {
    sandbox.reset();
    store = new IntentStore(new MemoryStorage(), sandbox.proxyUrl!);
    useWallet(DST);
  });

  /** Runs a transfer under `mode` and checks it was refused by `rule` before any prompt, with nothing changed on chain. */
  async function refusedBeforeAnyPrompt(mode: HostileMode, rule: string, message: RegExp, overrides: Partial<TransferPlan> = {}, provider = 'swiftbridge') {
    sandbox.faults.set({ forceProvider: provider as never, hostile: mode });
    const before = await nonce();
    let reviewed = false;
    const error = await sendTransfer(plan(overrides), deps(), { onReview: () => (reviewed = true) }).catch((e: unknown) => e);
    assert.ok(error instanceof FlowError, `expected a FlowError, got ${String(error)}`);
    assert.equal(error.kind, 'route-rejected');
    assert.equal(error.rule, rule);
    assert.match(error.message, message);
    assert.match(error.message, /Nothing was signed\.$/);
    assert.ok(error.requestId, 'the route request id is kept');
    assert.equal(reviewed, false, 'no review: nothing is put to the user');
    assert.deepEqual(prompts, [], 'the wallet was not asked anything');
    assert.equal(await nonce(), before);
    return error;
  }

  // The route checks refuse these grants by their calldata before the simulation runs (test/node/grant-calldata.test.ts);
  // the simulation's own reading of grants is shown in test/node/effects.test.ts.
  it('Permit2 approve(token, attacker, 2^160−1, 2^48−1) as the bridge call: refused by its calldata, the attacker gets no Permit2 allowance', async () => {
    const { permit2, usdc } = sandbox.chain(SRC).contracts;
    await refusedBeforeAnyPrompt('permit2-approval', 'transaction-calldata', /^The route asks you to sign something other than this transfer\./);
    const [amount] = await chainClient(SRC).readContract({
      address: permit2,
      abi: permit2Abi,
      functionName: 'allowance',
      args: [wallet.address, usdc, sandbox.accounts.attacker.address],
    });
    assert.equal(amount, 0n);
  });

  it('setApprovalForAll(attacker, true) on a collection the user holds: refused by its calldata, no operator on chain', async () => {
    const { collectible } = sandbox.chain(SRC).contracts;
    await refusedBeforeAnyPrompt('nft-approval-for-all', 'transaction-calldata', /something other than this transfer/);
    const approved = await chainClient(SRC).readContract({
      address: collectible,
      abi: collectibleAbi,
      functionName: 'isApprovedForAll',
      args: [wallet.address, sandbox.accounts.attacker.address],
    });
    assert.equal(approved, false);
  });

  it('the same on a native-source route', async () => {
    await refusedBeforeAnyPrompt('permit2-approval', 'transaction-calldata', /something other than this transfer/, {
      fromToken: native,
      toToken: native,
      amount: 10n ** 16n,
    });
    await refusedBeforeAnyPrompt('nft-approval-for-all', 'transaction-calldata', /something other than this transfer/, {
      fromToken: native,
      toToken: native,
      amount: 10n ** 16n,
    });
  });

  it('an approval to an account without code: refused by eth_getCode when the wallet is on the source chain, by the simulation’s revert otherwise', async () => {
    useWallet(SRC);
    await refusedBeforeAnyPrompt('eoa-spender', 'approval-spender-code', /^The route asks you to approve an address that is not a contract\./);
    useWallet(DST);
    await refusedBeforeAnyPrompt('eoa-spender', 'effect-reverted', /^The route would fail on chain: ERC20: insufficient allowance\./);
  });

  it(`a route with 50 approval entries is refused at once (at most ${MAX_APPROVALS}): not one allowance read, no approval step`, async () => {
    sandbox.clearRequests();
    let steps = 0;
    sandbox.faults.set({ forceProvider: 'hopline', hostile: 'many-approvals' });
    const error = await sendTransfer(plan(), deps(), { onApprovals: () => steps++ }).catch((e: unknown) => e);
    assert.ok(error instanceof FlowError && error.rule === 'approval-count', String(error));
    assert.equal(error.message, 'The route asks for more approvals than a transfer needs. Nothing was signed.');
    assert.deepEqual(sandbox.requests({ endpoints: ['allowance'] }), []);
    assert.equal(steps, 0);
    assert.deepEqual(prompts, []);
  });

  /** A transfer that completes; returns the reviews shown, the record and the mined source transaction. */
  async function completes(overrides: Partial<TransferPlan> = {}) {
    const reviews: RouteReview[] = [];
    let promptsAtFirstReview: string[] | undefined;
    const saved = await sendTransfer(plan(overrides), deps(), {
      onReview: (review) => {
        promptsAtFirstReview ??= [...prompts];
        reviews.push(review);
      },
    });
    assert.deepEqual(promptsAtFirstReview, [], 'the review is shown before the wallet is asked anything');
    const outcome = await trackTransfer(saved, deps());
    assert.equal(outcome.kind, 'success');
    const tx = await chainClient(SRC).getTransaction({ hash: saved.sourceTxHash as Hex });
    return { reviews, review: reviews.at(-1)!, record: outcome.record, tx };
  }

  it('honest ERC-20 route with one approval: the review shows the simulated changes and the fee; the chain moves exactly that', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const usdc = token(SRC, 'USDC').address;
    const before = { usdc: await balance(SRC, usdc, wallet.address), eth: await chainClient(SRC).getBalance({ address: wallet.address }) };
    const { review, tx } = await completes();
    const simulated = review.simulation;
    assert.ok(simulated?.kind === 'simulated');
    const leaves = new Map(simulated.leaves.map((l) => [l.asset, l.amount]));
    assert.equal(leaves.get(usdc.toLowerCase()), 4_000_000n);
    assert.equal(before.usdc - (await balance(SRC, usdc, wallet.address)), 4_000_000n);
    assert.deepEqual(
      simulated.allowances.map((a) => [a.spender, a.amount, a.remaining]),
      [[sandbox.chain(SRC).contracts.swiftTokenTransferProxy, 4_000_000n, 0n]],
    );
    // The native value left as simulated; gas on top, within the maximum the review stated.
    const receipt = await chainClient(SRC).getTransactionReceipt({ hash: tx.hash });
    const ethSpent = before.eth - (await chainClient(SRC).getBalance({ address: wallet.address }));
    assert.ok(review.networkFee, 'the network fee is shown');
    assert.ok(ethSpent - leaves.get(NATIVE_TOKEN)! <= review.networkFee.maximum, 'gas paid within the stated maximum');
    assert.ok(review.networkFee.expected <= review.networkFee.maximum);
    assert.ok(tx.gas <= gasCap(simulated.gas.at(-1)!), 'the bridge call’s gas is capped at 150 % of the simulated figure');
    assert.equal(receipt.status, 'success');
  });

  it('honest ERC-20 route with two approvals (hopline): both allowances shown, used up by the transfer', async () => {
    sandbox.faults.set({ forceProvider: 'hopline' });
    const { review } = await completes();
    assert.ok(review.simulation?.kind === 'simulated');
    const { hoplineRouter, hoplineFeeCollector } = sandbox.chain(SRC).contracts;
    assert.deepEqual(
      review.simulation.allowances.map((a) => [a.spender, a.remaining]),
      [
        [hoplineRouter, 0n],
        [hoplineFeeCollector, 0n],
      ],
    );
    assert.equal(review.simulation.gas.length, 3);
  });

  it('honest native route: the amount and the fee leave as simulated, no allowance', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge' });
    const { review, tx } = await completes({ fromToken: native, toToken: native, amount: 10n ** 16n });
    assert.ok(review.simulation?.kind === 'simulated');
    assert.deepEqual(review.simulation.leaves, [{ asset: NATIVE_TOKEN, amount: tx.value }]);
    assert.deepEqual(review.simulation.allowances, []);
  });

  it('chain ids in 0x hex in the route’s transaction and approvals and in every status: the same chain, the transfer completes', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge', hostile: 'hex-chain-ids' });
    const { review, record } = await completes();
    assert.equal(review.simulation?.kind, 'simulated');
    assert.equal(record.phase, 'success');
  });

  it('fee griefing (gas 30,000,000 at 100,000 gwei): the wallet gets its own fees and a gas limit of 150 % of the simulation; the review says so', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge', hostile: 'fee-griefing' });
    const { review, tx } = await completes();
    assert.equal(review.routeFeesIgnored, true);
    assert.ok(review.simulation?.kind === 'simulated');
    const figure = review.simulation.gas.at(-1)!;
    assert.equal(tx.gas, gasCap(figure));
    assert.ok(tx.gas < MAX_TRANSACTION_GAS && tx.gas < 1_000_000n);
    assert.ok(tx.maxFeePerGas !== undefined && tx.maxFeePerGas < parseGwei('100'), `maxFeePerGas ${tx.maxFeePerGas}`);
    assert.ok(review.networkFee && review.networkFee.maximum < 10n ** 16n, 'at most 0.01 ETH, not 3,000');
  });

  it('a success below the route’s guaranteed minimum: the record says so, with the amount that really arrived', async () => {
    sandbox.faults.set({ forceProvider: 'swiftbridge', hostile: 'below-minimum' });
    const recipient = plan().toAddress;
    const usdcDst = token(DST, 'USDC').address;
    const before = await balance(DST, usdcDst, recipient);
    const { record } = await completes();
    assert.ok(record.toAmountMin && record.toAmountReceived !== undefined);
    assert.equal(record.toAmountReceived, record.toAmountMin / 10n);
    assert.equal(receivedBelowMinimum(record), true);
    assert.equal((await balance(DST, usdcDst, recipient)) - before, record.toAmountReceived);
  });

  describe('without a simulation', () => {
    let server: ScriptedServer;
    before(async () => {
      server = await new ScriptedServer().start();
    });
    after(() => server.stop());

    it('a proxy with no simulation RPC answers 404: "Not simulated", the guards decide, the transfer completes', async () => {
      const proxy = await startProxyServer({
        upstreamUrl: sandbox.serviceUrl,
        apiKey: sandbox.apiKey,
        allowedOrigins: ['*'],
        host: '127.0.0.1',
        port: 0,
        clientRateLimit: false,
      });
      try {
        const answer = await simulateCalls(simulationEndpoint(proxy.url, String(SRC)), [{ from: wallet.address, to: wallet.address, data: '0x' }]);
        assert.equal(answer.kind, 'unavailable');
        sandbox.faults.set({ forceProvider: 'swiftbridge' });
        const reviews: RouteReview[] = [];
        const saved = await sendTransfer(plan(), deps({ simulation: { endpoint: simulationEndpoint(proxy.url, String(SRC)) } }), {
          onReview: (r) => reviews.push(r),
        });
        assert.deepEqual(reviews[0]!.simulation, { kind: 'not-simulated', reason: 'unavailable' });
        assert.ok(reviews.at(-1)!.networkFee, 'the fee is still shown, from eth_estimateGas');
        assert.equal((await trackTransfer(saved, deps())).kind, 'success');
      } finally {
        await proxy.close();
      }
    });

    it('a simulation RPC that fails or does not answer in time: "Not simulated" with why', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      for (const [answer, reason] of [
        [{ status: 502, json: { error: 'The simulation RPC is unreachable', code: 'proxy_simulation_unreachable' } }, 'failed'],
        [{ status: 200, json: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'the method eth_simulateV1 does not exist' } } }, 'failed'],
        [{ status: 504, json: { error: 'timeout', code: 'proxy_simulation_timeout' } }, 'timeout'],
        [{ status: 200, json: {}, delayMs: 2_000 }, 'timeout'],
      ] as const) {
        server.answer(() => answer);
        let shown: RouteReview | undefined;
        const error = await sendTransfer(plan(), deps({ simulation: { endpoint: server.url, timeoutMs: 300 } }), {
          onReview: (r) => {
            shown = r;
            throw new Error('stop here: the review is what is checked');
          },
        }).catch((e: unknown) => e);
        assert.match(String(error), /stop here/);
        assert.deepEqual(shown?.simulation, { kind: 'not-simulated', reason }, JSON.stringify(answer));
        assert.equal(server.requests.length, 1);
        assert.equal(JSON.parse(server.requests[0]!.body).method, 'eth_simulateV1');
      }
      assert.deepEqual(prompts, []);
    });

    it('requireSimulation: with no simulation the attempt stops before any prompt, nothing signed', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge' });
      server.answer(() => ({ status: 404, json: { error: 'No simulation RPC is configured for chain 11155111', code: 'proxy_simulation_unavailable' } }));
      const before = await nonce();
      const error = await sendTransfer(plan(), deps({ requireSimulation: true, simulation: { endpoint: server.url } })).catch((e: unknown) => e);
      assert.ok(error instanceof FlowError);
      assert.equal(error.kind, 'simulation-unavailable');
      assert.match(error.message, /Nothing was signed\.$/);
      assert.deepEqual(prompts, []);
      assert.equal(await nonce(), before);
    });
  });
});
