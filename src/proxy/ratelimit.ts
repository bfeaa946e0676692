/**
 * Per-client flood limit: fixed windows counted in memory, one per client
 * key. Web-standard only (no timers), so the edge handler can use it.
 *
 * Memory is bounded twice: a client's window is forgotten once it has
 * expired (expired windows are always the oldest entries, so each check
 * sweeps them off the front of the map in amortised constant time), and the
 * map never holds more than `maxClients` windows; when that many clients are
 * active at once, the oldest window is dropped to admit a new one.
 */

export interface ClientRateLimit {
  /** Requests a client may make per window. */
  readonly limit: number;
  /** Window length in milliseconds. */
  readonly windowMs: number;
}

export const DEFAULT_CLIENT_RATE_LIMIT: ClientRateLimit = { limit: 120, windowMs: 10_000 };

/** Windows kept at most; about 100 bytes each with a 128-character key cap. */
export const DEFAULT_MAX_TRACKED_CLIENTS = 10_000;

/** Longer keys are cut: a hostile forwarded-for header must not become a 16 KiB map key. */
const MAX_KEY_LENGTH = 128;

export type RateLimitVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface ClientRateLimiter {
  /** Counts one request for `key` and says whether it is within the limit. */
  hit(key: string): RateLimitVerdict;
  /** Windows currently held (for tests and diagnostics). */
  readonly size: number;
}

export interface RateLimiterOptions {
  readonly maxClients?: number;
  /** Clock in milliseconds; default `Date.now`. */
  readonly now?: () => number;
}

interface Window {
  readonly start: number;
  count: number;
}

export function createClientRateLimiter(limit: ClientRateLimit, options: RateLimiterOptions = {}): ClientRateLimiter {
  const maxClients = options.maxClients ?? DEFAULT_MAX_TRACKED_CLIENTS;
  const now = options.now ?? Date.now;
  // Insertion order is window start order: a window is only ever inserted
  // when it starts (a restarted one is deleted and re-inserted).
  const windows = new Map<string, Window>();
  const expired = (window: Window, at: number) => at - window.start >= limit.windowMs || at < window.start;

  return {
    hit(rawKey) {
      const at = now();
      for (const [key, window] of windows) {
        if (!expired(window, at)) break;
        windows.delete(key);
      }
      const key = normaliseClientKey(rawKey);
      let window = windows.get(key);
      if (window && expired(window, at)) {
        // Only reachable if the clock went backwards.
        windows.delete(key);
        window = undefined;
      }
      if (!window) {
        if (windows.size >= maxClients) {
          const oldest = windows.keys().next();
          if (!oldest.done) windows.delete(oldest.value);
        }
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit.limit) return { allowed: true };
      const remainingMs = window.start + limit.windowMs - at;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
    },
    get size() {
      return windows.size;
    },
  };
}

/** An IPv4 address, then maybe a port as RFC 7239 allows it (digits, or an obfuscated `_token`). */
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3})(?::(?:\d{1,5}|_[\w.-]+))?$/;
const BRACKETED_IPV6_WITH_PORT = /^\[([0-9A-Fa-f:.]+)\](?::(?:\d{1,5}|_[\w.-]+))?$/;
const BARE_IPV6 = /^[0-9A-Fa-f:.]+$/;

/**
 * The client address in one entry of a forwarded header (`X-Forwarded-For`
 * or the `for=` of `Forwarded`), without its port: `203.0.113.9:4711` and
 * `"[2001:db8::17]:4711"` name the same client whatever the port, or every
 * connection would be a new client. An entry that is not an IP address
 * (`unknown`, an obfuscated `_hidden`, a name) is no client key: undefined.
 */
export function forwardedClientAddress(entry: string): string | undefined {
  const value = entry
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  const v4 = IPV4_WITH_PORT.exec(value);
  if (v4) return v4[1]!.split('.').every((octet) => Number(octet) <= 255) ? v4[1] : undefined;
  const bracketed = BRACKETED_IPV6_WITH_PORT.exec(value)?.[1];
  const v6 = bracketed ?? (BARE_IPV6.test(value) && value.includes(':') ? value : undefined);
  return v6 !== undefined && ipv6Prefix64(v6) !== undefined ? v6.toLowerCase() : undefined;
}

/**
 * One key per client: an IPv4-mapped IPv6 address counts as the IPv4
 * address, and IPv6 addresses are grouped by their /64 prefix (one host
 * usually controls a whole /64, so per-address keys would let it rotate
 * through 2^64 fresh windows). Anything else is used as given, cut to 128
 * characters.
 */
export function normaliseClientKey(key: string): string {
  const trimmed = key.trim().slice(0, MAX_KEY_LENGTH);
  const mapped = /^(?:\[)?::ffff:(\d{1,3}(?:\.\d{1,3}){3})(?:\])?$/i.exec(trimmed);
  if (mapped && mapped[1]!.split('.').every((octet) => Number(octet) <= 255)) return mapped[1]!;
  if (trimmed.includes(':')) {
    const prefix = ipv6Prefix64(trimmed);
    if (prefix !== undefined) return prefix;
  }
  return trimmed;
}

function ipv6Prefix64(address: string): string | undefined {
  let text = address.replace(/^\[/, '').replace(/\]$/, '').replace(/%.*$/, '').toLowerCase();
  const embedded = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (embedded) {
    const octets = embedded.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  if (!/^[0-9a-f:]+$/.test(text)) return undefined;
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  let groups: string[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return undefined;
    groups = [...head, ...Array.from({ length: missing }, () => '0'), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
