/**
 * The production-size catalog (`--catalog large`): about 40 chains across the
 * spec's families and about 20,000 tokens, so the widget can be measured and
 * tested against a list the size of a real routing service's. Seeded: the
 * same chains, tokens, addresses and order on every start, so cursors, tests
 * and benchmarks can name a token. Only the sandbox's own tokens route; every
 * generated chain and token is informational.
 */
import type { CatalogChain, CatalogToken, ChainType } from './catalog.js';
import { NATIVE_TOKEN_ADDRESS } from '../chains/networks.js';
import { usdToMicro } from './money.js';

/** Tokens added per chain, in catalog order. The two local chains get the most so their pages run long. */
interface ChainPlan {
  chainId: string;
  chainType: ChainType;
  networkName: string;
  native: CatalogChain['nativeCurrency'];
  tokens: number;
}

const EVM = (chainId: string, networkName: string, symbol: string, name: string, tokens: number): ChainPlan => ({
  chainId,
  chainType: 'evm',
  networkName,
  native: { name, symbol, decimals: 18 },
  tokens,
});
const COSMOS = (chainId: string, networkName: string, symbol: string, tokens: number): ChainPlan => ({
  chainId,
  chainType: 'cosmos',
  networkName,
  native: { name: networkName, symbol, decimals: 6 },
  tokens,
});

/** Extra tokens for chains the default catalog already lists (its own tokens stay first). */
export const LARGE_EXTRA_TOKENS: Readonly<Record<string, number>> = {
  '11155111': 3000,
  '84532': 2500,
  'cataclysm-1': 150,
  'osmosis-1': 600,
  'cosmoshub-4': 120,
  '1329': 300,
  'sui-mainnet': 400,
  solana: 1500,
  bitcoin: 60,
};

/** Chains only the large catalog lists: informational, unroutable. */
export const LARGE_EXTRA_CHAINS: readonly ChainPlan[] = [
  EVM('1', 'Ethereum', 'ETH', 'Ether', 2200),
  EVM('42161', 'Arbitrum One', 'ETH', 'Ether', 1100),
  EVM('10', 'OP Mainnet', 'ETH', 'Ether', 700),
  EVM('8453', 'Base', 'ETH', 'Ether', 1300),
  EVM('137', 'Polygon', 'POL', 'Polygon Ecosystem Token', 1000),
  EVM('56', 'BNB Smart Chain', 'BNB', 'BNB', 1200),
  EVM('43114', 'Avalanche C-Chain', 'AVAX', 'Avalanche', 600),
  EVM('59144', 'Linea', 'ETH', 'Ether', 300),
  EVM('534352', 'Scroll', 'ETH', 'Ether', 200),
  EVM('324', 'zkSync Era', 'ETH', 'Ether', 250),
  EVM('81457', 'Blast', 'ETH', 'Ether', 220),
  EVM('5000', 'Mantle', 'MNT', 'Mantle', 150),
  EVM('100', 'Gnosis', 'XDAI', 'xDai', 180),
  EVM('42220', 'Celo', 'CELO', 'Celo', 120),
  EVM('250', 'Fantom', 'FTM', 'Fantom', 200),
  EVM('1284', 'Moonbeam', 'GLMR', 'Glimmer', 90),
  EVM('2222', 'Kava EVM', 'KAVA', 'Kava', 70),
  EVM('34443', 'Mode', 'ETH', 'Ether', 80),
  EVM('167000', 'Taiko', 'ETH', 'Ether', 60),
  EVM('146', 'Sonic', 'S', 'Sonic', 150),
  EVM('80094', 'Berachain', 'BERA', 'Bera', 120),
  COSMOS('noble-1', 'Noble', 'USDC', 12),
  COSMOS('neutron-1', 'Neutron', 'NTRN', 160),
  COSMOS('injective-1', 'Injective', 'INJ', 240),
  COSMOS('stargaze-1', 'Stargaze', 'STARS', 60),
  COSMOS('juno-1', 'Juno', 'JUNO', 70),
  COSMOS('dydx-mainnet-1', 'dYdX', 'DYDX', 25),
  COSMOS('celestia', 'Celestia', 'TIA', 10),
  COSMOS('akashnet-2', 'Akash', 'AKT', 15),
  COSMOS('kaiyo-1', 'Kujira', 'KUJI', 90),
  { chainId: 'solana-devnet', chainType: 'solana', networkName: 'Solana Devnet', native: { name: 'Solana', symbol: 'SOL', decimals: 9 }, tokens: 200 },
  { chainId: 'sui-testnet', chainType: 'sui', networkName: 'Sui Testnet', native: { name: 'Sui', symbol: 'SUI', decimals: 9 }, tokens: 100 },
  { chainId: 'bitcoin-testnet', chainType: 'bitcoin', networkName: 'Bitcoin Testnet', native: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, tokens: 20 },
];

/** Well-known assets first on each EVM chain, as real lists have them. */
const WELL_KNOWN: readonly [string, string, number, number][] = [
  ['USDT', 'Tether USD', 6, 1],
  ['USDC', 'USD Coin', 6, 1],
  ['DAI', 'Dai Stablecoin', 18, 1],
  ['WBTC', 'Wrapped BTC', 8, 60_000],
  ['WETH', 'Wrapped Ether', 18, 3000],
  ['LINK', 'Chainlink', 18, 14],
  ['UNI', 'Uniswap', 18, 7],
  ['AAVE', 'Aave', 18, 95],
  ['CRV', 'Curve DAO Token', 18, 0.4],
  ['LDO', 'Lido DAO Token', 18, 1.8],
  ['MKR', 'Maker', 18, 1500],
  ['SNX', 'Synthetix Network Token', 18, 2.1],
  ['COMP', 'Compound', 18, 48],
  ['GRT', 'The Graph', 18, 0.15],
  ['FRAX', 'Frax', 18, 1],
  ['PEPE', 'Pepe', 18, 0.00001],
  ['SHIB', 'Shiba Inu', 18, 0.00002],
  ['ARB', 'Arbitrum', 18, 0.6],
  ['OP', 'Optimism', 18, 1.5],
  ['wstETH', 'Wrapped liquid staked Ether 2.0', 18, 3500],
];

const SYLLABLES = [
  'ar',
  'be',
  'ca',
  'do',
  'el',
  'fa',
  'ga',
  'hi',
  'io',
  'ju',
  'ka',
  'lu',
  'mo',
  'ne',
  'no',
  'or',
  'pa',
  'qu',
  'ra',
  'si',
  'ta',
  'ul',
  'va',
  'wi',
  'xe',
  'yo',
  'za',
  'bri',
  'cro',
  'dra',
  'fle',
  'gro',
  'kri',
  'pho',
  'sta',
  'tri',
  'zen',
  'vor',
  'lyn',
  'mir',
  'nex',
  'ory',
  'pix',
  'quo',
  'rex',
  'sol',
  'tor',
  'umb',
  'vex',
  'wyn',
  'xan',
  'yel',
  'zor',
  'lum',
  'nov',
];
const SUFFIXES = [
  'Protocol',
  'Finance',
  'Network',
  'DAO',
  'Token',
  'Coin',
  'Labs',
  'Swap',
  'AI',
  'Chain',
  'Money',
  'Bridge',
  'Markets',
  'Exchange',
  'Games',
  'Vault',
  'Yield',
  'Capital',
  'Dollar',
  'Inu',
  'Cat',
  'Verse',
  'World',
  'Pay',
  'Storage',
];

/** mulberry32: a tiny seeded PRNG; the same seed gives the same catalog on every start. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function chars(random: () => number, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

/** `length` hex digits, eight per random draw; `mixedCase` upper-cases letters by the bits of another draw. */
function hex(random: () => number, length: number, mixedCase = false): string {
  let out = '';
  while (out.length < length) {
    const digits = Math.floor(random() * 4294967296)
      .toString(16)
      .padStart(8, '0');
    if (!mixedCase) {
      out += digits;
      continue;
    }
    const bits = Math.floor(random() * 256);
    for (let i = 0; i < 8; i++) out += bits & (1 << i) ? digits.charAt(i).toUpperCase() : digits.charAt(i);
  }
  return out.slice(0, length);
}

/** An EIP-55-looking mixed-case address (not a real checksum: the sandbox compares case-insensitively). */
function evmAddress(random: () => number): string {
  return `0x${hex(random, 40, true)}`;
}

function tokenAddress(random: () => number, type: ChainType, symbol: string): string {
  switch (type) {
    case 'evm':
      return evmAddress(random);
    case 'cosmos':
      return random() < 0.7
        ? `ibc/${hex(random, 64).toUpperCase()}`
        : `factory/${chars(random, 'abcdefghijklmnopqrstuvwxyz0123456789', 43)}/u${symbol.toLowerCase()}`;
    case 'solana':
      return chars(random, BASE58, 43 + Math.floor(random() * 2));
    case 'sui':
      return `0x${hex(random, 64)}::${symbol.toLowerCase()}::${symbol.toUpperCase()}`;
    case 'bitcoin':
      return `${800_000 + Math.floor(random() * 90_000)}:${Math.floor(random() * 3000)}`; // a rune id (block:tx)
  }
}

function category(type: ChainType): CatalogToken['category'] {
  return type === 'evm' ? 'erc20' : type === 'cosmos' ? 'bank' : type === 'solana' ? 'spl' : type === 'bitcoin' ? 'btc' : 'coin';
}

function decimalsFor(random: () => number, type: ChainType): number {
  if (type === 'evm') return random() < 0.85 ? 18 : pick(random, [6, 8, 9]);
  if (type === 'cosmos') return random() < 0.9 ? 6 : 18;
  if (type === 'solana') return pick(random, [6, 9, 9, 8]);
  if (type === 'sui') return 9;
  return random() < 0.5 ? 0 : 8;
}

/** A price spread over many orders of magnitude, rounded to four significant digits. */
function priceFor(random: () => number): number {
  const price = 10 ** (random() * 8 - 5);
  return Number(price.toPrecision(4));
}

function generated(chainId: string, type: ChainType, symbol: string, name: string, decimals: number, usdPrice: number, address: string): CatalogToken {
  return { chainId, address, symbol, name, decimals, type, usdPrice, priceMicro: usdToMicro(usdPrice), category: category(type), routable: false };
}

/**
 * `count` generated tokens for one chain, well-known assets first on EVM
 * chains, then made-up projects. `taken` holds the symbols the chain already
 * has (upper case); symbols stay unique per chain, names are unique too.
 */
export function generateChainTokens(chainId: string, type: ChainType, count: number, taken: Set<string>): CatalogToken[] {
  const random = prng(seedOf(`bridge-widget sandbox catalog ${chainId}`));
  const tokens: CatalogToken[] = [];
  if (type === 'evm') {
    for (const [symbol, name, decimals, price] of WELL_KNOWN) {
      if (tokens.length >= count) break;
      if (taken.has(symbol.toUpperCase())) continue;
      taken.add(symbol.toUpperCase());
      tokens.push(generated(chainId, type, symbol, name, decimals, price, evmAddress(random)));
    }
  }
  while (tokens.length < count) {
    const parts = 2 + Math.floor(random() * 2);
    let word = '';
    for (let i = 0; i < parts; i++) word += pick(random, SYLLABLES);
    const stem = word.charAt(0).toUpperCase() + word.slice(1);
    let symbol = word.slice(0, 3 + Math.floor(random() * 3)).toUpperCase();
    // Unique per chain: SOLA, SOLA2, SOLA3, … as lists with many small projects have.
    for (let n = 2; taken.has(symbol); n++) symbol = `${symbol.replace(/\d+$/, '')}${n}`;
    taken.add(symbol);
    const name = `${stem} ${pick(random, SUFFIXES)}${symbol.match(/\d+$/) ? ` ${symbol.match(/\d+$/)![0]}` : ''}`;
    tokens.push(generated(chainId, type, symbol, name, decimalsFor(random, type), priceFor(random), tokenAddress(random, type, symbol)));
  }
  return tokens;
}

export function largeChain(plan: ChainPlan): CatalogChain {
  return {
    chainId: plan.chainId,
    chainName: plan.chainId,
    networkName: plan.networkName,
    chainType: plan.chainType,
    nativeCurrency: { ...plan.native },
    rpc: `https://${plan.chainId}.rpc.sandbox.invalid`,
    providersSupported: [],
    routable: 'no',
  };
}

/** The large catalog over the default one: its chains first and unchanged, each chain's own tokens first (a local chain's WETH last), then the generated ones. */
export function buildLargeCatalog(
  baseChains: readonly CatalogChain[],
  baseTokens: readonly CatalogToken[],
): { chains: CatalogChain[]; tokens: CatalogToken[] } {
  const chains = [...baseChains, ...LARGE_EXTRA_CHAINS.map(largeChain)];
  const tokens: CatalogToken[] = [];
  for (const chain of chains) {
    const own = baseTokens.filter((t) => t.chainId === chain.chainId);
    const taken = new Set(own.map((t) => t.symbol.toUpperCase()));
    const plan = LARGE_EXTRA_CHAINS.find((p) => p.chainId === chain.chainId);
    const extra = plan ? plan.tokens : (LARGE_EXTRA_TOKENS[chain.chainId] ?? 0);
    if (plan) {
      // The chain's native coin first, as the default catalog lists its chains' natives.
      const native =
        chain.chainType === 'evm'
          ? NATIVE_TOKEN_ADDRESS
          : chain.chainType === 'cosmos'
            ? `u${plan.native.symbol.toLowerCase()}`
            : plan.native.symbol.toLowerCase();
      own.push({
        ...generated(chain.chainId, chain.chainType, plan.native.symbol, plan.native.name, plan.native.decimals, priceFor(prng(seedOf(chain.chainId))), native),
        category: 'native',
      });
      taken.add(plan.native.symbol.toUpperCase());
    }
    // A local chain's WETH goes last: a routable token that only its last page holds, so a test can
    // find it by searching and still bridge it (issue 15); ETH and USDC stay on the first page.
    const last = chain.local ? own.filter((t) => t.symbol === 'WETH') : [];
    tokens.push(...own.filter((t) => !last.includes(t)), ...generateChainTokens(chain.chainId, chain.chainType, extra, taken), ...last);
  }
  return { chains, tokens };
}
