/**
 * The proxy itself, runtime-neutral: only web-standard Request, Response,
 * fetch, URL, streams and AbortController. `handler.ts` exposes it for edge
 * runtimes; `node.ts` calls it with the raw request-target as well.
 */
import { isJsonContentType, isJsonDocument, isJsonResponseType, readCappedBody, readCappedStream, utf8Text } from './body.js';
import { corsResponseHeaders, decideOrigin, optionsHeaders, preflightHeaders } from './cors.js';
import { jsonError, type ProxyErrorCode } from './errors.js';
import { markSharedBody, type Exchange } from './exchange.js';
import type { StoreState } from './store-guard.js';
import type { KeyStatus } from './key-check.js';
import { priorityOf, type Admission, type Priority, type SendTicket } from './quota.js';
import { buildClientHeaders, buildUpstreamHeaders, SECURITY_HEADERS } from './headers.js';
import { hostAllowed, resolveProxyOptions, type ProxyOptions, type ResolvedProxyConfig } from './options.js';
import { forwardedClientAddress, normaliseClientKey } from './ratelimit.js';
import { buildUpstreamQuery, matchRoute, type RouteSpec } from './routes.js';
import { forwardRpc, SIMULATE_PATH, SIMULATE_TEMPLATE, SIMULATION_ENDPOINT } from './simulate.js';
import { READ_ENDPOINT, READ_PATH, READ_TEMPLATE } from './chain-read.js';

export interface RequestContext {
  /**
   * The request-target exactly as it arrived on the wire. Web runtimes hand
   * us an already-normalised `request.url` (dot segments resolved, `\` turned
   * into `/`); when the raw form is known, any target that normalisation
   * would rewrite is refused instead of being silently reinterpreted.
   */
  readonly rawTarget?: string;
  /**
   * The method as it arrived, when a web `Request` cannot carry it (the Fetch
   * standard forbids CONNECT, TRACE and TRACK, so the adapter passes a
   * stand-in). It takes precedence over `request.method`; such methods are
   * refused before anything else is looked at.
   */
  readonly method?: string;
  /**
   * The Host header exactly as it arrived (Node adapter). The allow-list is
   * checked on it, not on `request.url`, whose host had to be parseable.
   */
  readonly host?: string;
  /** The socket's peer address (Node adapter), the fallback client key for `clientRateLimit`. */
  readonly clientAddress?: string;
  /**
   * The wire request announced a body (non-zero Content-Length or any
   * Transfer-Encoding). A GET `Request` cannot carry one, so the adapter says
   * so here; such a GET is refused.
   */
  readonly declaresBody?: boolean;
}

export interface ProxyCore {
  (request: Request, context?: RequestContext): Promise<Response>;
  /** The key's status from the validate endpoint, shared with the health endpoint's cache. */
  readonly checkKey: () => Promise<KeyStatus>;
  /** The proxy's scrubbed logger, for adapters reporting what never became a request. */
  readonly log: (line: string) => void;
  /** The shared store's state, as on /healthz (`memory` without one). */
  readonly storeState: () => StoreState;
  /**
   * The Host allow-list and the flood limit, for what an adapter answers
   * itself (the Node server's metrics): the refusal to send (421, or 429 with
   * `Retry-After`), or undefined when the request may go on. A 429 is logged
   * once per refused burst (the first refusal of a client's window), so
   * guessing cannot flood the log either.
   */
  readonly screen: (request: Request, context: RequestContext, label: string) => Promise<Response | undefined>;
  /**
   * Shutting down: from now on the health endpoint answers 503 `draining`
   * and every new request 503 `proxy_draining` (clients retry elsewhere);
   * requests already in progress finish as usual.
   */
  readonly drain: () => void;
}

interface Outcome {
  readonly response: Response;
  /** Route template or a quoted path, for the log line. */
  readonly label: string;
  readonly note?: string;
}

/** Statuses whose responses cannot carry a body (Response constructor rejects one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The metrics' route label of every path that matched no route template. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts one answer from its log note (`upstream=200`, `rpc=200`, `cache=hit`), so the metrics say what the log says.
 * Labelled by route template only: a path that matched none (logged quoted, as it came) counts as `unmatched`, so
 * visitors' paths never reach monitoring and cannot grow the series.
 */
function recordMetrics(config: ResolvedProxyConfig, outcome: Outcome): void {
  const metrics = config.metrics;
  if (!metrics) return;
  const route = outcome.label.startsWith('"') ? UNMATCHED_ROUTE : outcome.label;
  try {
    metrics.request(route, outcome.response.status);
    const upstream = /(?:^| )(?:upstream|rpc)=(\d{3})/.exec(outcome.note ?? '');
    if (upstream) metrics.upstream(route, Number(upstream[1]));
    const cache = /(?:^| )cache=(hit|stale|miss)/.exec(outcome.note ?? '');
    if (cache) metrics.cache(cache[1] as 'hit' | 'stale' | 'miss');
  } catch {
    // Counting must never fail a request.
  }
}

/** Clients whose refused burst is remembered at once (for logging it once), at most. */
const MAX_TRACKED_BURSTS = 1_000;

/** Methods the Fetch standard forbids; they only ever reach us through the Node adapter. */
const UNFORWARDABLE_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

export function createProxyCore(options: ProxyOptions): ProxyCore {
  const config = resolveProxyOptions(options);
  const state = { draining: false };
  const core = async (request: Request, context: RequestContext = {}): Promise<Response> => {
    const started = Date.now();
    const method = context.method ?? request.method;
    let outcome: Outcome;
    try {
      outcome = await handle(config, state, request, method, context);
    } catch (error) {
      outcome = {
        response: jsonError(500, 'proxy_internal_error', 'Internal proxy error'),
        label: '-',
        note: `internal error: ${describeError(error)}`,
      };
    }
    const note = outcome.note ? ` ${outcome.note}` : '';
    recordMetrics(config, outcome);
    config.log(`${method} ${outcome.label} -> ${outcome.response.status}${note} ${Date.now() - started}ms`);
    return outcome.response;
  };
  // Per client key, when the current refused burst ends: later refusals of the burst are not logged.
  const refusedBursts = new Map<string, number>();
  const screen = async (request: Request, context: RequestContext, label: string): Promise<Response | undefined> => {
    const method = context.method ?? request.method;
    const host = context.host ?? new URL(request.url).host;
    if (!hostAllowed(config.allowedHosts, host)) {
      config.log(`${method} ${label} -> 421 proxy_host_not_allowed host=${JSON.stringify(host.slice(0, 200))}`);
      return jsonError(421, 'proxy_host_not_allowed', 'This proxy does not answer under that host name');
    }
    const retryAfter = await checkClientRateLimit(config, request, context);
    if (retryAfter === undefined) return undefined;
    const client = normaliseClientKey(clientKeyOf(config, request, context) ?? '-');
    const now = Date.now();
    if ((refusedBursts.get(client) ?? 0) <= now) {
      if (refusedBursts.size >= MAX_TRACKED_BURSTS) {
        for (const [key, until] of refusedBursts) if (until <= now) refusedBursts.delete(key);
        if (refusedBursts.size >= MAX_TRACKED_BURSTS) refusedBursts.clear();
      }
      refusedBursts.set(client, now + retryAfter * 1000);
      config.log(`${method} ${label} -> 429 proxy_rate_limited client=${JSON.stringify(client)}; its further refusals for ${retryAfter} s are not logged`);
    }
    return jsonError(429, 'proxy_rate_limited', 'Too many requests from this client; retry later', { 'retry-after': String(retryAfter) });
  };
  return Object.assign(core, {
    screen,
    log: config.log,
    storeState: () => config.store.state(),
    checkKey: () => config.keyChecker.status(),
    drain: () => {
      state.draining = true;
    },
  });
}

interface CoreState {
  draining: boolean;
}

async function handle(config: ResolvedProxyConfig, state: CoreState, request: Request, method: string, context: RequestContext): Promise<Outcome> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refuse(400, 'proxy_bad_request', 'Unparseable request URL', {}, '-');
  }
  const { rawTarget } = context;
  const canonical = rawTarget === undefined || isCanonicalTarget(rawTarget);
  // The path, never the query; a non-canonical target is logged as it came (quoted, truncated).
  let label = quotePath(rawTarget !== undefined && !canonical ? rawTarget : url.pathname);

  const decision = decideOrigin(config.origins, request.headers, url);
  // Refused origins get no CORS grant, only `Vary`.
  const cors = corsResponseHeaders(decision);

  // Probes come by address and without an origin; the answer says only ready or not. It is answered
  // from memory before anything that could wait (not even the flood limit's store call).
  if (config.healthPath !== undefined && url.pathname === config.healthPath && (method === 'GET' || method === 'HEAD')) {
    return health(config, state, method);
  }

  // Every other request counts, whatever happens to it next, so a flood is cut
  // before any further work and never reaches the routing service.
  const retryAfter = await checkClientRateLimit(config, request, context);
  if (retryAfter !== undefined) {
    const headers = { ...cors, 'retry-after': String(retryAfter) };
    return refuse(429, 'proxy_rate_limited', 'Too many requests from this client; retry later', headers, label);
  }

  // A refusal the widget can read: a cross-origin page gets `{ error, code }` of a refused origin,
  // host or method (never data: nothing after a refusal is forwarded), so it can tell the site owner.
  const readable = refusalCors(request.headers, cors);
  const preflight = widgetPreflight(config, request, method, url, canonical);
  if (preflight) return preflight;

  if (state.draining) {
    return refuse(503, 'proxy_draining', 'This proxy instance is shutting down; retry', { ...cors, 'retry-after': '1', connection: 'close' }, label);
  }

  // Before the origin verdict: a DNS-rebinding page is same-origin with us.
  const host = context.host ?? url.host;
  if (!hostAllowed(config.allowedHosts, host)) {
    return refuse(421, 'proxy_host_not_allowed', 'This proxy does not answer under that host name', readable, label, [
      `host=${JSON.stringify(host.slice(0, 200))}`,
    ]);
  }

  if (decision.kind === 'refused') {
    const seen =
      decision.origin === null ? `origin=none sec-fetch-site=${JSON.stringify(decision.fetchSite)}` : `origin=${JSON.stringify(decision.origin.slice(0, 200))}`;
    return refuse(403, 'proxy_origin_not_allowed', 'Origin not allowed', readable, label, [seen]);
  }

  if (UNFORWARDABLE_METHODS.has(method)) {
    const headers = { ...readable, allow: 'GET, POST, OPTIONS' };
    return refuse(405, 'proxy_method_not_allowed', 'Method not allowed', headers, label);
  }

  if (!canonical) return refuse(400, 'proxy_bad_path', 'Request path is not in canonical form', cors, label);

  const path = stripMountPath(url.pathname, config.mountPath);
  if (path === undefined) return refuse(404, 'proxy_not_found', 'Not found', cors, label);

  const rpc = matchRpcPath(path);
  if (rpc) {
    label = rpc.template;
    if (method === 'OPTIONS') {
      return { response: new Response(null, { status: 204, headers: { ...cors, allow: 'POST, OPTIONS', ...SECURITY_HEADERS } }), label };
    }
    if (method !== 'POST') return refuse(405, 'proxy_method_not_allowed', 'Method not allowed', { ...readable, allow: 'POST, OPTIONS' }, label);
    return toOutcome(await forwardRpc(config.simulation, request, rpc.chainId, rpc.endpoint), cors, label);
  }

  const match = matchRoute(method, path);
  if (match.kind === 'not_found') return refuse(404, 'proxy_not_found', 'Not found', cors, label);
  label = match.route.template;
  if (match.kind === 'invalid_parameter') {
    return refuse(400, 'proxy_invalid_path_parameter', `Invalid path parameter: ${match.parameter}`, cors, label);
  }
  if (method === 'OPTIONS') {
    const isPreflight = request.headers.has('access-control-request-method');
    const headers = { ...optionsHeaders(decision, match.route.method, isPreflight), ...SECURITY_HEADERS };
    return { response: new Response(null, { status: 204, headers }), label };
  }
  if (match.kind === 'method_not_allowed') {
    return refuse(405, 'proxy_method_not_allowed', 'Method not allowed', { ...readable, allow: allowHeader(match.route) }, label);
  }
  if (match.route.method !== 'POST' && (context.declaresBody === true || request.body !== null)) {
    return refuse(400, 'proxy_unexpected_body', `${match.route.method} requests must not carry a body`, cors, label);
  }

  const query = buildUpstreamQuery(match.route, url.searchParams);
  if (!query.ok) {
    return refuse(400, 'proxy_invalid_query', `Query parameter given more than once: ${query.parameter}`, cors, label);
  }

  let body: Uint8Array<ArrayBuffer> | undefined;
  if (match.route.method === 'POST') {
    if (!isJsonContentType(request.headers.get('content-type'))) {
      return refuse(415, 'proxy_unsupported_media_type', 'Request body must be application/json', cors, label);
    }
    const read = await readCappedBody(request, config.maxBodyBytes);
    if (!read.ok) {
      if (read.reason === 'too_large') {
        return refuse(413, 'proxy_body_too_large', `Request body exceeds ${config.maxBodyBytes} bytes`, cors, label);
      }
      const message = read.reason === 'bad_length' ? 'Invalid Content-Length' : 'Request body could not be read';
      return refuse(400, 'proxy_body_unreadable', message, cors, label);
    }
    if (!isJsonDocument(read.bytes)) {
      return refuse(400, 'proxy_invalid_json', 'Request body is not valid JSON', cors, label);
    }
    body = read.bytes;
  }

  const target = `${config.upstreamOrigin}${config.upstreamBasePath}${match.upstreamPath}${query.search}`;
  if (config.catalog && CATALOG_TEMPLATES.has(label)) {
    const fetchUpstream = () =>
      admitted(config, 'other', (ticket) =>
        // Shared by every waiting visitor, so not tied to the first one's connection.
        upstreamExchange(config, { ticket, method: 'GET', target, headers: buildUpstreamHeaders(new Headers(), config.apiKey, false), body: undefined }),
      );
    return toOutcome(await config.catalog.serve(`catalog:${match.upstreamPath}${query.search}`, fetchUpstream), cors, label);
  }
  const exchange = await admitted(config, priorityOf(label), (ticket) =>
    upstreamExchange(config, {
      ticket,
      method: match.route.method,
      target,
      headers: buildUpstreamHeaders(request.headers, config.apiKey, body !== undefined),
      body,
      signal: request.signal,
    }),
  );
  return toOutcome(exchange, cors, label);
}

/** `/simulate/{chainId}` or `/read/{chainId}`: the two endpoints forwarded to the operator's RPC, behind one guard. */
function matchRpcPath(path: string) {
  const simulation = SIMULATE_PATH.exec(path);
  if (simulation) return { template: SIMULATE_TEMPLATE, chainId: simulation[1]!, endpoint: SIMULATION_ENDPOINT };
  const read = READ_PATH.exec(path);
  if (read) return { template: READ_TEMPLATE, chainId: read[1]!, endpoint: READ_ENDPOINT };
  return undefined;
}

/** The catalog: the same for every visitor, so one upstream answer serves them all. */
const CATALOG_TEMPLATES = new Set(['/api/v1/routes/chains', '/api/v1/routes/tokens']);

function toOutcome(exchange: Exchange, cors: Readonly<Record<string, string>>, label: string): Outcome {
  if (exchange.kind === 'refusal') {
    return refuse(exchange.status, exchange.code, exchange.message, { ...cors, ...exchange.headers }, label, exchange.notes);
  }
  const headers = new Headers(exchange.headers);
  for (const [name, value] of Object.entries(cors)) headers.set(name, value);
  // Whoever produced the answer (routing service, catalog cache, simulation RPC), it leaves with the proxy's own.
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  headers.set('cache-control', headers.get('cache-control') ?? 'no-store');
  const response = new Response(exchange.body, { status: exchange.status, headers });
  if (exchange.cached) markSharedBody(response, exchange.cached);
  return { response, label, note: exchange.note };
}

/** Runs `send` only if the key's quota allows a call of this priority now. */
async function admitted(config: ResolvedProxyConfig, priority: Priority, send: (ticket: SendTicket | undefined) => Promise<Exchange>): Promise<Exchange> {
  let ticket: SendTicket | undefined;
  if (config.quota) {
    const admission: Admission = await config.quota.admit(priority);
    if (!admission.ok) {
      const [code, message]: [ProxyErrorCode, string] =
        admission.reason === 'reserve'
          ? ['proxy_quota_reserved', 'The API key is low on quota; what is left is kept for transfers in progress. Retry later']
          : ['proxy_upstream_rate_limited', 'The routing service asked to wait; retry later'];
      return {
        kind: 'refusal',
        status: 429,
        code,
        message,
        headers: { 'retry-after': String(admission.retryAfterSeconds) },
        notes: [`priority=${priority}`],
      };
    }
    ticket = admission.ticket;
  }
  return send(ticket);
}

interface UpstreamCall {
  readonly method: string;
  readonly target: string;
  readonly headers: Headers;
  readonly body: Uint8Array<ArrayBuffer> | undefined;
  /** The client's connection; undefined for calls shared by several clients. */
  readonly signal?: AbortSignal;
  /** The quota's count of this send, for reading its answer's quota headers. */
  readonly ticket: SendTicket | undefined;
}

async function upstreamExchange(config: ResolvedProxyConfig, call: UpstreamCall): Promise<Exchange> {
  // One deadline for the whole exchange, body included, so a stalled upstream
  // cannot pin a connection open.
  const controller = new AbortController();
  let timedOut = false;
  const timer = unrefTimer(
    setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.upstreamTimeoutMs),
  );
  const onClientGone = () => controller.abort();
  call.signal?.addEventListener('abort', onClientGone, { once: true });
  const release = () => {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onClientGone);
  };
  const refusal = (status: number, code: ProxyErrorCode, message: string, ...notes: string[]): Exchange => ({
    kind: 'refusal',
    status,
    code,
    message,
    notes,
  });

  let upstream: Response;
  try {
    upstream = await config.fetch(call.target, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      // Following a redirect would resend X-API-Key to wherever it points.
      redirect: 'manual',
      signal: controller.signal,
    });
  } catch (error) {
    release();
    if (timedOut) return refusal(504, 'proxy_upstream_timeout', 'Routing service did not answer in time');
    if (call.signal?.aborted) return refusal(502, 'proxy_upstream_unreachable', 'Client closed the request', 'client gone');
    return refusal(502, 'proxy_upstream_unreachable', 'Routing service unreachable', `upstream error: ${describeError(error)}`);
  }
  if (config.quota) await config.quota.observe(upstream.status, upstream.headers, call.ticket).catch(() => undefined);
  const remaining = upstream.headers.get('x-ratelimit-remaining');
  if (remaining !== null && /^\d{1,15}$/.test(remaining.trim())) config.metrics?.quotaRemaining(Number(remaining));

  // `opaqueredirect` responses (status 0) are what some runtimes give for manual redirects.
  if (upstream.status === 0 || (upstream.status >= 300 && upstream.status < 400)) {
    release();
    await upstream.body?.cancel().catch(() => undefined);
    return refusal(502, 'proxy_upstream_redirect', 'Routing service answered with a redirect', `upstream status ${upstream.status}`);
  }

  const headers = buildClientHeaders(upstream.headers, config.scrubber);
  headers.set('cache-control', 'no-store');
  const note = `upstream=${upstream.status}`;
  if (NULL_BODY_STATUSES.has(upstream.status) || upstream.body === null) {
    release();
    await upstream.body?.cancel().catch(() => undefined);
    headers.delete('content-type');
    return { kind: 'response', status: upstream.status, headers, body: null, note };
  }

  // The whole body is read before anything is sent: it can only be checked
  // for the key once decoded, and only a complete document can be decoded.
  const contentType = upstream.headers.get('content-type');
  const read = await readCappedStream(upstream.headers.get('content-length'), upstream.body, config.maxResponseBytes);
  release();
  if (!read.ok) {
    if (read.reason === 'too_large') return refusal(502, 'proxy_upstream_too_large', 'Routing service response is too large', note);
    if (timedOut) return refusal(504, 'proxy_upstream_timeout', 'Routing service did not answer in time', note);
    return refusal(502, 'proxy_upstream_unreachable', 'Routing service response broke off', note);
  }
  if (read.bytes.byteLength === 0) {
    headers.delete('content-type');
    return { kind: 'response', status: upstream.status, headers, body: null, note };
  }
  const text = isJsonResponseType(contentType) ? utf8Text(read.bytes) : undefined;
  const scrubbed = text === undefined ? undefined : config.scrubber.json(text);
  if (scrubbed === undefined) return refusal(502, 'proxy_upstream_not_json', 'Routing service did not answer with JSON', note);
  return { kind: 'response', status: upstream.status, headers, body: scrubbed, note };
}

async function health(config: ResolvedProxyConfig, state: CoreState, method: string): Promise<Outcome> {
  // Never waits for the store: its state is what the guard last saw.
  const store = config.store.state();
  // Which chains' routes are simulated and arrivals checked: an operator sees what users lose without an RPC.
  const storeField: Record<string, string | number | readonly string[]> = {
    ...(store === 'memory' ? {} : { store, instances: config.store.instances() }),
    rpcChains: [...config.simulation.rpcUrls.keys()],
  };
  let body: Record<string, string | number | readonly string[]>;
  let note: string;
  if (state.draining) {
    body = { status: 'draining', ...storeField };
    note = 'draining';
  } else {
    const status = await config.keyChecker.status();
    body = status.state === 'active' ? { status: 'ready', ...storeField } : { status: 'not_ready', reason: status.state, ...storeField };
    note = `key ${status.state}`;
  }
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS };
  return {
    response: new Response(method === 'HEAD' ? null : JSON.stringify(body), { status: body.status === 'ready' ? 200 : 503, headers }),
    label: 'health',
    note: store === 'memory' ? note : `${note} store ${store}`,
  };
}

/** The methods the widget sends: a preflight for one of them on a known path is answered whatever the origin. */
const WIDGET_METHODS = new Set(['GET', 'POST']);
/** What a browser sends as `Origin`: echoed on a refusal only in this shape. */
const ECHOABLE_ORIGIN = /^(?:null|https?:\/\/[^\s/,]+)$/;

/**
 * The headers of a refusal a cross-origin page may read: the CORS grant an
 * allowed origin gets anyway, and for any other page with an `Origin`, that
 * origin echoed (with `Vary: Origin`). Only ever put on the proxy's own
 * refusals (origin, host, method), which carry `{ error, code }` and nothing
 * from the routing service.
 */
function refusalCors(headers: Headers, cors: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const origin = headers.get('origin');
  if (cors['access-control-allow-origin'] !== undefined || origin === null || !ECHOABLE_ORIGIN.test(origin)) return cors;
  return { ...cors, vary: 'Origin', 'access-control-allow-origin': origin };
}

/**
 * A CORS preflight that looks like the widget's (an `Origin`, a GET or POST on
 * a known path) is answered for any origin and host, so the browser makes the
 * real request and the page can read the proxy's answer: the data for an
 * allowed origin, else the refusal (403, 421 or 405) and nothing more.
 */
function widgetPreflight(config: ResolvedProxyConfig, request: Request, method: string, url: URL, canonical: boolean): Outcome | undefined {
  const origin = request.headers.get('origin');
  const requested = request.headers.get('access-control-request-method');
  if (method !== 'OPTIONS' || origin === null || !ECHOABLE_ORIGIN.test(origin) || requested === null || !WIDGET_METHODS.has(requested) || !canonical) {
    return undefined;
  }
  const path = stripMountPath(url.pathname, config.mountPath);
  if (path === undefined) return undefined;
  const match = matchRoute(requested, path);
  const rpc = requested === 'POST' ? matchRpcPath(path) : undefined;
  if (!rpc && match.kind !== 'matched' && match.kind !== 'method_not_allowed') return undefined;
  const headers = {
    ...preflightHeaders(origin, requested),
    allow: rpc ? 'POST, OPTIONS' : allowHeader(match.kind === 'not_found' ? undefined : match.route),
    ...SECURITY_HEADERS,
  };
  return {
    response: new Response(null, { status: 204, headers }),
    label: rpc ? rpc.template : match.kind === 'not_found' ? '-' : match.route.template,
  };
}

/** Seconds to wait when the request is over the client's limit, else undefined. */
async function checkClientRateLimit(config: ResolvedProxyConfig, request: Request, context: RequestContext): Promise<number | undefined> {
  if (config.rateLimiter === undefined || config.clientRateLimit === false) return undefined;
  const key = clientKeyOf(config, request, context);
  if (!key) return undefined;
  const { windowMs, limit } = config.clientRateLimit;
  // Counted where every instance counts, so a client cannot multiply its allowance by the number of instances;
  // while the shared store does not answer, this instance counts on its own.
  const counted = await config.store.call((shared) => shared.hit(`flood:${normaliseClientKey(key)}`, windowMs));
  if (counted.ok) return counted.value.count <= limit ? undefined : Math.max(1, Math.ceil(counted.value.resetInMs / 1000));
  const verdict = config.rateLimiter.hit(key);
  return verdict.allowed ? undefined : verdict.retryAfterSeconds;
}

function clientKeyOf(config: ResolvedProxyConfig, request: Request, context: RequestContext): string | undefined {
  if (config.clientKey) return config.clientKey(request) || undefined;
  if (config.trustProxyHeader !== undefined) {
    const value = request.headers.get(config.trustProxyHeader);
    const fromHeader = value === null ? undefined : lastForwardedEntry(config.trustProxyHeader, value);
    if (fromHeader) return fromHeader;
  }
  return context.clientAddress || undefined;
}

/**
 * The nearest proxy appends to a list header, so only the last entry is its
 * own observation; earlier entries are whatever the client claimed. Its
 * address without the port; an entry that names no address (`unknown`,
 * `_hidden`) gives none, and the socket address is the key instead.
 */
function lastForwardedEntry(name: string, value: string): string | undefined {
  const last = value.split(',').at(-1)?.trim();
  if (!last) return undefined;
  if (name !== 'forwarded') return forwardedClientAddress(last);
  const forParam = /(?:^|;)\s*for=("?)([^";]*)\1/i.exec(last);
  return forParam?.[2] === undefined ? undefined : forwardedClientAddress(forParam[2]);
}

function refuse(
  status: number,
  code: ProxyErrorCode,
  message: string,
  headers: Readonly<Record<string, string>>,
  label: string,
  notes: readonly string[] = [],
): Outcome {
  return { response: jsonError(status, code, message, headers), label, note: [code, ...notes].join(' ') };
}

/**
 * A target is canonical when URL parsing leaves its path untouched: no dot
 * segments (plain or `%2e`-encoded), no backslashes, nothing that would be
 * percent-encoded. It must also be origin-form (`/...`), never `//host/...`
 * or absolute-form.
 */
export function isCanonicalTarget(rawTarget: string): boolean {
  if (!rawTarget.startsWith('/') || rawTarget.startsWith('//') || rawTarget.includes('#')) return false;
  const queryStart = rawTarget.indexOf('?');
  const rawPath = queryStart === -1 ? rawTarget : rawTarget.slice(0, queryStart);
  try {
    return new URL(`http://proxy.invalid${rawPath}`).pathname === rawPath;
  } catch {
    return false;
  }
}

function stripMountPath(pathname: string, mountPath: string): string | undefined {
  if (mountPath === '') return pathname;
  if (!pathname.startsWith(`${mountPath}/`)) return undefined;
  return pathname.slice(mountPath.length);
}

function allowHeader(route: RouteSpec | undefined): string {
  return route ? `${route.method}, OPTIONS` : 'OPTIONS';
}

/** Quoted and truncated so a hostile path cannot forge extra log lines. */
function quotePath(path: string): string {
  return JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}...` : path);
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return `${error.message} (${typeof code === 'string' ? code : cause.message})`;
  }
  return error.message;
}

/** On Node, a pending deadline must not keep an otherwise idle process alive. */
function unrefTimer<T>(timer: T): T {
  if (typeof timer === 'object' && timer !== null && 'unref' in timer && typeof timer.unref === 'function') {
    timer.unref();
  }
  return timer;
}
