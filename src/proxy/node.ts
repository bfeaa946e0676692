/// <reference types="node" />
/**
 * Node adapter: bridges `http.IncomingMessage` to a web `Request` and the
 * proxy's `Response` back to `http.ServerResponse`, streaming both ways, and
 * adds what only a socket owner can do: give up on slow bodies (408) and stop
 * reading a body the proxy has already refused.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyCore, type ProxyCore } from './core.js';
import { errorBody } from './errors.js';
import type { ProxyOptions } from './options.js';

export interface NodeProxyServerOptions extends ProxyOptions {
  /** Interface to bind; default 127.0.0.1 so nothing is exposed by accident. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Time allowed to receive a request body once headers are in; default 10 000 ms, then 408. */
  bodyTimeoutMs?: number;
}

export interface RunningProxyServer {
  /** Base URL without the mount path, e.g. `http://127.0.0.1:8787`. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting, lets in-flight requests finish briefly, then drops what is left. */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;
const DEFAULT_BODY_TIMEOUT_MS = 10_000;
const HEADERS_TIMEOUT_MS = 10_000;
const CLOSE_GRACE_MS = 2_000;

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
  const { host = '127.0.0.1', port = DEFAULT_PORT, bodyTimeoutMs = DEFAULT_BODY_TIMEOUT_MS, ...proxyOptions } =
    options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError('port must be an integer 0-65535');
  if (!Number.isSafeInteger(bodyTimeoutMs) || bodyTimeoutMs <= 0) {
    throw new TypeError('bodyTimeoutMs must be a positive integer');
  }
  // Built before listening so bad options fail without ever opening a port.
  const core = createProxyCore(proxyOptions);

  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      // Node's own backstop; our body timer normally answers first with a JSON 408.
      requestTimeout: HEADERS_TIMEOUT_MS + bodyTimeoutMs + 5_000,
    },
    (req, res) => {
      void serve(core, req, res, { bodyTimeoutMs, fallbackHost: hostForUrl(host, boundPort()) });
    },
  );
  const boundPort = () => (server.address() as AddressInfo | null)?.port ?? port;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const actualPort = boundPort();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostForUrl(host, actualPort)}`,
    port: actualPort,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

interface ServeOptions {
  readonly bodyTimeoutMs: number;
  readonly fallbackHost: string;
}

async function serve(core: ProxyCore, req: IncomingMessage, res: ServerResponse, options: ServeOptions): Promise<void> {
  const rawTarget = req.url ?? '/';
  const method = req.method ?? 'GET';
  const clientGone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) clientGone.abort();
  });

  const carriesBody = method !== 'GET' && method !== 'HEAD' && requestHasBody(req);
  let bodyComplete = !carriesBody;
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
    const request = toWebRequest(req, rawTarget, options.fallbackHost, clientGone.signal, body?.stream);
    response = await core(request, { rawTarget });
  } catch {
    response = new Response(errorBody('proxy_bad_request', 'Malformed request'), {
      status: 400,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }

  if (res.headersSent || res.destroyed) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  // A body we stopped reading is still on the wire; only closing the
  // connection keeps it from being parsed as the next request.
  await writeResponse(res, response, !bodyComplete);
}

function requestHasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function toWebRequest(
  req: IncomingMessage,
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
  const hostHeader = req.headers.host;
  const host = hostHeader && isPlausibleHost(hostHeader) ? hostHeader : fallbackHost;
  // Concatenated, not resolved against a base: `//evil.example/x` must stay a path.
  const path = rawTarget.startsWith('/') ? rawTarget : '/';
  const init: RequestInit & { duplex?: 'half' } = { method: req.method ?? 'GET', headers, signal };
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

async function writeResponse(res: ServerResponse, response: Response, closeConnection: boolean): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (closeConnection) res.setHeader('connection', 'close');
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const onClose = () => void reader.cancel().catch(() => undefined);
  res.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } catch {
    // Upstream broke mid-stream: headers are gone, so the only honest signal is a cut connection.
    res.destroy();
  } finally {
    res.off('close', onClose);
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
}

function hostForUrl(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
