/**
 * A wallet on another device (src/wallet/walletconnect.ts) against the
 * sandbox: the WalletConnect relay fixture on 127.0.0.1 and the phone wallet
 * (a real `@walletconnect/sign-client` on the wallet's side, signing on the
 * anvil chains). The widget's own wallet calls (src/wallet) run over the
 * session unchanged; nothing leaves the machine.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import { SignClient } from '@walletconnect/sign-client';
import { parseEther } from 'viem';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { WalletError, getAccounts, getChainId, normalizeRpcError, sendTransaction, switchChain, waitForReceipt, watchWallet } from '../../src/wallet/index.js';
import { callProvider } from '../../src/wallet/provider.js';
import {
  RELAY_DEADLINE_MS,
  RelayUnreachable,
  pairRemoteWallet,
  resumeRemoteWallet,
  walletConnectClient,
  type RemoteWallet,
  type WalletConnectSettings,
} from '../../src/wallet/walletconnect.js';
import { until } from './helpers/until.ts';

/** One origin's WalletConnect storage, in memory (the browser's is IndexedDB). */
function memoryStorage() {
  const items = new Map<string, unknown>();
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async () => [...items.entries()],
    getItem: async (key: string) => items.get(key),
    setItem: async (key: string, value: unknown) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
}

const PAGE = { name: 'Bridge test page', description: 'tests', url: 'http://127.0.0.1', icons: [] };
const SEPOLIA = 11155111;
const BASE_SEPOLIA = 84532;

let sandbox: SandboxHandle;
let settings: WalletConnectSettings;
let storage: ReturnType<typeof memoryStorage>;

const phone = () => sandbox.walletConnect!.phone;
const pendingRequest = (method: string) =>
  until(
    () =>
      phone()
        .state()
        .pending.find((p) => p.title === method),
    `the phone to be asked ${method}`,
  );

/** The page's clients, closed at the end as a page's are when it goes away (their socket and heartbeat would keep Node running). */
const clients: Awaited<ReturnType<typeof walletConnectClient>>[] = [];
async function pageClient(...args: Parameters<typeof walletConnectClient>): ReturnType<typeof walletConnectClient> {
  const client = await walletConnectClient(...args);
  clients.push(client);
  return client;
}

/** The page pairs; the camera reads the URI; the phone approves. */
async function connect(chains = [SEPOLIA, BASE_SEPOLIA], read?: Parameters<typeof pairRemoteWallet>[1]['read']): Promise<RemoteWallet> {
  const client = await pageClient(settings);
  const pairing = await pairRemoteWallet(client, { chains, read });
  await phone().pair(pairing.uri);
  if (phone().settings.approve === 'manual') {
    const proposal = await until(
      () =>
        phone()
          .state()
          .pending.find((p) => p.kind === 'proposal'),
      'the proposal on the phone',
    );
    await phone().respond(proposal.id, true);
  }
  return pairing.approved;
}

before(async () => {
  sandbox = await startSandbox({ bridgingDelayMs: 0, proxy: false });
  storage = memoryStorage();
  settings = { projectId: 'sandbox-project', relayUrl: sandbox.walletConnect!.relay.url, metadata: PAGE, storage };
});

afterEach(async () => {
  await phone().reset();
});

after(async () => {
  for (const client of clients) {
    await client.core.relayer.transportClose().catch(() => undefined);
    client.core.heartbeat.stop();
  }
  await sandbox?.close();
});

describe('pairing through the local relay', () => {
  it('gives the wc: URI, and once the phone approves, its account and chain without asking it again', async () => {
    const wallet = await connect();
    const address = sandbox.walletConnect!.phone.state().address.toLowerCase();
    assert.deepEqual(await getAccounts(wallet), [address]);
    assert.equal(await getChainId(wallet), SEPOLIA);
    assert.equal(wallet.name, 'Sandbox Phone Wallet');
    assert.deepEqual(wallet.chains, [SEPOLIA, BASE_SEPOLIA]);
    assert.ok(
      !phone()
        .state()
        .log.some((line) => /eth_accounts|eth_chainId/.test(line)),
      'the phone was not asked for what the session says',
    );
    assert.ok(
      sandbox.walletConnect!.relay.calls.every((m) => /^(irn_|wc_)/.test(m)),
      `only relay methods: ${sandbox.walletConnect!.relay.calls.join(', ')}`,
    );
  });

  it('a transaction the phone approves is signed there and mined; its receipt is read through the session', async () => {
    const wallet = await connect();
    const [from] = await getAccounts(wallet);
    const sent = sendTransaction(wallet, { chainId: SEPOLIA, from: from!, to: sandbox.accounts.attacker.address, value: parseEther('0.001'), data: '0x' });
    await phone().respond((await pendingRequest('eth_sendTransaction')).id, true);
    const receipt = await waitForReceipt(wallet, await sent, { pollMs: 100 });
    assert.equal(receipt.status, 'success');
  });

  it('a rejection on the phone is the wallet’s refusal, and nothing is sent', async () => {
    const wallet = await connect();
    const [from] = await getAccounts(wallet);
    const before = await sandbox.chain(SEPOLIA).publicClient.getTransactionCount({ address: from! });
    const sent = sendTransaction(wallet, { chainId: SEPOLIA, from: from!, to: sandbox.accounts.attacker.address, value: 1n, data: '0x' });
    await phone().respond((await pendingRequest('eth_sendTransaction')).id, false);
    await assert.rejects(sent, (error: unknown) => error instanceof WalletError && error.kind === 'rejected');
    assert.equal(await sandbox.chain(SEPOLIA).publicClient.getTransactionCount({ address: from! }), before);
  });
});

describe('chains', () => {
  const baseSepolia = () => ({
    chainId: BASE_SEPOLIA,
    chainName: 'Base Sepolia Sandbox',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: [sandbox.chain(BASE_SEPOLIA).rpcUrl!],
  });

  it('a chain the session approved is switched to at once, without a prompt on the phone', async () => {
    const wallet = await connect();
    const heard: number[] = [];
    watchWallet(wallet, { chainChanged: (id) => heard.push(id) });
    await switchChain(wallet, baseSepolia());
    assert.equal(await getChainId(wallet), BASE_SEPOLIA);
    assert.deepEqual(heard, [BASE_SEPOLIA]);
    assert.ok(
      !phone()
        .state()
        .log.some((line) => line.includes('wallet_switchEthereumChain')),
    );
  });

  it('a chain outside the session goes to the phone, which adds it', async () => {
    phone().configure({ sessionChains: [SEPOLIA] });
    const wallet = await connect();
    assert.deepEqual(wallet.chains, [SEPOLIA]);
    const switching = switchChain(wallet, baseSepolia());
    await phone().respond((await pendingRequest('wallet_switchEthereumChain')).id, true);
    await switching;
    assert.equal(await getChainId(wallet), BASE_SEPOLIA);
    assert.deepEqual(wallet.chains, [SEPOLIA, BASE_SEPOLIA]);
  });

  it('a phone that refuses the switch leaves the page on its chain, with the refusal', async () => {
    phone().configure({ sessionChains: [SEPOLIA], approve: 'auto', switchChain: 'refuse' });
    const wallet = await connect();
    await assert.rejects(switchChain(wallet, baseSepolia()), (error: unknown) => error instanceof WalletError && error.kind === 'rejected');
    assert.equal(await getChainId(wallet), SEPOLIA);
  });

  it('the phone switching networks by itself is heard as chainChanged', async () => {
    phone().configure({ sessionChains: [SEPOLIA] });
    const wallet = await connect();
    const heard: number[] = [];
    watchWallet(wallet, { chainChanged: (id) => heard.push(id) });
    await phone().switchChain(BASE_SEPOLIA);
    await until(() => heard.includes(BASE_SEPOLIA), 'chainChanged');
    assert.equal(await getChainId(wallet), BASE_SEPOLIA);
  });
});

describe('reads', () => {
  const balanceCall = (owner: string) => [
    { to: sandbox.tokens.find((t) => t.chainId === SEPOLIA && t.symbol === 'USDC')!.address, data: `0x70a08231${owner.slice(2).padStart(64, '0')}` },
    'latest',
  ];

  it('go to the phone when the session grants them', async () => {
    const wallet = await connect();
    const [owner] = await getAccounts(wallet);
    const result = await callProvider(wallet, 'eth_call', balanceCall(owner!), undefined, 5_000);
    assert.match(String(result), /^0x[0-9a-f]{64}$/);
  });

  it('go elsewhere (the host’s proxy) when the wallet does not grant them, and are refused when nothing can read them', async () => {
    phone().configure({ reads: false });
    const asked: string[] = [];
    const wallet = await connect(undefined, async (chainId, method) => {
      asked.push(`${chainId}:${method}`);
      return '0x1';
    });
    const [owner] = await getAccounts(wallet);
    assert.equal(await callProvider(wallet, 'eth_call', balanceCall(owner!), undefined, 5_000), '0x1');
    assert.deepEqual(asked, [`${SEPOLIA}:eth_call`]);
    const unread = await connect();
    await assert.rejects(callProvider(unread, 'eth_getCode', [owner, 'latest'], undefined, 5_000), (error: unknown) => {
      return error instanceof WalletError && error.kind === 'unsupported';
    });
  });
});

describe('the session’s end', () => {
  it('ended on the phone: the page hears disconnect, the accounts empty, a request in flight rejects at once', async () => {
    const wallet = await connect();
    const [from] = await getAccounts(wallet);
    let disconnected = false;
    watchWallet(wallet, { disconnect: () => (disconnected = true) });
    const sent = sendTransaction(wallet, { chainId: SEPOLIA, from: from!, to: sandbox.accounts.attacker.address, value: 1n, data: '0x' });
    const outcome = sent.then(
      () => undefined,
      (error: unknown) => error,
    );
    await pendingRequest('eth_sendTransaction');
    await phone().disconnect();
    await until(() => disconnected, 'disconnect');
    assert.equal(wallet.ended, 'ended');
    assert.equal(normalizeRpcError(await outcome).message, 'The wallet app ended the connection.');
    assert.deepEqual(await getAccounts(wallet), []);
  });

  it('expired: once its seven days have passed the page hears disconnect, said as expired', async () => {
    const wallet = await connect();
    let disconnected = false;
    watchWallet(wallet, { disconnect: () => (disconnected = true) });
    // Only the clock moves: the client's own heartbeat finds the session past its expiry.
    mock.timers.enable({ apis: ['Date'], now: Date.now() + 8 * 24 * 3600_000 });
    try {
      await until(() => disconnected, 'disconnect');
    } finally {
      mock.timers.reset();
    }
    assert.equal(wallet.ended, 'expired');
  });

  it('"Disconnect" on the page ends the session for the phone too', async () => {
    const wallet = await connect();
    await wallet.disconnect();
    await until(() => phone().state().sessions.length === 0, 'the phone to drop the session');
  });
});

describe('after a reload', () => {
  it('a new client over the same storage finds the session, and the phone still answers through it', async () => {
    const wallet = await connect();
    // A reload: the page's client is gone, and a client of its own (no page-wide one to reuse) reads what it stored.
    const gone = await pageClient(settings);
    await gone.core.relayer.transportClose();
    process.env.DISABLE_GLOBAL_CORE = 'true';
    const reloaded = await SignClient.init({
      projectId: 'sandbox-project',
      relayUrl: settings.relayUrl,
      metadata: PAGE,
      storage: storage as never,
      customStoragePrefix: `bridge-widget@${settings.relayUrl}`,
      telemetryEnabled: false,
      logger: 'silent',
    });
    delete process.env.DISABLE_GLOBAL_CORE;
    try {
      const resumed = resumeRemoteWallet(reloaded);
      assert.ok(resumed, 'the session is found');
      assert.equal(resumed.topic, wallet.topic);
      const [from] = await getAccounts(resumed);
      const sent = sendTransaction(resumed, { chainId: SEPOLIA, from: from!, to: sandbox.accounts.attacker.address, value: 1n, data: '0x' });
      await phone().respond((await pendingRequest('eth_sendTransaction')).id, true);
      assert.match(await sent, /^0x[0-9a-f]{64}$/);
    } finally {
      await reloaded.core.relayer.transportClose();
      reloaded.core.heartbeat.stop();
      await gone.core.relayer.transportOpen();
    }
  });
});

describe('a relay that cannot be reached', () => {
  it('one that never answers is said within the deadline', async () => {
    const client = await pageClient({ ...settings, relayUrl: sandbox.walletConnect!.silentRelayUrl });
    const started = Date.now();
    await assert.rejects(pairRemoteWallet(client, { chains: [SEPOLIA] }), RelayUnreachable);
    const took = Date.now() - started;
    assert.ok(took <= RELAY_DEADLINE_MS + 500, `said after ${took} ms`);
  });

  it('one that refuses the connection is said within the deadline too', async () => {
    const client = await pageClient({ ...settings, relayUrl: 'ws://127.0.0.1:9' });
    const started = Date.now();
    await assert.rejects(pairRemoteWallet(client, { chains: [SEPOLIA] }), RelayUnreachable);
    assert.ok(Date.now() - started <= RELAY_DEADLINE_MS + 500);
  });
});
