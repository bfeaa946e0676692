/** What `scripts/demo.mjs` serves at `/sandbox-config.json`: the sandbox's ready report minus its API key. */
export interface SandboxChain {
  chainId: number;
  rpcUrl: string;
  name: string;
  explorerUrl?: string;
}

export interface SandboxAccount {
  address: `0x${string}`;
  privateKey: `0x${string}`;
}

export interface SandboxToken {
  chainId: number;
  address: `0x${string}`;
  symbol: string;
  decimals: number;
}

export interface SandboxConfig {
  /** The host's backend proxy; the only service the widget talks to. */
  proxyUrl: string;
  /** The sandbox routing service. The page only uses its admin endpoints. */
  serviceUrl: string;
  /** The service's admin endpoints (`/__sandbox`): fault switches. */
  adminUrl: string;
  chains: SandboxChain[];
  tokens: SandboxToken[];
  /** The funded local test account the wallet starts with. */
  account: SandboxAccount;
  /** A second funded test account for "switch wallet account". */
  otherAccount: SandboxAccount | null;
  /** The sandbox's contracts per chain id; the development wallet batches (EIP-5792) through each chain's `batchExecutor`. */
  contracts?: Record<string, { batchExecutor?: `0x${string}` }>;
  /** The local WalletConnect relay, the project id to give the widget, and the phone wallet on it (sandbox/walletconnect/). */
  walletConnect?: { relayUrl: string; silentRelayUrl: string; projectId: string; phoneAddress: `0x${string}` } | null;
}

/** The sandbox's chains as the development wallet knows them: with each chain's BatchExecutor, so it can batch atomically there. */
export function walletChains(config: SandboxConfig) {
  return config.chains.map(({ chainId, rpcUrl, name }) => {
    const batchExecutor = config.contracts?.[String(chainId)]?.batchExecutor;
    return { chainId, rpcUrl, name, ...(batchExecutor ? { batchExecutor } : {}) };
  });
}

export async function loadSandboxConfig(signal?: AbortSignal): Promise<SandboxConfig> {
  const response = await fetch('/sandbox-config.json', { cache: 'no-store', ...(signal ? { signal } : {}) });
  if (!response.ok) {
    throw new Error(`/sandbox-config.json answered HTTP ${response.status}; start the demo with \`npm run demo\`.`);
  }
  const config = (await response.json()) as SandboxConfig;
  if (!config.proxyUrl || !config.adminUrl || !Array.isArray(config.chains) || !config.account?.privateKey) {
    throw new Error('/sandbox-config.json is incomplete: is the sandbox running with its proxy?');
  }
  return config;
}
