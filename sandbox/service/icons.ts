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
};

export function chainIconSvg(chainId: string): string {
  return iconSvg(chainId, CHAIN_LABELS[chainId] ?? chainId);
}

export function tokenIconSvg(symbol: string): string {
  return iconSvg(symbol, symbol);
}
