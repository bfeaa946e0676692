/**
 * Origin policy. This only governs what browsers may do: a non-browser client
 * can omit or forge `Origin`, so the allow-list is not authentication; the
 * per-client flood limit (`clientRateLimit`) is what bounds such clients.
 */
import { PASSTHROUGH_RESPONSE_HEADERS } from './headers.js';

export interface OriginPolicy {
  readonly anyOrigin: boolean;
  readonly origins: ReadonlySet<string>;
}

export type OriginDecision =
  /** No `Origin` header: not a CORS request (server-side caller or same-origin GET). */
  | { readonly kind: 'no_origin' }
  | { readonly kind: 'same_origin' }
  | { readonly kind: 'allowed'; readonly allowOrigin: string }
  /** `origin` is null when the request had none but `Sec-Fetch-Site` says it came from another site. */
  | { readonly kind: 'refused'; readonly origin: string | null; readonly fetchSite: string | null };

const ALLOWED_HEADERS = 'content-type';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

export function compileOriginPolicy(allowedOrigins: readonly string[] | undefined): OriginPolicy {
  const list = allowedOrigins ?? [];
  if (list.includes('*')) return { anyOrigin: true, origins: new Set() };
  const origins = new Set<string>();
  for (const entry of list) origins.add(normaliseOrigin(entry));
  return { anyOrigin: false, origins };
}

/**
 * Config mistakes like a trailing slash or a path would otherwise silently
 * never match what browsers send, so they are rejected up front.
 */
function normaliseOrigin(entry: string): string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new TypeError(`allowedOrigins: "${entry}" is not an origin like https://shop.example`);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !bare || /[?#]/.test(entry)) {
    throw new TypeError(`allowedOrigins: "${entry}" is not an origin like https://shop.example`);
  }
  return url.origin;
}

/**
 * `Origin` is compared byte for byte with the allow-list (browsers always
 * send the serialised form: lower-case, no trailing slash, default port
 * omitted), so `null`, a trailing slash, another port or scheme and
 * look-alike hosts never match.
 */
export function decideOrigin(policy: OriginPolicy, headers: Headers, requestUrl: URL): OriginDecision {
  const origin = headers.get('origin');
  const fetchSite = headers.get('sec-fetch-site');
  if (origin === null) {
    // Browsers leave Origin off no-cors GETs (<img>, <script>, links), which
    // any page can aim here to spend the host's quota. Sec-Fetch-Site still
    // names them; the widget itself never makes such a request.
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return { kind: 'refused', origin: null, fetchSite };
    return { kind: 'no_origin' };
  }
  // A browser's own verdict wins when present: a reverse proxy in front of us
  // may rewrite Host, but it cannot make a cross-site page claim `same-origin`.
  if (fetchSite === 'same-origin' || isSameOrigin(origin, requestUrl)) {
    return { kind: 'same_origin' };
  }
  if (policy.anyOrigin) return { kind: 'allowed', allowOrigin: '*' };
  if (policy.origins.has(origin)) return { kind: 'allowed', allowOrigin: origin };
  return { kind: 'refused', origin, fetchSite };
}

/**
 * Compares host and port only: TLS is commonly terminated in front of the
 * proxy, so the request it sees is `http:` while the page's origin is
 * `https:` on the same host. A front proxy that rewrites Host defeats this
 * check for browsers without Sec-Fetch-Site; such deployments should list
 * their origin in `allowedOrigins`.
 */
function isSameOrigin(origin: string, requestUrl: URL): boolean {
  try {
    const parsed = new URL(origin);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.host === requestUrl.host;
  } catch {
    return false;
  }
}

/** Headers every response gets, so browsers can read bodies and the pass-through headers. */
export function corsResponseHeaders(decision: OriginDecision): Record<string, string> {
  // Vary always: a shared cache must not hand one origin's answer to another.
  const headers: Record<string, string> = { vary: 'Origin' };
  if (decision.kind === 'allowed') {
    headers['access-control-allow-origin'] = decision.allowOrigin;
    headers['access-control-expose-headers'] = PASSTHROUGH_RESPONSE_HEADERS.filter((h) => h !== 'content-type').join(', ');
  }
  return headers;
}

/**
 * Answer to OPTIONS on a known route. Only a real preflight (an allowed
 * cross-origin `Origin` plus `Access-Control-Request-Method`) is granted the
 * preflight headers, and only for the route's own method; a bare OPTIONS
 * just learns `Allow`.
 */
export function optionsHeaders(decision: OriginDecision, routeMethod: string, isPreflight: boolean): Record<string, string> {
  const headers: Record<string, string> = { ...corsResponseHeaders(decision), allow: `${routeMethod}, OPTIONS` };
  if (decision.kind === 'allowed' && isPreflight) Object.assign(headers, preflightHeaders(decision.allowOrigin, routeMethod));
  return headers;
}

/** The grant of a preflight for `method` from `origin`. */
export function preflightHeaders(origin: string, method: string): Record<string, string> {
  return {
    vary: 'Origin',
    'access-control-allow-origin': origin,
    'access-control-allow-methods': method,
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
  };
}
