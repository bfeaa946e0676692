/** Proxy configuration and its validation. Everything is checked once, at start-up, so a bad deploy fails loudly. */
import { compileOriginPolicy, type OriginPolicy } from './cors.js';
import { createSecretScrubber, type SecretScrubber } from './scrub.js';

export interface ProxyOptions {
  /** Routing service base URL; spec paths are appended: `upstreamUrl + '/api/v1/routes/chains'`. */
  upstreamUrl: string;
  /** Injected as `X-API-Key`; never forwarded to the client or to `onLog`. */
  apiKey: string;
  /**
   * Exact origins like `'https://shop.example'`; `['*']` allows any origin.
   * Undefined or empty: same-origin only (cross-origin requests get 403).
   */
  allowedOrigins?: readonly string[];
  /** Prefix the proxy is mounted under, e.g. `'/bridge'` serves `/bridge/api/v1/...`. Default `''`. */
  mountPath?: string;
  /** Request body cap in bytes; default 64 KiB. Larger bodies get 413. */
  maxBodyBytes?: number;
  /** Cap on the whole upstream exchange; default 20 000 ms. Exceeding it before headers gives 504. */
  upstreamTimeoutMs?: number;
  /** Injectable for runtimes without a usable global; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** One line per request and per upstream failure. Lines are scrubbed of the key. */
  onLog?: (line: string) => void;
}

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 20_000;

/**
 * Shorter keys are refused because scrubbing them from response bodies would
 * mangle ordinary JSON (a key "dev" would also match inside "device").
 */
const MIN_API_KEY_LENGTH = 8;

export interface ResolvedProxyConfig {
  readonly upstreamOrigin: string;
  /** Path prefix of `upstreamUrl` without trailing slash, e.g. `''` or `/routing`. */
  readonly upstreamBasePath: string;
  readonly apiKey: string;
  readonly origins: OriginPolicy;
  readonly mountPath: string;
  readonly maxBodyBytes: number;
  readonly upstreamTimeoutMs: number;
  readonly fetch: typeof fetch;
  readonly scrubber: SecretScrubber;
  readonly log: (line: string) => void;
}

export function resolveProxyOptions(options: ProxyOptions): ResolvedProxyConfig {
  const upstream = parseUpstreamUrl(options.upstreamUrl);
  const apiKey = options.apiKey;
  if (typeof apiKey !== 'string' || apiKey.length < MIN_API_KEY_LENGTH) {
    throw new TypeError(`apiKey is required and must be at least ${MIN_API_KEY_LENGTH} characters`);
  }
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    // Error text must not quote the key.
    throw new TypeError('apiKey must be printable ASCII without spaces');
  }
  const scrubber = createSecretScrubber(apiKey);
  const onLog = options.onLog;
  // Bound here so runtimes that insist on fetch being called unbound (workers) are happy.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return {
    upstreamOrigin: upstream.origin,
    upstreamBasePath: upstream.pathname.replace(/\/+$/, ''),
    apiKey,
    origins: compileOriginPolicy(options.allowedOrigins),
    mountPath: normaliseMountPath(options.mountPath),
    maxBodyBytes: positiveInteger('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES),
    upstreamTimeoutMs: positiveInteger('upstreamTimeoutMs', options.upstreamTimeoutMs, DEFAULT_UPSTREAM_TIMEOUT_MS),
    fetch: fetchImpl,
    scrubber,
    log: (line) => {
      if (!onLog) return;
      try {
        onLog(scrubber.text(line));
      } catch {
        // A failing logger must not turn into a failed request.
      }
    },
  };
}

function parseUpstreamUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError('upstreamUrl must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('upstreamUrl must be an absolute http(s) URL');
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new TypeError('upstreamUrl must not carry a query, fragment or credentials');
  }
  return url;
}

function normaliseMountPath(value: string | undefined): string {
  if (value === undefined || value === '' || value === '/') return '';
  const trimmed = value.replace(/\/+$/, '');
  const segments = trimmed.split('/').slice(1);
  const valid =
    trimmed.startsWith('/') &&
    segments.every((segment) => /^[A-Za-z0-9._~-]+$/.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new TypeError(`mountPath "${value}" must look like /bridge (unreserved characters only)`);
  return trimmed;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`${name} must be a positive integer`);
  return value;
}
