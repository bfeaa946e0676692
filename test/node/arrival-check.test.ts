/**
 * The arrival check (issue 36) against the sandbox's real anvil chain, read
 * through the sandbox proxy's `/read/{chainId}` as the widget reads it: real
 * transactions sent on Base Sepolia (84532) are the "destination
 * transactions" a service could report; each outcome is what the chain shows.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWalletClient, custom, encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { proxyChainRead } from '../../src/api/chain-read.js';
import { checkArrival, checkSavedArrival, type ExpectedArrival } from '../../src/flow/arrival-check.js';
import type { SavedTransfer } from '../../src/flow/intent-store.js';
import { DST as BASE } from './helpers/chains.ts';
import { startLyingRpc, type LyingRpc } from './helpers/lying-rpc.ts';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const FAST = { waitMs: 1_500, firstDelayMs: 100, maxDelayMs: 400 };

describe('the arrival check on a real destination chain', { timeout: 120_000 }, () => {
  let sandbox: SandboxHandle;
  let usdc: Address;
  let weth: Address;
  let recipient: Address;
  let other: Address;
  const sent: Record<'usdc' | 'weth' | 'native' | 'reverted', Hex> = {} as never;

  before(async () => {
    sandbox = await startSandbox({ bridgingDelayMs: 0 });
    const chain = sandbox.chain(BASE);
    usdc = sandbox.tokens.find((t) => t.chainId === BASE && t.symbol === 'USDC')!.address;
    weth = sandbox.tokens.find((t) => t.chainId === BASE && t.symbol === 'WETH')!.address;
    recipient = sandbox.accounts.extraUsers[0]!.address;
    other = sandbox.accounts.extraUsers[1]!.address;
    const wallet = createWalletClient({
      account: privateKeyToAccount(sandbox.accounts.user.privateKey),
      chain: chain.viemChain,
      transport: custom(chain.provider),
    });
    const send = async (to: Address, data: Hex, value = 0n, gas?: bigint) => {
      const hash = await wallet.sendTransaction({ to, data, value, ...(gas ? { gas } : {}) });
      await chain.publicClient.waitForTransactionReceipt({ hash });
      return hash;
    };
    const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
    sent.usdc = await send(usdc, transfer(recipient, 25_470_000n));
    sent.weth = await send(weth, transfer(recipient, 10n ** 17n));
    sent.native = await send(recipient, '0x', 3n * 10n ** 16n);
    // More USDC than the user has: mined, reverted (gas given, so nothing estimates it first).
    sent.reverted = await send(usdc, transfer(recipient, 10n ** 30n), 0n, 100_000n);
  });
  after(async () => {
    await sandbox?.close();
  });

  const expect = (patch: Partial<ExpectedArrival>): ExpectedArrival => ({
    toChainId: String(BASE),
    token: usdc,
    recipient,
    toAmountMin: 25_000_000n,
    destTxHash: sent.usdc,
    createdAt: Date.now() - 60_000,
    ...patch,
  });
  const read = () => proxyChainRead(sandbox.proxyUrl!, String(BASE));

  it('checked: the destination token reached the recipient, at least the minimum', async () => {
    const arrival = await checkArrival(expect({}), read(), FAST);
    assert.equal(arrival.kind, 'checked');
    assert.equal(arrival.kind === 'checked' && arrival.amount, 25_470_000n);
    assert.equal(arrival.kind === 'checked' && arrival.recipient, recipient.toLowerCase());
  });

  it('checked, native: the balance at the receipt block against the block before', async () => {
    const arrival = await checkArrival(expect({ token: NATIVE, destTxHash: sent.native, toAmountMin: 2n * 10n ** 16n }), read(), FAST);
    assert.deepEqual([arrival.kind, arrival.kind === 'checked' && arrival.amount], ['checked', 3n * 10n ** 16n]);
  });

  it('contradicted: less than the minimum (ERC-20 and native)', async () => {
    const erc20 = await checkArrival(expect({ toAmountMin: 25_470_001n }), read(), FAST);
    assert.deepEqual(
      [erc20.kind, erc20.kind === 'contradicted' && erc20.reason, erc20.kind === 'contradicted' && erc20.amount],
      ['contradicted', 'below-minimum', 25_470_000n],
    );
    const native = await checkArrival(expect({ token: NATIVE, destTxHash: sent.native, toAmountMin: 10n ** 17n }), read(), FAST);
    assert.deepEqual([native.kind, native.kind === 'contradicted' && native.reason], ['contradicted', 'below-minimum']);
  });

  it('contradicted: a transfer to another address names that address', async () => {
    const arrival = await checkArrival(expect({ recipient: other }), read(), FAST);
    assert.equal(arrival.kind === 'contradicted' && arrival.reason, 'other-recipient');
    assert.equal(arrival.kind === 'contradicted' && arrival.recipient, recipient.toLowerCase());
  });

  it('contradicted: another token to the recipient names that token', async () => {
    const arrival = await checkArrival(expect({ destTxHash: sent.weth }), read(), FAST);
    assert.equal(arrival.kind === 'contradicted' && arrival.reason, 'other-token');
    assert.equal(arrival.kind === 'contradicted' && arrival.token, weth.toLowerCase());
  });

  it('contradicted: a reverted transaction', async () => {
    const arrival = await checkArrival(expect({ destTxHash: sent.reverted }), read(), FAST);
    assert.equal(arrival.kind === 'contradicted' && arrival.reason, 'reverted');
  });

  it('contradicted: no such transaction after the bounded wait, retried meanwhile', async () => {
    const calls: string[] = [];
    const counting = read();
    const started = Date.now();
    const arrival = await checkArrival(
      expect({ destTxHash: `0x${'12'.repeat(32)}` }),
      (method, params, signal) => (calls.push(method), counting(method, params, signal)),
      FAST,
    );
    assert.equal(arrival.kind === 'contradicted' && arrival.reason, 'not-found');
    assert.ok(Date.now() - started >= FAST.waitMs, 'waited the bounded time');
    assert.ok(calls.length >= 3 && calls.length <= 8, `retried with back-off: ${calls.length} reads`);
  });

  it('contradicted: a transaction mined before the transfer was made (an older one replayed)', async () => {
    const arrival = await checkArrival(expect({ createdAt: Date.now() + 60 * 60_000 }), read(), FAST);
    assert.equal(arrival.kind === 'contradicted' && arrival.reason, 'too-early');
  });

  it('a saved transfer: checked, unless another saved transfer already arrived with that hash (a replay)', async () => {
    const saved = {
      intentId: 'i-1',
      account: recipient.toLowerCase(),
      fromChainId: '11155111',
      toChainId: String(BASE),
      fromToken: { address: usdc, symbol: 'USDC', decimals: 6 },
      toToken: { address: usdc, symbol: 'USDC', decimals: 6 },
      fromAmount: 26_000_000n,
      toAmount: 25_470_000n,
      toAmountMin: 25_000_000n,
      toAddress: recipient,
      createdAt: Date.now() - 60_000,
      updatedAt: Date.now(),
      phase: 'success',
      receiptAccepted: true,
      destTxHash: sent.usdc,
    } satisfies SavedTransfer;
    assert.deepEqual(await checkSavedArrival(saved, [saved], sandbox.proxyUrl!, FAST), {
      state: 'checked',
      reason: undefined,
      amount: 25_470_000n,
      recipient: recipient.toLowerCase(),
      token: usdc.toLowerCase(),
    });
    const earlier = { ...saved, intentId: 'i-0', destTxHash: sent.usdc.toUpperCase().replace('0X', '0x') };
    assert.deepEqual(await checkSavedArrival(saved, [saved, earlier], sandbox.proxyUrl!, FAST), { state: 'contradicted', reason: 'too-early' });
  });

  describe('believed only when the RPC answers what was asked (a lying destination RPC)', () => {
    let liar: LyingRpc;
    let lyingProxy: RunningProxyServer;
    const lied = () => proxyChainRead(lyingProxy.url, String(BASE));
    const missing = `0x${'34'.repeat(32)}`;
    before(async () => {
      liar = await startLyingRpc(sandbox.chain(BASE).rpcUrl!);
      lyingProxy = await startProxyServer({
        upstreamUrl: sandbox.serviceUrl,
        apiKey: sandbox.apiKey,
        port: 0,
        clientRateLimit: false,
        rpcUrls: { [String(BASE)]: liar.url },
        simulationWithoutOrigin: true,
      });
    });
    after(async () => {
      await lyingProxy?.close();
      await liar?.close();
    });
    const receiptOf = (ask: (method: string, params: unknown[]) => Promise<unknown>, hash: string) =>
      ask('eth_getTransactionReceipt', [hash]) as Promise<Record<string, unknown>>;

    it("another transaction's receipt (another transactionHash, logs carrying other hashes) is no evidence: asked again, then not checked", async () => {
      // Asked for a transaction the chain does not have, the liar answers with the receipt of a real USDC transfer to the recipient.
      liar.lie = async (call, _truth, ask) =>
        call.method === 'eth_getTransactionReceipt' ? { jsonrpc: '2.0', id: call.id, result: await receiptOf(ask, sent.usdc) } : undefined;
      liar.calls.length = 0;
      const arrival = await checkArrival(expect({ destTxHash: missing }), lied(), FAST);
      assert.deepEqual(arrival, { kind: 'unchecked', reason: 'unreadable' });
      assert.ok(liar.calls.filter((c) => c.method === 'eth_getTransactionReceipt').length >= 3, 'asked again with back-off');
      // The same with the receipt's own transactionHash rewritten: its logs still name the other transaction.
      liar.lie = async (call, _truth, ask) =>
        call.method === 'eth_getTransactionReceipt'
          ? { jsonrpc: '2.0', id: call.id, result: { ...(await receiptOf(ask, sent.usdc)), transactionHash: missing } }
          : undefined;
      assert.deepEqual(await checkArrival(expect({ destTxHash: missing }), lied(), FAST), { kind: 'unchecked', reason: 'unreadable' });
      // And with the logs' hashes rewritten: the receipt itself still names the other transaction.
      liar.lie = async (call, _truth, ask) => {
        if (call.method !== 'eth_getTransactionReceipt') return undefined;
        const receipt = (await receiptOf(ask, sent.usdc)) as { logs: Array<Record<string, unknown>> };
        return { jsonrpc: '2.0', id: call.id, result: { ...receipt, logs: receipt.logs.map((log) => ({ ...log, transactionHash: missing })) } };
      };
      assert.deepEqual(await checkArrival(expect({ destTxHash: missing }), lied(), FAST), { kind: 'unchecked', reason: 'unreadable' });
    });

    it("a block header other than the receipt's block is no evidence: not called too early, not checked", async () => {
      liar.lie = async (call, _truth, ask) =>
        call.method === 'eth_getBlockByNumber' ? { jsonrpc: '2.0', id: call.id, result: await ask('eth_getBlockByNumber', ['0x0', false]) } : undefined;
      assert.deepEqual(await checkArrival(expect({}), lied(), FAST), { kind: 'unchecked', reason: 'unreadable' });
    });

    it('a malformed receipt (a log field that is not hex) is a failing RPC, not a contradiction; asked again, an honest answer is checked', async () => {
      let lies = 0;
      const malformed = async (call: { id: unknown; method: string }, truth: { result?: unknown }) => {
        if (call.method !== 'eth_getTransactionReceipt') return undefined;
        const receipt = truth.result as { logs: Array<Record<string, unknown>> };
        lies += 1;
        return { jsonrpc: '2.0', id: call.id, result: { ...receipt, logs: receipt.logs.map((log) => ({ ...log, data: 'zz' })) } };
      };
      liar.lie = malformed;
      assert.deepEqual(await checkArrival(expect({}), lied(), FAST), { kind: 'unchecked', reason: 'unreadable' });
      // Truncated JSON: the same rule.
      liar.lie = async (call) => (call.method === 'eth_getTransactionReceipt' ? '{"jsonrpc":"2.0","id":1,"result":{"transactionHash":"0x' : undefined);
      assert.deepEqual(await checkArrival(expect({}), lied(), FAST), { kind: 'unchecked', reason: 'unreadable' });
      // Malformed twice, then the truth: the retry finds the arrival.
      lies = 0;
      liar.lie = async (call, truth) => (lies < 2 ? malformed(call, truth) : undefined);
      const arrival = await checkArrival(expect({}), lied(), FAST);
      assert.equal(arrival.kind, 'checked');
      assert.equal(lies, 2);
    });
  });

  it('unchecked: a proxy with no RPC for the chain, a non-EVM destination, no hash', async () => {
    const noRpc = await checkArrival(expect({}), proxyChainRead(sandbox.readyInfo.unsimulatedProxyUrl!, String(BASE)), FAST);
    assert.deepEqual(noRpc, { kind: 'unchecked', reason: 'no-rpc' });
    assert.deepEqual(await checkArrival(expect({ toChainId: 'cataclysm-1', recipient: 'cosmos1abc' }), read(), FAST), {
      kind: 'unchecked',
      reason: 'non-evm',
    });
    assert.deepEqual(await checkArrival(expect({ destTxHash: undefined }), read(), FAST), { kind: 'unchecked', reason: 'no-hash' });
  });
});
