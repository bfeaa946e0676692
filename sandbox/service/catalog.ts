/**
 * What the service knows about chains and tokens: the two local EVM chains
 * (routable), the simulated Cosmos chain `cataclysm-1` (a destination, and a
 * source paid only into a deposit address), and informational entries that
 * the real service lists but cannot route to.
 */
import { NATIVE_TOKEN_ADDRESS, SANDBOX_ERC20S, SANDBOX_NETWORKS, type SandboxNetwork } from '../chains/networks.js';
import { buildLargeCatalog } from './large-catalog.js';
import { usdToMicro } from './money.js';

export const PROVIDER_NAMES = ['swiftbridge', 'hopline', 'slowlane'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export type ChainType = 'evm' | 'cosmos' | 'solana' | 'bitcoin' | 'sui';

/** The one non-EVM chain the sandbox routes to, and from by deposit address (simulated: there is no Cosmos chain here). */
export const CATACLYSM_CHAIN_ID = 'cataclysm-1';

export interface CatalogChain {
  chainId: string;
  chainName: string;
  networkName: string;
  chainType: ChainType;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /** Local RPC URL for sandbox chains; a non-resolving placeholder for informational ones. */
  rpc: string;
  providersSupported: ProviderName[];
  /** The spec's "provider-specific chain-name field", present on some entries. */
  providerChainName?: { field: string; value: string };
  /** Set for the two local EVM chains. */
  local?: SandboxNetwork;
  routable: 'source-and-destination' | 'destination' | 'no';
  /** A source no wallet signs on here: routes from it are paid into a deposit address only (quote and deposit-address, never route). */
  depositSource?: true;
}

export interface CatalogToken {
  chainId: string;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  type: ChainType;
  usdPrice: number;
  priceMicro: bigint;
  category: 'native' | 'erc20' | 'bank' | 'spl' | 'btc' | 'coin';
  routable: boolean;
  synthetic?: true;
}

const ETH_USD = 3000;

function localChain(network: SandboxNetwork, providerChainName?: CatalogChain['providerChainName']): CatalogChain {
  return {
    chainId: String(network.chainId),
    chainName: network.chainName,
    networkName: network.name,
    chainType: 'evm',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpc: '', // filled in with the live RPC URL
    providersSupported: ['swiftbridge', 'hopline', 'slowlane'],
    ...(providerChainName ? { providerChainName } : {}),
    local: network,
    routable: 'source-and-destination',
  };
}

function informational(
  chainId: string,
  chainType: ChainType,
  networkName: string,
  nativeCurrency: CatalogChain['nativeCurrency'],
  providerChainName?: CatalogChain['providerChainName'],
): CatalogChain {
  return {
    chainId,
    chainName: chainId,
    networkName,
    chainType,
    nativeCurrency,
    rpc: `https://${chainId}.rpc.sandbox.invalid`,
    providersSupported: [],
    ...(providerChainName ? { providerChainName } : {}),
    routable: 'no',
  };
}

export function buildChains(rpcUrls: ReadonlyMap<number, string>): CatalogChain[] {
  const [sepolia, baseSepolia] = SANDBOX_NETWORKS;
  if (!sepolia || !baseSepolia) throw new Error('sandbox networks missing');
  const chains: CatalogChain[] = [
    localChain(sepolia, { field: 'swiftbridgeChainName', value: 'ethereum-sepolia' }),
    localChain(baseSepolia, { field: 'hoplineChainName', value: 'base_sepolia' }),
    {
      ...informational(CATACLYSM_CHAIN_ID, 'cosmos', 'Cataclysm', { name: 'Cataclysm', symbol: 'CATA', decimals: 6 }),
      providersSupported: ['swiftbridge', 'hopline'],
      providerChainName: { field: 'swiftbridgeChainName', value: 'cataclysm' },
      routable: 'destination',
      depositSource: true,
    },
    informational('osmosis-1', 'cosmos', 'Osmosis', { name: 'Osmosis', symbol: 'OSMO', decimals: 6 }),
    informational('cosmoshub-4', 'cosmos', 'Cosmos Hub', { name: 'Cosmos Hub Atom', symbol: 'ATOM', decimals: 6 }),
    informational('1329', 'evm', 'Sei EVM', { name: 'Sei', symbol: 'SEI', decimals: 18 }),
    informational('sui-mainnet', 'sui', 'Sui', { name: 'Sui', symbol: 'SUI', decimals: 9 }),
    informational('solana', 'solana', 'Solana', { name: 'Solana', symbol: 'SOL', decimals: 9 }),
    informational('bitcoin', 'bitcoin', 'Bitcoin', { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }),
  ];
  for (const chain of chains) {
    if (chain.local) chain.rpc = rpcUrls.get(chain.local.chainId) ?? '';
  }
  return chains;
}

function token(
  chainId: string,
  address: string,
  symbol: string,
  name: string,
  decimals: number,
  type: ChainType,
  usdPrice: number,
  category: CatalogToken['category'],
  routable: boolean,
): CatalogToken {
  return { chainId, address, symbol, name, decimals, type, usdPrice, priceMicro: usdToMicro(usdPrice), category, routable };
}

const ERC20_PRICES: Record<string, number> = { usdc: 1, weth: ETH_USD };

export function buildBaseTokens(): CatalogToken[] {
  const tokens: CatalogToken[] = [];
  for (const network of SANDBOX_NETWORKS) {
    const chainId = String(network.chainId);
    tokens.push(token(chainId, NATIVE_TOKEN_ADDRESS, 'ETH', 'Ether', 18, 'evm', ETH_USD, 'native', true));
    for (const spec of SANDBOX_ERC20S) {
      const price = ERC20_PRICES[spec.key] ?? 0;
      tokens.push(token(chainId, network.contracts[spec.key], spec.symbol, spec.name, spec.decimals, 'evm', price, 'erc20', true));
    }
  }
  tokens.push(
    token(CATACLYSM_CHAIN_ID, 'ucata', 'CATA', 'Cataclysm', 6, 'cosmos', 0.5, 'bank', true),
    token(CATACLYSM_CHAIN_ID, 'uusdc', 'USDC', 'USD Coin (Noble)', 6, 'cosmos', 1, 'bank', true),
    token('osmosis-1', 'uosmo', 'OSMO', 'Osmosis', 6, 'cosmos', 0.4, 'bank', false),
    token('cosmoshub-4', 'uatom', 'ATOM', 'Cosmos Hub Atom', 6, 'cosmos', 6, 'bank', false),
    token('1329', NATIVE_TOKEN_ADDRESS, 'SEI', 'Sei', 18, 'evm', 0.3, 'native', false),
    token('sui-mainnet', '0x2::sui::SUI', 'SUI', 'Sui', 9, 'sui', 1.2, 'coin', false),
    token('solana', 'So11111111111111111111111111111111111111112', 'SOL', 'Solana', 9, 'solana', 150, 'spl', false),
    token('bitcoin', 'btc', 'BTC', 'Bitcoin', 8, 'bitcoin', 60_000, 'btc', false),
  );
  return tokens;
}

/**
 * Unroutable filler tokens for list-performance tests. Addresses are
 * deterministic so a cursor stays valid across calls.
 */
export function buildSyntheticTokens(count: number): CatalogToken[] {
  const chainIds = SANDBOX_NETWORKS.map((n) => String(n.chainId));
  const tokens: CatalogToken[] = [];
  for (let i = 1; i <= count; i++) {
    const chainId = chainIds[i % chainIds.length] ?? '11155111';
    const address = `0x5e${i.toString(16).padStart(38, '0')}`;
    const symbol = `SYN${i}`;
    const usdPrice = Number(((i % 997) / 10 + 0.01).toFixed(2));
    const entry = token(chainId, address, symbol, `Synthetic Token ${i}`, 18, 'evm', usdPrice, 'erc20', false);
    entry.synthetic = true;
    tokens.push(entry);
  }
  return tokens;
}

export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export type CatalogSize = 'default' | 'large';

/** One token list with what a search compares, computed once per list instead of per request. */
export interface IndexedTokens {
  tokens: readonly CatalogToken[];
  /** `symbol\nname`, lower case, parallel to `tokens`. */
  text: readonly string[];
  /** Address, lower case, parallel to `tokens`. */
  address: readonly string[];
}

function indexTokens(tokens: readonly CatalogToken[]): IndexedTokens {
  return {
    tokens,
    text: tokens.map((t) => `${t.symbol}\n${t.name}`.toLowerCase()),
    address: tokens.map((t) => t.address.toLowerCase()),
  };
}

interface TokenView {
  all: IndexedTokens;
  byChain: Map<string, IndexedTokens>;
}

/**
 * Live catalog: static entries plus runtime URLs, the catalog size switch
 * (`catalog: 'large'`) and the synthetic-token switch, both read from the
 * fault state on each request so they can change at runtime.
 */
export class Catalog {
  private readonly chainList: CatalogChain[];
  private readonly baseTokens: CatalogToken[];
  private large: { chains: CatalogChain[]; tokens: CatalogToken[] } | undefined;
  private view: { key: string; value: TokenView } | undefined;

  constructor(
    private readonly serviceUrl: string,
    rpcUrls: ReadonlyMap<number, string>,
    private readonly settings: () => { catalog: CatalogSize; syntheticTokens: number } = () => ({ catalog: 'default', syntheticTokens: 0 }),
  ) {
    this.chainList = buildChains(rpcUrls);
    this.baseTokens = buildBaseTokens();
    // A sandbox started with the large catalog pays its generation at start-up, not on the first request.
    if (settings().catalog === 'large') this.indexed();
  }

  private largeCatalog(): { chains: CatalogChain[]; tokens: CatalogToken[] } {
    this.large ??= buildLargeCatalog(this.chainList, this.baseTokens);
    return this.large;
  }

  chains(): readonly CatalogChain[] {
    return this.settings().catalog === 'large' ? this.largeCatalog().chains : this.chainList;
  }

  chain(chainId: string): CatalogChain | undefined {
    return this.chains().find((c) => c.chainId === chainId);
  }

  /** The current token list: the catalog's tokens, then `syntheticTokens` filler tokens. */
  tokens(): readonly CatalogToken[] {
    return this.indexed().tokens;
  }

  /** The current list, whole or of one chain, with its search index. */
  indexed(chainId?: string): IndexedTokens {
    const { catalog, syntheticTokens } = this.settings();
    const key = `${catalog} ${syntheticTokens}`;
    if (this.view?.key !== key) {
      const own = catalog === 'large' ? this.largeCatalog().tokens : this.baseTokens;
      const tokens = syntheticTokens === 0 ? own : [...own, ...buildSyntheticTokens(syntheticTokens)];
      const byChain = new Map<string, CatalogToken[]>();
      for (const t of tokens) {
        const list = byChain.get(t.chainId);
        if (list) list.push(t);
        else byChain.set(t.chainId, [t]);
      }
      this.view = { key, value: { all: indexTokens(tokens), byChain: new Map([...byChain].map(([id, list]) => [id, indexTokens(list)])) } };
    }
    const view = this.view.value;
    return chainId === undefined ? view.all : (view.byChain.get(chainId) ?? indexTokens([]));
  }

  /** Only base tokens: generated ones are never routable and hold no balances. */
  token(chainId: string, address: string): CatalogToken | undefined {
    const evm = address.startsWith('0x');
    return this.baseTokens.find((t) => t.chainId === chainId && (evm ? t.address.toLowerCase() === address.toLowerCase() : t.address === address));
  }

  nativeToken(chainId: string): CatalogToken | undefined {
    return this.baseTokens.find((t) => t.chainId === chainId && t.category === 'native');
  }

  localTokens(chainId: string): CatalogToken[] {
    return this.baseTokens.filter((t) => t.chainId === chainId);
  }

  chainIconUrl(chainId: string): string {
    return `${this.serviceUrl}/icons/chains/${encodeURIComponent(chainId)}.svg`;
  }

  tokenIconUrl(token: CatalogToken): string {
    return `${this.serviceUrl}/icons/tokens/${encodeURIComponent(token.synthetic ? 'SYN' : token.symbol)}.svg`;
  }

  explorerUrl(chainId: string): string {
    return `${this.serviceUrl}/explorer/${encodeURIComponent(chainId)}`;
  }

  chainJson(chain: CatalogChain) {
    return {
      chainId: chain.chainId,
      id: chain.chainId,
      chainName: chain.chainName,
      networkName: chain.networkName,
      chainType: chain.chainType,
      type: chain.chainType,
      nativeCurrency: { ...chain.nativeCurrency },
      rpc: chain.rpc,
      blockExplorerUrls: [this.explorerUrl(chain.chainId)],
      chainIconURI: this.chainIconUrl(chain.chainId),
      providersSupported: [...chain.providersSupported],
      ...(chain.providerChainName ? { [chain.providerChainName.field]: chain.providerChainName.value } : {}),
    };
  }

  tokenJson(token: CatalogToken) {
    return {
      address: token.address,
      chainId: token.chainId,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      type: token.type,
      usdPrice: token.usdPrice,
      logoURI: this.tokenIconUrl(token),
    };
  }
}
