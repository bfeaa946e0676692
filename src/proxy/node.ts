/// <reference types="node" />
/**
 * Node adapter: bridges `http.IncomingMessage` to a web `Request` and the
 * proxy's `Response` back to `http.ServerResponse`, streaming both ways, and
 * adds what only a socket owner can do: give up on slow headers and bodies
 * (408), stop reading a body the proxy has already refused, answer what
 * Node's parser rejects with the proxy's JSON errors, and hand the peer
 * address to the per-client flood limit.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { compressed } from './compression.js';
import { createProxyCore, type ProxyCore } from './core.js';
import { errorBody, type ProxyErrorCode } from './errors.js';
import { SECURITY_HEADERS } from './headers.js';
import type { KeyStatus } from './key-check.js';
import { bearerMatches, createPrometheusMetrics, type MetricsOptions, type PrometheusMetrics } from './metrics-server.js';
import { createRedisStore } from './redis-store.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, type ProxyOptions } from './options.js';

export interface NodeProxyServerOptions extends ProxyOptions {
  /** Interface to bind; default 127.0.0.1 so nothing is exposed by accident. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Time allowed to receive a request body once headers are in; default 10 000 ms, then 408. */
  bodyTimeoutMs?: number;
  /**
   * Time allowed to receive the request line and all headers, counted from
   * the connection (or the previous response); default 10 000 ms. A client
   * trickling headers byte by byte gets 408 `proxy_headers_timeout` and is
   * disconnected. Node's whole-request backstop (`requestTimeout`) is set to
   * this plus `bodyTimeoutMs` plus 5 s.
   */
  headersTimeoutMs?: number;
  /**
   * Write/idle deadline for sending a response; default 30 000 ms. A response
   * goes out in 64 KiB parts, and a client that takes no part of it (every
   * wait for `drain`, and the wait for the last bytes to leave, included) for
   * this long has its connection closed, so a client that stops reading
   * cannot hold a socket and the response's memory indefinitely.
   */
  responseTimeoutMs?: number;
  /**
   * Redis URL (`redis://127.0.0.1:6379`): the catalog cache, the flood limit
   * and the key's quota are then kept in Redis and shared by every instance
   * given the same URL. Needs the optional peer dependency `@redis/client`.
   * Not together with `store`.
   */
  redisUrl?: string;
  /**
   * How long `close()` (SIGTERM for the command) lets requests already in
   * progress finish; default `bodyTimeoutMs + upstreamTimeoutMs` (30 s). While
   * they finish, the health endpoint answers 503 `{ "status": "draining" }`
   * and new requests get 503 `proxy_draining` with `Retry-After: 1`, so a
   * load balancer moves clients to other instances; then the port closes.
   */
  shutdownTimeoutMs?: number;
  /**
   * Compressed JSON answers: brotli or gzip as the client's `Accept-Encoding`
   * allows, with `Vary: Accept-Encoding`, for answers of 1 KiB or more (a
   * cached catalog answer is encoded once per encoding). Default true;
   * `COMPRESSION=off` for the command.
   */
  compression?: boolean;
  /**
   * Prometheus metrics (needs the optional peer dependency `prom-client`);
   * off by default. `{ port }`: `/metrics` on its own port on the same bind
   * address; `{ token }`: `{mountPath}/metrics` on the proxy's port for
   * requests with `Authorization: Bearer <token>` (anything else gets 404).
   */
  prometheus?: MetricsOptions;
}

export interface RunningProxyServer {
  /** Base URL without the mount path, e.g. `http://127.0.0.1:8787`. */
  readonly url: string;
  /** Base URL of the metrics port, when `prometheus.port` was given. */
  readonly metricsUrl?: string;
  readonly port: number;
  /**
   * Validates the key with the routing service (`GET /api/v1/sdk/validate`);
   * the result is shared with the health endpoint's cache.
   */
  checkKey(): Promise<KeyStatus>;
  /**
   * Drains: new requests get 503 `proxy_draining` and the health endpoint
   * `draining`, requests in progress finish (up to `shutdownTimeoutMs`), then
   * the port and the store connection close.
   */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;
const DEFAULT_BODY_TIMEOUT_MS = 10_000;
const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_RESPONSE_TIMEOUT_MS = 30_000;
/** Parts small enough that a slow but reading client shows progress well within the deadline. */
const RESPONSE_PART_BYTES = 64 * 1024;

/** A web `Request` refuses these (Fetch standard); the core gets a stand-in and refuses them itself. */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Hop-by-hop and routing headers that must not be copied onto the web Request. */
const SKIPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
  'proxy-authorization',
  'expect',
]);

export async function startProxyServer(options: NodeProxyServerOptions): Promise<RunningProxyServer> {
  const {
    host = '127.0.0.1',
    port = DEFAULT_PORT,
    bodyTimeoutMs = DEFAULT_BODY_TIMEOUT_MS,
    headersTimeoutMs = DEFAULT_HEADERS_TIMEOUT_MS,
    responseTimeoutMs = DEFAULT_RESPONSE_TIMEOUT_MS,
    redisUrl,
    shutdownTimeoutMs = bodyTimeoutMs + (options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS),
    prometheus: metricsOptions,
    compression = true,
    ...proxyOptions
  } = options;
  if (metricsOptions !== undefined) {
    const { port: metricsPort, token } = metricsOptions;
    if (metricsPort === undefined && token === undefined) throw new TypeError('prometheus needs a port or a token');
    if (metricsPort !== undefined && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535))
      throw new TypeError('prometheus.port must be an integer 0-65535');
    if (token !== undefined && (typeof token !== 'string' || token.length < 16)) throw new TypeError('prometheus.token must be at least 16 characters');
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError('port must be an integer 0-65535');
  if (!Number.isSafeInteger(bodyTimeoutMs) || bodyTimeoutMs <= 0) {
    throw new TypeError('bodyTimeoutMs must be a positive integer');
  }
  if (!Number.isSafeInteger(responseTimeoutMs) || responseTimeoutMs <= 0) {
    throw new TypeError('responseTimeoutMs must be a positive integer');
  }
  if (!Number.isSafeInteger(shutdownTimeoutMs) || shutdownTimeoutMs <= 0) {
    throw new TypeError('shutdownTimeoutMs must be a positive integer');
  }
  if (!Number.isSafeInteger(headersTimeoutMs) || headersTimeoutMs <= 0) {
    throw new TypeError('headersTimeoutMs must be a positive integer');
  }
  if (redisUrl !== undefined && proxyOptions.store !== undefined) throw new TypeError('set redisUrl or store, not both');
  const hosts = defaultAllowedHosts(host, proxyOptions.allowedHosts);
  const prometheus = metricsOptions === undefined ? undefined : await createPrometheusMetrics();
  const redis = redisUrl === undefined ? undefined : await createRedisStore({ url: redisUrl });
  // Built before listening so bad options fail without ever opening a port.
  let core: ProxyCore;
  try {
    core = createProxyCore({
      ...proxyOptions,
      ...(hosts.allowedHosts ? { allowedHosts: hosts.allowedHosts } : {}),
      ...(redis ? { store: redis } : {}),
      ...(prometheus ? { metrics: prometheus.metrics } : {}),
    });
  } catch (error) {
    await redis?.close();
    throw error;
  }
  if (hosts.warning) core.log(hosts.warning);

  const inProgress = new Set<Promise<void>>();
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      // Node's own backstop; our body timer normally answers first with a JSON 408.
      requestTimeout: headersTimeoutMs + bodyTimeoutMs + 5_000,
      // Node only checks both timeouts this often (default every 30 s, which
      // would let a slow-headers client hold its socket far past the limit).
      connectionsCheckingInterval: Math.min(1_000, Math.max(100, Math.floor(headersTimeoutMs / 4))),
    },
    (req, res) => {
      // A connection whose framing was refused serves nothing more: a request pipelined after it may be a smuggled one.
      if (refusedConnections.has(req.socket)) return;
      const framing = framingRefusal(req);
      if (framing) {
        refusedConnections.add(req.socket);
        core.log(`${req.method ?? '-'} - -> ${framing.status} ${framing.code} transfer-encoding=${JSON.stringify(framing.seen.slice(0, 100))}`);
        sendJson(res, framing.status, errorBody(framing.code, framing.message));
        res.once('finish', () => req.socket.destroy());
        return;
      }
      if (metricsOptions?.token !== undefined && prometheus && req.url === `${proxyOptions.mountPath?.replace(/\/+$/, '') ?? ''}/metrics`) {
        void answerScrape(prometheus, core, req, res, { token: metricsOptions.token, fallbackHost: hostForUrl(host, boundPort()) });
        return;
      }
      const served = serve(core, req, res, { bodyTimeoutMs, responseTimeoutMs, compression, fallbackHost: hostForUrl(host, boundPort()) });
      inProgress.add(served);
      void served.catch(() => undefined).finally(() => inProgress.delete(served));
    },
  );
  const boundPort = () => (server.address() as AddressInfo | null)?.port ?? port;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(core, error, socket));
  // CONNECT never reaches the request handler; without this Node would drop the socket without a word.
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    void refuseConnect(core, req, socket, hostForUrl(host, boundPort()));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await redis?.close();
    throw error;
  });

  let metricsServer: Server | undefined;
  if (metricsOptions?.port !== undefined && prometheus) {
    // Judged as if it had come to the proxy's port, so `ALLOWED_HOSTS=localhost:8787` covers `localhost:<metrics port>`.
    const proxyPort = boundPort();
    metricsServer = createServer((req, res) => void answerScrape(prometheus, core, req, res, { fallbackHost: hostForUrl(host, proxyPort), asPort: proxyPort }));
    await new Promise<void>((resolve, reject) => {
      metricsServer!.once('error', reject);
      metricsServer!.listen(metricsOptions.port, host, () => resolve());
    });
  }
  const actualPort = boundPort();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostForUrl(host, actualPort)}`,
    port: actualPort,
    ...(metricsServer ? { metricsUrl: `http://${hostForUrl(host, (metricsServer.address() as AddressInfo).port)}` } : {}),
    checkKey: () => core.checkKey(),
    close() {
      closing ??= (async () => {
        core.drain();
        const running = [...inProgress];
        core.log(`draining: ${running.length} request(s) in progress, up to ${shutdownTimeoutMs} ms`);
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), shutdownTimeoutMs);
        });
        const outcome = await Promise.race([Promise.all(running).then(() => 'done' as const), deadline]);
        clearTimeout(timer);
        const cut = running.filter((request) => inProgress.has(request)).length;
        core.log(outcome === 'done' ? 'drained: every request in progress was answered' : `drain deadline passed: ${cut} request(s) cut`);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        if (metricsServer) {
          await new Promise<void>((resolve) => {
            metricsServer!.close(() => resolve());
            metricsServer!.closeAllConnections();
          });
        }
        await redis?.close();
      })();
      return closing;
    },
  };
}

/**
 * With no `allowedHosts`, a loopback bind answers only to loopback names: a
 * page on a name the attacker points at 127.0.0.1 (DNS rebinding) is
 * same-origin with the proxy, and only the Host header gives it away. Other
 * binds cannot guess their public names, so they warn instead.
 */
export function defaultAllowedHosts(bindHost: string, allowedHosts: readonly string[] | undefined): { allowedHosts?: readonly string[]; warning?: string } {
  if (allowedHosts !== undefined) return {};
  if (isLoopbackHost(bindHost)) {
    const bound = bindHost.includes(':') ? `[${bindHost}]` : bindHost.toLowerCase();
    return { allowedHosts: [...new Set(['localhost', '127.0.0.1', '[::1]', bound])] };
  }
  return {
    warning:
      `warning: bound to ${bindHost} with no ALLOWED_HOSTS (allowedHosts): requests under any host name are served, ` +
      'so a DNS-rebinding page can spend the key; set ALLOWED_HOSTS to the names this proxy is reached under (or * to silence this)',
  };
}

function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^(?:::ffff:)?127(?:\.\d{1,3}){3}$/.test(name);
}

interface ServeOptions {
  readonly bodyTimeoutMs: number;
  readonly responseTimeoutMs: number;
  readonly compression: boolean;
  readonly fallbackHost: string;
}

async function serve(core: ProxyCore, req: IncomingMessage, res: ServerResponse, options: ServeOptions): Promise<void> {
  const rawTarget = req.url ?? '/';
  const method = req.method ?? 'GET';
  const clientGone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) clientGone.abort();
  });

  const declaresBody = requestHasBody(req);
  // A web Request cannot carry a body on GET or HEAD, nor carry the methods
  // Fetch forbids at all: those bodies are never read (the core refuses the
  // request) and the connection is closed after the answer.
  const representable = !FETCH_FORBIDDEN_METHODS.has(method);
  const carriesBody = declaresBody && representable && method !== 'GET' && method !== 'HEAD';
  let bodyComplete = !declaresBody;
  let body: NodeBody | undefined;
  let bodyTimer: NodeJS.Timeout | undefined;
  if (carriesBody) {
    body = bodyStream(req);
    req.once('end', () => {
      bodyComplete = true;
      clearTimeout(bodyTimer);
    });
    bodyTimer = setTimeout(() => {
      if (bodyComplete || res.headersSent) return;
      sendJson(res, 408, errorBody('proxy_body_timeout', 'Request body was not received in time'));
      body?.fail(new Error('request body timed out'));
      clientGone.abort();
    }, options.bodyTimeoutMs);
    res.once('close', () => clearTimeout(bodyTimer));
  }

  let response: Response;
  try {
    const webMethod = representable ? method : 'GET';
    const request = toWebRequest(req, webMethod, rawTarget, options.fallbackHost, clientGone.signal, body?.stream);
    response = await core(request, {
      rawTarget,
      method,
      declaresBody,
      host: req.headers.host ?? options.fallbackHost,
      ...(req.socket.remoteAddress ? { clientAddress: req.socket.remoteAddress } : {}),
    });
  } catch (error) {
    core.log(`${method} - -> 400 proxy_bad_request malformed request: ${error instanceof Error ? error.message : ''}`);
    response = new Response(errorBody('proxy_bad_request', 'Malformed request'), {
      status: 400,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  }

  if (options.compression && !res.headersSent && !res.destroyed) response = await compressed(response, req.headers['accept-encoding']);
  if (res.headersSent || res.destroyed) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  // A body we stopped reading is still on the wire; only closing the
  // connection keeps it from being parsed as the next request.
  const sent = await writeResponse(res, response, !bodyComplete, options.responseTimeoutMs);
  if (sent === 'stalled') {
    core.log(`${method} - -> ${response.status} client stopped reading; connection closed after ${options.responseTimeoutMs}ms`);
  }
}

interface ScrapeOptions {
  /** The bearer token, when the metrics share the proxy's port. */
  readonly token?: string;
  readonly fallbackHost: string;
  /** On the metrics' own port: the proxy's port, which the Host is judged under. */
  readonly asPort?: number;
}

/**
 * A scrape: GET `/metrics`, with the bearer token when the metrics share the
 * proxy's port. First the proxy's Host rule (421) and flood limit (429, a
 * refused burst logged once), so neither rebinding nor token guessing gets
 * further than on any route.
 */
async function answerScrape(prometheus: PrometheusMetrics, core: ProxyCore, req: IncomingMessage, res: ServerResponse, options: ScrapeOptions): Promise<void> {
  const { token } = options;
  const sent = req.headers.host ?? options.fallbackHost;
  const host = options.asPort === undefined ? sent : sent.replace(/:\d+$/, `:${options.asPort}`);
  try {
    const standIn = toWebRequest(req, 'GET', '/metrics', options.fallbackHost, new AbortController().signal, undefined);
    const refused = await core.screen(
      standIn,
      { method: req.method ?? 'GET', host, ...(req.socket.remoteAddress ? { clientAddress: req.socket.remoteAddress } : {}) },
      '/metrics',
    );
    if (refused) {
      const headers: Record<string, string> = { connection: 'close' };
      refused.headers.forEach((value, name) => (headers[name] = value));
      res.writeHead(refused.status, headers);
      res.end(await refused.text());
      return;
    }
  } catch {
    sendJson(res, 500, errorBody('proxy_internal_error', 'Metrics could not be rendered'));
    return;
  }
  const path = (req.url ?? '').split('?')[0];
  const authorised = token === undefined || bearerMatches(req.headers.authorization, token);
  if (req.method !== 'GET' || !authorised || (token === undefined && path !== '/metrics')) {
    sendJson(res, 404, errorBody('proxy_not_found', 'Not found'));
    return;
  }
  try {
    const { contentType, body } = await prometheus.render({ storeState: core.storeState });
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store', ...SECURITY_HEADERS });
    res.end(body);
  } catch {
    sendJson(res, 500, errorBody('proxy_internal_error', 'Metrics could not be rendered'));
  }
}

/** Connections whose framing was refused: nothing more is read from them. */
const refusedConnections = new WeakSet<object>();

/**
 * RFC 9112 §6: the only transfer coding the proxy understands is `chunked`,
 * alone. Node's parser takes any list that ends in `chunked` (`gzip,
 * chunked`, `identity, chunked`, `foo, chunked`) and a header given twice,
 * then hands over the body as if it were plain: a `gzip`-declared body would
 * be forwarded as JSON, and a front proxy that reads the same bytes
 * differently sees a different next request. So anything else is refused
 * (501 for a coding the proxy does not implement, 400 for the header given
 * twice) and the connection is closed.
 */
function framingRefusal(req: IncomingMessage): { status: number; code: ProxyErrorCode; message: string; seen: string } | undefined {
  const lines: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'transfer-encoding') lines.push(req.rawHeaders[i + 1]!);
  if (lines.length === 0) return undefined;
  const seen = lines.join(', ');
  if (lines.length > 1) return { status: 400, code: 'proxy_bad_request', message: 'Transfer-Encoding given more than once', seen };
  if (lines[0]!.trim().toLowerCase() !== 'chunked') {
    return { status: 501, code: 'proxy_transfer_coding_not_supported', message: 'The only transfer coding served is chunked', seen };
  }
  return undefined;
}

function requestHasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function toWebRequest(
  req: IncomingMessage,
  method: string,
  rawTarget: string,
  fallbackHost: string,
  signal: AbortSignal,
  body: ReadableStream<Uint8Array> | undefined,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || SKIPPED_REQUEST_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // Only for building a parseable URL: the core checks the Host header as sent (`RequestContext.host`).
  const hostHeader = req.headers.host;
  const host = hostHeader && isPlausibleHost(hostHeader) ? hostHeader : fallbackHost;
  // Concatenated, not resolved against a base: `//evil.example/x` must stay a path.
  const path = rawTarget.startsWith('/') ? rawTarget : '/';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (body) {
    init.body = body;
    init.duplex = 'half';
  }
  return new Request(`http://${host}${path}`, init);
}

function isPlausibleHost(value: string): boolean {
  return /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(value);
}

interface NodeBody {
  readonly stream: ReadableStream<Uint8Array>;
  fail(reason: Error): void;
}

/**
 * Pull-based so the socket is only read as fast as the proxy consumes; when
 * the proxy cancels (body too large) reading stops right there.
 */
function bodyStream(req: IncomingMessage): NodeBody {
  let settled = false;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const fail = (reason: Error) => {
    if (settled) return;
    settled = true;
    controller?.error(reason);
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      req.pause();
      req.on('data', (chunk: Buffer) => {
        if (settled) return;
        c.enqueue(new Uint8Array(chunk));
        if ((c.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => {
        if (settled) return;
        settled = true;
        c.close();
      });
      req.once('error', (error) => fail(error));
      req.once('close', () => {
        if (!req.complete) fail(new Error('client aborted the request body'));
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      settled = true;
      req.pause();
    },
  });
  return { stream, fail };
}

type WriteOutcome = 'sent' | 'gone' | 'stalled';

async function writeResponse(res: ServerResponse, response: Response, closeConnection: boolean, idleMs: number): Promise<WriteOutcome> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (closeConnection) res.setHeader('connection', 'close');
  if (response.body === null) {
    res.end();
    return finished(res, idleMs);
  }
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => undefined);
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let offset = 0; offset < value.byteLength; offset += RESPONSE_PART_BYTES) {
        if (res.destroyed) return 'gone';
        if (res.write(value.subarray(offset, offset + RESPONSE_PART_BYTES))) continue;
        const progress = await progressed(res, 'drain', idleMs);
        if (progress !== 'sent') return progress;
      }
    }
    res.end();
    return await finished(res, idleMs);
  } catch {
    // Upstream broke mid-stream: headers are gone, so the only honest signal is a cut connection.
    res.destroy();
    return 'gone';
  } finally {
    res.off('close', onClose);
  }
}

/** Waits until the last bytes have left for the client; a client that takes none of them within `idleMs` is cut off. */
function finished(res: ServerResponse, idleMs: number): Promise<WriteOutcome> {
  if (res.writableFinished) return Promise.resolve('sent');
  return progressed(res, 'finish', idleMs);
}

function progressed(res: ServerResponse, event: 'drain' | 'finish', idleMs: number): Promise<WriteOutcome> {
  return new Promise((resolve) => {
    const settle = (outcome: WriteOutcome) => {
      clearTimeout(timer);
      res.off(event, onProgress);
      res.off('close', onClose);
      resolve(outcome);
    };
    const onProgress = () => settle('sent');
    const onClose = () => settle(res.writableFinished ? 'sent' : 'gone');
    const timer = setTimeout(() => {
      res.destroy();
      settle('stalled');
    }, idleMs);
    res.once(event, onProgress);
    res.once('close', onClose);
  });
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...SECURITY_HEADERS,
    connection: 'close',
  });
  res.end(body);
}

/**
 * What Node's parser refuses (bad request line, NUL or control bytes, CL+TE,
 * headers too large or too slow) never becomes a request: answer it here in
 * the proxy's JSON shape and drop the connection. As in Node's default
 * handler, nothing is written when a response is already under way on the
 * socket, since that would corrupt it.
 */
function answerClientError(core: ProxyCore, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message]: [number, ProxyErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'proxy_headers_timeout', 'Request headers were not received in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'proxy_headers_too_large', 'Request line and headers are too large']
        : [400, 'proxy_bad_request', 'Malformed request'];
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!inFlight || !inFlight.headersSent) {
    socket.write(rawResponse(status, { 'cache-control': 'no-store' }, errorBody(code, message)));
  }
  core.log(`- - -> ${status} ${code} ${error.code ?? 'client error'}`);
  socket.destroy();
}

/** Passed through the core (origin policy, flood limit, log line), which refuses CONNECT with 405. */
async function refuseConnect(core: ProxyCore, req: IncomingMessage, socket: Duplex, fallbackHost: string): Promise<void> {
  socket.on('error', () => socket.destroy());
  const rawTarget = req.url ?? '';
  let response: Response;
  try {
    const standIn = toWebRequest(req, 'GET', rawTarget, fallbackHost, new AbortController().signal, undefined);
    response = await core(standIn, {
      rawTarget,
      method: 'CONNECT',
      host: req.headers.host ?? fallbackHost,
      ...(req.socket.remoteAddress ? { clientAddress: req.socket.remoteAddress } : {}),
    });
  } catch {
    response = new Response(errorBody('proxy_bad_request', 'Malformed request'), { status: 400 });
  }
  const body = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  socket.end(rawResponse(response.status, headers, body), () => socket.destroy());
}

function rawResponse(status: number, headers: Readonly<Record<string, string>>, body: string): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  const all: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    ...SECURITY_HEADERS,
    ...headers,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  for (const [name, value] of Object.entries(all)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

function hostForUrl(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
