/**
 * The "phone wallet": a wallet app on another device, as WalletConnect sees
 * it, for the demo and the tests. The wallet side of `@walletconnect/
 * sign-client` on the sandbox's relay (./relay.ts), signing with the
 * development wallet's code (demo/dev-wallet.ts) for its own funded account
 * (`PHONE_ACCOUNT`) on the sandbox's anvil chains. It lives in the sandbox's
 * process, not the page, so that a page reload leaves it where a phone would
 * be: still paired.
 *
 * Driven over the admin API (`/__sandbox/phone/...`, ./admin.ts): pair with
 * a `wc:` URI (what a camera reads off the QR code), approve or reject what
 * the page asks, switch its network, end the session. With `approve: 'auto'`
 * it says yes to everything by itself; with `manual` each proposal and
 * request waits for a click in the demo's panel (or a test's call).
 *
 * It checks no origin: the Verify API's lookup (verify.walletconnect.org) is
 * replaced by "unknown", as it would be offline, so nothing leaves the
 * machine.
 */
import { SignClient } from '@walletconnect/sign-client';
import type { SessionTypes, SignClientTypes } from '@walletconnect/types';
import { getSdkError } from '@walletconnect/utils';
import { numberToHex, type Hex } from 'viem';
import { DevWallet, ProviderRpcError } from '../../demo/dev-wallet.js';
import { BATCH_METHODS, READ_METHODS, SIGNING_METHODS } from '../../src/wallet/walletconnect.js';
import type { DevAccount } from '../chains/accounts.js';

export interface PhoneChain {
  chainId: number;
  rpcUrl: string;
  name: string;
  batchExecutor: Hex;
}

export interface PhoneSettings {
  /** `auto`: approves every proposal and request by itself; `manual`: each waits for `respond` (default). */
  approve: 'auto' | 'manual';
  /** Chains a new session is approved for (default: every chain of the sandbox). A switch to another one goes to the phone. */
  sessionChains: number[] | null;
  /** What a switch to a chain outside the session gets, in `auto`: added to the session, or refused (4001, as the user declining). */
  switchChain: 'grant' | 'refuse';
  /** EIP-5792: batches run atomically (BatchExecutor, EIP-7702), one prompt; off, the methods are not granted. */
  batching: boolean;
  /** The session grants the chain reads (eth_call, eth_getBalance, …) besides signing; off, the page must read elsewhere. */
  reads: boolean;
}

export interface PendingItem {
  id: number;
  topic: string;
  kind: 'proposal' | 'request';
  /** The page's name, or the method asked. */
  title: string;
  /** The chain a request is for (CAIP-2), or the chains a proposal asks. */
  chains: string[];
  /** What it asks, for the panel: a transaction's target and value, the chain to switch to. */
  detail: string;
}

export interface PhoneState {
  address: Hex;
  chainId: number;
  settings: PhoneSettings;
  pending: PendingItem[];
  sessions: { topic: string; peer: string; chains: string[]; expiry: number }[];
  /** The last things the phone did, newest last (the demo panel's log). */
  log: string[];
}

const DEFAULT_SETTINGS: PhoneSettings = { approve: 'manual', sessionChains: null, switchChain: 'grant', batching: true, reads: true };

// What the widget asks a wallet to allow (src/wallet/walletconnect.ts), and what this wallet grants of it.
const SIGNING: readonly string[] = SIGNING_METHODS;
const BATCHING: readonly string[] = BATCH_METHODS;
const READS: readonly string[] = READ_METHODS;
const EVENTS = ['chainChanged', 'accountsChanged'];

/** Storage in memory: the phone's sessions live as long as the sandbox. */
function memoryStorage() {
  const items = new Map<string, unknown>();
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.entries()] as [string, T][],
    getItem: async <T>(key: string) => items.get(key) as T | undefined,
    setItem: async <T>(key: string, value: T) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
}

/** A logger that says nothing: the sandbox's stdout carries its ready line alone. */
function silentLogger(): Record<string, unknown> {
  const quiet = () => undefined;
  return { level: 'silent', child: silentLogger, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet, fatal: quiet };
}

const caip = (chainId: number) => `eip155:${chainId}`;
const chainOf = (caip2: string) => Number(caip2.split(':')[1]);

export class PhoneWallet {
  readonly #client: InstanceType<typeof SignClient>;
  readonly #wallet: DevWallet;
  readonly #chains: PhoneChain[];
  #settings: PhoneSettings = { ...DEFAULT_SETTINGS };
  readonly #pending = new Map<number, { item: PendingItem; approve: () => Promise<void>; reject: () => Promise<void> }>();
  readonly #log: string[] = [];

  private constructor(client: InstanceType<typeof SignClient>, account: DevAccount, chains: PhoneChain[]) {
    this.#client = client;
    this.#chains = chains;
    this.#wallet = new DevWallet({
      privateKey: account.privateKey,
      chains: chains.map(({ chainId, rpcUrl, name, batchExecutor }) => ({ chainId, rpcUrl, name, batchExecutor })),
      autoConnect: true,
    });
    client.on('session_proposal', (proposal) => this.#onProposal(proposal));
    client.on('session_request', (request) => this.#onRequest(request));
    client.on('session_delete', ({ topic }) => this.#say(`The page ended session ${topic.slice(0, 8)}`));
  }

  static async start(options: { relayUrl: string; account: DevAccount; chains: PhoneChain[] }): Promise<PhoneWallet> {
    const client = await SignClient.init({
      projectId: 'sandbox-phone-wallet',
      relayUrl: options.relayUrl,
      metadata: { name: 'Sandbox Phone Wallet', description: 'The sandbox’s wallet on another device', url: 'https://phone-wallet.sandbox.invalid', icons: [] },
      storage: memoryStorage() as never,
      logger: silentLogger() as never,
      customStoragePrefix: 'sandbox-phone-wallet',
      telemetryEnabled: false,
    });
    // Offline, as the sandbox is: the origin lookup answers "unknown" without asking verify.walletconnect.org.
    client.core.verify.resolve = async () => undefined as never;
    return new PhoneWallet(client, options.account, options.chains);
  }

  get settings(): PhoneSettings {
    return { ...this.#settings };
  }

  configure(patch: Partial<PhoneSettings>): PhoneSettings {
    this.#settings = { ...this.#settings, ...patch };
    return this.settings;
  }

  /** What a camera reads off the page's QR code (or a tap on a wallet's link hands over). */
  async pair(uri: string): Promise<void> {
    if (!/^wc:[0-9a-f]{64}@2\?/.test(uri)) throw new Error('not a WalletConnect v2 pairing URI');
    this.#say('Pairing with the page…');
    await this.#client.pair({ uri });
  }

  state(): PhoneState {
    return {
      address: this.#wallet.address,
      chainId: this.#wallet.chainId,
      settings: this.settings,
      pending: [...this.#pending.values()].map((p) => p.item),
      sessions: this.#client.session.getAll().map((s) => ({
        topic: s.topic,
        peer: s.peer.metadata.name,
        chains: s.namespaces.eip155?.chains ?? [],
        expiry: s.expiry,
      })),
      log: [...this.#log],
    };
  }

  /** The user's answer on the phone to a proposal or a request. */
  async respond(id: number, approve: boolean): Promise<void> {
    const pending = this.#pending.get(id);
    if (!pending) throw new Error(`nothing pending with id ${id}`);
    this.#pending.delete(id);
    await (approve ? pending.approve() : pending.reject());
  }

  /** The user picks another network in the wallet app: the sessions gain it and hear `chainChanged`. */
  async switchChain(chainId: number): Promise<void> {
    this.#wallet.setChain(chainId);
    for (const session of this.#client.session.getAll()) {
      await this.#include(session, chainId);
      await this.#client.emit({ topic: session.topic, event: { name: 'chainChanged', data: chainId }, chainId: caip(chainId) });
    }
    this.#say(`Switched to ${this.#name(chainId)}`);
  }

  /** The user ends the connection in the wallet app. */
  async disconnect(): Promise<void> {
    for (const session of this.#client.session.getAll()) {
      // The page may be ending it at the same moment: then there is nothing left to end.
      const ended = await this.#client.disconnect({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') }).then(
        () => true,
        () => false,
      );
      if (ended) this.#say(`Ended the session with ${session.peer.metadata.name}`);
    }
  }

  /** Back to the start: no sessions, nothing pending, the default settings. */
  async reset(): Promise<void> {
    for (const { reject } of this.#pending.values()) await reject().catch(() => undefined);
    this.#pending.clear();
    await this.disconnect();
    this.#settings = { ...DEFAULT_SETTINGS };
    this.#log.length = 0;
    this.#wallet.setChain(this.#chains[0]!.chainId);
  }

  async close(): Promise<void> {
    await this.#client.core.relayer.transportClose().catch(() => undefined);
    this.#client.core.heartbeat.stop();
  }

  #say(line: string): void {
    this.#log.push(line);
    if (this.#log.length > 50) this.#log.shift();
  }

  #name(chainId: number): string {
    return this.#chains.find((c) => c.chainId === chainId)?.name ?? `chain ${chainId}`;
  }

  #methods(): string[] {
    const { batching, reads } = this.#settings;
    return [...SIGNING, ...(batching ? BATCHING : []), ...(reads ? READS : [])];
  }

  #namespace(chainIds: number[]): SessionTypes.Namespace {
    const address = this.#wallet.address;
    return {
      chains: chainIds.map(caip),
      accounts: chainIds.map((id) => `${caip(id)}:${address}`),
      methods: this.#methods(),
      events: EVENTS,
    };
  }

  async #include(session: SessionTypes.Struct, chainId: number): Promise<void> {
    const chains = (session.namespaces.eip155?.chains ?? []).map(chainOf);
    if (chains.includes(chainId)) return;
    const { acknowledged } = await this.#client.update({ topic: session.topic, namespaces: { eip155: this.#namespace([...chains, chainId]) } });
    await acknowledged();
  }

  #hold(item: PendingItem, approve: () => Promise<void>, reject: () => Promise<void>): void {
    if (this.#settings.approve === 'auto') {
      void approve().catch((error: unknown) => this.#say(`Failed: ${(error as Error).message}`));
      return;
    }
    this.#pending.set(item.id, { item, approve, reject });
  }

  #onProposal({ id, params }: SignClientTypes.EventArguments['session_proposal']): void {
    const asked = [...Object.values(params.requiredNamespaces), ...Object.values(params.optionalNamespaces)].flatMap((n) => n.chains ?? []);
    const ours = this.#chains.map((c) => c.chainId);
    const wanted = this.#settings.sessionChains ?? ours;
    const chainIds = [...new Set(asked.map(chainOf))].filter((c) => ours.includes(c) && wanted.includes(c));
    const peer = params.proposer.metadata.name;
    this.#say(`${peer} asks to connect`);
    this.#hold(
      { id, topic: params.pairingTopic, kind: 'proposal', title: peer, chains: asked, detail: params.proposer.metadata.url },
      async () => {
        if (!chainIds.length) throw new Error('the page asks for no chain this wallet has');
        // The wallet's own network first: it is where the page starts.
        if (!chainIds.includes(this.#wallet.chainId)) this.#wallet.setChain(chainIds[0]!);
        const { acknowledged } = await this.#client.approve({ id, namespaces: { eip155: this.#namespace(chainIds) } });
        await acknowledged();
        this.#say(`Connected to ${peer}`);
      },
      async () => {
        await this.#client.reject({ id, reason: getSdkError('USER_REJECTED') });
        this.#say(`Declined ${peer}`);
      },
    );
  }

  #onRequest({ id, topic, params }: SignClientTypes.EventArguments['session_request']): void {
    const { method, params: args } = params.request as { method: string; params: unknown };
    const chainId = chainOf(params.chainId);
    const list = Array.isArray(args) ? (args as unknown[]) : [];
    // Reads, and the questions about batches, that a wallet answers without asking its user.
    const unasked = READS.includes(method) || method === 'wallet_getCapabilities' || method === 'wallet_getCallsStatus';
    const answer = async (result: { result: unknown } | { error: { code: number; message: string } }) =>
      this.#client.respond({ topic, response: { id, jsonrpc: '2.0', ...result } });
    const reject = async () => {
      await answer({ error: { code: 4001, message: 'User rejected the request.' } });
      this.#say(`Declined ${method}`);
    };
    const run = async () => {
      try {
        answer({ result: await this.#handle(topic, chainId, method, list) }).catch(() => undefined);
        if (!unasked) this.#say(`Approved ${method}`);
      } catch (error) {
        const { code, message } = error instanceof ProviderRpcError ? error : { code: -32603, message: (error as Error).message };
        await answer({ error: { code, message } });
        this.#say(`${method} failed: ${message}`);
      }
    };
    // Reads need no one's approval; a switch refused in `auto` is the user's "no".
    if (unasked) return void run();
    if (method === 'wallet_switchEthereumChain' && this.#settings.approve === 'auto' && this.#settings.switchChain === 'refuse') return void reject();
    this.#hold({ id, topic, kind: 'request', title: method, chains: [params.chainId], detail: this.#describe(method, list) }, run, reject);
  }

  async #handle(topic: string, chainId: number, method: string, params: unknown[]): Promise<unknown> {
    if (method === 'wallet_switchEthereumChain') {
      const target = Number((params[0] as { chainId?: string } | undefined)?.chainId);
      if (!this.#chains.some((c) => c.chainId === target)) throw new ProviderRpcError(4902, `Unrecognized chain ID ${numberToHex(target)}.`);
      const session = this.#client.session.get(topic);
      await this.#include(session, target);
      this.#wallet.setChain(target);
      await this.#client.emit({ topic, event: { name: 'chainChanged', data: target }, chainId: caip(target) });
      return null;
    }
    // Each request names its chain: the wallet signs there, whatever network it shows.
    if (this.#chains.some((c) => c.chainId === chainId)) this.#wallet.setChain(chainId);
    return this.#wallet.request({ method, params });
  }

  #describe(method: string, params: unknown[]): string {
    const first = params[0] as Record<string, unknown> | undefined;
    if (method === 'eth_sendTransaction') return `to ${String(first?.to)}, value ${String(first?.value ?? '0x0')}`;
    if (method === 'wallet_sendCalls') return `${Array.isArray(first?.calls) ? first.calls.length : 0} calls`;
    if (method === 'wallet_switchEthereumChain') return `to ${this.#name(Number(first?.chainId))}`;
    return '';
  }
}
