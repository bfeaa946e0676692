/**
 * A development wallet: an EIP-1193 provider backed by a local private key that
 * behaves like an injected browser wallet (connect, switch/add chain, sign and
 * broadcast, events) and adds test levers (reject, hang, switch account/chain)
 * so the widget's unhappy paths can be exercised without a human clicking.
 *
 * It speaks EIP-5792 (batches in one prompt) honestly: atomic only on chains
 * where it knows the sandbox's BatchExecutor, through a real EIP-7702
 * delegation (`ready` before the first batch delegates, `supported` after);
 * `unsupported` elsewhere, where a batch that requires atomicity is refused
 * (5760). `eip5792 = false` turns it off ("method not found", 4200).
 *
 * Local test keys only. Never give it a key that holds real funds.
 */
import { encodeFunctionData, hexToBigInt, isAddress, keccak256, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

export interface DevWalletChain {
  chainId: number;
  rpcUrl: string;
  name?: string;
  /**
   * The sandbox's BatchExecutor on this chain (sandbox/contracts/BatchExecutor.sol; the sandbox's
   * `contracts[chainId].batchExecutor`). The account delegates to it (EIP-7702) to run EIP-5792 batches
   * atomically; without it the wallet says `atomic: unsupported` for this chain and never claims atomicity.
   */
  batchExecutor?: Hex;
}

export interface DevWalletOptions {
  privateKey: Hex;
  chains: DevWalletChain[];
  /** Chain selected at start; defaults to the first of `chains`. */
  chainId?: number;
  /** Start as if the user had already connected this site. */
  autoConnect?: boolean;
  /** Answer EIP-5792 (`wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`); default true. Off: "method not found" (4200), as a wallet without it. */
  eip5792?: boolean;
  /**
   * A broken wallet, for tests (issue 35): it says `atomic: supported` on every chain, but runs a batch's calls
   * one by one, the last one (a transfer's bridge call) with too little gas so it reverts on chain, and answers
   * `wallet_getCallsStatus` with this status code (600 partial, honest; 200 confirmed, a lie) and `atomic: false`.
   */
  nonAtomicRevert?: 200 | 600 | undefined;
  /** A wallet that forgot its batches (as after a reload): `wallet_getCallsStatus` answers 5730 for every id. */
  forgetBatches?: boolean | undefined;
  /**
   * A wallet that returns a hash it never broadcast: `eth_sendTransaction` signs the transfer and answers its hash, but
   * the chain never sees it (as a dropped or replaced transaction). ERC-20 approvals still go out, so a flow reaches the transfer.
   */
  dropTransactions?: boolean | undefined;
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
// EIP-5792's own codes.
const UNSUPPORTED_CAPABILITY = 5700;
const UNSUPPORTED_CHAIN = 5710;
const UNKNOWN_BUNDLE = 5730;
const ATOMICITY_NOT_SUPPORTED = 5760;

const EIP5792_METHODS = new Set(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus']);
/** EIP-7702: a delegated account's code is this prefix and the delegate's address. */
const DELEGATION_PREFIX = '0xef0100';
/** BatchExecutor.execute((address to, uint256 value, bytes data)[]): runs the calls in order, reverting all when one fails. */
const EXECUTE_ABI = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
        ],
      },
    ],
    outputs: [],
  },
] as const;

type AtomicStatus = 'supported' | 'ready' | 'unsupported';

interface SendCallsParams {
  version?: unknown;
  id?: unknown;
  from?: unknown;
  chainId?: unknown;
  atomicRequired?: unknown;
  calls?: unknown;
  capabilities?: unknown;
}

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
const accountMethods = new Set(['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4', 'wallet_sendCalls', 'wallet_getCapabilities']);

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
  'wallet_sendCalls',
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
  /** Whether it answers EIP-5792 (batches); off, its methods are "method not found" (4200). */
  eip5792: boolean;
  /** See {@link DevWalletOptions.nonAtomicRevert}; settable at any time. */
  nonAtomicRevert: 200 | 600 | undefined;
  /** See {@link DevWalletOptions.forgetBatches}; settable at any time. */
  forgetBatches: boolean;
  /** See {@link DevWalletOptions.dropTransactions}; settable at any time. */
  dropTransactions: boolean;
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
    this.eip5792 = options.eip5792 ?? true;
    this.nonAtomicRevert = options.nonAtomicRevert;
    this.forgetBatches = options.forgetBatches ?? false;
    this.dropTransactions = options.dropTransactions ?? false;
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
    // A person takes a moment to read a prompt before answering it (the demo's default, so its review is seen).
    if (this.promptDelayMs > 0 && PROMPT_METHODS.includes(method) && !(method === 'eth_requestAccounts' && this.connected))
      await new Promise((resolve) => setTimeout(resolve, this.promptDelayMs));
    try {
      const result = await this.handle(method, Array.isArray(args.params) ? (args.params as readonly unknown[]) : []);
      const detail = method === 'eth_sendTransaction' ? String(result) : method === 'wallet_sendCalls' ? (result as { id: string }).id : undefined;
      this.report({ method, outcome: 'ok', ...(detail ? { detail } : {}) });
      return result;
    } catch (error) {
      const rejected = error instanceof ProviderRpcError && error.code === USER_REJECTED;
      this.report({ method, outcome: rejected ? 'rejected' : 'error', detail: (error as Error).message });
      throw error;
    }
  }

  private async handle(method: string, params: readonly unknown[]): Promise<unknown> {
    if (EIP5792_METHODS.has(method) && !this.eip5792)
      throw new ProviderRpcError(UNSUPPORTED_METHOD, `The dev wallet does not support ${method} (EIP-5792 is off).`);
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
      case 'wallet_getCapabilities':
        return this.getCapabilities(params);
      case 'wallet_sendCalls':
        return this.sendCalls(params[0] as SendCallsParams | undefined);
      case 'wallet_getCallsStatus':
        return this.getCallsStatus(params[0]);
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

  /** Milliseconds the wallet waits before it answers a prompt (connect, switch, sign, send), as a person reading it would; 0 answers at once. */
  promptDelayMs = 0;

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
    // ERC-20 `approve` (0x095ea7b3) still goes out.
    if (this.dropTransactions && !data?.startsWith('0x095ea7b3')) return keccak256(signed);
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

  // --- EIP-5792 ------------------------------------------------------------
  // Atomic only through a real EIP-7702 delegation to the chain's BatchExecutor:
  // the batch is one transaction from the account to itself, `execute(calls)`,
  // which reverts as a whole when a call fails. The batch id carries the chain
  // and the transaction hashes, so its status survives a page reload (it is
  // read from the chain, as an extension would from its own storage).

  /** `atomic` on a chain: `supported` once delegated to its BatchExecutor, `ready` before (the next batch delegates), else `unsupported`. */
  private async atomicStatus(chainId: number): Promise<AtomicStatus> {
    if (this.nonAtomicRevert) return 'supported';
    const executor = this.chains.get(chainId)?.batchExecutor;
    if (!executor) return 'unsupported';
    const code = String(await this.rpc('eth_getCode', [this.address, 'latest'], chainId)).toLowerCase();
    if (code === `${DELEGATION_PREFIX}${executor.slice(2)}`.toLowerCase()) return 'supported';
    // No code, or a delegation elsewhere that a new authorization replaces; a contract account cannot delegate.
    return code === '0x' || code.startsWith(DELEGATION_PREFIX) ? 'ready' : 'unsupported';
  }

  private async getCapabilities(params: readonly unknown[]): Promise<Record<Hex, { atomic: { status: AtomicStatus } }>> {
    const [address, chainIds] = params;
    if (typeof address !== 'string' || address.toLowerCase() !== this.address.toLowerCase()) {
      throw new ProviderRpcError(UNAUTHORIZED, `wallet_getCapabilities: the account ${String(address)} has not been authorized by the user.`);
    }
    const wanted = Array.isArray(chainIds) ? chainIds.map((id) => parseChainIdParam({ chainId: id })) : [...this.chains.keys()];
    const answer: Record<Hex, { atomic: { status: AtomicStatus } }> = {};
    for (const chainId of wanted) if (this.chains.has(chainId)) answer[numberToHex(chainId)] = { atomic: { status: await this.atomicStatus(chainId) } };
    return answer;
  }

  private async sendCalls(request: SendCallsParams | undefined): Promise<{ id: Hex }> {
    if (!request || typeof request !== 'object') throw new ProviderRpcError(INVALID_PARAMS, 'wallet_sendCalls needs a request object.');
    if (typeof request.version !== 'string' || !request.version.startsWith('2.')) {
      throw new ProviderRpcError(INVALID_PARAMS, `wallet_sendCalls: version ${String(request.version)} is not 2.0.0.`);
    }
    if (request.id !== undefined) throw new ProviderRpcError(INVALID_PARAMS, 'wallet_sendCalls: the dev wallet chooses batch ids itself.');
    if (request.from !== undefined && (typeof request.from !== 'string' || request.from.toLowerCase() !== this.address.toLowerCase())) {
      throw new ProviderRpcError(UNAUTHORIZED, `The requested account ${String(request.from)} has not been authorized by the user.`);
    }
    const chainId = parseChainIdParam(request);
    if (!this.chains.has(chainId)) throw new ProviderRpcError(UNSUPPORTED_CHAIN, `The dev wallet does not support chain ${numberToHex(chainId)}.`);
    // As MetaMask: the batch is for the selected network.
    if (chainId !== this.currentChainId) {
      throw new ProviderRpcError(INVALID_PARAMS, `Invalid chainId ${numberToHex(chainId)}: the wallet is on ${numberToHex(this.currentChainId)}.`);
    }
    const capabilities = request.capabilities && typeof request.capabilities === 'object' ? Object.entries(request.capabilities) : [];
    const required = capabilities.find(([, value]) => (value as { optional?: unknown } | null)?.optional !== true);
    if (required) throw new ProviderRpcError(UNSUPPORTED_CAPABILITY, `The dev wallet does not support the capability ${required[0]}.`);
    if (!Array.isArray(request.calls) || request.calls.length === 0) throw new ProviderRpcError(INVALID_PARAMS, 'wallet_sendCalls needs at least one call.');
    const calls = request.calls.map((call: unknown) => {
      const { to, data, value } = (call ?? {}) as { to?: unknown; data?: unknown; value?: unknown };
      if (typeof to !== 'string' || !isAddress(to, { strict: false })) throw new ProviderRpcError(INVALID_PARAMS, `Invalid call target: ${String(to)}.`);
      if (data !== undefined && (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data)))
        throw new ProviderRpcError(INVALID_PARAMS, 'Invalid call data.');
      if (value !== undefined && (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)))
        throw new ProviderRpcError(INVALID_PARAMS, 'Invalid call value.');
      return { to: to as Hex, data: (data ?? '0x') as Hex, value: value ? hexToBigInt(value as Hex) : 0n };
    });
    if (this.nonAtomicRevert) {
      // Broken on purpose: one transaction per call; the last gets its intrinsic gas and a little more, so it runs out.
      const hashes: Hex[] = [];
      for (const [i, call] of calls.entries()) {
        const last = i === calls.length - 1;
        const bytes = call.data.slice(2).match(/../g) ?? [];
        const zeros = bytes.filter((byte) => byte === '00').length;
        // The intrinsic gas, or EIP-7623's calldata floor when higher, and 5,000 more: far too little for any bridge call.
        const intrinsic = 21_000 + Math.max(16 * (bytes.length - zeros) + 4 * zeros, 40 * (bytes.length - zeros) + 10 * zeros);
        hashes.push(
          await this.sendTransaction({
            from: this.address,
            to: call.to,
            data: call.data,
            value: numberToHex(call.value),
            ...(last ? { gas: numberToHex(intrinsic + 5_000) } : {}),
          }),
        );
      }
      return { id: batchId(chainId, false, hashes) };
    }
    const status = await this.atomicStatus(chainId);
    if (status === 'unsupported') {
      if (request.atomicRequired !== false)
        throw new ProviderRpcError(ATOMICITY_NOT_SUPPORTED, `The dev wallet cannot run a batch atomically on chain ${numberToHex(chainId)}.`);
      // Not atomic, and said so: one transaction per call, in order.
      const hashes: Hex[] = [];
      for (const call of calls) hashes.push(await this.sendTransaction({ from: this.address, to: call.to, data: call.data, value: numberToHex(call.value) }));
      return { id: batchId(chainId, false, hashes) };
    }
    return { id: batchId(chainId, true, [await this.sendAtomic(chainId, calls, status === 'supported')]) };
  }

  /** One transaction from the account to itself running `execute(calls)`; it carries the EIP-7702 authorization when the account is not delegated yet. */
  private async sendAtomic(chainId: number, calls: { to: Hex; data: Hex; value: bigint }[], delegated: boolean): Promise<Hex> {
    const executor = this.chains.get(chainId)!.batchExecutor!;
    const nonce = Number(hexToBigInt((await this.rpc('eth_getTransactionCount', [this.address, 'pending'], chainId)) as Hex));
    const data = encodeFunctionData({ abi: EXECUTE_ABI, functionName: 'execute', args: [calls] });
    const value = calls.reduce((sum, call) => sum + call.value, 0n);
    // The account sends the transaction itself, so its authorization takes the nonce after the transaction's.
    const authorization = delegated ? undefined : await this.account.signAuthorization({ contractAddress: executor, chainId, nonce: nonce + 1 });
    const estimate = {
      from: this.address,
      to: this.address,
      data,
      value: numberToHex(value),
      ...(authorization
        ? {
            authorizationList: [
              {
                chainId: numberToHex(authorization.chainId),
                address: authorization.address,
                nonce: numberToHex(authorization.nonce),
                yParity: numberToHex(authorization.yParity ?? 0),
                r: authorization.r,
                s: authorization.s,
              },
            ],
          }
        : {}),
    };
    // A call that would revert fails the estimate: the wallet refuses the batch before anything is sent.
    const gas = (hexToBigInt((await this.rpc('eth_estimateGas', [estimate], chainId)) as Hex) * GAS_BUFFER_PERCENT) / 100n;
    const fees = await this.fees({}, chainId);
    const prices = 'gasPrice' in fees ? { maxFeePerGas: fees.gasPrice, maxPriorityFeePerGas: fees.gasPrice } : fees;
    const common = { chainId, nonce, gas, to: this.address, data, value, ...prices };
    const signed = authorization
      ? await this.account.signTransaction({ ...common, type: 'eip7702', authorizationList: [authorization] })
      : await this.account.signTransaction({ ...common, type: 'eip1559' });
    return (await this.rpc('eth_sendRawTransaction', [signed], chainId)) as Hex;
  }

  private async getCallsStatus(id: unknown) {
    const batch = typeof id === 'string' ? readBatchId(id) : undefined;
    if (!batch || !this.chains.has(batch.chainId) || this.forgetBatches) throw new ProviderRpcError(UNKNOWN_BUNDLE, `Unknown bundle id ${String(id)}.`);
    const { chainId, atomic, hashes } = batch;
    type Receipt = { logs: unknown[]; status: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex };
    const receipts = (await Promise.all(hashes.map((hash) => this.rpc('eth_getTransactionReceipt', [hash], chainId)))) as (Receipt | null)[];
    const base = { version: '2.0.0', id, chainId: numberToHex(chainId), atomic };
    if (receipts.some((receipt) => !receipt)) {
      const known = await Promise.all(hashes.map((hash) => this.rpc('eth_getTransactionByHash', [hash], chainId)));
      // A transaction the node no longer knows was dropped: the wallet will not retry it.
      return { ...base, status: known.some((tx) => !tx) ? 400 : 100 };
    }
    const mined = receipts as Receipt[];
    const succeeded = mined.filter((receipt) => receipt.status === '0x1').length;
    const status = !atomic && this.nonAtomicRevert ? this.nonAtomicRevert : succeeded === mined.length ? 200 : succeeded === 0 ? 500 : 600;
    return {
      ...base,
      status,
      receipts: mined.map(({ logs, status: outcome, blockHash, blockNumber, gasUsed, transactionHash }) => ({
        logs,
        status: outcome,
        blockHash,
        blockNumber,
        gasUsed,
        transactionHash,
      })),
    };
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

/** A batch id that needs no storage: the chain (8 bytes), atomic or not (1 byte), then each transaction hash. */
function batchId(chainId: number, atomic: boolean, hashes: readonly Hex[]): Hex {
  return `0x${chainId.toString(16).padStart(16, '0')}${atomic ? '01' : '00'}${hashes.map((hash) => hash.slice(2)).join('')}`;
}

function readBatchId(id: string): { chainId: number; atomic: boolean; hashes: Hex[] } | undefined {
  const match = /^0x([0-9a-fA-F]{16})(0[01])((?:[0-9a-fA-F]{64})+)$/.exec(id);
  if (!match) return undefined;
  return { chainId: Number.parseInt(match[1]!, 16), atomic: match[2] === '01', hashes: match[3]!.match(/.{64}/g)!.map((hash) => `0x${hash}` as Hex) };
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
