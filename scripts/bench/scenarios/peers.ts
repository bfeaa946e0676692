/**
 * `npm run bench -- --peers`: the peers' minimal pages beside ours,
 * in one Chromium, on the phone profile of phone.ts.
 *
 * The peers live in scripts/bench/peers/: their own package.json and
 * package-lock.json, versions pinned exactly, installed on first use (`npm ci`
 * there when its node_modules is missing), never in our package (`files`) nor
 * in the root install. Each page (peers/pages/*.js, the minimal page its
 * README gives, no wallet connected) is built with the root's vite into the
 * static server's folder (peers/<id>/), minified, as an app would ship it.
 *
 * The shell, for every widget alike (page/shell.js): the widget's root
 * element (LI.FI: the div its React root renders into; TokenFlight:
 * <tokenflight-widget>; ours: <bridge-widget>) has a nonzero box and some
 * text in it is laid out, in a rendered frame. Per load, in a fresh context:
 * - shell visible: navigation start → that frame;
 * - script time until the shell: main-thread time in the trace's script
 *   events (compile, evaluate, function calls, microtasks; nested events
 *   counted once) from navigation to the `bench:shell` mark;
 * - JS heap after the shell (CDP Performance.getMetrics JSHeapUsedSize);
 * - first-load JS: the .js files fetched before the shell, gzip bytes as sent.
 * The network is closed: Chromium resolves no host but 127.0.0.1 (see
 * PEERS_CHROMIUM_ARGS), so a peer's remote config and API calls fail at once
 * and its shell is what it shows offline.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../build.ts';
import { call, type BenchContext } from './context.ts';
import { throttledPage } from './phone.ts';

export const PEERS_DIR = join(ROOT, 'scripts/bench/peers');

/** No DNS but 127.0.0.1: remote requests fail at once instead of waiting on a closed network. */
export const PEERS_CHROMIUM_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

export interface Peer {
  id: 'lifi' | 'tokenflight';
  name: string;
  /** The npm package measured; its version is read from the peers' install. */
  pkg: string;
  entry: string;
  /** The widget's root element, for the shell rule. */
  shellRoot: string;
  body: string;
}

export const PEERS: readonly Peer[] = [
  { id: 'lifi', name: 'LI.FI Widget', pkg: '@lifi/widget', entry: 'pages/lifi.js', shellRoot: '#widget', body: '<div id="widget"></div>' },
  {
    id: 'tokenflight',
    name: 'TokenFlight',
    pkg: '@tokenflight/swap',
    entry: 'pages/tokenflight.js',
    shellRoot: 'tokenflight-widget',
    body: '<tokenflight-widget></tokenflight-widget>',
  },
];

export interface ShellRun {
  shellMs: number;
  scriptMs: number;
  heapBytes: number;
  jsFiles: number;
  jsGzipBytes: number;
}

const shellProbe = readFileSync(join(ROOT, 'scripts/bench/page/shell.js'), 'utf8');

/** The shell probe's two script tags, for the head of a page (ours gets them too). */
export function shellProbeTags(shellRoot: string): string {
  return `<script>window.__benchShellRoot = ${JSON.stringify(shellRoot)};</script>\n<script>${shellProbe}</script>`;
}

export function peerVersion(peer: Peer): string {
  return (JSON.parse(readFileSync(join(PEERS_DIR, 'node_modules', peer.pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

/** `npm ci` in scripts/bench/peers when its node_modules is missing (first use). */
export function installPeers(log: (line: string) => void): void {
  if (existsSync(join(PEERS_DIR, 'node_modules'))) return;
  log('peers: first use, npm ci in scripts/bench/peers …');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEERS_DIR, stdio: ['ignore', 2, 2] });
}

/** Builds each peer's page into `${outDir}/peers/<id>/`; returns the page URLs' script paths. */
export async function buildPeers(outDir: string): Promise<Map<Peer['id'], string>> {
  const { build } = await import('vite');
  const scripts = new Map<Peer['id'], string>();
  for (const peer of PEERS) {
    const base = `/peers/${peer.id}/`;
    await build({
      root: PEERS_DIR,
      base,
      configFile: false,
      logLevel: 'error',
      clearScreen: false,
      mode: 'production',
      build: {
        outDir: join(outDir, 'peers', peer.id),
        emptyOutDir: true,
        minify: true,
        sourcemap: false,
        copyPublicDir: false,
        rollupOptions: { input: join(PEERS_DIR, peer.entry), output: { entryFileNames: `${peer.id}.js` } },
      },
    });
    scripts.set(peer.id, `${base}${peer.id}.js`);
  }
  return scripts;
}

export function peerPage(peer: Peer, script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${peer.name} bench</title>
${shellProbeTags(peer.shellRoot)}
<script type="module" src="${script}"></script>
<style>body { margin: 0; padding: 16px; font-family: system-ui, sans-serif; } ${peer.shellRoot} { display: block; max-width: 480px; }</style>
</head>
<body>
${peer.body}
</body>
</html>
`;
}

const TRACE_CATEGORIES = ['devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', '__metadata'];
/** Script work on the main thread; nested ones (a FunctionCall inside a TimerFire's task) are merged, not summed. */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'FunctionCall', 'RunMicrotasks', 'V8.Execute']);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/** Main-thread script time (ms) before the `bench:shell` mark: the union of the script events' intervals. */
export function scriptTimeUntilShell(trace: Buffer): number {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mark = events.find((e) => e.name === 'bench:shell');
  if (!mark) throw new Error('the trace has no bench:shell mark');
  const intervals = events
    .filter((e) => e.ph === 'X' && e.pid === mark.pid && e.tid === mark.tid && SCRIPT_EVENTS.has(e.name) && e.ts < mark.ts)
    .map((e) => [e.ts, Math.min(e.ts + (e.dur ?? 0), mark.ts)] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of intervals) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total / 1000;
}

/** One load of a page in a fresh throttled context: shell, script time until it, heap, first-load JS. */
export async function runShell(ctx: BenchContext, url: string, initScripts: string[] = []): Promise<ShellRun> {
  const { context, page } = await throttledPage(ctx, initScripts);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await ctx.browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let tracing = true;
    try {
      await page.goto(url, { timeout: 120_000, waitUntil: 'commit' });
      await page.waitForFunction('window.__benchShell !== undefined', undefined, { timeout: 60_000 });
      const shell = await call<{ shellAt: number; scripts: { file: string; gzip: number }[] }>(page, 'window.__benchShell');
      const { metrics } = await cdp.send('Performance.getMetrics');
      // BENCH_SHELL_SCREENSHOTS=dir: what each page showed when its shell counted (to check the rule by eye).
      const shots = process.env.BENCH_SHELL_SCREENSHOTS;
      if (shots) await page.screenshot({ path: join(shots, `${new URL(url).pathname.slice(1).replace(/\W+/g, '-')}.png`) });
      const trace = await ctx.browser.stopTracing();
      tracing = false;
      return {
        shellMs: shell.shellAt,
        scriptMs: scriptTimeUntilShell(trace),
        heapBytes: metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN,
        jsFiles: shell.scripts.length,
        jsGzipBytes: shell.scripts.reduce((sum, s) => sum + s.gzip, 0),
      };
    } finally {
      if (tracing) await ctx.browser.stopTracing().catch(() => undefined);
    }
  } finally {
    await context.close();
  }
}
