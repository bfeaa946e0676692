/**
 * The arrival check against the sandbox's real anvil chain, read
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
import { checkArrival, checkSavedArrival, savedArrival, type ExpectedArrival } from '../../src/flow/arrival-check.js';
import type { SavedTransfer } from '../../src/flow/intent-store.js';
import { DST as BASE } from './helpers/chains.ts';
import { startLyingRpc, type LyingRpc } from './helpers/lying-rpc.ts';
import { startProxyServer, type RunningProxyServer } from '../../src/proxy/node.js';

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const FAST = { waitMs: 1_500, firstDelayMs: 100, maxDelayMs: 400 };
/** Room for a few retries: a lie asked again until the check gives up, or twice before the truth. */
const SHORT = { waitMs: 600, firstDelayMs: 50, maxDelayMs: 100 };
/** For a check that must end checked after a few lies: the time is only spent if it does not. */
const PATIENT = { waitMs: 10_000, firstDelayMs: 50, maxDelayMs: 100 };

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

  /** A saved transfer of USDC to the recipient that the service said arrived with the USDC transaction. */
  const savedTransfer = (patch: Partial<SavedTransfer>): SavedTransfer => ({
    intentId: 'i-1',
    account: recipient.toLowerCase(),
    fromChainId: '11155111',
    toChainId: String(BASE),
    fromToken: { address: usdc, symbol: 'USDC', decimals: 6 },
    toToken: { address: usdc, symbol: 'USDC', decimals: 6 },
    fromAmount: 26_000_000n,
    toAmount: 25_470_000n,
    toAddress: recipient,
    createdAt: Date.now() - 60_000,
    updatedAt: Date.now(),
    phase: 'success',
    receiptAccepted: true,
    destTxHash: sent.usdc,
    ...patch,
  });

  it('a saved transfer: checked, unless another saved transfer already arrived with that hash (a replay)', async () => {
    const saved = savedTransfer({ intentId: 'i-1', toAmountMin: 25_000_000n });
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
      const arrival = await checkArrival(expect({ destTxHash: missing }), lied(), SHORT);
      assert.deepEqual(arrival, { kind: 'unchecked', reason: 'unreadable' });
      assert.ok(liar.calls.filter((c) => c.method === 'eth_getTransactionReceipt').length >= 2, 'asked again');
      // The same with the receipt's own transactionHash rewritten: its logs still name the other transaction.
      liar.lie = async (call, _truth, ask) =>
        call.method === 'eth_getTransactionReceipt'
          ? { jsonrpc: '2.0', id: call.id, result: { ...(await receiptOf(ask, sent.usdc)), transactionHash: missing } }
          : undefined;
      assert.deepEqual(await checkArrival(expect({ destTxHash: missing }), lied(), SHORT), { kind: 'unchecked', reason: 'unreadable' });
      // And with the logs' hashes rewritten: the receipt itself still names the other transaction.
      liar.lie = async (call, _truth, ask) => {
        if (call.method !== 'eth_getTransactionReceipt') return undefined;
        const receipt = (await receiptOf(ask, sent.usdc)) as { logs: Array<Record<string, unknown>> };
        return { jsonrpc: '2.0', id: call.id, result: { ...receipt, logs: receipt.logs.map((log) => ({ ...log, transactionHash: missing })) } };
      };
      assert.deepEqual(await checkArrival(expect({ destTxHash: missing }), lied(), SHORT), { kind: 'unchecked', reason: 'unreadable' });
    });

    it("a block header other than the receipt's block is no evidence: not called too early, not checked", async () => {
      liar.lie = async (call, _truth, ask) =>
        call.method === 'eth_getBlockByNumber' ? { jsonrpc: '2.0', id: call.id, result: await ask('eth_getBlockByNumber', ['0x0', false]) } : undefined;
      assert.deepEqual(await checkArrival(expect({}), lied(), SHORT), { kind: 'unchecked', reason: 'unreadable' });
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
      assert.deepEqual(await checkArrival(expect({}), lied(), SHORT), { kind: 'unchecked', reason: 'unreadable' });
      // Truncated JSON: the same rule.
      liar.lie = async (call) => (call.method === 'eth_getTransactionReceipt' ? '{"jsonrpc":"2.0","id":1,"result":{"transactionHash":"0x' : undefined);
      assert.deepEqual(await checkArrival(expect({}), lied(), SHORT), { kind: 'unchecked', reason: 'unreadable' });
      // Malformed twice, then the truth: the retry finds the arrival.
      lies = 0;
      liar.lie = async (call, truth) => (lies < 2 ? malformed(call, truth) : undefined);
      const arrival = await checkArrival(expect({}), lied(), PATIENT);
      assert.equal(arrival.kind, 'checked');
      assert.equal(lies, 2);
      // Truncated twice, then the truth: the same.
      let cut = 0;
      liar.lie = async (call) => (call.method === 'eth_getTransactionReceipt' && cut++ < 2 ? '{"jsonrpc":"2.0","id":1,"result":{' : undefined);
      assert.equal((await checkArrival(expect({}), lied(), PATIENT)).kind, 'checked');
      assert.equal(cut, 3);
    });

    /** Short pacing: each answer below is refused at once, so only the first attempt and one retry are made. */
    const QUICK = { waitMs: 120, firstDelayMs: 60, maxDelayMs: 60 };
    type Fields = Record<string, unknown> & { logs: Array<Record<string, unknown>> };
    const firstLog = (receipt: Fields, patch: Record<string, unknown>) => ({ ...receipt, logs: [{ ...receipt.logs[0]!, ...patch }, ...receipt.logs.slice(1)] });
    const receiptVariants: Array<[string, (receipt: Fields) => unknown]> = [
      ['a status other than 0x0 or 0x1', (r) => ({ ...r, status: '0x2' })],
      ['no status', (r) => ({ ...r, status: undefined })],
      ['no transactionHash', (r) => ({ ...r, transactionHash: undefined })],
      ['a block number that is not hex', (r) => ({ ...r, blockNumber: 'latest' })],
      ['a block hash of 31 bytes', (r) => ({ ...r, blockHash: `0x${'ab'.repeat(31)}` })],
      ['logs that are not a list', (r) => ({ ...r, logs: { 0: r.logs[0] } })],
      ['a log that is null', (r) => ({ ...r, logs: [null, ...r.logs] })],
      ["a log's address of 19 bytes", (r) => firstLog(r, { address: `0x${'12'.repeat(19)}` })],
      [
        "a log's topic of 31 bytes",
        (r) => firstLog(r, { topics: [(r.logs[0]!.topics as string[])[0]!.slice(0, -2), ...(r.logs[0]!.topics as string[]).slice(1)] }),
      ],
      ['a log with five topics', (r) => firstLog(r, { topics: [...(r.logs[0]!.topics as string[]), `0x${'00'.repeat(32)}`, `0x${'00'.repeat(32)}`] })],
      ["a log's topics that are not a list", (r) => firstLog(r, { topics: 'none' })],
      ["a log's data of an odd number of hex digits", (r) => firstLog(r, { data: `${r.logs[0]!.data as string}0` })],
      ['a log of another block', (r) => firstLog(r, { blockNumber: `0x${(BigInt(r.blockNumber as string) + 1n).toString(16)}` })],
      ["a log's transactionHash that is not a hash", (r) => firstLog(r, { transactionHash: '0x12' })],
    ];
    for (const [what, lie] of receiptVariants) {
      it(`a receipt with ${what} is a failing RPC: not checked, never a contradiction`, async () => {
        liar.lie = async (call, truth) =>
          call.method === 'eth_getTransactionReceipt' ? { jsonrpc: '2.0', id: call.id, result: lie(truth.result as Fields) } : undefined;
        assert.deepEqual(await checkArrival(expect({}), lied(), QUICK), { kind: 'unchecked', reason: 'unreadable' });
        liar.lie = undefined;
        assert.equal((await checkArrival(expect({}), lied(), QUICK)).kind, 'checked', 'the same receipt as the chain wrote it is checked');
      });
    }
    // A log a chain could write beside the transfer (another contract's event), each field written wrong in turn.
    const OTHER_EVENT = `0x${'5e'.repeat(32)}`;
    const withLog = (receipt: Fields, log: Record<string, unknown>) => ({ ...receipt, logs: [...receipt.logs, log] });
    const event = (patch: Record<string, unknown> = {}) => ({ address: usdc, topics: [OTHER_EVENT, `0x${'00'.repeat(32)}`], data: '0x1234', ...patch });
    // Built when a test runs: the token's address is known only once the sandbox has started.
    const extraLogVariants: Array<[string, (receipt: Fields) => Record<string, unknown>]> = [
      ['a topic with text before 0x', () => ({ topics: [`zz${OTHER_EVENT}`] })],
      ['a topic of 33 bytes', () => ({ topics: [`${OTHER_EVENT}aa`] })],
      ['a topic that is a number', () => ({ topics: [5] })],
      ['an address with text before 0x', () => ({ address: `zz${usdc}` })],
      ['an address of 21 bytes', () => ({ address: `${usdc}aa` })],
      ['an address in a list', () => ({ address: [usdc] })],
      ['data with text after the bytes', () => ({ data: '0x12zz' })],
      ['data with text before 0x', () => ({ data: 'zz0x12' })],
      ['data of an odd number of hex digits', () => ({ data: '0x123' })],
      ['data in a list', () => ({ data: ['0x12'] })],
      ['a block number in a list', (receipt) => ({ blockNumber: [receipt.blockNumber] })],
    ];
    for (const [what, patch] of extraLogVariants) {
      it(`another event's log with ${what} is a failing RPC too`, async () => {
        liar.lie = async (call, truth) => {
          if (call.method !== 'eth_getTransactionReceipt') return undefined;
          const receipt = truth.result as Fields;
          return { jsonrpc: '2.0', id: call.id, result: withLog(receipt, event(patch(receipt))) };
        };
        assert.deepEqual(await checkArrival(expect({}), lied(), QUICK), { kind: 'unchecked', reason: 'unreadable' });
        liar.lie = async (call, truth) =>
          call.method === 'eth_getTransactionReceipt' ? { jsonrpc: '2.0', id: call.id, result: withLog(truth.result as Fields, event()) } : undefined;
        assert.equal((await checkArrival(expect({}), lied(), QUICK)).kind, 'checked', 'the same event written well is read, and the transfer checked');
      });
    }
    const moreReceiptVariants: Array<[string, (receipt: Fields) => unknown]> = [
      ['its block number in a list', (r) => ({ ...r, blockNumber: [r.blockNumber] })],
      ['its block number with text before 0x', (r) => ({ ...r, blockNumber: `zz${r.blockNumber as string}` })],
      ['its block number with text after it', (r) => ({ ...r, blockNumber: `${r.blockNumber as string}zz` })],
      ['its block hash with text before 0x', (r) => ({ ...r, blockHash: `zz${r.blockHash as string}` })],
      ['its block hash of 33 bytes', (r) => ({ ...r, blockHash: `${r.blockHash as string}aa` })],
      ['logs that are an empty string', (r) => ({ ...r, logs: '' })],
      ['the Transfer amount in a list', (r) => firstLog(r, { data: [r.logs[0]!.data] })],
    ];
    for (const [what, lie] of moreReceiptVariants) {
      it(`a receipt with ${what} is a failing RPC: not checked`, async () => {
        liar.lie = async (call, truth) =>
          call.method === 'eth_getTransactionReceipt' ? { jsonrpc: '2.0', id: call.id, result: lie(truth.result as Fields) } : undefined;
        assert.deepEqual(await checkArrival(expect({}), lied(), QUICK), { kind: 'unchecked', reason: 'unreadable' });
      });
    }

    const word = (value: bigint | string) => `0x${(typeof value === 'bigint' ? value.toString(16) : value.slice(2)).padStart(64, '0')}`;
    const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
    const APPROVAL = '0x8c5be1e5ebec7d5bd14f40f6ce93f1b21b5f0a29163e7b4f0f26e1c7dbfd6e44';
    const transferLog = (token: string, to: string, data: string, topics: string[] = []) => ({
      address: token,
      topics: [TRANSFER, word(sandbox.accounts.user.address), word(to), ...topics],
      data,
    });
    const amountWith = async (logs: (receipt: Fields) => Array<Record<string, unknown>>, patch: Partial<ExpectedArrival> = {}) => {
      liar.lie = async (call, truth) => {
        if (call.method !== 'eth_getTransactionReceipt') return undefined;
        const receipt = truth.result as Fields;
        return { jsonrpc: '2.0', id: call.id, result: { ...receipt, logs: logs(receipt) } };
      };
      return checkArrival(expect(patch), lied(), QUICK);
    };

    it('a well-formed receipt: logs without their own hash or block, a log of four topics, events other than an ERC-20 Transfer are read, and only the ERC-20 Transfers to the recipient count', async () => {
      const arrival = await amountWith((r) => [
        ...r.logs.map(({ transactionHash: _hash, blockNumber: _block, ...log }) => log),
        { address: usdc, topics: [APPROVAL, word(sandbox.accounts.user.address), word(recipient)], data: word(10n ** 30n) },
        transferLog(usdc, recipient, word(7n), [word(1n)]),
        transferLog(usdc, recipient, `0x${'11'.repeat(64)}`),
        transferLog(usdc, recipient, '0x'),
      ]);
      assert.deepEqual([arrival.kind, arrival.kind === 'checked' && arrival.amount], ['checked', 25_470_000n]);
    });

    it('a native arrival said to be in block 0 (no block before it to compare with) is not checked', async () => {
      liar.lie = async (call, truth, ask) => {
        if (call.method !== 'eth_getTransactionReceipt') return undefined;
        const genesis = (await ask('eth_getBlockByNumber', ['0x0', false])) as { hash: string };
        return { jsonrpc: '2.0', id: call.id, result: { ...(truth.result as Fields), blockNumber: '0x0', blockHash: genesis.hash, logs: [] } };
      };
      const native = expect({ token: NATIVE, destTxHash: sent.native, toAmountMin: 1n, createdAt: 0 });
      liar.calls.length = 0;
      assert.deepEqual(await checkArrival(native, lied(), QUICK), { kind: 'unchecked', reason: 'unreadable' });
      assert.deepEqual(
        liar.calls.filter((c) => c.method === 'eth_getBalance'),
        [],
        'said at once: no balance asked for (a block before 0 would be asked until the check gives up)',
      );
    });

    it('another recipient: the largest transfer of the token is named, the first of equals', async () => {
      const [a, b, c] = [
        '0x000000000000000000000000000000000000a001',
        '0x000000000000000000000000000000000000b002',
        '0x000000000000000000000000000000000000c003',
      ];
      const arrival = await amountWith(() => [transferLog(usdc, a, word(10n)), transferLog(usdc, b, word(30n)), transferLog(usdc, c, word(30n))]);
      assert.deepEqual(arrival, {
        kind: 'contradicted',
        reason: 'other-recipient',
        txHash: sent.usdc,
        token: usdc.toLowerCase(),
        recipient: b,
        amount: 30n,
      });
    });

    const blockVariants: Array<[string, (block: Record<string, unknown>) => unknown]> = [
      ['another number', (b) => ({ ...b, number: `0x${(BigInt(b.number as string) - 1n).toString(16)}` })],
      ['another hash', (b) => ({ ...b, hash: `0x${'cd'.repeat(32)}` })],
      ['no timestamp', (b) => ({ ...b, timestamp: undefined })],
      // Its own number written almost as a quantity (a number would read it right).
      ['its number after a space', (b) => ({ ...b, number: ` ${b.number as string}` })],
      ['its number in 65 hex digits', (b) => ({ ...b, number: `0x${(b.number as string).slice(2).padStart(65, '0')}` })],
      ['nothing (null)', () => null],
    ];
    for (const [what, lie] of blockVariants) {
      it(`a block header with ${what} is a failing RPC: not checked`, async () => {
        liar.lie = async (call, truth) =>
          call.method === 'eth_getBlockByNumber' ? { jsonrpc: '2.0', id: call.id, result: lie(truth.result as Record<string, unknown>) } : undefined;
        assert.deepEqual(await checkArrival(expect({}), lied(), QUICK), { kind: 'unchecked', reason: 'unreadable' });
      });
    }

    it('a balance that is not a quantity is a failing RPC: a native arrival not checked; asked again, checked', async () => {
      const native = expect({ token: NATIVE, destTxHash: sent.native, toAmountMin: 2n * 10n ** 16n });
      for (const lie of ['a lot', 5, ['0x5']]) {
        liar.lie = async (call) => (call.method === 'eth_getBalance' ? { jsonrpc: '2.0', id: call.id, result: lie } : undefined);
        assert.deepEqual(await checkArrival(native, lied(), QUICK), { kind: 'unchecked', reason: 'unreadable' }, JSON.stringify(lie));
      }
      // The true balances written almost as quantities (a number would read them right): no quantity either.
      const almost: Array<[string, (balance: string) => string]> = [
        ['a space before 0x', (balance) => ` ${balance}`],
        ['65 hex digits', (balance) => `0x${balance.slice(2).padStart(65, '0')}`],
      ];
      for (const [what, rewrite] of almost) {
        liar.lie = async (call, truth) =>
          call.method === 'eth_getBalance' ? { jsonrpc: '2.0', id: call.id, result: rewrite(truth.result as string) } : undefined;
        assert.deepEqual(await checkArrival(native, lied(), QUICK), { kind: 'unchecked', reason: 'unreadable' }, what);
      }
      // The block header's number in a list is no number either.
      liar.lie = async (call, truth) =>
        call.method === 'eth_getBlockByNumber'
          ? { jsonrpc: '2.0', id: call.id, result: { ...(truth.result as object), number: [(truth.result as { number: string }).number] } }
          : undefined;
      assert.deepEqual(await checkArrival(native, lied(), QUICK), { kind: 'unchecked', reason: 'unreadable' });
      let lies = 0;
      liar.lie = async (call) => (call.method === 'eth_getBalance' && lies++ < 1 ? { jsonrpc: '2.0', id: call.id, result: 'a lot' } : undefined);
      const arrival = await checkArrival(native, lied(), PATIENT);
      assert.deepEqual([arrival.kind, arrival.kind === 'checked' && arrival.amount], ['checked', 3n * 10n ** 16n]);
    });
  });

  it('the least that must arrive is enough, to the unit (ERC-20 and native)', async () => {
    const erc20 = await checkArrival(expect({ toAmountMin: 25_470_000n }), read(), FAST);
    assert.deepEqual([erc20.kind, erc20.kind === 'checked' && erc20.amount], ['checked', 25_470_000n]);
    const native = await checkArrival(expect({ token: NATIVE, destTxHash: sent.native, toAmountMin: 3n * 10n ** 16n }), read(), FAST);
    assert.deepEqual([native.kind, native.kind === 'checked' && native.amount], ['checked', 3n * 10n ** 16n]);
  });

  it('contradicted, no transfer: a transaction that moved none of the token, nor any to the recipient; a native arrival whose balance did not rise', async () => {
    // The WETH transfer went to `recipient`: for `other`, neither USDC nor anything else arrived.
    assert.deepEqual(await checkArrival(expect({ destTxHash: sent.weth, recipient: other }), read(), FAST), {
      kind: 'contradicted',
      reason: 'no-transfer',
      txHash: sent.weth,
    });
    assert.deepEqual(await checkArrival(expect({ token: NATIVE, destTxHash: sent.usdc, toAmountMin: 1n }), read(), FAST), {
      kind: 'contradicted',
      reason: 'no-transfer',
      txHash: sent.usdc,
    });
  });

  it('mined at the very edge of the clock skew before the transfer was made is not too early', async () => {
    const chain = sandbox.chain(BASE).publicClient;
    const { blockNumber } = await chain.getTransactionReceipt({ hash: sent.usdc });
    const { timestamp } = await chain.getBlock({ blockNumber });
    const createdAt = Number(timestamp) * 1000 + 10 * 60_000;
    assert.equal((await checkArrival(expect({ createdAt }), read(), FAST)).kind, 'checked');
    assert.equal((await checkArrival(expect({ createdAt: createdAt + 1 }), read(), FAST)).kind, 'contradicted');
  });

  it("a saved transfer: the route's amount when it names no minimum; another transfer's other hash, or none yet, is no replay; a record without a hash, or one the chain cannot be read for, is not checked", async () => {
    const saved = savedTransfer({ intentId: 'i-2', toAmount: 25_470_001n });
    const other = { ...saved, intentId: 'i-3', destTxHash: sent.weth };
    assert.deepEqual(await checkSavedArrival(saved, [saved, other], sandbox.proxyUrl!, FAST), {
      state: 'contradicted',
      reason: 'below-minimum',
      amount: 25_470_000n,
      recipient: recipient.toLowerCase(),
      token: usdc.toLowerCase(),
    });
    assert.equal((await checkSavedArrival({ ...saved, toAmount: 25_000_000n }, [saved, other], sandbox.proxyUrl!, FAST)).state, 'checked');
    const { destTxHash: _none, ...withoutHash } = saved;
    // The account's other transfer still on its way has no destination hash yet: nothing to compare, no replay.
    const onItsWay = { ...withoutHash, intentId: 'i-5', phase: 'bridging' as const };
    assert.equal((await checkSavedArrival({ ...saved, toAmount: 25_000_000n }, [saved, onItsWay], sandbox.proxyUrl!, FAST)).state, 'checked');
    assert.deepEqual(await checkSavedArrival(withoutHash, [other], sandbox.proxyUrl!, FAST), { state: 'unchecked', reason: 'no-hash' });
    const replayed = { ...saved, intentId: 'i-4' };
    assert.deepEqual(await checkSavedArrival(saved, [saved, replayed], sandbox.readyInfo.unsimulatedProxyUrl!, FAST), { state: 'unchecked', reason: 'no-rpc' });
  });

  it('unchecked: a proxy with no RPC for the chain, a non-EVM destination, no hash', async () => {
    const noRpc = await checkArrival(expect({}), proxyChainRead(sandbox.readyInfo.unsimulatedProxyUrl!, String(BASE)), FAST);
    assert.deepEqual(noRpc, { kind: 'unchecked', reason: 'no-rpc' });
    assert.deepEqual(await checkArrival(expect({ toChainId: 'cataclysm-1', recipient: 'cosmos1abc' }), read(), FAST), {
      kind: 'unchecked',
      reason: 'non-evm',
    });
    assert.deepEqual(await checkArrival(expect({ destTxHash: undefined }), read(), FAST), { kind: 'unchecked', reason: 'no-hash' });
    // Any one of them not EVM is enough.
    for (const patch of [{ toChainId: 'cataclysm-1' }, { recipient: 'cosmos1abc' }, { token: 'uatom' }]) {
      assert.deepEqual(await checkArrival(expect(patch), read(), FAST), { kind: 'unchecked', reason: 'non-evm' }, JSON.stringify(patch));
    }
    assert.deepEqual(await checkArrival(expect({ destTxHash: '0x12' }), read(), FAST), { kind: 'unchecked', reason: 'no-hash' });
  });
});

describe("the arrival check's steps and what it keeps (its own clock, no chain)", () => {
  const HASH = `0x${'aa'.repeat(32)}`;
  const BLOCK_HASH = `0x${'bb'.repeat(32)}`;
  const TOKEN = '0x1111111111111111111111111111111111111111';
  const TO = '0x2222222222222222222222222222222222222222';
  const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
  const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`;
  // As a chain writes them; the chain-backed tests above read real ones.
  const receipt = {
    transactionHash: HASH,
    status: '0x1',
    blockNumber: '0x10',
    blockHash: BLOCK_HASH,
    logs: [{ address: TOKEN, topics: [TRANSFER, word('0x33'), word(TO)], data: word('0x64') }],
  };
  const header = { number: '0x10', hash: BLOCK_HASH, timestamp: '0x70000000' };
  const expected: ExpectedArrival = { toChainId: '84532', token: TOKEN, recipient: TO, toAmountMin: 100n, destTxHash: HASH, createdAt: 0x70000000 * 1000 };
  /** A clock that only moves when the check waits, and the waits it asked for. */
  const clock = () => {
    const waits: number[] = [];
    let at = 1_000_000;
    const wait = async (ms: number) => {
      waits.push(ms);
      at += ms;
    };
    return { waits, now: () => at, wait };
  };

  it('a receipt not there yet is asked again after 1, 2, 4, 8, 8… s until 60 s have passed, then not found', async () => {
    const c = clock();
    let reads = 0;
    const arrival = await checkArrival(expected, async () => (reads++, null), { now: c.now, wait: c.wait });
    assert.deepEqual(c.waits, [1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000, 5000]);
    assert.equal(reads, 11, 'the last read at the minute itself');
    assert.deepEqual(arrival, { kind: 'contradicted', reason: 'not-found', txHash: HASH });
  });

  it('an answer ends the asking at once; a failing read is asked again on the same steps, within the same minute', async () => {
    const answers = (method: string) => (method === 'eth_getTransactionReceipt' ? receipt : header);
    const once = clock();
    const reads: string[] = [];
    const checked = await checkArrival(expected, async (method) => (reads.push(method), answers(method)), { now: once.now, wait: once.wait });
    assert.equal(checked.kind, 'checked');
    assert.deepEqual(reads, ['eth_getTransactionReceipt', 'eth_getBlockByNumber']);
    assert.deepEqual(once.waits, []);

    const failing = clock();
    let failures = 0;
    const flaky = async (method: string) => {
      if (failures++ < 2) throw new Error('the RPC broke off');
      return answers(method);
    };
    assert.equal((await checkArrival(expected, flaky, { now: failing.now, wait: failing.wait })).kind, 'checked');
    assert.deepEqual(failing.waits, [1000, 2000]);

    // The minute is the whole check's: a receipt found at 55 s leaves the block header what is left of it, not another minute.
    const late = clock();
    let receiptReads = 0;
    const slow = async (method: string) => {
      if (method === 'eth_getTransactionReceipt') return ++receiptReads < 10 ? null : receipt;
      throw new Error('no block');
    };
    assert.deepEqual(await checkArrival(expected, slow, { now: late.now, wait: late.wait }), { kind: 'unchecked', reason: 'unreadable' });
    assert.deepEqual(late.waits, [1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000, 1000, 2000, 2000]);
  });

  it('what the saved transfer keeps: the reason it was not checked; what the chain showed when contradicted', () => {
    assert.deepEqual(savedArrival({ kind: 'unchecked', reason: 'no-rpc' }), { state: 'unchecked', reason: 'no-rpc' });
    assert.deepEqual(savedArrival({ kind: 'contradicted', reason: 'other-token', txHash: HASH, amount: 5n, recipient: TO, token: TOKEN }), {
      state: 'contradicted',
      reason: 'other-token',
      amount: 5n,
      recipient: TO,
      token: TOKEN,
    });
    assert.deepEqual(savedArrival({ kind: 'checked', txHash: HASH, amount: 5n, recipient: TO, token: TOKEN, blockNumber: 1n }), {
      state: 'checked',
      reason: undefined,
      amount: 5n,
      recipient: TO,
      token: TOKEN,
    });
  });
});
