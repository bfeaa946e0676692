/**
 * What the proxy tests stand on: a real upstream HTTP server on 127.0.0.1
 * that records every request and answers as each test scripts it, and a
 * real `redis-server` (Debian's package) on a free port, without
 * persistence, stopped by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import assert from 'node:assert/strict';
import { after, before, beforeEach } from 'node:test';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startProxyServer, type NodeProxyServerOptions, type RunningProxyServer } from '../../../src/proxy/node.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/bridge-widget-proxy.js', import.meta.url));

export interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly rawHeaders: readonly string[];
  readonly body: string;
}

/** `n`: this request's number, from 1. */
export type Responder = (req: IncomingMessage, res: ServerResponse, body: string, n: number) => void | Promise<void>;

export interface Upstream {
  readonly url: string;
  /** `METHOD path` of every request, in order. */
  readonly calls: string[];
  readonly received: Recorded[];
  respond: Responder;
  close(): Promise<void>;
}

/** 200 with `{ url }` and generous quota headers. */
export const answerOk: Responder = (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '900' });
  res.end(JSON.stringify({ url: req.url }));
};

export async function startUpstream(respond: Responder = answerOk): Promise<Upstream> {
  const upstream: Upstream = { url: '', calls: [], received: [], respond, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      upstream.calls.push(`${req.method} ${req.url}`);
      upstream.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, rawHeaders: req.rawHeaders, body });
      void upstream.respond(req, res, body, upstream.calls.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(upstream, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An address where nothing listens. */
export async function deadUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** SIGSTOP: the connection stays open and nothing answers (a partition, a failover in progress). */
  freeze(): void;
  /** SIGCONT. */
  thaw(): void;
  /** SIGKILL and wait for the exit: connections are refused. */
  kill(): Promise<void>;
  /** SIGTERM (after a thaw) and wait for the exit; nothing when already gone. */
  stop(): Promise<void>;
}

const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

/** On `port` when given (a restart on the same address), else on a free one. */
export async function startRedis(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const child = spawn(REDIS_SERVER, ['--bind', '127.0.0.1', '--port', String(chosen), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${REDIS_SERVER} did not start (${error.message}); install Debian's redis-server`)));
    child.once('exit', (code) => reject(new Error(`${REDIS_SERVER} exited with ${code}: ${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    process: child,
    freeze: () => void process.kill(child.pid!, 'SIGSTOP'),
    thaw: () => void process.kill(child.pid!, 'SIGCONT'),
    async kill() {
      if (!gone()) process.kill(child.pid!, 'SIGKILL');
      await exited;
    },
    async stop() {
      if (gone()) return;
      process.kill(child.pid!, 'SIGCONT');
      process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** Resolves when `predicate` holds for a logged line; every line is kept in `lines`. */
export function logWatcher() {
  const lines: string[] = [];
  const waiters: Array<{ predicate: (line: string) => boolean; resolve: (line: string) => void }> = [];
  return {
    lines,
    onLog(line: string) {
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    },
    /** The first line from index `from` on (default: any line) for which `predicate` holds. */
    next(predicate: (line: string) => boolean, from = 0): Promise<string> {
      const seen = lines.slice(from).find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ predicate, resolve }));
    },
  };
}

export interface ProxyCommand {
  readonly url: string;
  readonly pid: number;
  /** Every stderr line (the proxy's log). */
  readonly log: ReturnType<typeof logWatcher>;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  /** Resident memory of the process now, in bytes (Linux). */
  rss(): number;
  /** SIGKILL unless it already exited. */
  kill(): Promise<void>;
}

/** `bridge-widget-proxy` as its own process on a free port, configured by `env`; resolves once it listens. */
export async function startProxyCommand(env: Record<string, string>): Promise<ProxyCommand> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(base)) {
    if (
      /^(ROUTING_|ALLOWED_|HOST$|PORT$|MOUNT_PATH|CLIENT_RATE|TRUST_|KEY_CHECK|HEALTH_|REDIS_|METRICS_|SIMULATION_|RPC_URLS|COMPRESSION|NODE_OPTIONS)/.test(
        name,
      )
    )
      delete base[name];
  }
  const child = spawn(process.execPath, [BIN], { cwd: ROOT, env: { ...base, PORT: '0', KEY_CHECK: 'off', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = logWatcher();
  let pending = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) log.onLog(line);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/\S+)\n/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`the proxy exited with ${code}: ${log.lines.join('\n')}`)));
  });
  return {
    url,
    pid: child.pid!,
    log,
    exited,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Proxies started by one test file against one upstream, each with `defaults`
 * and its own options, all closed by `closeAll` (its `after`).
 */
export function proxyFleet(defaults: () => NodeProxyServerOptions) {
  const running: RunningProxyServer[] = [];
  return {
    async start(options: Partial<NodeProxyServerOptions> = {}): Promise<RunningProxyServer> {
      const proxy = await startProxyServer({ ...defaults(), ...options });
      running.push(proxy);
      return proxy;
    },
    async closeAll(): Promise<void> {
      await Promise.all(running.splice(0).map((proxy) => proxy.close()));
    },
  };
}

export interface RpcProxy {
  /** The JSON-RPC server the proxy forwards to; its records are cleared and its answer reset before each test. */
  rpc: Upstream;
  /** The routing service behind the proxy, which RPC calls must never reach. */
  routing: Upstream;
  proxy: RunningProxyServer;
  /** POSTs `body` (JSON unless a string) to `{mountPath}/{endpoint}/{chainId}`; the key never comes back in the answer. */
  post(
    endpoint: string,
    body: unknown,
    chainId: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>;
}

/**
 * A proxy mounted at /bridge for https://shop.example, in front of a recording
 * JSON-RPC server and a routing upstream, started once for the enclosing
 * `describe` (its hooks are registered here); the key never appears in its log.
 * `options(rpcUrl)` adds the RPC settings; before each test the RPC answers
 * `answer` again (or what `answer(call)` makes of each call it gets).
 */
export function rpcProxy(
  apiKey: string,
  options: (rpcUrl: string) => Partial<NodeProxyServerOptions>,
  answer: unknown | ((call: { id: unknown; method: string; params: unknown[] }) => unknown),
): RpcProxy {
  const log = logWatcher();
  const fixture = {} as RpcProxy;
  before(async () => {
    fixture.rpc = await startUpstream();
    fixture.routing = await startUpstream();
    fixture.proxy = await startProxyServer({
      upstreamUrl: fixture.routing.url,
      apiKey,
      port: 0,
      mountPath: '/bridge',
      allowedOrigins: ['https://shop.example'],
      simulationTimeoutMs: 500,
      onLog: log.onLog,
      ...options(fixture.rpc.url),
    });
  });
  after(async () => {
    await fixture.proxy.close();
    await fixture.rpc.close();
    await fixture.routing.close();
    for (const line of log.lines) assert.ok(!line.includes(apiKey), line);
  });
  beforeEach(() => {
    fixture.rpc.calls.length = 0;
    fixture.rpc.received.length = 0;
    fixture.rpc.respond = (_req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(typeof answer === 'function' ? answer(JSON.parse(body)) : answer));
    };
  });
  fixture.post = async (endpoint, body, chainId, headers) => {
    const response = await fetch(`${fixture.proxy.url}/bridge/${endpoint}/${chainId}`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    assert.ok(!text.includes(apiKey), 'the key never comes back');
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown>, headers: response.headers };
  };
  return fixture;
}
