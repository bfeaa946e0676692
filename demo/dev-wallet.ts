/**
 * A development wallet: an EIP-1193 provider backed by a local private key that
 * behaves like an injected browser wallet (connect, switch/add chain, sign and
 * broadcast, events) and adds test levers (reject, hang, switch account/chain)
 * so the widget's unhappy paths can be exercised without a human clicking.
 *
 * Local test keys only. Never give it a key that holds real funds.
 */
import { hexToBigInt, isAddress, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

export interface DevWalletChain {
  chainId: number;
  rpcUrl: string;
  name?: string;
}

export interface DevWalletOptions {
  privateKey: Hex;
  chains: DevWalletChain[];
  /** Chain selected at start; defaults to the first of `chains`. */
  chainId?: number;
  /** Start as if the user had already connected this site. */
  autoConnect?: boolean;
  /** Called once per request when it settles (or hangs), for activity logs in demos. */
  onActivity?: (activity: DevWalletActivity) => void;
}

export interface DevWalletActivity {
  method: string;
  outcome: 'ok' | 'error' | 'rejected' | 'hung';
  /** Error message, or the transaction hash for a sent transaction. */
  detail?: string;
}

type Listener = (...args: unknown[]) => void;

/** The error shape EIP-1193 providers throw. */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const UNSUPPORTED_METHOD = 4200;
const DISCONNECTED = 4900;
const UNRECOGNIZED_CHAIN = 4902;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

// Reads a wallet passes straight to its node.
const forwardedMethods = new Set([
  'eth_call',
  'eth_getBalance',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_blockNumber',
  'eth_estimateGas',
  'eth_getTransactionCount',
  'eth_gasPrice',
  'eth_getCode',
  'eth_getLogs',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getStorageAt',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
]);

// Methods that need the site to be connected, as in MetaMask.
const accountMethods = new Set(['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4']);

interface RpcTransaction {
  from?: string;
  to?: Hex;
  data?: Hex;
  input?: Hex;
  value?: Hex;
  gas?: Hex;
  gasPrice?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
  nonce?: Hex;
  chainId?: Hex;
}

/** Requests a real wallet shows the user a prompt for; the only ones a user can reject. */
export const PROMPT_METHODS: readonly string[] = [
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
];

/** Which requests a trap applies to: one method, any of several, or (undefined) any request. */
export type MethodMatcher = string | readonly string[] | undefined;

interface Trap {
  method: MethodMatcher;
  action: 'reject' | 'hang';
}

const GAS_BUFFER_PERCENT = 120n;
const FALLBACK_PRIORITY_FEE = 1_000_000_000n;

/**
 * Events, as an injected wallet emits them: `connect` (first connection),
 * `accountsChanged` (address[]), `chainChanged` (hex chain id), `disconnect`.
 */
export class DevWallet {
  /** Whether this site is connected (`eth_accounts` is empty until it is). */
  connected: boolean;
  /** Every request's method, in the order they arrived (tests check which wallet was asked what). */
  readonly requests: string[] = [];
  private account: PrivateKeyAccount;
  private readonly chains = new Map<number, DevWalletChain>();
  private currentChainId: number;
  private readonly listeners = new Map<string, Set<Listener>>();
  private traps: Trap[] = [];
  private rpcId = 0;
  private readonly onActivity: ((activity: DevWalletActivity) => void) | undefined;

  constructor(options: DevWalletOptions) {
    const first = options.chains[0];
    if (!first) throw new Error('createDevWallet needs at least one chain.');
    for (const chain of options.chains) this.chains.set(chain.chainId, { ...chain });
    const chainId = options.chainId ?? first.chainId;
    if (!this.chains.has(chainId)) throw new Error(`Chain ${chainId} is not among the wallet's chains.`);
    this.currentChainId = chainId;
    this.account = privateKeyToAccount(options.privateKey);
    this.connected = options.autoConnect ?? false;
    this.onActivity = options.onActivity;
  }

  // --- EIP-1193 --------------------------------------------------------------

  async request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    const { method } = args;
    this.requests.push(method);
    const trap = this.takeTrap(method);
    if (trap?.action === 'hang') {
      this.report({ method, outcome: 'hung' });
      return new Promise<never>(() => {});
    }
    if (trap?.action === 'reject') {
      this.report({ method, outcome: 'rejected', detail: 'rejectNext' });
      throw new ProviderRpcError(USER_REJECTED, 'User rejected the request.');
    }
    try {
      const result = await this.handle(method, Array.isArray(args.params) ? (args.params as readonly unknown[]) : []);
      this.report({ method, outcome: 'ok', ...(method === 'eth_sendTransaction' ? { detail: String(result) } : {}) });
      return result;
    } catch (error) {
      const rejected = error instanceof ProviderRpcError && error.code === USER_REJECTED;
      this.report({ method, outcome: rejected ? 'rejected' : 'error', detail: (error as Error).message });
      throw error;
    }
  }

  private async handle(method: string, params: readonly unknown[]): Promise<unknown> {
    if (accountMethods.has(method) && !this.connected) {
      throw new ProviderRpcError(UNAUTHORIZED, 'The requested account and/or method has not been authorized by the user.');
    }
    switch (method) {
      case 'eth_requestAccounts':
        if (!this.connected) {
          this.connected = true;
          this.emit('connect', { chainId: numberToHex(this.currentChainId) });
          this.emit('accountsChanged', [this.address]);
        }
        return [this.address];
      case 'eth_accounts':
        return this.connected ? [this.address] : [];
      case 'eth_chainId':
        return numberToHex(this.currentChainId);
      case 'net_version':
        return String(this.currentChainId);
      case 'wallet_switchEthereumChain':
        return this.switchEthereumChain(params[0]);
      case 'wallet_addEthereumChain':
        return this.addEthereumChain(params[0]);
      case 'eth_sendTransaction':
        return this.sendTransaction(params[0] as RpcTransaction | undefined);
      case 'personal_sign':
        return this.personalSign(params);
      case 'eth_signTypedData_v4':
        return this.signTypedData(params);
      default:
        if (forwardedMethods.has(method)) return this.rpc(method, params);
        throw new ProviderRpcError(UNSUPPORTED_METHOD, `The dev wallet does not support ${method}.`);
    }
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  // --- test levers -----------------------------------------------------------

  get address(): Hex {
    return this.account.address;
  }

  get chainId(): number {
    return this.currentChainId;
  }

  /** Known chains, including ones added through `wallet_addEthereumChain`. */
  get knownChains(): DevWalletChain[] {
    return [...this.chains.values()].map((chain) => ({ ...chain }));
  }

  /**
   * The next request for `method` (a method, a list such as PROMPT_METHODS, or
   * by default any request) fails with 4001 as if the user clicked "Reject".
   */
  rejectNext(method?: MethodMatcher): void {
    this.traps.push({ method, action: 'reject' });
  }

  /** The next request for `method` (as in rejectNext) never settles, like a wallet popup left open. */
  hang(method?: MethodMatcher): void {
    this.traps.push({ method, action: 'hang' });
  }

  /** `rejectNext`/`hang` traps that have not fired yet, oldest first. */
  get pendingTraps(): readonly { method: MethodMatcher; action: 'reject' | 'hang' }[] {
    return this.traps.map((trap) => ({ ...trap }));
  }

  /** Forgets pending `rejectNext`/`hang` traps that have not fired yet. */
  clearTraps(): void {
    this.traps = [];
  }

  /** Selects another account, as if the user switched accounts in the wallet. */
  setAccount(privateKey: Hex): void {
    const next = privateKeyToAccount(privateKey);
    if (next.address === this.account.address) return;
    this.account = next;
    if (this.connected) this.emit('accountsChanged', [this.address]);
  }

  /** Selects another known chain, as if the user switched networks in the wallet. */
  setChain(chainId: number): void {
    if (!this.chains.has(chainId)) throw new Error(`Chain ${chainId} is not known to the dev wallet.`);
    if (chainId === this.currentChainId) return;
    this.currentChainId = chainId;
    this.emit('chainChanged', numberToHex(chainId));
  }

  /** Disconnects the site, as if the user revoked the connection in the wallet. */
  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.emit('accountsChanged', []);
    this.emit('disconnect', new ProviderRpcError(DISCONNECTED, 'The user disconnected the wallet.'));
  }

  // --- internals -------------------------------------------------------------

  private report(activity: DevWalletActivity): void {
    try {
      this.onActivity?.(activity);
    } catch {
      // Logging must never change what the wallet answers.
    }
  }

  private takeTrap(method: string): Trap | undefined {
    const index = this.traps.findIndex(
      (trap) => trap.method === undefined || trap.method === method || (Array.isArray(trap.method) && trap.method.includes(method)),
    );
    if (index < 0) return undefined;
    return this.traps.splice(index, 1)[0];
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        // A throwing subscriber must not break the wallet or other subscribers.
        console.error(`dev wallet: ${event} listener threw`, error);
      }
    }
  }

  private switchEthereumChain(param: unknown): null {
    const chainId = parseChainIdParam(param);
    if (!this.chains.has(chainId)) {
      throw new ProviderRpcError(
        UNRECOGNIZED_CHAIN,
        `Unrecognized chain ID "${numberToHex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`,
      );
    }
    this.setChain(chainId);
    return null;
  }

  private addEthereumChain(param: unknown): null {
    const chainId = parseChainIdParam(param);
    const { rpcUrls, chainName } = param as { rpcUrls?: unknown; chainName?: unknown };
    const rpcUrl = Array.isArray(rpcUrls) ? rpcUrls.find((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url)) : undefined;
    if (!rpcUrl) throw new ProviderRpcError(INVALID_PARAMS, 'wallet_addEthereumChain needs an http(s) URL in rpcUrls.');
    // Like MetaMask, adding a chain the wallet already knows keeps its RPC URL.
    if (!this.chains.has(chainId)) {
      this.chains.set(chainId, { chainId, rpcUrl, ...(typeof chainName === 'string' ? { name: chainName } : {}) });
    }
    return null;
  }

  private async sendTransaction(tx: RpcTransaction | undefined): Promise<Hex> {
    if (!tx || typeof tx !== 'object') throw new ProviderRpcError(INVALID_PARAMS, 'eth_sendTransaction needs a transaction object.');
    if (typeof tx.from !== 'string' || tx.from.toLowerCase() !== this.address.toLowerCase()) {
      throw new ProviderRpcError(UNAUTHORIZED, `The requested account ${String(tx.from)} has not been authorized by the user.`);
    }
    if (tx.to !== undefined && !isAddress(tx.to, { strict: false })) {
      throw new ProviderRpcError(INVALID_PARAMS, `Invalid "to" address: ${String(tx.to)}.`);
    }
    const chainId = this.currentChainId;
    // MetaMask refuses a transaction meant for another chain than the selected one.
    if (tx.chainId !== undefined && Number(tx.chainId) !== chainId) {
      throw new ProviderRpcError(INVALID_PARAMS, `Invalid chainId ${tx.chainId}: the wallet is on ${numberToHex(chainId)}.`);
    }
    const data = tx.data ?? tx.input;
    const call = { from: this.address, ...(tx.to ? { to: tx.to } : {}), ...(data ? { data } : {}), ...(tx.value ? { value: tx.value } : {}) };

    const nonce = tx.nonce ?? ((await this.rpc('eth_getTransactionCount', [this.address, 'pending'], chainId)) as Hex);
    const gas = tx.gas ? hexToBigInt(tx.gas) : (hexToBigInt((await this.rpc('eth_estimateGas', [call], chainId)) as Hex) * GAS_BUFFER_PERCENT) / 100n;
    const fees = await this.fees(tx, chainId);
    const common = {
      chainId,
      nonce: Number(hexToBigInt(nonce)),
      gas,
      ...(tx.to ? { to: tx.to } : {}),
      ...(data ? { data } : {}),
      ...(tx.value ? { value: hexToBigInt(tx.value) } : {}),
    };
    const signed =
      'gasPrice' in fees
        ? await this.account.signTransaction({ ...common, type: 'legacy', gasPrice: fees.gasPrice })
        : await this.account.signTransaction({ ...common, type: 'eip1559', ...fees });
    return (await this.rpc('eth_sendRawTransaction', [signed], chainId)) as Hex;
  }

  private async fees(tx: RpcTransaction, chainId: number): Promise<{ gasPrice: bigint } | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    if (tx.gasPrice && !tx.maxFeePerGas && !tx.maxPriorityFeePerGas) return { gasPrice: hexToBigInt(tx.gasPrice) };
    const block = (await this.rpc('eth_getBlockByNumber', ['latest', false], chainId)) as { baseFeePerGas?: Hex } | null;
    if (!block?.baseFeePerGas) {
      // A pre-London chain: only legacy transactions.
      return { gasPrice: tx.gasPrice ? hexToBigInt(tx.gasPrice) : hexToBigInt((await this.rpc('eth_gasPrice', [], chainId)) as Hex) };
    }
    const baseFee = hexToBigInt(block.baseFeePerGas);
    let priority = tx.maxPriorityFeePerGas ? hexToBigInt(tx.maxPriorityFeePerGas) : undefined;
    if (priority === undefined) {
      try {
        priority = hexToBigInt((await this.rpc('eth_maxPriorityFeePerGas', [], chainId)) as Hex);
      } catch {
        priority = FALLBACK_PRIORITY_FEE;
      }
    }
    // Twice the base fee survives several full blocks of base-fee growth.
    const maxFeePerGas = tx.maxFeePerGas ? hexToBigInt(tx.maxFeePerGas) : baseFee * 2n + priority;
    return { maxFeePerGas, maxPriorityFeePerGas: priority > maxFeePerGas ? maxFeePerGas : priority };
  }

  private async personalSign(params: readonly unknown[]): Promise<Hex> {
    const [message, address] = params;
    if (typeof address !== 'string' || address.toLowerCase() !== this.address.toLowerCase()) {
      throw new ProviderRpcError(UNAUTHORIZED, 'personal_sign: the account has not been authorized by the user.');
    }
    if (typeof message !== 'string') throw new ProviderRpcError(INVALID_PARAMS, 'personal_sign needs a message.');
    return this.account.signMessage({ message: message.startsWith('0x') ? { raw: message as Hex } : message });
  }

  private async signTypedData(params: readonly unknown[]): Promise<Hex> {
    const [address, json] = params;
    if (typeof address !== 'string' || address.toLowerCase() !== this.address.toLowerCase()) {
      throw new ProviderRpcError(UNAUTHORIZED, 'eth_signTypedData_v4: the account has not been authorized by the user.');
    }
    let typedData: Parameters<PrivateKeyAccount['signTypedData']>[0];
    try {
      typedData = (typeof json === 'string' ? JSON.parse(json) : json) as typeof typedData;
    } catch {
      throw new ProviderRpcError(INVALID_PARAMS, 'eth_signTypedData_v4 needs typed data as JSON.');
    }
    return this.account.signTypedData(typedData);
  }

  /** JSON-RPC to the selected chain's node (or `chainId`'s, pinned at the start of a send). */
  private async rpc(method: string, params: readonly unknown[], chainId = this.currentChainId): Promise<unknown> {
    const chain = this.chains.get(chainId);
    if (!chain) throw new ProviderRpcError(DISCONNECTED, `Chain ${chainId} is not known to the dev wallet.`);
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      const response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++this.rpcId, method, params }),
      });
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw new ProviderRpcError(INTERNAL_ERROR, `Internal JSON-RPC error: ${chain.rpcUrl} did not answer ${method}.`, {
        cause: String(error),
      });
    }
    if (body.error) {
      const code = typeof body.error.code === 'number' ? body.error.code : INTERNAL_ERROR;
      const message = typeof body.error.message === 'string' ? body.error.message : 'Internal JSON-RPC error.';
      throw new ProviderRpcError(code, message, body.error.data);
    }
    return body.result ?? null;
  }
}

function parseChainIdParam(param: unknown): number {
  const raw = (param as { chainId?: unknown } | undefined)?.chainId;
  if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw)) {
    throw new ProviderRpcError(INVALID_PARAMS, `Expected a hex chainId, got ${String(raw)}.`);
  }
  return Number(hexToBigInt(raw as Hex));
}

export function createDevWallet(options: DevWalletOptions): DevWallet {
  return new DevWallet(options);
}

/** What a wallet says about itself over EIP-6963. */
export interface Eip6963Info {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

/**
 * Announces `provider` over EIP-6963 the way a browser extension does: once
 * now, and again on every `eip6963:requestProvider`. Returns the function that
 * stops answering requests.
 */
export function announceWallet(provider: unknown, info: Eip6963Info, target: Window = window): () => void {
  const announce = () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze({ ...info }), provider }) }));
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}
