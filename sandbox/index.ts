/**
 * Programmatic entry of the sandbox: two local EVM chains (one anvil process
 * each), the routing service over them and (optionally) the host backend proxy
 * in front of it, the service and proxy in this process, everything bound to
 * 127.0.0.1.
 *
 *   const sandbox = await startSandbox({ bridgingDelayMs: 0 });
 *   ... sandbox.proxyUrl, sandbox.chains[0].provider (EIP-1193), sandbox.faults.set({...})
 *   await sandbox.close();
 */
import type { Address, Chain } from 'viem';
import { startProxyServer } from '../src/proxy/node.js';
import { ATTACKER_ACCOUNT, EXTRA_USER_ACCOUNTS, FLAGGED_ACCOUNT, OPERATOR_ACCOUNT, PHONE_ACCOUNT, USER_ACCOUNT, type DevAccount } from './chains/accounts.js';
import { sandboxViemChain, type SandboxPublicClient } from './chains/chain-client.js';
import type { Eip1193Provider } from './chains/json-rpc.js';
import { startLocalNetworks, type SandboxChain } from './chains/local-networks.js';
import { BASE_SEPOLIA_SANDBOX, NATIVE_TOKEN_ADDRESS, SANDBOX_ERC20S, SEPOLIA_SANDBOX, type SandboxContracts } from './chains/networks.js';
import { LOCALHOST } from './shared/http.js';
import { DEFAULT_API_KEY, DEFAULT_INACTIVE_API_KEY, defaultApiKeys } from './service/api-keys.js';
import type { FaultPatch, FaultState } from './service/faults.js';
import { intentSummary } from './service/admin.js';
import type { CatalogSize } from './service/catalog.js';
import type { LoggedRequest } from './service/request-log.js';
import { startRoutingService, type RunningRoutingService } from './service/server.js';
import { PhoneWallet } from './walletconnect/phone-wallet.js';
import { startLocalRelay, startSilentRelay, type LocalRelay } from './walletconnect/relay.js';

export type { FaultPatch, FaultState, HostileMode } from './service/faults.js';
export { HOSTILE_MODES } from './service/faults.js';
export type { LoggedRequest } from './service/request-log.js';
export type { Eip1193Provider } from './chains/json-rpc.js';
export { MULTICALL3_ADDRESS } from './chains/multicall3.js';
export type { DevAccount } from './chains/accounts.js';
export type { PhoneSettings, PhoneState } from './walletconnect/phone-wallet.js';
export { NATIVE_TOKEN_ADDRESS } from './chains/networks.js';
export { PROVIDER_NAMES, type CatalogSize, type ProviderName } from './service/catalog.js';

export interface SandboxPorts {
  /** JSON-RPC port of chain 11155111, anvil's own (default 0 = free port). */
  sepolia?: number;
  /** JSON-RPC port of chain 84532. */
  baseSepolia?: number;
  service?: number;
  proxy?: number;
}

export interface SandboxOptions {
  /** Ports; every one defaults to 0 (a free port). The CLI passes fixed defaults. */
  ports?: SandboxPorts;
  /**
   * Publish the chains' JSON-RPC URLs (default true). Each chain is an anvil process, reached over HTTP either way;
   * `false` only keeps its URL out of the handle (`rpcUrl` null), the ready JSON and the chain list (`rpc` empty), and
   * puts it on a free port whatever `ports` says.
   */
  serveRpc?: boolean;
  /** Start the backend proxy in front of the service (default true). */
  proxy?: boolean;
  /** The proxy compresses its JSON answers as the client allows (default true; false to time the difference). */
  proxyCompression?: boolean;
  /** The active API key (default "sandbox-dev-key"); the proxy is configured with it. */
  apiKey?: string;
  /** A key that exists but is inactive (default "sandbox-inactive-key"). */
  inactiveApiKey?: string;
  /** Time an intent stays `bridging` before the operator settles it (default 1500 ms; 0 in tests). */
  bridgingDelayMs?: number;
  /** Spacing suggested by `next_poll_at` while an intent is in flight (default 1000 ms). */
  pollHintMs?: number;
  /** How often the service checks in-flight intents against the chains (default 100 ms). */
  trackerIntervalMs?: number;
  /** Per-key fixed window (default 300 requests per 10 000 ms). */
  rateLimit?: { limit: number; windowMs: number };
  /** Synthetic, unroutable tokens added to the token list (default 0). */
  syntheticTokens?: number;
  /**
   * `'large'`: the production-size catalog, about 40 chains and 20,000 seeded tokens (default `'default'`:
   * the 9 chains and 14 tokens of the sandbox). Also a runtime switch: `faults.set({ catalog: 'large' })`.
   */
  catalog?: CatalogSize;
  /** The tokens endpoint ignores its query parameters and answers the plain array (default false). */
  plainTokenList?: boolean;
  /** AML list used by quote (default: Hardhat account #6). */
  flaggedAddresses?: string[];
  /** Per-chain deadline of the balances endpoint (default 1500 ms). */
  balanceDeadlineMs?: number;
  /** Page size of the paginated tokens endpoint when `limit` is omitted (default 100). */
  tokenPageSize?: number;
  /** A receipt whose transaction never appears fails after this long (default 300 000 ms). */
  receiptTimeoutMs?: number;
  /** Service log lines (tracker errors, faults fired). Default: dropped. */
  log?: (line: string) => void;
  /** Proxy log lines, one per request. Default: dropped. */
  proxyLog?: (line: string) => void;
  /** Run the WalletConnect relay fixture and the phone wallet (default true). */
  walletConnect?: boolean;
}

export interface SandboxChainHandle {
  chainId: number;
  name: string;
  /** JSON-RPC URL (the chain's anvil), or null with `serveRpc: false`. */
  rpcUrl: string | null;
  explorerUrl: string;
  /** EIP-1193 provider over the chain's anvil: `createPublicClient({ transport: custom(provider) })`; works with `serveRpc: false` too. */
  provider: Eip1193Provider;
  /** A viem chain definition for this chain (RPC URL filled in when served). */
  viemChain: Chain;
  publicClient: SandboxPublicClient;
  contracts: SandboxContracts;
}

export interface SandboxTokenInfo {
  chainId: number;
  address: Address;
  symbol: string;
  name: string;
  decimals: number;
}

/** The JSON printed after `sandbox ready ` by the CLI, also available as `handle.readyInfo`. */
export interface SandboxReadyInfo {
  proxyUrl: string | null;
  /** A second proxy in front of the same service with no simulation RPC configured (`POST /simulate/:chainId` answers 404). */
  unsimulatedProxyUrl: string | null;
  serviceUrl: string;
  adminUrl: string;
  apiKey: string;
  inactiveApiKey: string;
  chains: { chainId: number; rpcUrl: string | null; name: string; explorerUrl: string }[];
  tokens: SandboxTokenInfo[];
  account: { address: Address; privateKey: `0x${string}` };
  extraAccounts: { address: Address; privateKey: `0x${string}` }[];
  flaggedAccount: { address: Address; privateKey: `0x${string}` };
  operator: { address: Address };
  /** Receives the user's tokens when a `drain-calldata` route is signed (no user, no contract). */
  attacker: { address: Address };
  contracts: Record<string, SandboxContracts>;
  providers: { name: string; approvals: string }[];
  /**
   * WalletConnect on this machine (null when off): the relay fixture's URL (the widget's `walletconnect-relay-url`), a
   * relay that accepts connections and never answers (`silentRelayUrl`, the "cannot be reached" case), the project id
   * to give the widget (any non-empty string: the fixture checks none), and the phone wallet's address, driven through
   * `adminUrl + "/phone"`.
   */
  walletConnect: { relayUrl: string; silentRelayUrl: string; projectId: string; phoneAddress: Address } | null;
}

export interface SandboxFaults {
  get(): FaultState;
  /** Merges switches (see FaultPatch); returns the new state. Throws on invalid input. */
  set(patch: FaultPatch): FaultState;
  /** Back to the start-up settings. */
  reset(): FaultState;
}

export interface SandboxHandle {
  proxyUrl: string | null;
  serviceUrl: string;
  adminUrl: string;
  apiKey: string;
  inactiveApiKey: string;
  chains: SandboxChainHandle[];
  tokens: SandboxTokenInfo[];
  accounts: {
    user: DevAccount;
    extraUsers: readonly DevAccount[];
    flagged: DevAccount;
    operator: DevAccount;
    /** Where the `drain-calldata` hostile route sends the user's tokens. */
    attacker: DevAccount;
  };
  faults: SandboxFaults;
  readyInfo: SandboxReadyInfo;
  /** The running service (intents, catalog, tracker) for white-box assertions. */
  service: RunningRoutingService;
  chain(chainId: number): SandboxChainHandle;
  /**
   * API requests the service answered, oldest first (same as GET /__sandbox/requests):
   * `requests({ endpoints: ['tokens', 'chains'] })`, or only those after a `seq` with `since`.
   */
  requests(filter?: { endpoints?: readonly string[]; since?: number }): LoggedRequest[];
  /** Empties the request log (reset() does too). */
  clearRequests(): void;
  /** The WalletConnect relay fixture and the phone wallet on it (null with `walletConnect: false`). */
  walletConnect: { relay: LocalRelay; silentRelayUrl: string; phone: PhoneWallet } | null;
  /** Admin view of every intent (same as GET /__sandbox/intents). */
  intents(): ReturnType<typeof intentSummary>[];
  /** Faults back to start-up settings, rate-limit windows and the request log cleared. */
  reset(): void;
  close(): Promise<void>;
}

const PROVIDER_SUMMARY = [
  { name: 'swiftbridge', approvals: 'one approval; spender is SwiftTokenTransferProxy, not transaction.to' },
  { name: 'hopline', approvals: 'two approvals of the same token: router (amount - fee) and fee collector (fee)' },
  { name: 'slowlane', approvals: 'one approval; spender is transaction.to; USDC only, declines the rest' },
];

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const ports = options.ports ?? {};
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const inactiveApiKey = options.inactiveApiKey ?? DEFAULT_INACTIVE_API_KEY;
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };

  try {
    const serveRpc = options.serveRpc !== false;
    const chainPorts = new Map<number, number>(
      serveRpc
        ? [
            [SEPOLIA_SANDBOX.chainId, ports.sepolia ?? 0],
            [BASE_SEPOLIA_SANDBOX.chainId, ports.baseSepolia ?? 0],
          ]
        : [],
    );
    const chains = await startLocalNetworks(chainPorts);
    closers.push(async () => {
      await Promise.all(chains.map((c) => c.chain.close()));
    });
    const rpcUrls = new Map<number, string>(serveRpc ? chains.map((c) => [c.network.chainId, c.chain.url]) : []);

    let walletConnect: SandboxHandle['walletConnect'] = null;
    if (options.walletConnect !== false) {
      const relay = await startLocalRelay();
      closers.push(() => relay.close());
      const silent = await startSilentRelay();
      closers.push(() => silent.close());
      const phone = await PhoneWallet.start({
        relayUrl: relay.url,
        account: PHONE_ACCOUNT,
        chains: chains.map((c) => ({
          chainId: c.network.chainId,
          rpcUrl: c.chain.url,
          name: c.network.name,
          batchExecutor: c.network.contracts.batchExecutor,
        })),
      });
      closers.push(() => phone.close());
      walletConnect = { relay, silentRelayUrl: silent.url, phone };
    }
    const chainMap = new Map<string, SandboxChain>(chains.map((c) => [String(c.network.chainId), c]));

    let info: SandboxReadyInfo | undefined;
    const service = await startRoutingService({
      host: LOCALHOST,
      port: ports.service ?? 0,
      chains: chainMap,
      rpcUrls,
      apiKeys: defaultApiKeys(apiKey, inactiveApiKey),
      initialFaults: {
        latency: null,
        rateLimitBurst: null,
        malformedBody: null,
        wrongType: null,
        failedProviders: [],
        stuckBridge: false,
        failWithRefund: false,
        holdRefund: false,
        needsGas: false,
        slowBalanceChains: [],
        allowanceRpcFailure: null,
        flaggedAddresses: options.flaggedAddresses ?? [FLAGGED_ACCOUNT.address],
        forceProvider: null,
        syntheticTokens: options.syntheticTokens ?? 0,
        catalog: options.catalog ?? 'default',
        plainTokenList: options.plainTokenList ?? false,
        bridgingDelayMs: options.bridgingDelayMs ?? 1500,
        rateLimit: options.rateLimit ?? { limit: 300, windowMs: 10_000 },
        hostile: null,
        statusOverride: null,
        estimatedRouteSeconds: null,
        depositTtlSeconds: null,
      },
      pollHintMs: options.pollHintMs ?? 1000,
      balanceDeadlineMs: options.balanceDeadlineMs ?? 1500,
      tokenPageSize: options.tokenPageSize ?? 100,
      trackerIntervalMs: options.trackerIntervalMs ?? 100,
      receiptTimeoutMs: options.receiptTimeoutMs ?? 300_000,
      info: () => info,
      phone: () => walletConnect?.phone,
      log: options.log ?? (() => undefined),
    });
    closers.push(() => service.close());

    let proxyUrl: string | null = null;
    let unsimulatedProxyUrl: string | null = null;
    if (options.proxy !== false) {
      const proxy = await startProxyServer({
        upstreamUrl: service.url,
        apiKey,
        allowedOrigins: ['*'],
        // Every local client (tests, the demo, several widgets) shares 127.0.0.1; the service's per-key limit still applies.
        clientRateLimit: false,
        // Fault switches must reach the widget on every request: no catalog cache, and the service's
        // 429s pass as they come. Both are tested on their own (test/node/proxy-cache, proxy-quota).
        catalogCache: false,
        quotaReserve: false,
        simulationRpcUrls: Object.fromEntries([...rpcUrls].map(([chainId, url]) => [String(chainId), url])),
        // Node tests and scripts simulate routes through it as the widget does, but without a browser to send Origin.
        simulationWithoutOrigin: true,
        host: LOCALHOST,
        port: ports.proxy ?? 0,
        compression: options.proxyCompression !== false,
        ...(options.proxyLog ? { onLog: options.proxyLog } : {}),
      });
      closers.push(() => proxy.close());
      proxyUrl = proxy.url;
      // The same proxy without a simulation RPC: what a widget sees on a site whose operator configured none ("Not simulated").
      const plain = await startProxyServer({
        upstreamUrl: service.url,
        apiKey,
        allowedOrigins: ['*'],
        clientRateLimit: false,
        catalogCache: false,
        quotaReserve: false,
        compression: options.proxyCompression !== false,
        host: LOCALHOST,
        port: 0,
      });
      closers.push(() => plain.close());
      unsimulatedProxyUrl = plain.url;
    }

    const catalog = service.context.catalog;
    const chainHandles: SandboxChainHandle[] = chains.map((c) => {
      const rpcUrl = rpcUrls.get(c.network.chainId) ?? null;
      return {
        chainId: c.network.chainId,
        name: c.network.name,
        rpcUrl,
        explorerUrl: catalog.explorerUrl(String(c.network.chainId)),
        provider: c.chain.provider,
        viemChain: sandboxViemChain(c.network.chainId, c.network.name, rpcUrl ?? undefined),
        publicClient: c.clients.publicClient,
        contracts: c.network.contracts,
      };
    });
    const tokens: SandboxTokenInfo[] = chains.flatMap((c) => [
      { chainId: c.network.chainId, address: NATIVE_TOKEN_ADDRESS as Address, symbol: 'ETH', name: 'Ether', decimals: 18 },
      ...SANDBOX_ERC20S.map((t) => ({
        chainId: c.network.chainId,
        address: c.network.contracts[t.key],
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
      })),
    ]);
    const keyPair = (a: DevAccount) => ({ address: a.address, privateKey: a.privateKey });
    info = {
      proxyUrl,
      unsimulatedProxyUrl,
      serviceUrl: service.url,
      adminUrl: `${service.url}/__sandbox`,
      apiKey,
      inactiveApiKey,
      chains: chainHandles.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl, name: c.name, explorerUrl: c.explorerUrl })),
      tokens,
      account: keyPair(USER_ACCOUNT),
      extraAccounts: EXTRA_USER_ACCOUNTS.map(keyPair),
      flaggedAccount: keyPair(FLAGGED_ACCOUNT),
      operator: { address: OPERATOR_ACCOUNT.address },
      attacker: { address: ATTACKER_ACCOUNT.address },
      contracts: Object.fromEntries(chains.map((c) => [String(c.network.chainId), c.network.contracts])),
      providers: PROVIDER_SUMMARY,
      walletConnect: walletConnect && {
        relayUrl: walletConnect.relay.url,
        silentRelayUrl: walletConnect.silentRelayUrl,
        projectId: 'sandbox-project',
        phoneAddress: PHONE_ACCOUNT.address,
      },
    };
    const readyInfo = info;
    const faults = service.context.faults;

    let closing: Promise<void> | undefined;
    return {
      proxyUrl,
      serviceUrl: service.url,
      adminUrl: readyInfo.adminUrl,
      apiKey,
      inactiveApiKey,
      chains: chainHandles,
      tokens,
      accounts: { user: USER_ACCOUNT, extraUsers: EXTRA_USER_ACCOUNTS, flagged: FLAGGED_ACCOUNT, operator: OPERATOR_ACCOUNT, attacker: ATTACKER_ACCOUNT },
      faults: {
        get: () => faults.get(),
        set: (patch) => faults.set(patch),
        reset: () => faults.reset(),
      },
      readyInfo,
      service,
      walletConnect,
      chain(chainId) {
        const found = chainHandles.find((c) => c.chainId === chainId);
        if (!found) throw new Error(`no sandbox chain ${chainId}`);
        return found;
      },
      intents: () => service.context.store.all().map(intentSummary),
      requests: (filter) => service.context.requests.list(filter),
      clearRequests: () => service.context.requests.clear(),
      reset() {
        faults.reset();
        service.rateLimiter.reset();
        service.context.requests.clear();
      },
      close() {
        closing ??= closeAll();
        return closing;
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
