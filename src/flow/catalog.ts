/**
 * Chains and tokens change rarely: they are fetched once per proxy and kept
 * for a while, so a second widget on the page (or a remount) does not fetch
 * them again. Failed fetches are not cached.
 */
import type { WidgetClient } from '../api/client.js';
import type { Chain, Token } from '../api/schemas.js';

export const CATALOG_TTL_MS = 5 * 60_000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/** Keyed by what and proxy: `chains https://…`. */
const cache = new Map<string, Entry<unknown>>();

function cached<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = cache.get(key) as Entry<T> | undefined;
  if (hit && now - hit.at < CATALOG_TTL_MS) return hit.value;
  const value = load();
  cache.set(key, { at: now, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

// Not tied to one widget's AbortSignal: the shared promise outlives a widget that unmounts.
export function loadChains(client: WidgetClient): Promise<Chain[]> {
  return cached(`chains ${client.baseUrl}`, async () => (await client.chains()).data);
}

export function loadTokens(client: WidgetClient): Promise<Token[]> {
  return cached(`tokens ${client.baseUrl}`, async () => (await client.tokens()).data);
}

export function clearCatalogCache(): void {
  cache.clear();
}

export type ChainAvailability = 'available' | 'unconfirmed' | 'informational' | 'unavailable';

/**
 * What the spec's chain notes mean for a destination: EVM chains route;
 * `cataclysm-1` is the one Cosmos destination with end-to-end support and other
 * non-EVM families need a quote to confirm them; other Cosmos entries and
 * `sui-mainnet` are informational. A successful quote promotes a chain.
 */
export function destinationAvailability(chain: Chain, confirmed: ReadonlySet<string>): ChainAvailability {
  if (confirmed.has(chain.chainId)) return 'available';
  switch (chain.chainType) {
    case 'evm':
      return 'available';
    case 'cosmos':
      return chain.chainId === 'cataclysm-1' ? 'unconfirmed' : 'informational';
    case 'sui':
      return 'informational';
    case 'solana':
    case 'bitcoin':
      return 'unconfirmed';
    default:
      return 'informational';
  }
}

/** Sources are the chains the EIP-1193 wallet can sign on. */
export function isSourceChain(chain: Chain): boolean {
  return chain.chainType === 'evm' && /^\d+$/.test(chain.chainId);
}

/** Parses an allow or deny list attribute: comma or space separated, case-insensitive. */
export function parseList(value: string | null | undefined): Set<string> | undefined {
  if (!value) return undefined;
  const items = value
    .split(/[\s,]+/)
    .map((s) => s.toLowerCase())
    .filter(Boolean);
  return items.length ? new Set(items) : undefined;
}

export function passesLists(values: readonly string[], allow: Set<string> | undefined, deny: Set<string> | undefined): boolean {
  const lower = values.map((v) => v.toLowerCase());
  if (deny && lower.some((v) => deny.has(v))) return false;
  if (allow && !lower.some((v) => allow.has(v))) return false;
  return true;
}
