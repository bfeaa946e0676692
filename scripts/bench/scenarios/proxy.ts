/**
 * `npm run bench -- --only proxy`: the reference proxy at production scale.
 * Simulated visitors of one partner site share one API key whose
 * per-key limit the sandbox sets low; the same traffic goes through the proxy
 * with its catalog cache and quota priorities off, on, and on in two
 * instances sharing Redis, one after the other in one run. All on 127.0.0.1;
 * bounded in visitors and time. A benchmark: nothing here is asserted.
 *
 * A visitor loads the page (chains, tokens of two chains, balances: the page
 * load fails if any of them does), asks three quotes, and one in ten also
 * routes, submits a receipt and polls the status five times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { startProxyServer, type NodeProxyServerOptions, type RunningProxyServer } from '../../../src/proxy/node.ts';
import type { BenchSandbox } from '../sandbox.ts';

export interface ProxyLoadOptions {
  readonly seconds: number;
  readonly visitorsPerMinute: number;
  /** The sandbox's per-key limit for the run, requests per minute. */
  readonly keyLimitPerMinute: number;
  readonly fromChain: number;
  readonly toChain: number;
  readonly log: (line: string) => void;
}

export interface ProxyLoadRun {
  readonly config: string;
  readonly visitors: number;
  readonly pageLoadsFailed: number;
  readonly upstreamCalls: Record<string, number>;
  readonly catalogUpstreamCalls: number;
  readonly receipts: number;
  readonly receiptsRefused: number;
  /** Receipts that got neither an answer from the routing service nor a 429: a timeout, a 5xx, a broken connection. */
  readonly receiptsFailed: number;
  readonly statusPolls: number;
  readonly statusPollsRefused: number;
  readonly refusedByProxy: number;
  readonly refusedByUpstream: number;
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly peakRssMb: number;
  readonly seconds: number;
}

interface Sample {
  readonly kind: string;
  readonly status: number;
  readonly code: string | undefined;
  readonly ms: number;
}

const CATALOG = new Set(['/api/v1/routes/chains', '/api/v1/routes/tokens']);
/** The reserve docs/proxy.md recommends for this traffic: the receipts one window brings (200 a minute), with headroom. */
export const RECOMMENDED_RESERVE = { receipts: 240, status: 120 } as const;

export async function runProxyLoad(sandbox: BenchSandbox, options: ProxyLoadOptions): Promise<ProxyLoadRun[]> {
  // One in ten visitors submits a receipt: 200 a minute, a third of this key's window, far above the
  // default 5 % reserve. docs/proxy.md recommends sizing the receipts' reserve to the receipts a window can bring.
  const recommended = { quotaReserve: RECOMMENDED_RESERVE };
  const configs: Array<{ name: string; instances: number; redis: boolean; options: Partial<NodeProxyServerOptions> }> = [
    { name: 'cache + priorities off, 1 instance', instances: 1, redis: false, options: { catalogCache: false, quotaReserve: false } },
    { name: 'on, default reserve, 1 instance', instances: 1, redis: false, options: {} },
    {
      name: `recommended (reserve receipts ${RECOMMENDED_RESERVE.receipts}, status ${RECOMMENDED_RESERVE.status}), 1 instance`,
      instances: 1,
      redis: false,
      options: recommended,
    },
    { name: 'recommended, 2 instances + Redis', instances: 2, redis: true, options: recommended },
  ];
  const runs: ProxyLoadRun[] = [];
  for (const config of configs) {
    await sandbox.reset();
    await sandbox.setFaults({ rateLimit: { limit: options.keyLimitPerMinute, windowMs: 60_000 } });
    options.log(`proxy: ${config.name}, ${options.visitorsPerMinute} visitors/min for ${options.seconds} s, key limit ${options.keyLimitPerMinute}/min`);
    const redis = config.redis ? await startRedis() : undefined;
    const upstreamCalls: Record<string, number> = {};
    const proxies: RunningProxyServer[] = [];
    try {
      for (let i = 0; i < config.instances; i++) {
        proxies.push(
          await startProxyServer({
            upstreamUrl: sandbox.info.serviceUrl,
            apiKey: sandbox.info.apiKey,
            port: 0,
            clientRateLimit: false,
            ...(redis ? { redisUrl: redis.url } : {}),
            ...config.options,
            onLog: (line) => {
              const match = /^\S+ (\S+) -> \d+ upstream=/.exec(line);
              if (match) upstreamCalls[match[1]!] = (upstreamCalls[match[1]!] ?? 0) + 1;
            },
          }),
        );
      }
      runs.push({
        config: config.name,
        ...(await drive(proxies, sandbox, options)),
        upstreamCalls,
        catalogUpstreamCalls: sum(upstreamCalls, (k) => CATALOG.has(k)),
      });
    } finally {
      await Promise.all(proxies.map((proxy) => proxy.close()));
      await redis?.stop();
    }
  }
  await sandbox.reset();
  return runs;
}

async function drive(proxies: RunningProxyServer[], sandbox: BenchSandbox, options: ProxyLoadOptions) {
  const started = Date.now();
  const total = Math.round((options.visitorsPerMinute * options.seconds) / 60);
  const interval = (options.seconds * 1000) / total;
  const samples: Sample[] = [];
  let pageLoadsFailed = 0;
  let peakRss = process.memoryUsage().rss;
  const usdc = (chainId: number) => sandbox.info.tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC')?.address ?? '0x';
  const account = sandbox.info.account.address;
  const quote = JSON.stringify({
    fromChain: String(options.fromChain),
    toChain: String(options.toChain),
    fromToken: usdc(options.fromChain),
    toToken: usdc(options.toChain),
    fromAmount: '5000000',
    fromAddress: account,
    toAddress: account,
  });
  const json = { 'content-type': 'application/json' };

  const request = async (base: string, kind: string, path: string, init: RequestInit = {}): Promise<Sample> => {
    const t0 = performance.now();
    let status = 0;
    let code: string | undefined;
    try {
      const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
      status = response.status;
      const text = await response.text();
      if (status === 429) code = /"code"\s*:\s*"(proxy_[a-z_]+)"/.exec(text)?.[1] ?? 'upstream';
    } catch {
      status = 0;
    }
    const sample = { kind, status, code, ms: performance.now() - t0 };
    samples.push(sample);
    return sample;
  };

  const visitor = async (n: number) => {
    const base = proxies[n % proxies.length]!.url;
    const page = await Promise.all([
      request(base, 'chains', '/api/v1/routes/chains'),
      request(base, 'tokens', `/api/v1/routes/tokens?chainId=${options.fromChain}`),
      request(base, 'tokens', `/api/v1/routes/tokens?chainId=${options.toChain}`),
      request(base, 'balances', `/api/v1/data/balances/${account}`),
    ]);
    if (page.some((s) => s.status !== 200)) pageLoadsFailed += 1;
    for (let q = 0; q < 3; q++) await request(base, 'quote', '/api/v1/routes/quote', { method: 'POST', headers: json, body: quote });
    if (n % 10 !== 0) return;
    await request(base, 'route', '/api/v1/routes/route', { method: 'POST', headers: json, body: quote });
    // The intent id need not exist: what counts is whether the proxy lets the receipt and the polls through.
    const intent = `bench_${n}`;
    await request(base, 'receipt', `/api/v1/route-intent/${intent}/receipt`, { method: 'POST', headers: json, body: '{"txHash":"0x01"}' });
    for (let p = 0; p < 5; p++) await request(base, 'status', `/api/v1/route-intent/${intent}/status`);
  };

  const running: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + n * interval;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(visitor(n));
    if (n % 50 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  await Promise.all(running);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  const latencies = samples.map((s) => s.ms).sort((a, b) => a - b);
  const of = (kind: string) => samples.filter((s) => s.kind === kind);
  return {
    visitors: total,
    pageLoadsFailed,
    receipts: of('receipt').length,
    receiptsRefused: of('receipt').filter((s) => s.status === 429).length,
    receiptsFailed: of('receipt').filter((s) => s.status === 0 || s.status >= 500).length,
    statusPolls: of('status').length,
    statusPollsRefused: of('status').filter((s) => s.status === 429).length,
    refusedByProxy: samples.filter((s) => s.status === 429 && s.code !== 'upstream').length,
    refusedByUpstream: samples.filter((s) => s.code === 'upstream').length,
    requests: samples.length,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

export function proxyLoadTable(runs: readonly ProxyLoadRun[]): string {
  const rows: Array<[string, (r: ProxyLoadRun) => string]> = [
    ['visitors', (r) => String(r.visitors)],
    ['page loads failed', (r) => String(r.pageLoadsFailed)],
    ['requests to the proxy', (r) => String(r.requests)],
    ['upstream calls, all', (r) => String(sum(r.upstreamCalls, () => true))],
    ['upstream calls, catalog (chains + tokens)', (r) => String(r.catalogUpstreamCalls)],
    ['upstream calls, quote', (r) => String(r.upstreamCalls['/api/v1/routes/quote'] ?? 0)],
    ['upstream calls, balances', (r) => String(r.upstreamCalls['/api/v1/data/balances/:address'] ?? 0)],
    ['upstream calls, receipt', (r) => String(r.upstreamCalls['/api/v1/route-intent/:intentId/receipt'] ?? 0)],
    ['upstream calls, status', (r) => String(r.upstreamCalls['/api/v1/route-intent/:intentId/status'] ?? 0)],
    ['receipts refused (429) / sent', (r) => `${r.receiptsRefused} / ${r.receipts}`],
    ['receipts failed otherwise (timeout, 5xx)', (r) => String(r.receiptsFailed)],
    ['status polls refused (429) / sent', (r) => `${r.statusPollsRefused} / ${r.statusPolls}`],
    ['429 answered by the proxy', (r) => String(r.refusedByProxy)],
    ['429 answered by upstream', (r) => String(r.refusedByUpstream)],
    ['latency p50 (ms)', (r) => r.p50Ms.toFixed(1)],
    ['latency p99 (ms)', (r) => r.p99Ms.toFixed(1)],
    ['peak RSS of the bench process (MB)', (r) => String(r.peakRssMb)],
    ['wall time (s)', (r) => String(r.seconds)],
  ];
  const header = `| | ${runs.map((r) => r.config).join(' | ')} |\n|---|${runs.map(() => '---:').join('|')}|`;
  return [header, ...rows.map(([label, value]) => `| ${label} | ${runs.map(value).join(' | ')} |`)].join('\n');
}

function sum(counts: Record<string, number>, include: (key: string) => boolean): number {
  return Object.entries(counts).reduce((total, [key, n]) => total + (include(key) ? n : 0), 0);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const child: ChildProcess = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
