/**
 * src/wallet exercised through the development wallet against the sandbox's
 * real local chains: every transaction here is signed, broadcast and mined.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { encodeFunctionData, erc20Abi, hexToBigInt, numberToHex, recoverMessageAddress, recoverTypedDataAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { PROMPT_METHODS, createDevWallet, type DevWallet, type DevWalletActivity } from '../../demo/dev-wallet.js';
import {
  WalletError,
  approveErc20,
  getAccounts,
  getChainId,
  isEip1193Provider,
  providerProblem,
  normalizeRpcError,
  readErc20Allowance,
  readTokenBalance,
  requestAccounts,
  sendTransaction,
  switchChain,
  waitForReceipt,
  watchWallet,
  type AddChainParams,
  type Eip1193Provider,
} from '../../src/wallet/index.js';
import { encodeAllowance, encodeApprove, encodeBalanceOf } from '../../src/wallet/erc20.js';
import { toQuantity } from '../../src/wallet/hex.js';
import { startSandbox } from '../../sandbox/index.js';

interface TestChains {
  chains: { chainId: number; rpcUrl: string; name: string }[];
  tokens: { chainId: number; address: Hex; symbol: string; decimals: number }[];
  account: { address: Hex; privateKey: Hex };
  stop(): Promise<void>;
}

/** The sandbox's two chains served over HTTP on 127.0.0.1, as a browser wallet would reach them. */
async function startTestChains(): Promise<TestChains> {
  const sandbox = await startSandbox({ proxy: false, bridgingDelayMs: 0 });
  const chains = sandbox.chains.map((chain) => {
    assert.ok(chain.rpcUrl, 'the sandbox serves its chains over HTTP');
    return { chainId: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl };
  });
  // One of the extra funded users, so nothing here shares a nonce with the demo account.
  const user = sandbox.accounts.extraUsers[0]!;
  return {
    chains,
    tokens: sandbox.tokens,
    account: { address: user.address, privateKey: user.privateKey },
    stop: () => sandbox.close(),
  };
}

let env: TestChains;

before(async () => {
  env = await startTestChains();
});

after(async () => {
  await env?.stop();
});

function chainA() {
  return env.chains[0]!;
}
function chainB() {
  return env.chains[1]!;
}
function tokenOn(chainId: number) {
  const token = env.tokens.find((t) => t.chainId === chainId && !/^0x[eE]{40}$/.test(t.address));
  assert.ok(token, `an ERC-20 on chain ${chainId}`);
  return token;
}
function addChainParams(chain: { chainId: number; rpcUrl: string; name: string }): AddChainParams {
  return {
    chainId: chain.chainId,
    chainName: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: [chain.rpcUrl],
  };
}
function wallet(options: { autoConnect?: boolean; chains?: 'both' | 'first'; onActivity?: (a: DevWalletActivity) => void } = {}) {
  return createDevWallet({
    privateKey: env.account.privateKey,
    chains: options.chains === 'first' ? [chainA()] : env.chains,
    autoConnect: options.autoConnect ?? true,
    ...(options.onActivity ? { onActivity: options.onActivity } : {}),
  });
}
async function nonceOf(dev: DevWallet, address: Hex, chainId: number): Promise<bigint> {
  const previous = dev.chainId;
  dev.setChain(chainId);
  const nonce = (await dev.request({ method: 'eth_getTransactionCount', params: [address, 'pending'] })) as Hex;
  dev.setChain(previous);
  return hexToBigInt(nonce);
}
async function rejectsWith(promise: Promise<unknown>, kind: WalletError['kind']): Promise<WalletError> {
  const error = await promise.then(
    () => assert.fail(`expected WalletError '${kind}'`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof WalletError, `expected a WalletError, got ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  return error;
}

describe('accounts and chains', () => {
  it('recognises EIP-1193 providers', () => {
    assert.equal(isEip1193Provider(wallet()), true);
    assert.equal(isEip1193Provider({ request: 1 }), false);
    assert.equal(isEip1193Provider(undefined), false);
  });

  it("says why a value handed over as the provider is not one: a wallet kit's getProvider() promise not awaited is named", () => {
    assert.equal(providerProblem(wallet()), undefined);
    assert.match(providerProblem(Promise.resolve(wallet()))!, /Promise.*await it first/);
    assert.match(providerProblem({ request: 1 })!, /an object with a request\(\) method.*got an object without request\(\)/);
    assert.match(providerProblem('window.ethereum')!, /got string/);
  });

  it('requestAccounts connects and returns the account lowercase, the one spelling the widget keeps', async () => {
    const dev = wallet({ autoConnect: false });
    assert.deepEqual(await getAccounts(dev), []);
    assert.deepEqual(await requestAccounts(dev), [env.account.address.toLowerCase()]);
    assert.deepEqual(await getAccounts(dev), [env.account.address.toLowerCase()]);
    assert.equal(await getChainId(dev), chainA().chainId);
  });

  it('a rejected connection is WalletError rejected with code 4001', async () => {
    const dev = wallet({ autoConnect: false });
    dev.rejectNext('eth_requestAccounts');
    const error = await rejectsWith(requestAccounts(dev), 'rejected');
    assert.equal(error.rpcCode, 4001);
    assert.match(error.message, /User rejected/);
    assert.deepEqual(await getAccounts(dev), []);
  });

  it('switchChain moves to a chain the wallet knows, saying so (the flow\'s "Switch network in your wallet") before it asks', async () => {
    const dev = wallet();
    const said: string[] = [];
    await switchChain(dev, addChainParams(chainB()), undefined, () => said.push(`asking on ${dev.chainId}`));
    assert.equal(await getChainId(dev), chainB().chainId);
    assert.deepEqual(said, [`asking on ${chainA().chainId}`]);
  });

  it('switchChain does not prompt when already on the chain, and never says it would', async () => {
    const methods: string[] = [];
    const dev = wallet({ onActivity: (a) => methods.push(a.method) });
    let said = false;
    await switchChain(dev, addChainParams(chainA()), undefined, () => (said = true));
    assert.deepEqual(methods, ['eth_chainId']);
    assert.equal(said, false, '"Switch network in your wallet" never flashes for a wallet already there');
  });

  it('switchChain adds an unknown chain after 4902, then switches to it', async () => {
    const log: string[] = [];
    const dev = wallet({ chains: 'first', onActivity: (a) => log.push(`${a.method}:${a.outcome}`) });
    await switchChain(dev, addChainParams(chainB()));
    assert.equal(await getChainId(dev), chainB().chainId);
    assert.deepEqual(
      log.filter((entry) => entry.startsWith('wallet_')),
      ['wallet_switchEthereumChain:error', 'wallet_addEthereumChain:ok', 'wallet_switchEthereumChain:ok'],
    );
    // The added chain is usable: reads go to its RPC.
    const balance = await dev.request({ method: 'eth_getBalance', params: [env.account.address, 'latest'] });
    assert.ok(hexToBigInt(balance as Hex) > 0n);
  });

  it('switchChain also recognises 4902 nested as MetaMask mobile reports it', async () => {
    const dev = wallet({ chains: 'first' });
    const mobile: Eip1193Provider = {
      async request(args) {
        try {
          return await dev.request(args);
        } catch (error) {
          const code = (error as { code?: number }).code;
          if (code !== 4902) throw error;
          throw { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: { code: 4902, message: 'Unrecognized chain' } } };
        }
      },
    };
    await switchChain(mobile, addChainParams(chainB()));
    assert.equal(dev.chainId, chainB().chainId);
  });

  it('switchChain reports a rejected switch and a rejected add as rejected', async () => {
    const dev = wallet({ chains: 'first' });
    dev.rejectNext('wallet_switchEthereumChain');
    await rejectsWith(switchChain(dev, addChainParams(chainB())), 'rejected');
    dev.rejectNext('wallet_addEthereumChain');
    await rejectsWith(switchChain(dev, addChainParams(chainB())), 'rejected');
    assert.equal(dev.chainId, chainA().chainId);
  });

  it('switchChain notices a wallet that claims success but stays put', async () => {
    const dev = wallet();
    const liar: Eip1193Provider = {
      request: (args) => (args.method === 'wallet_switchEthereumChain' ? Promise.resolve(null) : dev.request(args)),
    };
    await rejectsWith(switchChain(liar, addChainParams(chainB())), 'wrong-chain');
  });
});

describe('transactions', () => {
  it('sendTransaction refuses the wrong chain before anything is sent', async () => {
    const dev = wallet();
    const before = [await nonceOf(dev, env.account.address, chainA().chainId), await nonceOf(dev, env.account.address, chainB().chainId)];
    const methods: string[] = [];
    const watched = createDevWallet({ privateKey: env.account.privateKey, chains: env.chains, autoConnect: true, onActivity: (a) => methods.push(a.method) });
    await rejectsWith(sendTransaction(watched, { from: env.account.address, to: env.account.address, value: 1n, chainId: chainB().chainId }), 'wrong-chain');
    assert.ok(!methods.includes('eth_sendTransaction'), 'eth_sendTransaction must not be requested');
    const afterNonces = [await nonceOf(dev, env.account.address, chainA().chainId), await nonceOf(dev, env.account.address, chainB().chainId)];
    assert.deepEqual(afterNonces, before);
  });

  it('sendTransaction refuses the wrong account before anything is sent', async () => {
    const methods: string[] = [];
    const dev = wallet({ onActivity: (a) => methods.push(a.method) });
    const other = privateKeyToAccount(generatePrivateKey()).address;
    const before = await nonceOf(dev, env.account.address, chainA().chainId);
    const error = await rejectsWith(sendTransaction(dev, { from: other, to: env.account.address, value: 1n, chainId: chainA().chainId }), 'wrong-account');
    assert.match(error.message, new RegExp(other));
    assert.ok(!methods.includes('eth_sendTransaction'));
    assert.equal(await nonceOf(dev, env.account.address, chainA().chainId), before);

    // A disconnected wallet has no account at all.
    dev.disconnect();
    await rejectsWith(sendTransaction(dev, { from: env.account.address, to: env.account.address, value: 1n, chainId: chainA().chainId }), 'wrong-account');
  });

  it('sendTransaction accepts `from` in any letter case, hands it to the wallet checksummed and sends value', async () => {
    const dev = wallet();
    const sent: unknown[] = [];
    // The real development wallet, with the transactions it is asked to send written down.
    const recording: Eip1193Provider = {
      request: (args) => {
        if (args.method === 'eth_sendTransaction') sent.push(...(args.params as unknown[]));
        return dev.request(args);
      },
    };
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const hash = await sendTransaction(recording, {
      from: env.account.address.toLowerCase() as Hex,
      to: recipient,
      value: 12_345n,
      chainId: chainA().chainId,
    });
    assert.equal((sent[0] as { from?: string }).from, env.account.address);
    const receipt = await waitForReceipt(dev, hash, { pollMs: 50 });
    assert.equal(receipt.status, 'success');
    assert.equal(receipt.transactionHash, hash);
    assert.ok(receipt.blockNumber > 0n);
    const balance = await dev.request({ method: 'eth_getBalance', params: [recipient, 'latest'] });
    assert.equal(hexToBigInt(balance as Hex), 12_345n);
  });

  it('a rejected send is WalletError rejected and sends nothing', async () => {
    const dev = wallet();
    const before = await nonceOf(dev, env.account.address, chainA().chainId);
    dev.rejectNext('eth_sendTransaction');
    await rejectsWith(sendTransaction(dev, { from: env.account.address, to: env.account.address, value: 1n, chainId: chainA().chainId }), 'rejected');
    assert.equal(await nonceOf(dev, env.account.address, chainA().chainId), before);
  });

  it('a trap armed for prompts lets reads through and fires on the send', async () => {
    const dev = wallet();
    dev.rejectNext(PROMPT_METHODS);
    // sendTransaction reads eth_chainId and eth_accounts first: they must not consume the trap.
    await rejectsWith(sendTransaction(dev, { from: env.account.address, to: env.account.address, value: 1n, chainId: chainA().chainId }), 'rejected');
    assert.deepEqual(dev.pendingTraps, []);
  });

  it('approveErc20 grants exactly the amount, readErc20Allowance reads it back', async () => {
    const dev = wallet();
    const token = tokenOn(chainA().chainId);
    const spender = privateKeyToAccount(generatePrivateKey()).address;
    const owner = env.account.address;
    assert.equal(await readErc20Allowance(dev, { token: token.address, owner, spender }), 0n);

    const amount = 1_234_567_890_123n;
    const hash = await approveErc20(dev, { from: owner, token: token.address, spender, amount, chainId: chainA().chainId });
    assert.equal((await waitForReceipt(dev, hash, { pollMs: 50 })).status, 'success');
    assert.equal(await readErc20Allowance(dev, { token: token.address, owner, spender }), amount);

    // Approving again replaces, never adds.
    const smaller = 5n;
    await waitForReceipt(dev, await approveErc20(dev, { from: owner, token: token.address, spender, amount: smaller, chainId: chainA().chainId }), {
      pollMs: 50,
    });
    assert.equal(await readErc20Allowance(dev, { token: token.address, owner, spender }), smaller);
  });

  it('readTokenBalance reads a token balance and the gas token balance on the wallet’s chain', async () => {
    const dev = wallet();
    const token = tokenOn(chainA().chainId);
    const owner = env.account.address;
    const raw = await dev.request({ method: 'eth_call', params: [{ to: token.address, data: encodeBalanceOf(owner) }, 'latest'] });
    assert.equal(await readTokenBalance(dev, { token: token.address, owner }), hexToBigInt(raw as Hex));
    assert.ok((await readTokenBalance(dev, { token: token.address, owner })) > 0n);
    const gas = hexToBigInt((await dev.request({ method: 'eth_getBalance', params: [owner, 'latest'] })) as Hex);
    assert.equal(await readTokenBalance(dev, { token: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', owner }), gas);
    const nobody = privateKeyToAccount(generatePrivateKey()).address;
    assert.equal(await readTokenBalance(dev, { token: token.address, owner: nobody }), 0n);
  });

  it('approveErc20 on the wrong chain is refused', async () => {
    const dev = wallet();
    const token = tokenOn(chainB().chainId);
    await rejectsWith(
      approveErc20(dev, { from: env.account.address, token: token.address, spender: env.account.address, amount: 1n, chainId: chainB().chainId }),
      'wrong-chain',
    );
  });

  it('readErc20Allowance on an address without a contract is an rpc error', async () => {
    const dev = wallet();
    const nobody = privateKeyToAccount(generatePrivateKey()).address;
    await rejectsWith(readErc20Allowance(dev, { token: nobody, owner: env.account.address, spender: nobody }), 'rpc');
  });

  it('waitForReceipt reports a mined, reverted transaction as reverted', async () => {
    const dev = wallet();
    const token = tokenOn(chainA().chainId);
    // Moving more tokens than the account holds reverts; an explicit gas limit
    // skips estimation so the transaction is mined anyway, as on a real chain.
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [env.account.address, 2n ** 255n] });
    const hash = await sendTransaction(dev, { from: env.account.address, to: token.address, data, gas: 200_000n, chainId: chainA().chainId });
    const receipt = await waitForReceipt(dev, hash, { pollMs: 50 });
    assert.equal(receipt.status, 'reverted');
    assert.equal(receipt.transactionHash, hash);
  });

  it('a send that would revert is WalletError reverted when the wallet estimates gas', async () => {
    const dev = wallet();
    const token = tokenOn(chainA().chainId);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [env.account.address, 2n ** 255n] });
    await rejectsWith(sendTransaction(dev, { from: env.account.address, to: token.address, data, chainId: chainA().chainId }), 'reverted');
  });

  it('waitForReceipt gives up with timeout on a transaction that never mines', async () => {
    const dev = wallet();
    const unknown = `0x${'ab'.repeat(32)}` as Hex;
    await rejectsWith(waitForReceipt(dev, unknown, { pollMs: 20, timeoutMs: 200 }), 'timeout');
  });
});

describe('deadlines and cancellation', () => {
  it('a wallet that never answers ends in WalletError timeout', async () => {
    const dev = wallet();
    dev.hang('eth_chainId');
    await rejectsWith(getChainId(dev, { timeoutMs: 150 }), 'timeout');
  });

  it('a send prompt that never answers ends in timeout', async () => {
    const dev = wallet();
    dev.hang('eth_sendTransaction');
    await rejectsWith(
      sendTransaction(dev, { from: env.account.address, to: env.account.address, value: 1n, chainId: chainA().chainId }, { timeoutMs: 150 }),
      'timeout',
    );
  });

  it('aborting rejects with the AbortSignal reason', async () => {
    const dev = wallet();
    dev.hang('eth_requestAccounts');
    const controller = new AbortController();
    const pending = requestAccounts(dev, { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    await assert.rejects(getChainId(dev, { signal: AbortSignal.abort() }), { name: 'AbortError' });
  });

  it('a missing provider is WalletError no-provider', async () => {
    await rejectsWith(getChainId(undefined as unknown as Eip1193Provider), 'no-provider');
  });
});

describe('watchWallet', () => {
  it('delivers accountsChanged and chainChanged and stops after unsubscribe', async () => {
    const dev = wallet();
    const accounts: Hex[][] = [];
    const chains: number[] = [];
    let disconnects = 0;
    const unsubscribe = watchWallet(dev, {
      accountsChanged: (a) => accounts.push(a),
      chainChanged: (id) => chains.push(id),
      disconnect: () => disconnects++,
    });
    const otherKey = generatePrivateKey();
    dev.setAccount(otherKey);
    dev.setChain(chainB().chainId);
    // Delivered at once (lowercase), before anything else happens: nothing waits for the checksum code.
    assert.deepEqual(accounts, [[privateKeyToAccount(otherKey).address.toLowerCase()]]);
    await switchChain(dev, addChainParams(chainA()));
    assert.deepEqual(accounts, [[privateKeyToAccount(otherKey).address.toLowerCase()]]);
    assert.deepEqual(chains, [chainB().chainId, chainA().chainId]);

    unsubscribe();
    unsubscribe(); // idempotent
    dev.setAccount(env.account.privateKey);
    dev.setChain(chainB().chainId);
    dev.disconnect();
    assert.equal(accounts.length, 1);
    assert.equal(chains.length, 2);
    assert.equal(disconnects, 0);
  });

  it('reports disconnect', () => {
    const dev = wallet();
    const accounts: Hex[][] = [];
    let disconnects = 0;
    const unsubscribe = watchWallet(dev, { accountsChanged: (a) => accounts.push(a), disconnect: () => disconnects++ });
    dev.disconnect();
    unsubscribe();
    assert.deepEqual(accounts, [[]]);
    assert.equal(disconnects, 1);
  });

  it('tolerates providers without events and malformed payloads', () => {
    const bare: Eip1193Provider = { request: async () => null };
    watchWallet(bare, { chainChanged: () => assert.fail('no events expected') })();

    const listeners = new Map<string, (...args: unknown[]) => void>();
    const noisy: Eip1193Provider = {
      request: async () => null,
      on: (event, listener) => listeners.set(event, listener),
      // no removeListener: unsubscribe must still silence the handlers
    };
    const chains: number[] = [];
    const unsubscribe = watchWallet(noisy, { chainChanged: (id) => chains.push(id) });
    listeners.get('chainChanged')?.('not a chain id');
    listeners.get('chainChanged')?.('0x14a34');
    listeners.get('chainChanged')?.('11155111'); // some wallets send decimal strings
    unsubscribe();
    listeners.get('chainChanged')?.('0x1');
    assert.deepEqual(chains, [84532, 11155111]);
  });
});

describe('development wallet signing', () => {
  it('personal_sign and eth_signTypedData_v4 sign with the account', async () => {
    const dev = wallet();
    const signature = (await dev.request({ method: 'personal_sign', params: ['0x68656c6c6f', env.account.address] })) as Hex;
    assert.equal(await recoverMessageAddress({ message: { raw: '0x68656c6c6f' }, signature }), env.account.address);

    const typedData = {
      domain: { name: 'Demo', version: '1', chainId: chainA().chainId },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting' as const,
      message: { text: 'hello' },
    };
    const typedSignature = (await dev.request({
      method: 'eth_signTypedData_v4',
      params: [env.account.address, JSON.stringify(typedData)],
    })) as Hex;
    assert.equal(await recoverTypedDataAddress({ ...typedData, signature: typedSignature }), env.account.address);
  });

  it('refuses to sign for another account or before connecting', async () => {
    const dev = wallet({ autoConnect: false });
    await assert.rejects(dev.request({ method: 'personal_sign', params: ['0x00', env.account.address] }), { code: 4100 });
    await dev.request({ method: 'eth_requestAccounts' });
    const other = privateKeyToAccount(generatePrivateKey()).address;
    await assert.rejects(dev.request({ method: 'personal_sign', params: ['0x00', other] }), { code: 4100 });
    await assert.rejects(dev.request({ method: 'eth_sendTransaction', params: [{ from: other, to: other }] }), { code: 4100 });
    await assert.rejects(dev.request({ method: 'eth_unknownMethod' }), { code: 4200 });
  });
});

describe('ERC-20 calldata', () => {
  it("is viem's encoding, hand-checked: the selector and two words", () => {
    const spender = privateKeyToAccount(generatePrivateKey()).address;
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    // The hand-written encoding these calls had before viem's coder: the selector, then one 32-byte word per argument.
    const word = (value: string | bigint) => (typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, '0');
    for (const amount of [0n, 1n, 1_234_567_890_123n, 2n ** 256n - 1n])
      assert.equal(encodeApprove(spender, amount), `0x095ea7b3${word(spender)}${word(amount)}`);
    assert.equal(encodeAllowance(owner, spender), `0xdd62ed3e${word(owner)}${word(spender)}`);
    assert.equal(encodeBalanceOf(owner), `0x70a08231${word(owner)}`);
    assert.throws(() => encodeApprove(spender, -1n), /256-bit unsigned integer range/);
    assert.throws(() => encodeApprove(spender, 2n ** 256n), /256-bit unsigned integer range/);
    assert.throws(() => encodeApprove('0x1234' as `0x${string}`, 1n), { name: 'TypeError', message: /spender is not an EVM address/ });
    // A mixed-case address whose case is no valid checksum is still the same 20 bytes: encoded as its lowercase.
    const shouted = spender.replace(/[a-f]/g, (c) => c.toUpperCase()) as `0x${string}`;
    assert.equal(encodeApprove(shouted, 1n), encodeApprove(spender, 1n));
  });
});

describe('JSON-RPC quantities', () => {
  it("toQuantity matches viem's numberToHex (minimal hex) and refuses negatives", () => {
    for (const value of [0, 1, 15, 16, 84532, 11155111, Number.MAX_SAFE_INTEGER]) assert.equal(toQuantity(value), numberToHex(value));
    for (const value of [0n, 255n, 10n ** 18n, 2n ** 256n - 1n]) assert.equal(toQuantity(value), numberToHex(value));
    assert.throws(() => toQuantity(-1), RangeError);
    assert.throws(() => toQuantity(-1n), RangeError);
  });
});

describe('normalizeRpcError', () => {
  it('maps the codes wallets use', () => {
    assert.equal(normalizeRpcError({ code: 4001, message: 'User rejected the request.' }).kind, 'rejected');
    assert.equal(normalizeRpcError({ code: 4100, message: 'Unauthorized' }).kind, 'rejected');
    assert.equal(normalizeRpcError({ code: 4902, message: 'Unrecognized chain' }).kind, 'unknown-chain');
    assert.equal(normalizeRpcError({ code: -32603, data: { originalError: { code: 4902 } } }).kind, 'unknown-chain');
    assert.equal(normalizeRpcError({ code: 3, message: 'execution reverted', data: '0x' }).kind, 'reverted');
    assert.equal(normalizeRpcError({ code: 'ACTION_REJECTED', message: 'user rejected action' }).kind, 'rejected');
    assert.equal(normalizeRpcError({ code: 5000, message: 'User rejected.' }).kind, 'rejected');
    const rpc = normalizeRpcError({ code: -32000, message: 'nonce too low' });
    assert.equal(rpc.kind, 'rpc');
    assert.equal(rpc.rpcCode, -32000);
    assert.equal(rpc.message, 'nonce too low');
    assert.equal(normalizeRpcError(new Error('socket hang up')).kind, 'rpc');
    assert.equal(normalizeRpcError('plain string').message, 'plain string');
  });

  it("prefers an informative inner message over MetaMask's generic one", () => {
    const error = normalizeRpcError({ code: -32603, message: 'Internal JSON-RPC error.', data: { message: 'insufficient funds for gas' } });
    assert.equal(error.message, 'insufficient funds for gas');
    assert.equal(error.rpcCode, -32603);
  });

  it('passes WalletErrors through', () => {
    const original = new WalletError('timeout', 'slow');
    assert.equal(normalizeRpcError(original), original);
  });
});
