/** Tiny generated SVG logos so chain and token lists have real, local image URLs. */

const PALETTE: Record<string, string> = {
  ETH: '#627EEA',
  USDC: '#2775CA',
  WETH: '#EC4899',
  CATA: '#F97316',
  OSMO: '#750BBB',
  ATOM: '#2E3148',
  SEI: '#9E1F19',
  SUI: '#4DA2FF',
  SOL: '#14F195',
  BTC: '#F7931A',
  '11155111': '#627EEA',
  '84532': '#0052FF',
  'cataclysm-1': '#F97316',
};

function colourFor(key: string): string {
  const known = PALETTE[key];
  if (known) return known;
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 60% 45%)`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function iconSvg(key: string, label: string): string {
  const text = escapeXml(label.slice(0, 4).toUpperCase());
  const fontSize = text.length <= 2 ? 26 : text.length === 3 ? 20 : 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(label)}">` +
    `<circle cx="32" cy="32" r="32" fill="${colourFor(key)}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${text}</text>` +
    `</svg>`
  );
}

const CHAIN_LABELS: Record<string, string> = {
  '11155111': 'SEP',
  '84532': 'BASE',
  'cataclysm-1': 'CATA',
  'osmosis-1': 'OSMO',
  'cosmoshub-4': 'ATOM',
  '1329': 'SEI',
  'sui-mainnet': 'SUI',
  solana: 'SOL',
  bitcoin: 'BTC',
  // Chains of the large catalog (large-catalog.ts).
  '1': 'ETH',
  '42161': 'ARB',
  '10': 'OP',
  '8453': 'BASE',
  '137': 'POL',
  '56': 'BNB',
  '43114': 'AVAX',
  '59144': 'LIN',
  '534352': 'SCR',
  '324': 'ZK',
  '81457': 'BLST',
  '5000': 'MNT',
  '100': 'GNO',
  '42220': 'CELO',
  '250': 'FTM',
  '1284': 'GLMR',
  '2222': 'KAVA',
  '34443': 'MODE',
  '167000': 'TKO',
  '146': 'S',
  '80094': 'BERA',
  'noble-1': 'NBL',
  'neutron-1': 'NTRN',
  'injective-1': 'INJ',
  'stargaze-1': 'STRS',
  'juno-1': 'JUNO',
  'dydx-mainnet-1': 'DYDX',
  celestia: 'TIA',
  'akashnet-2': 'AKT',
  'kaiyo-1': 'KUJI',
  'solana-devnet': 'SOLD',
  'sui-testnet': 'SUIT',
  'bitcoin-testnet': 'TBTC',
};

export function chainIconSvg(chainId: string): string {
  return iconSvg(chainId, CHAIN_LABELS[chainId] ?? chainId);
}

export function tokenIconSvg(symbol: string): string {
  return iconSvg(symbol, symbol);
}
