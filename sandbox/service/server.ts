/**
 * The local routing service: every v1 endpoint of the spec plus the legacy
 * `/api/` aliases, with API keys, per-key rate limits, request IDs, CORS and
 * fault switches; admin endpoints, a tiny explorer and icons on the side.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { SandboxChain } from '../chains/local-networks.js';
import { applyCors, BodyTooLargeError, closeServer, listen, readBody } from '../shared/http.js';
import { handleAdmin } from './admin.js';
import type { PhoneWallet } from '../walletconnect/phone-wallet.js';
import { defaultApiKeys, type ApiKeyRecord } from './api-keys.js';
import { Catalog } from './catalog.js';
import type { ApiRequest, ApiResult, ServiceContext } from './context.js';
import { explorerPage } from './explorer.js';
import { FaultController, type EndpointName, type FaultState } from './faults.js';
import { listChains, listTokens } from './handlers/catalog-handlers.js';
import { allowance, balances, validateKey } from './handlers/data-handlers.js';
import { intentStatus, submitReceipt } from './handlers/intent-handlers.js';
import { depositAddress, quote, route } from './handlers/route-handlers.js';
import { chainIconSvg, tokenIconSvg } from './icons.js';
import { IntentStore } from './intents.js';
import { FixedWindowRateLimiter } from './rate-limit.js';
import { corruptField, malformedText } from './response-faults.js';
import { RequestLog, type LoggedRequest } from './request-log.js';
import { SimulatedCosmosBank } from './simulated-cosmos.js';
import { IntentTracker } from './tracker.js';

export const LEGACY_SUNSET = 'Wed, 31 Dec 2026 23:59:59 GMT';
const LEGACY_SUNSET_MS = Date.parse(LEGACY_SUNSET);

const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-Provider-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Deprecation',
  'Sunset',
  'Link',
] as const;

type Handler = (ctx: ServiceContext, req: ApiRequest) => ApiResult | Promise<ApiResult>;

interface ApiRoute {
  method: 'GET' | 'POST';
  /** Path below `/api/v1`, with `:name` parameters. */
  template: string;
  endpoint: EndpointName;
  handler: Handler;
}

const API_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', template: '/routes/chains', endpoint: 'chains', handler: (ctx) => listChains(ctx) },
  { method: 'GET', template: '/routes/tokens', endpoint: 'tokens', handler: listTokens },
  { method: 'GET', template: '/sdk/rpc/evm/allowance', endpoint: 'allowance', handler: allowance },
  { method: 'POST', template: '/routes/quote', endpoint: 'quote', handler: quote },
  { method: 'POST', template: '/routes/route', endpoint: 'route', handler: route },
  { method: 'POST', template: '/routes/deposit-address', endpoint: 'deposit-address', handler: depositAddress },
  { method: 'POST', template: '/route-intent/:intentId/receipt', endpoint: 'receipt', handler: submitReceipt },
  { method: 'GET', template: '/route-intent/:intentId/status', endpoint: 'status', handler: intentStatus },
  { method: 'GET', template: '/sdk/validate', endpoint: 'validate', handler: (_ctx, req) => validateKey(req) },
  { method: 'GET', template: '/data/balances/:address', endpoint: 'balances', handler: balances },
];

type RouteMatch = { route: ApiRoute; params: Record<string, string> } | { allow: string[] } | null;

function matchApiRoute(method: string, path: string): RouteMatch {
  const segments = path.split('/').slice(1);
  const allow: string[] = [];
  for (const route of API_ROUTES) {
    const expected = route.template.split('/').slice(1);
    if (expected.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const same = expected.every((part, i) => {
      const actual = segments[i] ?? '';
      if (part.startsWith(':')) {
        const decoded = safeDecode(actual);
        if (decoded === null) return false;
        params[part.slice(1)] = decoded;
        return decoded.length > 0;
      }
      return part === actual;
    });
    if (!same) continue;
    if (route.method === method) return { route, params };
    allow.push(route.method);
  }
  return allow.length > 0 ? { allow } : null;
}

export interface RoutingServiceOptions {
  host: string;
  port: number;
  chains: ReadonlyMap<string, SandboxChain>;
  rpcUrls: ReadonlyMap<number, string>;
  initialFaults: FaultState;
  apiKeys?: ApiKeyRecord[];
  pollHintMs: number;
  balanceDeadlineMs: number;
  tokenPageSize: number;
  trackerIntervalMs: number;
  receiptTimeoutMs: number;
  /** Payload of `GET /__sandbox/info`. */
  info: () => unknown;
  /** The phone wallet, for its admin endpoints (`/__sandbox/phone`). */
  phone?: (() => PhoneWallet | undefined) | undefined;
  log: (line: string) => void;
}

export interface RunningRoutingService {
  url: string;
  port: number;
  context: ServiceContext;
  rateLimiter: FixedWindowRateLimiter;
  /** Every API request with its response status (also `GET /__sandbox/requests`). */
  close(): Promise<void>;
}

export async function startRoutingService(options: RoutingServiceOptions): Promise<RunningRoutingService> {
  const apiKeys = options.apiKeys ?? defaultApiKeys();
  const faults = new FaultController(options.initialFaults);
  const rateLimiter = new FixedWindowRateLimiter(() => faults.peek('rateLimit'));
  let ctx: ServiceContext | undefined;

  const server = createServer((req, res) => {
    void serve(req, res).catch((error: unknown) => {
      options.log(`service: unhandled error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: 'Internal sandbox error' }));
      } else {
        res.destroy();
      }
    });
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    res.setHeader('X-Request-Id', requestId);
    applyCors(req, res, EXPOSED_HEADERS);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (!ctx) {
      send(res, requestId, { status: 503, body: { error: 'Sandbox is starting' } });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (path === '/api' || path.startsWith('/api/')) {
      await serveApi(ctx, req, res, requestId, url);
      return;
    }
    if (path.startsWith('/__sandbox/')) {
      const parts = path.slice('/__sandbox/'.length).split('/').filter(Boolean);
      let result: ApiResult;
      try {
        result = await handleAdmin(
          { ctx, rateLimiter, info: options.info, phone: options.phone },
          method,
          parts,
          async () => parseJson(await readBody(req)),
          url.searchParams,
        );
      } catch (error) {
        if (!(error instanceof SyntaxError || error instanceof BodyTooLargeError)) throw error;
        result = { status: 400, body: { error: `Invalid request body: ${error.message}` } };
      }
      send(res, requestId, result);
      return;
    }
    if (path === '/explorer' || path.startsWith('/explorer/')) {
      const parts = path.split('/').slice(2).filter(Boolean);
      const page = await explorerPage(ctx, parts);
      res.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(page.html);
      return;
    }
    const icon = /^\/icons\/(chains|tokens)\/([^/]+)\.svg$/.exec(path);
    if (icon) {
      const key = safeDecode(icon[2] ?? '') ?? '?';
      const svg = icon[1] === 'chains' ? chainIconSvg(key) : tokenIconSvg(key);
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' }).end(svg);
      return;
    }
    if (path === '/') {
      send(res, requestId, { status: 200, body: { service: 'bridge-widget routing sandbox', api: '/api/v1', admin: '/__sandbox/info' } });
      return;
    }
    send(res, requestId, { status: 404, body: { error: 'Not found' } });
  }

  async function serveApi(context: ServiceContext, req: IncomingMessage, res: ServerResponse, requestId: string, url: URL): Promise<void> {
    const logged = context.requests.add({
      receivedAt: Date.now(),
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/api(\/v\d+)?/, '') + url.search,
      query: Object.fromEntries(url.searchParams),
      endpoint: null,
      status: 0,
    });
    res.once('finish', () => (logged.status = res.statusCode));
    const headers: Record<string, string> = {};
    // Every API response, errors included, reports the caller's quota.
    const keyValue = req.headers['x-api-key'];
    const record = typeof keyValue === 'string' ? apiKeys.find((k) => k.key === keyValue) : undefined;
    const bucket = record ? record.keyId : `anonymous:${req.socket.remoteAddress ?? ''}`;
    const limit = rateLimiter.hit(bucket);
    headers['X-RateLimit-Limit'] = String(limit.limit);
    headers['X-RateLimit-Remaining'] = String(limit.remaining);
    headers['X-RateLimit-Reset'] = String(limit.resetAtSeconds);

    let path = url.pathname;
    if (path.startsWith('/api/v1/')) {
      path = path.slice('/api/v1'.length);
    } else if (/^\/api\/v\d+(\/|$)/.test(path)) {
      send(res, requestId, { status: 404, body: { error: 'Unknown API version' }, headers });
      return;
    } else {
      // Legacy unversioned alias of a v1 path.
      path = path.slice('/api'.length);
      if (Date.now() > LEGACY_SUNSET_MS) {
        send(res, requestId, {
          status: 410,
          body: { error: `Unversioned endpoints were retired on ${LEGACY_SUNSET}; use /api/v1${path}` },
          headers,
        });
        return;
      }
      const host = req.headers.host ?? `${options.host}:${port}`;
      headers.Deprecation = 'true';
      headers.Sunset = LEGACY_SUNSET;
      headers.Link = `<http://${host}/api/v1${path}${url.search}>; rel="successor-version"`;
    }

    const method = req.method ?? 'GET';
    const match = matchApiRoute(method, path);
    if (match === null) {
      send(res, requestId, { status: 404, body: { error: 'Not found' }, headers });
      return;
    }
    if ('allow' in match) {
      send(res, requestId, { status: 405, body: { error: `Method ${method} not allowed` }, headers: { ...headers, Allow: match.allow.join(', ') } });
      return;
    }
    const { route, params } = match;
    logged.endpoint = route.endpoint;
    if (route.endpoint === 'tokens') logged.unpaginated = url.searchParams.size === 0;
    if (!record) {
      send(res, requestId, { status: 401, body: { error: 'Invalid API key', code: 'UNAUTHORIZED' }, headers });
      return;
    }
    if (record.status !== 'active' && route.endpoint !== 'validate') {
      send(res, requestId, { status: 401, body: { error: 'API key is inactive', code: 'API_KEY_INACTIVE' }, headers });
      return;
    }
    if (!limit.allowed) {
      send(res, requestId, {
        status: 429,
        body: { error: 'Rate limit exceeded', code: 'RATE_LIMITED', retryAfter: limit.retryAfterSeconds },
        headers: { ...headers, 'Retry-After': String(limit.retryAfterSeconds) },
      });
      return;
    }
    const burst = context.faults.takeRateLimitBurst(route.endpoint);
    if (burst !== null) {
      send(res, requestId, {
        status: 429,
        body: { error: 'Rate limit exceeded', code: 'RATE_LIMITED', retryAfter: burst },
        headers: { ...headers, 'X-RateLimit-Remaining': '0', 'Retry-After': String(burst) },
      });
      return;
    }
    const latency = context.faults.latencyFor(route.endpoint);
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));

    let body: unknown;
    if (method === 'POST') {
      try {
        const text = await readBody(req);
        body = text.trim() === '' ? undefined : JSON.parse(text);
      } catch (error) {
        const message = error instanceof BodyTooLargeError ? error.message : 'Request body is not valid JSON';
        send(res, requestId, { status: error instanceof BodyTooLargeError ? 413 : 400, body: { error: message, code: 'INVALID_REQUEST' }, headers });
        return;
      }
    }

    let result: ApiResult;
    try {
      result = await route.handler(context, { requestId, method, params, query: url.searchParams, body, apiKey: record });
      // Set after the handler, so validate reports the previous use.
      record.lastUsedAt = new Date().toISOString();
    } catch (error) {
      options.log(`service: ${route.endpoint} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      result = { status: 500, body: { error: 'Internal sandbox error' } };
    }
    const merged: ApiResult = { ...result, headers: { ...headers, ...result.headers } };

    if (merged.status >= 200 && merged.status < 300) {
      if (route.endpoint === 'status') readStatusAnswer(context, merged, logged);
      if (context.faults.takeWrongType(route.endpoint)) {
        const corrupted = corruptField(route.endpoint, merged.body);
        context.log(`fault: wrong-typed ${corrupted.path} on ${route.endpoint}`);
        merged.body = corrupted.body;
      }
      const malformed = context.faults.takeMalformedBody(route.endpoint);
      if (malformed) {
        const text = malformedText(malformed, JSON.stringify(withRequestId(merged, requestId)));
        res.writeHead(merged.status, { 'Content-Type': 'application/json; charset=utf-8', ...merged.headers }).end(text);
        return;
      }
    }
    send(res, requestId, merged);
  }

  const port = await listen(server, options.host, options.port);
  const url = `http://${options.host}:${port}`;
  const store = new IntentStore();
  const cosmos = new SimulatedCosmosBank();
  const log = options.log;
  const requests = new RequestLog();
  const tracker = new IntentTracker({
    store,
    chains: options.chains,
    faults,
    cosmos,
    intervalMs: options.trackerIntervalMs,
    receiptTimeoutMs: options.receiptTimeoutMs,
    log,
  });
  ctx = {
    chains: options.chains,
    rpcUrls: options.rpcUrls,
    catalog: new Catalog(url, options.rpcUrls, () => ({ catalog: faults.peek('catalog'), syntheticTokens: faults.peek('syntheticTokens') })),
    faults,
    store,
    tracker,
    cosmos,
    pollHintMs: options.pollHintMs,
    balanceDeadlineMs: options.balanceDeadlineMs,
    tokenPageSize: options.tokenPageSize,
    requests,
    log,
  };
  tracker.start();
  const context = ctx;
  return {
    url,
    port,
    context,
    rateLimiter,
    async close() {
      await closeServer(server);
      await tracker.stop();
    },
  };
}

/** Applies the `statusOverride` switch and notes what the status answer suggested. */
function readStatusAnswer(context: ServiceContext, result: ApiResult, logged: LoggedRequest): void {
  const data = (result.body as { data?: Record<string, unknown> } | undefined)?.data;
  if (typeof data !== 'object' || data === null) return;
  const override = context.faults.peek('statusOverride');
  if (override !== null && data.status !== 'pending') {
    result.body = { ...(result.body as object), data: { ...data, status: override } };
    logged.intentStatus = override;
  } else if (typeof data.status === 'string') {
    logged.intentStatus = data.status;
  }
  if (typeof data.next_poll_at === 'string') logged.nextPollAt = Date.parse(data.next_poll_at);
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function parseJson(text: string): unknown {
  return text.trim() === '' ? {} : JSON.parse(text);
}

/** Error bodies repeat the request ID next to `error`, as the spec asks. */
function withRequestId(result: ApiResult, requestId: string): unknown {
  const body = result.body;
  if (result.status >= 400 && typeof body === 'object' && body !== null && !Array.isArray(body) && !('requestId' in body)) {
    return { ...body, requestId };
  }
  return body;
}

function send(res: ServerResponse, requestId: string, result: ApiResult): void {
  const text = JSON.stringify(withRequestId(result, requestId));
  res.writeHead(result.status, { 'Content-Type': 'application/json; charset=utf-8', ...result.headers });
  res.end(text);
}
