/**
 * The allow-list of routing-service endpoints the proxy forwards: the v1
 * endpoints of `shared/spec/routing-service-api.md`, nothing else. Legacy
 * unversioned `/api/` aliases are deliberately absent (they are deprecated and
 * would double the surface a browser can reach with the host's key), and so
 * is `GET /api/v1/sdk/validate`: it describes the key (`key_id`, `label`,
 * `project_id`, dates), the widget never calls it, and the proxy calls it
 * itself at start-up and behind its health endpoint (`key-check.ts`).
 *
 * The upstream path is always rebuilt from the template and the validated
 * parameters, never copied from the client, so no client path can address a
 * different upstream resource.
 */

export type ForwardedMethod = 'GET' | 'POST';

export interface RouteSpec {
  readonly method: ForwardedMethod;
  /** Spec path, with `:name` for path parameters. */
  readonly template: string;
  /** Query parameters the spec names for the endpoint; all others are dropped. */
  readonly query: readonly string[];
}

export const ROUTES: readonly RouteSpec[] = [
  { method: 'GET', template: '/api/v1/routes/chains', query: [] },
  { method: 'GET', template: '/api/v1/routes/tokens', query: ['chainId', 'limit', 'cursor', 'q', 'includeTotal'] },
  {
    method: 'GET',
    template: '/api/v1/sdk/rpc/evm/allowance',
    query: ['chainId', 'tokenAddress', 'ownerAddress', 'spenderAddress'],
  },
  { method: 'POST', template: '/api/v1/routes/quote', query: [] },
  { method: 'POST', template: '/api/v1/routes/route', query: [] },
  { method: 'POST', template: '/api/v1/routes/deposit-address', query: [] },
  { method: 'POST', template: '/api/v1/route-intent/:intentId/receipt', query: [] },
  { method: 'GET', template: '/api/v1/route-intent/:intentId/status', query: [] },
  { method: 'GET', template: '/api/v1/data/balances/:address', query: [] },
];

/**
 * Strict allow-lists: no `%`, `.`, `/`, `\`, `;`, `?` or `#` can pass, so a
 * parameter can neither be decoded into a separator by the upstream nor be a
 * dot segment. Addresses of every family the spec lists (EVM hex, base58,
 * bech32) are alphanumeric.
 */
const PARAMETER_PATTERNS: Readonly<Record<string, RegExp>> = {
  intentId: /^[A-Za-z0-9_-]{1,128}$/,
  address: /^[A-Za-z0-9]{1,128}$/,
};

export type RouteMatch =
  | { readonly kind: 'matched'; readonly route: RouteSpec; readonly upstreamPath: string }
  | { readonly kind: 'method_not_allowed'; readonly route: RouteSpec }
  | { readonly kind: 'invalid_parameter'; readonly route: RouteSpec; readonly parameter: string }
  | { readonly kind: 'not_found' };

interface CompiledRoute {
  readonly spec: RouteSpec;
  readonly segments: readonly string[];
}

const COMPILED: readonly CompiledRoute[] = ROUTES.map((spec) => ({
  spec,
  segments: spec.template.slice(1).split('/'),
}));

/**
 * Matches a path (already stripped of the mount prefix, starting with `/`).
 * Literal segments are compared exactly; `method` is the request method, and
 * anything but the route's own method (HEAD included) is refused.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  if (!path.startsWith('/')) return { kind: 'not_found' };
  const segments = path.slice(1).split('/');
  for (const compiled of COMPILED) {
    if (compiled.segments.length !== segments.length) continue;
    const values = new Map<string, string>();
    let literalsMatch = true;
    compiled.segments.forEach((expected, index) => {
      const actual = segments[index] ?? '';
      if (expected.startsWith(':')) values.set(expected.slice(1), actual);
      else if (expected !== actual) literalsMatch = false;
    });
    if (!literalsMatch) continue;

    for (const [name, value] of values) {
      const pattern = PARAMETER_PATTERNS[name];
      if (!pattern || !pattern.test(value)) {
        return { kind: 'invalid_parameter', route: compiled.spec, parameter: name };
      }
    }
    if (compiled.spec.method !== method) return { kind: 'method_not_allowed', route: compiled.spec };
    const upstreamPath = compiled.segments
      .map((segment) => (segment.startsWith(':') ? encodeURIComponent(values.get(segment.slice(1)) ?? '') : segment))
      .join('/');
    return { kind: 'matched', route: compiled.spec, upstreamPath: `/${upstreamPath}` };
  }
  return { kind: 'not_found' };
}

export type QueryResult = { readonly ok: true; readonly search: string } | { readonly ok: false; readonly parameter: string };

/**
 * Re-encodes only the parameters the spec names for the route. A named
 * parameter given twice is refused rather than picking one, so the proxy and
 * the upstream can never disagree about which value was meant.
 */
export function buildUpstreamQuery(route: RouteSpec, params: URLSearchParams): QueryResult {
  const out = new URLSearchParams();
  for (const name of route.query) {
    const values = params.getAll(name);
    if (values.length > 1) return { ok: false, parameter: name };
    const value = values[0];
    if (value !== undefined) out.set(name, value);
  }
  const search = out.toString();
  return { ok: true, search: search ? `?${search}` : '' };
}
