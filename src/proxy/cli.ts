/// <reference types="node" />
/**
 * `bridge-widget-proxy` command: configuration from the environment, one
 * stdout line once listening (scripts wait for it), clean stop on signals.
 */
import { describeKeyStatus } from './key-check.js';
import { rpcChainsLine } from './chain-read.js';
import { DEFAULT_PORT, startProxyServer, type NodeProxyServerOptions } from './node.js';
import type { ClientRateLimit } from './ratelimit.js';

export type Environment = Readonly<Record<string, string | undefined>>;

export class ProxyConfigError extends Error {
  override name = 'ProxyConfigError';
}

/**
 * Reads ROUTING_API_URL, ROUTING_API_KEY, ALLOWED_ORIGINS, ALLOWED_HOSTS, HOST, PORT,
 * MOUNT_PATH, CLIENT_RATE_LIMIT (`120/10s`, `600/1m`, `off`),
 * TRUST_PROXY_HEADER (e.g. `x-forwarded-for`, only behind a proxy that sets it),
 * MAX_RESPONSE_BYTES, RESPONSE_TIMEOUT_MS, HEALTH_PATH (`off` for none) and
 * REDIS_URL (cache, flood limit and quota shared by every instance using it),
 * RPC_URLS (`11155111=https://…,84532=https://…`: simulation and chain reads; SIMULATION_RPC_URLS still read),
 * SIMULATION_WITHOUT_ORIGIN (`allow` serves /simulate and /read to callers that send no Origin), MAX_UPSTREAM_WAIT_MS,
 * STORE_TIMEOUT_MS, SHUTDOWN_TIMEOUT_MS, METRICS_PORT, METRICS_TOKEN and COMPRESSION (`off` sends every answer plain).
 * KEY_CHECK is read by `runProxyCli`.
 */
export function proxyServerOptionsFromEnv(env: Environment): NodeProxyServerOptions {
  const upstreamUrl = env.ROUTING_API_URL?.trim();
  const apiKey = env.ROUTING_API_KEY?.trim();
  if (!upstreamUrl) throw new ProxyConfigError('ROUTING_API_URL is required (the routing service base URL)');
  if (!apiKey) throw new ProxyConfigError('ROUTING_API_KEY is required (the routing service API key)');

  const options: NodeProxyServerOptions = {
    upstreamUrl,
    apiKey,
    host: env.HOST?.trim() || '127.0.0.1',
    port: parsePort(env.PORT),
  };
  const origins = env.ALLOWED_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  if (origins && origins.length > 0) options.allowedOrigins = origins;
  const hosts = env.ALLOWED_HOSTS?.split(',')
    .map((host) => host.trim())
    .filter((host) => host !== '');
  if (hosts && hosts.length > 0) options.allowedHosts = hosts;
  const mountPath = env.MOUNT_PATH?.trim();
  if (mountPath) options.mountPath = mountPath;
  const rateLimit = env.CLIENT_RATE_LIMIT?.trim();
  if (rateLimit) options.clientRateLimit = parseClientRateLimit(rateLimit);
  const trustProxyHeader = env.TRUST_PROXY_HEADER?.trim();
  if (trustProxyHeader) options.trustProxyHeader = trustProxyHeader;
  const maxResponseBytes = positiveEnvInteger(env, 'MAX_RESPONSE_BYTES');
  if (maxResponseBytes !== undefined) options.maxResponseBytes = maxResponseBytes;
  const responseTimeoutMs = positiveEnvInteger(env, 'RESPONSE_TIMEOUT_MS');
  if (responseTimeoutMs !== undefined) options.responseTimeoutMs = responseTimeoutMs;
  const redisUrl = env.REDIS_URL?.trim();
  if (redisUrl) options.redisUrl = redisUrl;
  const compression = env.COMPRESSION?.trim().toLowerCase();
  if (compression) {
    if (compression !== 'on' && compression !== 'off') throw new ProxyConfigError(`COMPRESSION must be on or off, got "${compression}"`);
    options.compression = compression === 'on';
  }
  // RPC_URLS serves simulation and chain reads; SIMULATION_RPC_URLS, its former name, is still read (RPC_URLS wins per chain).
  const simulation = env.SIMULATION_RPC_URLS?.trim();
  if (simulation) options.simulationRpcUrls = parseSimulationRpcUrls(simulation);
  const withoutOrigin = env.SIMULATION_WITHOUT_ORIGIN?.trim().toLowerCase();
  if (withoutOrigin) {
    if (withoutOrigin !== 'allow' && withoutOrigin !== 'refuse') {
      throw new ProxyConfigError(`SIMULATION_WITHOUT_ORIGIN must be allow or refuse, got "${withoutOrigin}"`);
    }
    options.simulationWithoutOrigin = withoutOrigin === 'allow';
  }
  const rpc = env.RPC_URLS?.trim();
  if (rpc) options.rpcUrls = parseSimulationRpcUrls(rpc, 'RPC_URLS');
  for (const [name, option] of [
    ['MAX_UPSTREAM_WAIT_MS', 'maxUpstreamWaitMs'],
    ['STORE_TIMEOUT_MS', 'storeTimeoutMs'],
    ['SHUTDOWN_TIMEOUT_MS', 'shutdownTimeoutMs'],
  ] as const) {
    const value = positiveEnvInteger(env, name);
    if (value !== undefined) options[option] = value;
  }
  const metricsPort = env.METRICS_PORT?.trim();
  const metricsToken = env.METRICS_TOKEN?.trim();
  if (metricsPort || metricsToken) {
    if (metricsPort && !/^\d{1,5}$/.test(metricsPort)) throw new ProxyConfigError(`METRICS_PORT must be 0-65535, got "${metricsPort}"`);
    options.prometheus = { ...(metricsPort ? { port: Number(metricsPort) } : {}), ...(metricsToken ? { token: metricsToken } : {}) };
  }
  const healthPath = env.HEALTH_PATH?.trim();
  if (healthPath) options.healthPath = healthPath.toLowerCase() === 'off' ? false : healthPath;
  return options;
}

/** `11155111=https://rpc.example/a,84532=https://rpc.example/b`: chain id = URL, comma-separated. */
export function parseSimulationRpcUrls(value: string, name = 'SIMULATION_RPC_URLS'): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const at = entry.indexOf('=');
    const chainId = entry.slice(0, at).trim();
    if (at <= 0 || !/^[1-9]\d{0,15}$/.test(chainId)) throw new ProxyConfigError(`${name} must look like 11155111=https://rpc.example,84532=https://…`);
    urls[chainId] = entry.slice(at + 1).trim();
  }
  return urls;
}

const DURATION_UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `off`, or `<requests>/<window>` where the window is `10s`, `250ms`, `1m`, `1h` (`m` alone means `1m`). */
export function parseClientRateLimit(value: string): ClientRateLimit | false {
  const text = value.trim().toLowerCase();
  if (text === 'off' || text === 'false') return false;
  const match = /^(\d{1,9})\s*\/\s*(\d{1,9})?\s*(ms|s|m|h)$/.exec(text);
  const limit = Number(match?.[1]);
  const windowMs = Number(match?.[2] ?? '1') * (DURATION_UNITS_MS[match?.[3] ?? ''] ?? NaN);
  if (!match || limit <= 0 || !Number.isSafeInteger(windowMs) || windowMs <= 0) {
    throw new ProxyConfigError(`CLIENT_RATE_LIMIT must look like 120/10s or off, got "${value}"`);
  }
  return { limit, windowMs };
}

function positiveEnvInteger(env: Environment, name: string): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!/^\d{1,15}$/.test(value) || Number(value) <= 0) throw new ProxyConfigError(`${name} must be a positive integer, got "${value}"`);
  return Number(value);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65535) throw new ProxyConfigError(`PORT must be 0-65535, got "${value}"`);
  return port;
}

export interface CliIo {
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

const PROCESS_IO: CliIo = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};

/** `require` (default): an inactive or refused key stops the start; `warn`: start anyway; `off`: no check. */
export type KeyCheckMode = 'require' | 'warn' | 'off';

export function parseKeyCheckMode(value: string | undefined): KeyCheckMode {
  const mode = value?.trim().toLowerCase() || 'require';
  if (mode === 'require' || mode === 'warn' || mode === 'off') return mode;
  throw new ProxyConfigError(`KEY_CHECK must be require, warn or off, got "${value}"`);
}

/**
 * Runs until SIGTERM or SIGINT; resolves with the exit code. Before it says
 * it is listening, it validates the key (KEY_CHECK): an active key is
 * reported with its key_id and label on stdout; an inactive or refused key
 * ends the start with exit code 1; an unreachable service is a warning (the
 * health endpoint reports not ready until the service answers).
 */
export async function runProxyCli(env: Environment = process.env, io: CliIo = PROCESS_IO): Promise<number> {
  let server;
  let keyCheck: KeyCheckMode;
  let options: NodeProxyServerOptions;
  try {
    keyCheck = parseKeyCheckMode(env.KEY_CHECK);
    options = proxyServerOptionsFromEnv(env);
    server = await startProxyServer({ ...options, onLog: (line) => io.stderr(line) });
  } catch (error) {
    io.stderr(`bridge-widget-proxy: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  if (keyCheck !== 'off') {
    const status = await server.checkKey();
    const line = `bridge-widget-proxy: ${describeKeyStatus(status)}`;
    const fatal = (status.state === 'inactive' || status.state === 'refused') && keyCheck === 'require';
    if (status.state === 'active') io.stdout(line);
    else if (fatal) {
      io.stderr(`${line}; not starting (KEY_CHECK=warn starts anyway)`);
      await server.close();
      return 1;
    } else io.stderr(`${line}; starting anyway, the health endpoint reports not ready`);
  }
  const rpcChains = Object.keys({ ...options.simulationRpcUrls, ...options.rpcUrls });
  io.stderr(`bridge-widget-proxy: ${rpcChainsLine(rpcChains)}`);
  io.stdout(`bridge-widget-proxy listening on ${server.url}`);

  const running = server;
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      void running.close().then(resolve);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  return 0;
}
