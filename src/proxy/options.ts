/** Proxy configuration and its validation. Everything is checked once, at start-up, so a bad deploy fails loudly. */
import type { ProxyMetrics } from './metrics.js';
import { createCatalogCache, type CatalogCache, type CatalogCacheConfig } from './catalog-cache.js';
import { compileOriginPolicy, type OriginPolicy } from './cors.js';
import { createClientRateLimiter, DEFAULT_CLIENT_RATE_LIMIT, type ClientRateLimit, type ClientRateLimiter } from './ratelimit.js';
import { createKeyChecker, type KeyChecker } from './key-check.js';
import { createQuotaGate, type QuotaGate, type QuotaReserve } from './quota.js';
import { createStoreGuard, DEFAULT_STORE_PROBE_INTERVAL_MS, DEFAULT_STORE_TIMEOUT_MS, type StoreGuard } from './store-guard.js';
import type { ProxyStore } from './store.js';
import { DEFAULT_SIMULATION_TIMEOUT_MS, resolveSimulationRpcUrls, type SimulationConfig } from './simulate.js';
import { createSecretScrubber, urlSecrets, type SecretScrubber } from './scrub.js';

export type { ClientRateLimit } from './ratelimit.js';
export type { QuotaReserve } from './quota.js';
export type { ProxyStore } from './store.js';
export type { CatalogCacheConfig } from './catalog-cache.js';

export interface ProxyOptions {
  /** Routing service base URL; spec paths are appended: `upstreamUrl + '/api/v1/routes/chains'`. */
  upstreamUrl: string;
  /** Injected as `X-API-Key`; never forwarded to the client or to `onLog`. */
  apiKey: string;
  /**
   * Exact origins like `'https://shop.example'`, compared byte for byte with
   * the browser's `Origin` (so `https://shop.example/`, another port or
   * scheme, `null` and look-alike hosts are all refused with 403); `['*']`
   * allows any origin. Undefined or empty: same-origin only.
   *
   * Whatever the list, a request without `Origin` whose `Sec-Fetch-Site` is
   * `cross-site` or `same-site` (an `<img>`, `<script>` or link on another
   * site) is refused: the widget never makes such requests.
   */
  allowedOrigins?: readonly string[];
  /**
   * The names this proxy answers under, as in the `Host` header:
   * `'bridge.shop.example'` (any port) or `'localhost:8787'` (that port only);
   * IPv6 literals in brackets. A request for another name gets 421
   * `proxy_host_not_allowed` before anything else is looked at.
   *
   * Set it wherever a browser can reach the proxy by address, above all on a
   * developer machine or a private network: there a DNS-rebinding page (a
   * site whose name the attacker points at 127.0.0.1) is same-origin with the
   * proxy, so neither the origin check nor CORS stops it from spending the key.
   *
   * Undefined: the Node server (`startProxyServer`, the command) bound to a
   * loopback address answers only to `localhost`, `127.0.0.1`, `[::1]` and
   * its bind address; bound elsewhere it answers to any name and warns at
   * start-up. `['*']`: any name, without a warning. The edge handler has no
   * bind address: there undefined means any name.
   */
  allowedHosts?: readonly string[];
  /** Prefix the proxy is mounted under, e.g. `'/bridge'` serves `/bridge/api/v1/...`. Default `''`. */
  mountPath?: string;
  /**
   * Request body cap in bytes; default 64 KiB. Larger bodies get 413: a
   * `Content-Length` above the cap before any byte is read, a chunked or
   * streamed body as soon as it passes the cap. Only POST routes take a body;
   * a GET that announces one gets 400 `proxy_unexpected_body`.
   */
  maxBodyBytes?: number;
  /** Cap on the whole upstream exchange, body included; default 20 000 ms. Exceeding it gives 504. */
  upstreamTimeoutMs?: number;
  /**
   * Cap on an upstream response body in bytes; default 8 MiB. The proxy reads
   * each body whole (it is checked for the key once decoded), so this bounds
   * its memory per request; a larger body gets 502 `proxy_upstream_too_large`.
   */
  maxResponseBytes?: number;
  /** Injectable for runtimes without a usable global; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /**
   * Path of the health endpoint for load balancers and orchestrators, below
   * `mountPath`; default `'/healthz'`, `false` for none. `GET` answers 200
   * `{ "status": "ready" }` while the key validates as active, else 503
   * `{ "status": "not_ready", "reason": "inactive" | "refused" | "unreachable" }`.
   * It answers whatever the Host and Origin (probes send neither a public
   * name nor an origin) and says nothing about the key but that.
   */
  healthPath?: string | false;
  /**
   * How long the health endpoint reuses one validate result; default 60 000 ms.
   * Probes in between (and concurrent ones) cost the key nothing.
   */
  healthCacheMs?: number;
  /**
   * Shared cache of the catalog: `GET` chains and tokens answers (every query
   * variant, keyed by the query the upstream gets) are the same for every
   * visitor, so a 200 answer is kept for `ttlMs` (default 300 000) and then
   * served stale for `staleWhileRevalidateMs` more (default 300 000) while one
   * background call refreshes it. Identical concurrent misses share one
   * upstream call. Answers carry `Cache-Control: public, max-age=…,
   * stale-while-revalidate=…` so browsers and CDNs cache them too; every
   * other answer carries `no-store`. Errors are never cached, and nothing
   * per user (balances, allowance, quote, route, receipt, status) ever is.
   * `false` turns it off.
   */
  catalogCache?: { ttlMs?: number; staleWhileRevalidateMs?: number } | false;
  /**
   * Quota-aware priorities. The proxy reads the key's quota from upstream
   * answers (`X-RateLimit-Remaining`/`-Reset`, `Retry-After` on 429). While
   * the service has said to wait it sends nothing and answers 429
   * `proxy_upstream_rate_limited`; when the window runs low it answers
   * everything but receipts and status polls with 429 `proxy_quota_reserved`
   * (with `Retry-After` until the window ends), and status polls once only
   * the receipts' share is left. Default reserve: 5 % of `X-RateLimit-Limit`
   * for receipts and 10 % for status polls (at least one call each).
   * `false` turns priorities off (upstream 429s are still passed on).
   */
  quotaReserve?: QuotaReserve | false;
  /**
   * The longest the proxy believes an upstream wait: `Retry-After` and
   * `X-RateLimit-Reset` (read as seconds, an HTTP date, epoch seconds or epoch
   * milliseconds: the spec does not say which) are cut to this. Default
   * 180 000 ms (3 minutes): a `Retry-After: 86400` blocks nothing, receipts
   * included, for longer.
   */
  maxUpstreamWaitMs?: number;
  /**
   * Deadline of each call to a shared `store` (Redis); default 50 ms (four of
   * them for a quota decision that is not a receipt's or a status poll's). Past it,
   * this instance's memory answers (a cache miss, its own flood limit, its
   * share of the quota), and after 3 failed calls in a row the store is not
   * called at all until a probe (one every `storeProbeIntervalMs`, default
   * 1000) answers again. Each change is one log line (`store degraded`,
   * `store down`, `store back`) and the health endpoint's `store` field.
   */
  storeTimeoutMs?: number;
  storeProbeIntervalMs?: number;
  /**
   * RPC URLs by chain id (`{ '11155111': 'https://…' }`) for
   * `POST {mountPath}/simulate/{chainId}`: one JSON-RPC `eth_simulateV1`
   * request (no batch, no other method; 400 `proxy_simulation_not_allowed`),
   * at most 256 KiB (413), bounded to what the widget sends (one block of at
   * most 7 calls on `latest`, no state or block overrides, at most 5 000 000
   * gas a call and 15 000 000 a request; else 400
   * `proxy_simulation_not_allowed`), forwarded without the API key, answered
   * as the RPC answered (scrubbed of the key, capped at `maxResponseBytes`).
   * A chain not listed gets 404 `proxy_simulation_unavailable`. Default none.
   */
  simulationRpcUrls?: Readonly<Record<string, string>>;
  /**
   * Serve `/simulate` and `/read` requests that carry no `Origin` header: server-side
   * callers. Browsers send `Origin` with every POST, so by default such a
   * request gets 403 `proxy_origin_not_allowed`; `SIMULATION_WITHOUT_ORIGIN=allow`
   * for the command. Default false.
   */
  simulationWithoutOrigin?: boolean;
  /**
   * The same map under its current name: one RPC per chain for
   * both `/simulate/{chainId}` and `POST {mountPath}/read/{chainId}`, the
   * destination-chain reads that check a transfer's arrival (a receipt, a
   * block header, `balanceOf`, a balance at a block; see docs/proxy.md,
   * "Chain reads"). Merged with `simulationRpcUrls`; this one wins for a chain in
   * both. A chain in neither is neither simulated nor checked.
   */
  rpcUrls?: Readonly<Record<string, string>>;
  /** Deadline of a simulation call; default 10 000 ms, then 504 `proxy_simulation_timeout`. */
  simulationTimeoutMs?: number;
  /** Counters for operators (the Node server's `metrics` option serves them to Prometheus). */
  metrics?: ProxyMetrics;
  /**
   * Where the catalog cache and the quota live, and (when given) the
   * per-client flood limit's windows: in this instance's memory by default;
   * a shared store (`createRedisStore`, or `REDIS_URL` for the command) lets
   * several instances share all three.
   */
  store?: ProxyStore;
  /** One line per request and per upstream failure. Lines are scrubbed of the key. */
  onLog?: (line: string) => void;
  /**
   * Per-client flood limit: at most `limit` requests per `windowMs` (fixed
   * windows) from one client. Every request counts, refused ones and CORS
   * preflights included. Over the limit the proxy answers 429
   * `{ error, code: 'proxy_rate_limited' }` with `Retry-After` (seconds) and
   * does not call the routing service. Default `{ limit: 120, windowMs: 10_000 }`;
   * `false` turns it off.
   *
   * Applies only when the proxy can tell clients apart: by `clientKey` when
   * given, else by `trustProxyHeader` when given, else by the socket's peer
   * address (the Node adapter supplies it; edge runtimes do not, so without
   * `clientKey` or `trustProxyHeader` an edge handler has no per-client
   * limit). Behind a reverse proxy on Node, every client shares the reverse
   * proxy's address: set `trustProxyHeader` or the limit becomes global.
   *
   * Windows live in this instance's memory (at most 10 000 clients tracked,
   * expired windows dropped), so several processes or edge isolates each
   * count on their own. IPv6 clients are counted per /64.
   */
  clientRateLimit?: ClientRateLimit | false;
  /**
   * Name of a request header that a reverse proxy in front of this one sets
   * to the client's address, e.g. `'x-forwarded-for'`, `'x-real-ip'`,
   * `'cf-connecting-ip'`. Only set it when every request really passes
   * through such a proxy: a client can send the header itself. For
   * comma-separated values the last entry is used (the one the nearest
   * proxy appended); for `forwarded` its `for=` parameter. When the header
   * is absent the socket address is used. Not together with `clientKey`.
   */
  trustProxyHeader?: string;
  /**
   * Client key for `clientRateLimit`, for runtimes whose platform knows the
   * client (Cloudflare: `(request) => request.headers.get('cf-connecting-ip')`).
   * Returning `null`, `undefined` or `''` exempts that request from the
   * limit; throwing answers 500. Not together with `trustProxyHeader`.
   */
  clientKey?: (request: Request) => string | null | undefined;
}

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_HEALTH_CACHE_MS = 60_000;
export const DEFAULT_CATALOG_TTL_MS = 300_000;
export const DEFAULT_CATALOG_STALE_MS = 300_000;
export const DEFAULT_MAX_UPSTREAM_WAIT_MS = 180_000;

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
  /** Lower-cased `host` or `host:port` entries, or undefined for any. */
  readonly allowedHosts: ReadonlySet<string> | undefined;
  readonly mountPath: string;
  readonly maxBodyBytes: number;
  readonly upstreamTimeoutMs: number;
  readonly maxResponseBytes: number;
  readonly fetch: typeof fetch;
  /** Full path (mount path included) of the health endpoint, or undefined. */
  readonly healthPath: string | undefined;
  readonly keyChecker: KeyChecker;
  /** The shared store (when given) behind its deadline and circuit breaker, and this instance's memory. */
  readonly store: StoreGuard;
  readonly catalog: CatalogCache | undefined;
  readonly simulation: SimulationConfig;
  readonly metrics: ProxyMetrics | undefined;
  readonly quota: QuotaGate | undefined;
  readonly scrubber: SecretScrubber;
  readonly log: (line: string) => void;
  /** `false` when off. */
  readonly clientRateLimit: ClientRateLimit | false;
  readonly rateLimiter: ClientRateLimiter | undefined;
  /** Lower-cased header name, or undefined. */
  readonly trustProxyHeader: string | undefined;
  readonly clientKey: ((request: Request) => string | null | undefined) | undefined;
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
  const rpcUrls = resolveSimulationRpcUrls(options.simulationRpcUrls || options.rpcUrls ? { ...options.simulationRpcUrls, ...options.rpcUrls } : undefined);
  // What the RPCs answer, and every log line, are also kept clear of the RPC URLs and the keys in them.
  const rpcScrubber = rpcUrls.size === 0 ? scrubber : createSecretScrubber([apiKey, ...[...rpcUrls.values()].flatMap(urlSecrets)]);
  const onLog = options.onLog;
  // Bound here so runtimes that insist on fetch being called unbound (workers) are happy.
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clientRateLimit = resolveClientRateLimit(options.clientRateLimit);
  const trustProxyHeader = resolveTrustProxyHeader(options.trustProxyHeader);
  if (options.clientKey !== undefined && typeof options.clientKey !== 'function') {
    throw new TypeError('clientKey must be a function (request) => string');
  }
  if (options.clientKey !== undefined && trustProxyHeader !== undefined) {
    throw new TypeError('set clientKey or trustProxyHeader, not both');
  }

  const upstreamBasePath = upstream.pathname.replace(/\/+$/, '');
  const mountPath = normaliseMountPath(options.mountPath);
  const upstreamTimeoutMs = positiveInteger('upstreamTimeoutMs', options.upstreamTimeoutMs, DEFAULT_UPSTREAM_TIMEOUT_MS);
  const healthPath = options.healthPath === false ? undefined : `${mountPath}${normaliseMountPath(options.healthPath ?? '/healthz', 'healthPath')}`;

  const shared = options.store;
  if (shared !== undefined && (typeof shared.get !== 'function' || typeof shared.set !== 'function' || typeof shared.hit !== 'function')) {
    throw new TypeError('store must have get, set and hit');
  }
  const quotaReserve = resolveQuotaReserve(options.quotaReserve);
  const log = (line: string) => {
    if (!onLog) return;
    try {
      onLog(rpcScrubber.text(line));
    } catch {
      // A failing logger must not turn into a failed request.
    }
  };
  const store = createStoreGuard({
    shared,
    timeoutMs: positiveInteger('storeTimeoutMs', options.storeTimeoutMs, DEFAULT_STORE_TIMEOUT_MS),
    probeIntervalMs: positiveInteger('storeProbeIntervalMs', options.storeProbeIntervalMs, DEFAULT_STORE_PROBE_INTERVAL_MS),
    log,
  });
  const catalogCache = resolveCatalogCache(options.catalogCache);
  const maxUpstreamWaitMs = positiveInteger('maxUpstreamWaitMs', options.maxUpstreamWaitMs, DEFAULT_MAX_UPSTREAM_WAIT_MS);
  const quota = quotaReserve === false ? undefined : createQuotaGate(store, { reserve: quotaReserve, capMs: maxUpstreamWaitMs });
  const keyChecker = createKeyChecker({
    validateUrl: `${upstream.origin}${upstreamBasePath}/api/v1/sdk/validate`,
    apiKey,
    fetch: fetchImpl,
    timeoutMs: upstreamTimeoutMs,
    cacheMs: positiveInteger('healthCacheMs', options.healthCacheMs, DEFAULT_HEALTH_CACHE_MS),
    scrubber,
    onAnswer: (status, headers) => void quota?.observe(status, headers).catch(() => undefined),
  });

  return {
    store,
    catalog: catalogCache && createCatalogCache(catalogCache, store),
    metrics: options.metrics,
    simulation: {
      rpcUrls,
      timeoutMs: positiveInteger('simulationTimeoutMs', options.simulationTimeoutMs, DEFAULT_SIMULATION_TIMEOUT_MS),
      maxResponseBytes: positiveInteger('maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
      fetch: fetchImpl,
      scrubber: rpcScrubber,
      withoutOrigin: options.simulationWithoutOrigin === true,
    },
    quota,
    upstreamOrigin: upstream.origin,
    upstreamBasePath,
    apiKey,
    origins: compileOriginPolicy(options.allowedOrigins),
    allowedHosts: compileAllowedHosts(options.allowedHosts),
    mountPath,
    maxBodyBytes: positiveInteger('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES),
    upstreamTimeoutMs,
    maxResponseBytes: positiveInteger('maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
    fetch: fetchImpl,
    healthPath,
    keyChecker,
    scrubber,
    log,
    clientRateLimit,
    rateLimiter: clientRateLimit === false ? undefined : createClientRateLimiter(clientRateLimit),
    trustProxyHeader,
    clientKey: options.clientKey,
  };
}

const HOST_ENTRY = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

function compileAllowedHosts(entries: readonly string[] | undefined): ReadonlySet<string> | undefined {
  if (entries === undefined) return undefined;
  if (!Array.isArray(entries) || entries.length === 0) throw new TypeError('allowedHosts must be a non-empty list of host names, e.g. ["localhost:8787"]');
  // `['*']`: any name, said explicitly (the Node adapter's loopback default is then off).
  if (entries.length === 1 && entries[0] === '*') return undefined;
  return new Set(
    entries.map((entry) => {
      const host = typeof entry === 'string' ? entry.trim().toLowerCase() : '';
      if (!HOST_ENTRY.test(host))
        throw new TypeError(`allowedHosts: "${String(entry)}" is not a host name like bridge.shop.example or localhost:8787 (or ['*'] alone for any)`);
      return host;
    }),
  );
}

/**
 * Whether the request's `host` (`name` or `name:port`, the Host header as sent) is allowed. Under an
 * allow-list a Host with anything but letters, digits, `.`, `-` (or a bracketed IPv6 address) and a
 * port is refused, never replaced: `a_b.rebind.example` is a name an attacker can point at us.
 */
export function hostAllowed(allowed: ReadonlySet<string> | undefined, host: string): boolean {
  if (!allowed) return true;
  const name = host.toLowerCase();
  if (!HOST_ENTRY.test(name)) return false;
  const withoutPort = name.replace(/:\d+$/, '');
  return allowed.has(name) || allowed.has(withoutPort);
}

function resolveCatalogCache(value: ProxyOptions['catalogCache']): CatalogCacheConfig | undefined {
  if (value === false) return undefined;
  if (value !== undefined && (typeof value !== 'object' || value === null)) {
    throw new TypeError('catalogCache must be { ttlMs, staleWhileRevalidateMs } or false');
  }
  return {
    ttlMs: positiveInteger('catalogCache.ttlMs', value?.ttlMs, DEFAULT_CATALOG_TTL_MS),
    staleMs: nonNegativeInteger('catalogCache.staleWhileRevalidateMs', value?.staleWhileRevalidateMs, DEFAULT_CATALOG_STALE_MS),
  };
}

function resolveQuotaReserve(value: ProxyOptions['quotaReserve']): QuotaReserve | false | undefined {
  if (value === undefined || value === false) return value;
  if (typeof value !== 'object' || value === null) throw new TypeError('quotaReserve must be { receipts, status } or false');
  return {
    receipts: nonNegativeInteger('quotaReserve.receipts', value.receipts),
    status: nonNegativeInteger('quotaReserve.status', value.status),
  };
}

function nonNegativeInteger(name: string, value: number | undefined, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined || !Number.isSafeInteger(value) || value < 0) throw new TypeError(`${name} must be a non-negative integer`);
  return value;
}

function resolveClientRateLimit(value: ClientRateLimit | false | undefined): ClientRateLimit | false {
  if (value === undefined) return DEFAULT_CLIENT_RATE_LIMIT;
  if (value === false) return false;
  if (typeof value !== 'object' || value === null) {
    throw new TypeError('clientRateLimit must be { limit, windowMs } or false');
  }
  return {
    limit: positiveInteger('clientRateLimit.limit', value.limit),
    windowMs: positiveInteger('clientRateLimit.windowMs', value.windowMs),
  };
}

function resolveTrustProxyHeader(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) {
    throw new TypeError('trustProxyHeader must be a header name like x-forwarded-for');
  }
  return value.toLowerCase();
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

function normaliseMountPath(value: string | undefined, name = 'mountPath'): string {
  if (value === undefined || value === '' || value === '/') return '';
  const trimmed = value.replace(/\/+$/, '');
  const segments = trimmed.split('/').slice(1);
  const valid = trimmed.startsWith('/') && segments.every((segment) => /^[A-Za-z0-9._~-]+$/.test(segment) && segment !== '.' && segment !== '..');
  if (!valid) throw new TypeError(`${name} "${value}" must look like /bridge (unreserved characters only)`);
  return trimmed;
}

/** Without a fallback the value is required. */
function positiveInteger(name: string, value: number | undefined, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined || !Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive integer`);
  }
  return value;
}
