/**
 * A wallet on another device, through WalletConnect v2: `@walletconnect/
 * sign-client` (the maintained protocol client, without a modal) and this
 * module's EIP-1193 provider over its session, so the flow signs with a
 * phone's wallet exactly as with an injected one (the same calls, the same
 * guards and checks on what is sent).
 *
 * Why sign-client and not `@walletconnect/ethereum-provider`: the latter
 * depends on `@reown/appkit` (its modal, which this widget replaces with its
 * own dialog) and sends the reads it does not route to the wallet to
 * rpc.walletconnect.org. Here every request has one documented path:
 *
 * - `eth_accounts`, `eth_requestAccounts`, `eth_chainId`: answered from the
 *   session (the accounts the wallet approved, the chain in use), no round trip;
 * - `wallet_switchEthereumChain`: a chain the session approved is switched to
 *   here (each request names its chain, CAIP-2, so the wallet signs there);
 *   another goes to the wallet, which may add it to the session or refuse;
 * - what the wallet approved in the session (signing, EIP-5792's batches, and
 *   the chain reads when it grants them): to the wallet, through the relay;
 * - a chain read the wallet did not grant: to `read` (the host's proxy,
 *   `POST {proxy}/read/{chainId}`), which refuses what its allow-list does
 *   not take; with neither, "method not supported" (4200) as any wallet
 *   without the method.
 *
 * Hosts the client contacts: the relay (`relayUrl`, by default
 * wss://relay.walletconnect.org) and nothing else. Its telemetry (pulse.
 * walletconnect.org) is off (`telemetryEnabled: false`), and its Verify
 * attestation (an iframe of verify.walletconnect.org on every proposal and
 * request) is not made: wallets then show the site's domain as unverified
 * rather than the page loading a third party's frame.
 */
import { SignClient } from '@walletconnect/sign-client';
import type { SessionTypes } from '@walletconnect/types';
import type { Eip1193Provider } from './provider.js';

type Client = InstanceType<typeof SignClient>;
type Listener = (...args: unknown[]) => void;

/** The public relay, when the host names none. */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org';

/**
 * How long pairing may take to reach the relay before the widget says it
 * cannot: well within 10 s of the user's choice, the chunk's fetch included.
 */
export const RELAY_DEADLINE_MS = 8_000;

/** What the widget asks a wallet to allow: what it sends (signing, switching, EIP-5792) and the reads it makes. */
export const SIGNING_METHODS = ['eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'] as const;
export const BATCH_METHODS = ['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus'] as const;
export const READ_METHODS = [
  'eth_call',
  'eth_getBalance',
  'eth_getCode',
  'eth_gasPrice',
  'eth_feeHistory',
  'eth_estimateGas',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getBlockByNumber',
  'eth_blockNumber',
] as const;
const EVENTS = ['chainChanged', 'accountsChanged'];

/** The page, as the wallet shows it when asked to connect. */
export interface PageMetadata {
  name: string;
  description: string;
  url: string;
  icons: string[];
}

export interface WalletConnectSettings {
  projectId: string;
  relayUrl?: string | undefined;
  metadata: PageMetadata;
  /** Where the client keeps its sessions; by default the browser's (IndexedDB). Tests in Node give one in memory. */
  storage?: unknown;
}

/** A chain read elsewhere than in the wallet (the host's proxy); rejects what it cannot read. */
export type ReadElsewhere = (chainId: number, method: string, params: readonly unknown[]) => Promise<unknown>;

/** The relay could not be reached in time: said to the user, with a way to try again. */
export class RelayUnreachable extends Error {
  override name = 'RelayUnreachable';
}

/** Why a session stopped: the wallet (or the page elsewhere) ended it, or it expired. */
export type SessionEnd = 'ended' | 'expired';

/** A logger that says nothing: the widget says what went wrong in its own words. */
function silentLogger(): Record<string, unknown> {
  const quiet = () => undefined;
  return { level: 'silent', child: silentLogger, trace: quiet, debug: quiet, info: quiet, warn: quiet, error: quiet, fatal: quiet };
}

const clients = new Map<string, Promise<Client>>();

/**
 * The page's client for a relay (one per relay URL, shared by every widget
 * of the page; the host's own WalletConnect, if any, keeps its own under
 * another storage prefix). Its sessions survive a reload in its storage.
 */
export function walletConnectClient(settings: WalletConnectSettings): Promise<Client> {
  const relayUrl = settings.relayUrl || DEFAULT_RELAY_URL;
  let client = clients.get(relayUrl);
  if (!client) {
    client = SignClient.init({
      projectId: settings.projectId,
      relayUrl,
      metadata: settings.metadata,
      logger: silentLogger() as never,
      telemetryEnabled: false,
      customStoragePrefix: relayUrl === DEFAULT_RELAY_URL ? 'bridge-widget' : `bridge-widget@${relayUrl}`,
      ...(settings.storage ? { storage: settings.storage as never } : {}),
    }).then((created) => {
      // No attestation iframe (verify.walletconnect.org): see the module's comment.
      created.core.verify.register = async () => '';
      return created;
    });
    client.catch(() => clients.delete(relayUrl));
    clients.set(relayUrl, client);
  }
  return client;
}

const caip2 = (chainId: number) => `eip155:${chainId}`;

function deadline<T>(work: Promise<T>, ms: number, relayUrl: string, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RelayUnreachable(`The WalletConnect relay ${relayUrl} did not answer within ${ms / 1000} s.`)), ms);
    const abort = () => reject(signal!.reason);
    signal?.addEventListener('abort', abort, { once: true });
    work
      .then(resolve, (error: unknown) =>
        reject(new RelayUnreachable(`The WalletConnect relay ${relayUrl} cannot be reached: ${(error as Error)?.message ?? error}`)),
      )
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      });
  });
}

export interface Pairing {
  /** The `wc:` URI: the QR code, the wallets' links and "copy link". */
  uri: string;
  /** Resolves with the wallet once the user approves on the phone; rejects when they decline or the proposal expires. */
  approved: Promise<RemoteWallet>;
}

/**
 * Starts a pairing: the `wc:` URI once the relay has it, then the wallet
 * when the user approves. The session asks only for the given chains
 * (optional namespaces: a wallet approves those it has).
 */
export async function pairRemoteWallet(
  client: Client,
  options: { chains: readonly number[]; read?: ReadElsewhere | undefined; signal?: AbortSignal },
): Promise<Pairing> {
  const relayUrl = client.core.relayUrl ?? DEFAULT_RELAY_URL;
  const { uri, approval } = await deadline(
    client.connect({
      optionalNamespaces: {
        eip155: { chains: options.chains.map(caip2), methods: [...SIGNING_METHODS, ...BATCH_METHODS, ...READ_METHODS], events: EVENTS },
      },
    }),
    RELAY_DEADLINE_MS,
    relayUrl,
    options.signal,
  );
  if (!uri) throw new RelayUnreachable('The WalletConnect client gave no pairing URI.');
  return { uri, approved: approval().then((session) => new RemoteWallet(client, session, options.read)) };
}

/** The wallet of the page's last session that is still alive (after a reload), or undefined. */
export function resumeRemoteWallet(client: Client, read?: ReadElsewhere): RemoteWallet | undefined {
  const now = Date.now() / 1000;
  const [latest] = client.session
    .getAll()
    .filter((s) => s.expiry > now && s.namespaces.eip155?.accounts.length)
    .sort((a, b) => b.expiry - a.expiry);
  return latest && new RemoteWallet(client, latest, read);
}

/** `{ code, message }`, as EIP-1193 providers reject. */
function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

/**
 * An EIP-1193 provider over one WalletConnect session. Emits
 * `accountsChanged`, `chainChanged` and, when the session ends (the wallet
 * ended it, or it expired), `disconnect` with `ended` set; a request in
 * flight then rejects (4900) rather than waiting for an answer that cannot come.
 */
export class RemoteWallet implements Eip1193Provider {
  readonly topic: string;
  /** Why the session stopped, once it has. */
  ended: SessionEnd | undefined;
  #session: SessionTypes.Struct;
  #chainId: number;
  readonly #client: Client;
  readonly #read: ReadElsewhere | undefined;
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #inFlight = new Set<(error: unknown) => void>();

  constructor(client: Client, session: SessionTypes.Struct, read?: ReadElsewhere) {
    this.#client = client;
    this.#session = session;
    this.topic = session.topic;
    this.#read = read;
    this.#chainId = this.chains[0] ?? 1;
    const mine = (event: { topic: string }) => event.topic === this.topic && !this.ended;
    const listeners = {
      session_event: (event: { topic: string; params: { event: { name: string; data: unknown } } }) => mine(event) && this.#onEvent(event.params.event),
      session_update: (event: { topic: string }) => mine(event) && this.#onUpdate(),
      // The client deletes an expired session too (then says `session_expire`): its expiry tells the two apart.
      session_delete: (event: { topic: string }) => mine(event) && this.#end(this.#session.expiry * 1000 <= Date.now() ? 'expired' : 'ended'),
      session_expire: (event: { topic: string }) => mine(event) && this.#end('expired'),
    } as const;
    for (const [name, listener] of Object.entries(listeners)) client.on(name as 'session_event', listener as never);
    this.#detach = () => {
      for (const [name, listener] of Object.entries(listeners)) client.off(name as 'session_event', listener as never);
    };
  }

  readonly #detach: () => void;

  /** The wallet app's name, as it says it (shown as text only). */
  get name(): string {
    return this.#session.peer.metadata.name || 'WalletConnect';
  }

  /** Its icon (untrusted: shown only through the widget's icon check). */
  get icon(): string {
    return this.#session.peer.metadata.icons?.[0] ?? '';
  }

  /** The chains the session approved. */
  get chains(): number[] {
    return (this.#session.namespaces.eip155?.chains ?? []).map((c) => Number(c.split(':')[1])).filter((id) => Number.isSafeInteger(id) && id > 0);
  }

  get #accounts(): `0x${string}`[] {
    const accounts = this.#session.namespaces.eip155?.accounts ?? [];
    const onChain = accounts.filter((a) => a.startsWith(`${caip2(this.#chainId)}:`));
    const address = (onChain[0] ?? accounts[0])?.split(':')[2];
    return this.ended || !address ? [] : [address.toLowerCase() as `0x${string}`];
  }

  #granted(method: string): boolean {
    return !!this.#session.namespaces.eip155?.methods.includes(method);
  }

  async request({ method, params }: { method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    const list = Array.isArray(params) ? (params as unknown[]) : [];
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return this.#accounts;
      case 'eth_chainId':
        return `0x${this.#chainId.toString(16)}`;
    }
    if (this.ended) throw this.#endError();
    if (method === 'wallet_switchEthereumChain') return this.#switch(list[0]);
    if (this.#granted(method)) return this.#ask(method, list);
    if (this.#read && (READ_METHODS as readonly string[]).includes(method)) return this.#read(this.#chainId, method, list);
    throw rpcError(4200, `The wallet app does not offer ${method} through WalletConnect.`);
  }

  async #switch(param: unknown): Promise<null> {
    const target = Number((param as { chainId?: unknown } | undefined)?.chainId);
    if (!Number.isSafeInteger(target) || target <= 0) throw rpcError(-32602, 'wallet_switchEthereumChain needs a chainId.');
    if (!this.chains.includes(target)) {
      if (!this.#granted('wallet_switchEthereumChain')) throw rpcError(4902, `The wallet app did not approve chain ${target} for this connection.`);
      // The wallet adds the chain to the session (session_update) before it answers.
      await this.#ask('wallet_switchEthereumChain', [{ chainId: `0x${target.toString(16)}` }]);
      if (!this.chains.includes(target)) throw rpcError(4902, `The wallet app did not add chain ${target} to this connection.`);
    }
    this.#setChain(target);
    return null;
  }

  #ask(method: string, params: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#inFlight.add(reject);
      this.#client
        .request({ topic: this.topic, chainId: caip2(this.#chainId), request: { method, params } })
        // The client rejects what is in flight when the session goes (6000, "User disconnected."), before it says so.
        .then(resolve, (error: unknown) =>
          reject((error as { code?: unknown })?.code === 6000 || !this.#client.session.keys.includes(this.topic) ? this.#endError() : error),
        )
        .finally(() => this.#inFlight.delete(reject));
    });
  }

  #endError(): Error & { code: number } {
    const expired = this.ended === 'expired' || this.#session.expiry * 1000 <= Date.now();
    return rpcError(4900, expired ? 'The wallet app’s connection expired.' : 'The wallet app ended the connection.');
  }

  #setChain(chainId: number): void {
    if (chainId === this.#chainId) return;
    this.#chainId = chainId;
    this.#emit('chainChanged', `0x${chainId.toString(16)}`);
  }

  #onEvent({ name, data }: { name: string; data: unknown }): void {
    if (name === 'chainChanged') {
      const chainId = Number(data);
      // A chain the session does not hold yet arrives with its update; the wallet then says it again.
      if (this.chains.includes(chainId)) this.#setChain(chainId);
    } else if (name === 'accountsChanged') {
      this.#emit('accountsChanged', this.#accounts);
    }
  }

  #onUpdate(): void {
    const before = this.#accounts[0];
    this.#session = this.#client.session.get(this.topic);
    if (!this.chains.includes(this.#chainId) && this.chains[0]) this.#setChain(this.chains[0]);
    if (this.#accounts[0] !== before) this.#emit('accountsChanged', this.#accounts);
  }

  #end(reason: SessionEnd): void {
    this.ended = reason;
    this.#detach();
    const error = this.#endError();
    for (const reject of this.#inFlight) reject(error);
    this.#inFlight.clear();
    this.#emit('accountsChanged', []);
    this.#emit('disconnect', error);
  }

  /** "Disconnect" in the widget: ends the session for the wallet app too. */
  async disconnect(): Promise<void> {
    if (this.ended) return;
    this.#end('ended');
    await this.#client.disconnect({ topic: this.topic, reason: { code: 6000, message: 'User disconnected.' } }).catch(() => undefined);
  }

  on(event: string, listener: Listener): this {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener);
    return this;
  }

  #emit(event: string, payload: unknown): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch {
        // A listener's failure is its own.
      }
    }
  }
}
