/**
 * `npm run bench`: size, speed and request economy of <bridge-widget>, side
 * by side in one run.
 *
 *   npm run bench [-- --runs 5] [--only size,phone,flow,catalog,picker,memory,proxy]
 *                 [--picker-tokens 10000] [--cycles 50] [--out .bench/results.json]
 *   npm run bench -- --peers [--runs 7]
 *   npm run bench -- --compression off [...]
 *
 * `--compression off` has the sandbox's proxy answer uncompressed (it
 * compresses its JSON answers by default, as a production proxy does): run
 * the phone scenario with and without it to see what compression saves.
 *
 * `--peers` times LI.FI Widget's and TokenFlight's minimal pages
 * beside ours on the phone profile (scenarios/peers.ts) and prints them side
 * by side with ratios; alone it runs the sizes and the peers (7 runs unless
 * --runs says otherwise), with --only also those scenarios.
 *
 * 1. Builds the package and the script-tag file with the repository's
 *    vite.config.ts into .bench/build/ (never dist/), plus the development
 *    wallet as a small module for the pages.
 * 2. Sizes: raw, gzip -9 and brotli of the script build and of the package
 *    entry with its chunks; contributors by library, package and module from
 *    the script build's sourcemap.
 * 3. Starts the sandbox (its own process, free ports), a bare static server
 *    (gzip) and headless Chromium, then per run: time to interactive and
 *    click → review (cold and prefetched) on a mid-range phone profile;
 *    startup, first quote, a full transfer with request counts, a second
 *    mount; the token picker with a large list; mount/unmount cycles with
 *    heap and leftovers.
 * 4. Prints the table (median, min, max over the runs) and writes it as JSON.
 *
 * Timings depend on the machine and its load: they are printed, never asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { buildDevWallet, buildWidget, ROOT } from './build.ts';
import { launchBrowser } from './browser.ts';
import {
  installPeers,
  buildPeers,
  peerPage,
  peerVersion,
  PEERS,
  PEERS_CHROMIUM_ARGS,
  runShell,
  shellProbeTags,
  type Peer,
  type ShellRun,
} from './scenarios/peers.ts';
import { emptyPage, phonePage, widgetPage, type PageConfig } from './pages.ts';
import { figure, machineInfo, machineLine, markdownTable, median, table, type Figure } from './report.ts';
import { startBenchSandbox, type BenchSandbox } from './sandbox.ts';
import { COMPLETE_GZIP_BUDGET, FIRST_LOAD_GZIP_BUDGET, PACKAGE_ENTRY_GZIP_BUDGET, sizeReport, type SizeReport } from './size.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';
import type { BenchContext } from './scenarios/context.ts';
import { catalogFigures, runCatalogScenario, useCatalog, type CatalogRun } from './scenarios/catalog.ts';
import { runFlow, TYPED_AMOUNT, type FlowRun } from './scenarios/flow.ts';
import { runMemory, type MemoryRun } from './scenarios/memory.ts';
import { injectedProvider, PHONE_PROFILE, PRESET_AMOUNT, runPhone, type PhoneRun } from './scenarios/phone.ts';
import { runPicker, SEARCH_RESULT, SEARCH_TEXT, type PickerRun } from './scenarios/picker.ts';
import { proxyLoadTable, runProxyLoad, type ProxyLoadRun } from './scenarios/proxy.ts';

const SCENARIOS = ['size', 'phone', 'flow', 'catalog', 'picker', 'memory', 'proxy'] as const;
/** The proxy load test takes minutes: only when asked for (`--only proxy`). */
const DEFAULT_SCENARIOS = SCENARIOS.filter((s) => s !== 'proxy');
type Scenario = (typeof SCENARIOS)[number];

const FROM_CHAIN = 11155111;
const TO_CHAIN = 84532;
const QUOTE_DEBOUNCE_MS = 400;
/** src/flow/session.ts TOKEN_SEARCH_DEBOUNCE_MS (kept as a copy: the bench does not import the widget). */
const TOKEN_SEARCH_DEBOUNCE_MS = 250;

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      peers: { type: 'boolean', default: false },
      only: { type: 'string' },
      'picker-tokens': { type: 'string', default: '10000' },
      cycles: { type: 'string', default: '50' },
      'proxy-seconds': { type: 'string', default: '60' },
      'proxy-visitors-per-minute': { type: 'string', default: '2000' },
      'proxy-key-limit': { type: 'string', default: '600' },
      out: { type: 'string', default: '.bench/results.json' },
      compression: { type: 'string', default: 'on' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'usage: npm run bench -- [--runs 5] [--only size,phone,flow,catalog,picker,memory] [--picker-tokens 10000] [--cycles 50] [--out .bench/results.json]\n' +
        '       npm run bench -- --peers [--runs 7] [--only …]   (LI.FI Widget and TokenFlight beside ours on the phone profile)\n' +
        '       npm run bench -- --compression off [...]   (the proxy answers uncompressed: the "before" of the comparison)\n',
    );
    process.exit(0);
  }
  const positive = (name: string, value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${value}"`);
    return n;
  };
  const only = values.only ? values.only.split(',').map((s) => s.trim()) : values.peers ? ['size'] : [...DEFAULT_SCENARIOS];
  for (const s of only) if (!SCENARIOS.includes(s as Scenario)) throw new Error(`--only: unknown scenario "${s}" (${SCENARIOS.join(', ')})`);
  if (values.compression !== 'on' && values.compression !== 'off') throw new Error(`--compression must be on or off, got "${values.compression}"`);
  return {
    compression: values.compression === 'on',
    runs: positive('runs', values.runs ?? (values.peers ? '7' : '5')),
    peers: values.peers,
    only: new Set(only as Scenario[]),
    pickerTokens: positive('picker-tokens', values['picker-tokens']),
    cycles: Math.max(2, positive('cycles', values.cycles)),
    proxySeconds: positive('proxy-seconds', values['proxy-seconds']),
    proxyVisitorsPerMinute: positive('proxy-visitors-per-minute', values['proxy-visitors-per-minute']),
    proxyKeyLimit: positive('proxy-key-limit', values['proxy-key-limit']),
    out: resolve(ROOT, values.out),
  };
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const kb = (bytes: number) => bytes / 1024;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function repeat<T>(label: string, runs: number, run: (i: number) => Promise<T>, errors: string[]): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < runs; i++) {
    const started = Date.now();
    try {
      results.push(await run(i));
      log(`  ${label} ${i + 1}/${runs} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      errors.push(`${label} run ${i + 1}: ${errorText(error)}`);
      log(`  ${label} ${i + 1}/${runs} failed: ${errorText(error)}`);
    }
  }
  return results;
}

function sizeFigures(size: SizeReport): Figure[] {
  const lib = (name: string) => size.contributors.firstLoad.libraries.find((l) => l.name === name);
  const { firstLoad, complete } = size.script;
  const figures: Figure[] = [
    figure('size.firstLoad.gzip', `script tag, first load (${firstLoad.files.length} file(s)), gzip`, 'KB', [kb(firstLoad.gzip)], {
      target: `≤ ${kb(FIRST_LOAD_GZIP_BUDGET)} KB`,
      check: (v) => v * 1024 <= FIRST_LOAD_GZIP_BUDGET,
      note: 'the entry and every chunk it imports statically',
    }),
    figure('size.firstLoad.brotli', 'script tag, first load, brotli', 'KB', [kb(firstLoad.brotli)]),
    figure('size.firstLoad.raw', 'script tag, first load, raw', 'KB', [kb(firstLoad.raw)]),
    figure('size.complete.gzip', `script tag, complete English transfer (${complete.files.length} files), gzip`, 'KB', [kb(complete.gzip)], {
      target: `≤ ${kb(COMPLETE_GZIP_BUDGET)} KB`,
      check: (v) => v * 1024 <= COMPLETE_GZIP_BUDGET,
      note: 'everything the entry can import, language add-ons left out',
    }),
    figure('size.complete.brotli', 'script tag, complete, brotli', 'KB', [kb(complete.brotli)]),
    // A feature's chunk fetched only on the user's choice (WalletConnect): out of the complete figure, reported on its own.
    ...size.script.chunks
      .filter((chunk) => chunk.role === 'on choice')
      .map((chunk) => {
        const name = chunk.file.replace(/-[0-9a-f]+\.js$/, '');
        return figure(`size.onChoice.${name}.gzip`, `on the user's choice: ${chunk.file}, gzip`, 'KB', [kb(chunk.gzip)], {
          note: 'fetched only when the user picks it (or to resume what it started); never in the first load, left out of the complete figure',
        });
      }),
    ...size.localeAddOns.map((addOn) => {
      const code = addOn.file.split('.').at(-2)!;
      return figure(`size.locale.${code}.gzip`, `language add-on ${addOn.file}, gzip`, 'KB', [kb(addOn.gzip)], {
        note: `loaded only when the widget shows ${new Intl.DisplayNames('en', { type: 'language' }).of(code)}; never in the first load`,
      });
    }),
  ];
  for (const [name, label] of [
    ['widget code (src)', '  in the first load: widget code (src), gzip cost'],
    ['lit', '  in the first load: lit, gzip cost'],
    ['viem', '  in the first load: viem helpers, gzip cost'],
    ['zod', '  in the first load: zod (zod/mini), gzip cost'],
  ] as const) {
    const l = lib(name);
    if (l)
      figures.push(
        figure(`size.firstLoad.${name.split(' ')[0]}.gzip`, label, 'KB', [kb(l.gzipMarginal)], {
          note: `${(l.share * 100).toFixed(1)} % of the raw bytes; gzip cost = gzip(all) − gzip(all without it)`,
        }),
      );
  }
  figures.push(
    figure('size.entry.gzip', 'package entry + its chunks, gzip (deps external)', 'KB', [kb(size.packageEntry.closure.gzip)], {
      target: `≤ ${kb(PACKAGE_ENTRY_GZIP_BUDGET).toFixed(1)} KB`,
      check: (v) => v * 1024 <= PACKAGE_ENTRY_GZIP_BUDGET,
    }),
    figure('size.entry.raw', 'package entry + its chunks, raw', 'KB', [kb(size.packageEntry.closure.raw)]),
    figure('size.entryFile.gzip', 'package entry file alone, gzip', 'KB', [kb(size.packageEntry.entry.gzip)]),
    figure('size.forbidden', 'viem client / transport code in script build', 'count', [size.forbidden.length], { target: '0', check: (v) => v === 0 }),
  );
  return figures;
}

function phoneFigures(runs: PhoneRun[]): Figure[] {
  const profile = `CPU ${PHONE_PROFILE.cpuSlowdown}×, ${PHONE_PROFILE.latencyMs} ms, 1.6 Mbit/s`;
  return [
    figure(
      'phone.shell',
      `phone (${profile}): navigation → widget shell painted`,
      'ms',
      runs.map((r) => r.shellMs),
    ),
    figure(
      'phone.chains',
      'phone: navigation → chains listed',
      'ms',
      runs.map((r) => r.chainsMs),
    ),
    figure(
      'phone.form',
      'phone: navigation → form interactive (chains listed, amount input enabled)',
      'ms',
      runs.map((r) => r.formMs),
      { target: '≤ 1000 ms', check: (v) => v <= 1000 },
    ),
    figure(
      'phone.quote',
      `phone: navigation → the preset amount's quote shown (${PRESET_AMOUNT} USDC)`,
      'ms',
      runs.map((r) => r.quoteMs),
      { target: '≤ 1300 ms', check: (v) => v <= 1300 },
    ),
    figure(
      'phone.interactive',
      `phone: navigation → interactive (chains, amount enabled, quote for ${PRESET_AMOUNT} USDC)`,
      'ms',
      runs.map((r) => r.interactiveMs),
    ),
    figure(
      'phone.reviewCold',
      'phone: click Bridge → review visible, chunks cold',
      'ms',
      runs.map((r) => r.reviewColdMs),
    ),
    figure(
      'phone.reviewPrefetched',
      'phone: click Bridge → review visible, chunks prefetched',
      'ms',
      runs.map((r) => r.reviewPrefetchedMs),
      { target: '< 100 ms', check: (v) => v < 100 },
    ),
    figure(
      'phone.scriptsAfterClick',
      'phone: script fetches after the click, prefetched',
      'count',
      runs.map((r) => r.prefetchedScriptsAfterClick.length),
      { target: '0', check: (_, s) => s.every((v) => v === 0) },
    ),
  ];
}

function flowFigures(runs: FlowRun[]): Figure[] {
  const all = (pick: (r: FlowRun) => number) => runs.map(pick);
  const allEqual = (target: number) => (_: number, samples: readonly number[]) => samples.every((s) => s === target);
  return [
    figure(
      'startup.defined',
      'script fetch → element defined',
      'ms',
      all((r) => r.startup.definedAt - r.startup.scriptFetchStart),
    ),
    figure(
      'startup.interactive',
      'script fetch → widget interactive (chain shown)',
      'ms',
      all((r) => r.startup.interactiveAt - r.startup.scriptFetchStart),
    ),
    figure(
      'startup.quote',
      `amount typed → quote shown (incl. ${QUOTE_DEBOUNCE_MS} ms debounce)`,
      'ms',
      all((r) => r.quote.shownAt - r.quote.lastInputAt),
    ),
    figure(
      'startup.remount',
      'second mount → interactive (cached catalog)',
      'ms',
      all((r) => r.secondMount.interactiveMs),
    ),
    figure(
      'wallet.promptsPerTransfer',
      'wallet prompts per ERC-20 transfer (a batching wallet)',
      'count',
      all((r) => r.walletPrompts),
      { target: '1', check: allEqual(1) },
    ),
    figure(
      'requests.quotesWhileTyping',
      `quote requests for typing “${TYPED_AMOUNT}”`,
      'count',
      all((r) => r.quoteRequestsWhileTyping),
      { target: '1', check: allEqual(1) },
    ),
    figure(
      'requests.statusPolls',
      'status polls, one transfer',
      'count',
      all((r) => r.statusPolls),
    ),
    figure(
      'requests.earlyPolls',
      'status polls earlier than next_poll_at',
      'count',
      all((r) => r.earlyPolls),
      { target: '0', check: allEqual(0) },
    ),
    figure(
      'requests.minPollMargin',
      'smallest margin after next_poll_at',
      'ms',
      all((r) => r.minPollMargin),
    ),
    figure(
      'requests.refetchOnRemount',
      'chain + token list fetches on second mount',
      'count',
      all((r) => r.secondMount.chainsRefetches + r.secondMount.tokensRefetches),
      { target: '0', check: allEqual(0) },
    ),
    figure(
      'requests.total',
      'requests to the proxy, one full flow',
      'count',
      all((r) => Object.values(r.requestsByEndpoint).reduce((a, b) => a + b, 0)),
    ),
  ];
}

function pickerFigures(runs: PickerRun[]): Figure[] {
  const tokens = runs[0]?.tokens ?? NaN;
  return [
    figure(
      'picker.interactive',
      'script fetch → interactive, large catalog',
      'ms',
      runs.map((r) => r.interactiveMs),
    ),
    figure(
      'picker.open',
      `token picker open, large catalog (${tokens.toLocaleString('en-US')} tokens loaded)`,
      'ms',
      runs.map((r) => r.open.ms),
    ),
    figure(
      'picker.keystroke',
      `token search, local filter per keystroke (“${SEARCH_TEXT}”)`,
      'ms',
      runs.flatMap((r) => r.keystrokes.map((k) => k.ms)),
      { note: 'all keystrokes of all runs pooled' },
    ),
    figure(
      'picker.serverResult',
      `token search, last keystroke → the service's result painted (${SEARCH_RESULT}, last page)`,
      'ms',
      runs.map((r) => r.serverResultMs),
      {
        note: `includes the ${TOKEN_SEARCH_DEBOUNCE_MS} ms debounce`,
      },
    ),
    figure(
      'picker.reopen',
      'token picker, second open',
      'ms',
      runs.map((r) => r.reopen.ms),
    ),
  ];
}

function memoryFigures(runs: MemoryRun[], cycles: number): Figure[] {
  return [
    figure(
      'memory.heapAfterFirst',
      'JS heap after 1 mount/unmount',
      'MB',
      runs.map((r) => r.heapAfterFirst / 2 ** 20),
    ),
    figure(
      'memory.heapAfterAll',
      `JS heap after ${cycles} mount/unmounts`,
      'MB',
      runs.map((r) => r.heapAfterAll / 2 ** 20),
    ),
    figure(
      'memory.growth',
      `heap growth, ${cycles} vs 1 cycles`,
      'KB',
      runs.map((r) => r.growth / 1024),
    ),
    figure(
      'memory.growthPerCycle',
      `heap growth per cycle, cycles ${Math.floor(cycles / 2) + 1}–${cycles}`,
      'KB',
      runs.map((r) => r.growthPerCycleSecondHalf / 1024),
    ),
    figure(
      'memory.widgetsAlive',
      'BridgeWidget objects alive after unmounts',
      'count',
      runs.map((r) => r.widgetsAliveAfterAll),
      { target: '0', check: (_, s) => s.every((v) => v === 0) },
    ),
    figure(
      'memory.requestsAfterUnmount',
      'proxy requests after the last unmount',
      'count',
      runs.map((r) => r.requestsAfterUnmount),
      { target: '0', check: (_, s) => s.every((v) => v === 0) },
    ),
    figure(
      'memory.walletListeners',
      'listeners left on the wallet after unmounts',
      'count',
      runs.map((r) => r.walletListenersAfterAll),
      { target: '0', check: (_, s) => s.every((v) => v === 0) },
    ),
  ];
}

/**
 * The script-tag build file by file: what loads first and what on demand,
 * gzip bytes each (each file is compressed on its own, as a server sends it),
 * and what each holds (its largest sources).
 */
function chunkTable(size: SizeReport): string {
  const { script } = size;
  const short = (source: string) =>
    source
      .replace(/^src\//, '')
      .replace(/^node_modules\//, '')
      .replace(/\.(ts|js)$/, '');
  const lines = [
    `Script-tag build, file by file (first load ${script.firstLoad.gzip.toLocaleString('en-US')} B gzip in ${script.firstLoad.files.length} file(s); complete ${script.complete.gzip.toLocaleString('en-US')} B in ${script.complete.files.length}):`,
  ];
  const width = Math.max(...script.chunks.map((c) => c.file.length));
  for (const chunk of script.chunks) {
    const holds = chunk.modules
      .slice(0, 4)
      .map((m) => short(m.source))
      .join(', ');
    lines.push(`  ${chunk.role.padEnd(10)}  ${chunk.file.padEnd(width)}  ${chunk.gzip.toLocaleString('en-US').padStart(7)} B gzip  ${holds}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const opts = options();
  const loadAtStart = loadavg();
  if (opts.only.has('proxy')) {
    await proxyBench(opts);
    if (opts.only.size === 1) return;
  }
  const started = Date.now();
  const errors: string[] = [];
  const buildDir = join(ROOT, '.bench/build');
  const browserScenarios = (['phone', 'flow', 'catalog', 'picker', 'memory'] as const).filter((s) => opts.only.has(s));

  log('building (package, script tag, dev wallet) into .bench/build/ …');
  const files = await buildWidget(join(buildDir, 'dist'));
  const size = await sizeReport(files);
  let peerScripts: Map<Peer['id'], string> | undefined;
  if (opts.peers) {
    installPeers(log);
    log('peers: building the minimal pages of LI.FI Widget and TokenFlight …');
    peerScripts = await buildPeers(files.outDir);
  }

  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  let sandbox: BenchSandbox | undefined;
  let chromium = 'not started';
  const results: { phone: PhoneRun[]; peers: PeerRuns; flow: FlowRun[]; catalog: CatalogRun[]; picker: PickerRun[]; memory: MemoryRun[] } = {
    phone: [],
    peers: { lifi: [], tokenflight: [], ours: [] },
    flow: [],
    catalog: [],
    picker: [],
    memory: [],
  };
  const stopAll = async () => {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await sandbox?.stop().catch(() => undefined);
  };
  const onSignal = () => {
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    if (browserScenarios.length || opts.peers) {
      await buildDevWallet(files.outDir);
      log('starting the sandbox, a static server and Chromium …');
      sandbox = await startBenchSandbox({ bridgingDelayMs: 1500, compression: opts.compression });
      server = await startStaticServer(files.outDir);
      browser = await launchBrowser(opts.peers ? PEERS_CHROMIUM_ARGS : []);
      chromium = browser.version();
      const fromChain = sandbox.info.chains.find((c) => c.chainId === FROM_CHAIN);
      const { contracts } = sandbox.info;
      if (!fromChain?.rpcUrl) throw new Error(`the sandbox has no served chain ${FROM_CHAIN}`);
      const config: PageConfig = {
        proxyUrl: sandbox.proxyUrl,
        scriptName: relative(files.outDir, files.scriptFile).split('\\').join('/'),
        fromChain: String(FROM_CHAIN),
        toChain: String(TO_CHAIN),
        fromChainName: fromChain.name,
      };
      const ctx: BenchContext = {
        browser,
        server,
        sandbox,
        widgetPageUrl: server.page('/widget.html', widgetPage(config)),
        emptyPageUrl: server.page('/empty.html', emptyPage(config)),
        wallet: {
          walletModule: '/dev-wallet.js',
          privateKey: sandbox.info.account.privateKey,
          // With each chain's BatchExecutor the wallet batches (EIP-5792, atomic through EIP-7702), as MetaMask's smart accounts do.
          chains: sandbox.info.chains
            .filter((c) => c.rpcUrl)
            .map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl!, name: c.name, batchExecutor: contracts[String(c.chainId)]?.batchExecutor })),
          chainId: FROM_CHAIN,
        },
        log,
      };

      const review = size.script.chunks.find((c) => c.role === 'on demand' && c.file.startsWith('transfer-'));
      if ((opts.only.has('phone') || opts.peers) && !review)
        throw new Error(
          `phone: no transfer chunk (the review with the rest of a transfer) in the script build (${size.script.chunks.map((c) => c.file).join(', ')})`,
        );
      const phoneUrl = server.page('/phone.html', phonePage(config, PRESET_AMOUNT));
      if (opts.peers && peerScripts) {
        // One round: each widget's shell load (order rotated per round so none always goes first), then ours on the phone scenario.
        const shellUrls = new Map<PeerKey, string>([
          ...PEERS.map((peer) => [peer.id, server!.page(`/peer-${peer.id}.html`, peerPage(peer, peerScripts!.get(peer.id)!))] as const),
          [
            'ours',
            server.page(
              '/phone-shell.html',
              phonePage(config, PRESET_AMOUNT).replace('<script>window.__benchConfig', `${shellProbeTags('bridge-widget')}\n<script>window.__benchConfig`),
            ),
          ],
        ]);
        const keys: PeerKey[] = ['lifi', 'tokenflight', 'ours'];
        const wallet = injectedProvider(ctx);
        log(`peers: LI.FI Widget, TokenFlight and ours alternating, then ours with the sandbox (${opts.runs} rounds)`);
        for (let i = 0; i < opts.runs; i++) {
          const order = [...keys.slice(i % keys.length), ...keys.slice(0, i % keys.length)];
          for (const key of order) {
            const [run] = await repeat(`${key} shell, round ${i + 1}:`, 1, () => runShell(ctx, shellUrls.get(key)!, key === 'ours' ? [wallet] : []), errors);
            if (run) results.peers[key].push(run);
          }
          const [phone] = await repeat(`ours phone, round ${i + 1}:`, 1, () => runPhone(ctx, phoneUrl, review!.file), errors);
          if (phone) results.phone.push(phone);
        }
      }
      if (opts.only.has('phone')) {
        log(`phone: time to interactive, click → review cold and prefetched (${opts.runs} runs)`);
        results.phone.push(...(await repeat('phone', opts.runs, () => runPhone(ctx, phoneUrl, review!.file), errors)));
        for (const run of results.phone)
          if (run.prefetchedScriptsAfterClick.length)
            errors.push(`phone: the click waited for ${run.prefetchedScriptsAfterClick.join(', ')} although the page had been idle`);
      }
      if (opts.only.has('flow')) {
        log(`flow: startup, first quote, one transfer, second mount (${opts.runs} runs)`);
        results.flow = await repeat('flow', opts.runs, () => runFlow(ctx), errors);
        for (const run of results.flow) {
          if (run.quote.maxGap >= QUOTE_DEBOUNCE_MS)
            errors.push(`flow: keystrokes ${run.quote.maxGap.toFixed(0)} ms apart (≥ the debounce): that run's quote count does not test the debounce`);
          if (run.outcome !== 'success') errors.push(`flow: a transfer ended with ${run.outcome}`);
        }
      }
      if (opts.only.has('catalog')) {
        log(`catalog: startup with the default and the large catalog (${opts.runs} runs each)`);
        results.catalog = await runCatalogScenario(ctx, (label, run) => repeat(label, opts.runs, run, errors));
      }
      if (opts.only.has('picker')) {
        // The large catalog: the picker holds the loaded pages, and a search reaches the rest through the service.
        await useCatalog(ctx, 'large');
        log(`picker: the large catalog (${opts.runs} runs)`);
        try {
          results.picker = await repeat('picker', opts.runs, () => runPicker(ctx), errors);
        } finally {
          await sandbox.setFaults({ catalog: 'default' });
        }
      }
      if (opts.only.has('memory')) {
        log(`memory: ${opts.cycles} mount/unmount cycles (${opts.runs} runs)`);
        results.memory = await repeat('memory', opts.runs, () => runMemory(ctx, opts.cycles), errors);
      }
    }
  } catch (error) {
    // No browser or no sandbox: still print what was measured (sizes), and say why the rest is missing.
    errors.push(`browser scenarios: ${errorText(error)}`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }

  const machine = machineInfo(chromium, loadAtStart);
  const figures: Figure[] = [
    ...(opts.only.has('size') ? sizeFigures(size) : []),
    ...(results.peers.ours.length ? peerFigures(results.peers) : []),
    ...(results.phone.length ? phoneFigures(results.phone) : []),
    ...(results.flow.length ? flowFigures(results.flow) : []),
    ...(results.catalog.length ? catalogFigures(results.catalog) : []),
    ...(results.picker.length ? pickerFigures(results.picker) : []),
    ...(results.memory.length ? memoryFigures(results.memory, opts.cycles) : []),
  ];

  // Requests by endpoint over one full flow: the median count of each endpoint over the runs.
  const endpoints = [...new Set(results.flow.flatMap((r) => Object.keys(r.requestsByEndpoint)))].sort();
  const requestsByEndpoint = Object.fromEntries(endpoints.map((e) => [e, median(results.flow.map((r) => r.requestsByEndpoint[e] ?? 0))]));

  const out = {
    machine,
    options: {
      runs: opts.runs,
      proxyCompression: opts.compression,
      scenarios: [...opts.only, ...(opts.peers ? ['peers'] : [])],
      peers: opts.peers ? Object.fromEntries(PEERS.map((p) => [p.pkg, peerVersion(p)])) : undefined,
      pickerTokens: opts.pickerTokens,
      cycles: opts.cycles,
      phoneProfile: PHONE_PROFILE,
      typedAmount: TYPED_AMOUNT,
      search: SEARCH_TEXT,
    },
    durationSeconds: Math.round((Date.now() - started) / 100) / 10,
    figures,
    size,
    requestsByEndpoint,
    runs: results,
    errors,
  };
  mkdirSync(dirname(opts.out), { recursive: true });
  writeFileSync(opts.out, `${JSON.stringify(out, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`);

  const print = (line = '') => process.stdout.write(`${line}\n`);
  print();
  print(`bridge-widget bench: median of ${opts.runs} run(s)`);
  print(machineLine(machine));
  print(`The proxy's answers: ${opts.compression ? 'compressed (brotli, as the browser asks)' : 'uncompressed (--compression off)'}`);
  print();
  print(table(figures));
  if (opts.peers) {
    const side = peersTable(results.peers, results.phone, machine, loadAtStart);
    print();
    print(side);
    writeFileSync(join(dirname(opts.out), 'peers.md'), `${side}\n`);
  }
  if (endpoints.length) {
    print();
    print('Requests to the proxy over one full flow (median per endpoint):');
    for (const e of endpoints) print(`  ${String(requestsByEndpoint[e]).padStart(3)}  ${e}`);
  }
  if (results.phone.length) {
    // The run with the median time to interactive: what it waited for, one request after the other or side by side.
    const sorted = [...results.phone].sort((a, b) => a.interactiveMs - b.interactiveMs);
    const run = sorted[Math.floor((sorted.length - 1) / 2)]!;
    print();
    print(`Phone start-up, the median run (interactive at ${run.interactiveMs.toFixed(0)} ms): requests, ms since navigation start`);
    for (const r of run.startupRequests) print(`  ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)}  ${r.what}`);
  }
  if (opts.only.has('size')) {
    print();
    print(chunkTable(size));
    print();
    print('Largest contributors to the first load (raw bytes from the sourcemaps; gzip = what removing it would save):');
    for (const g of size.contributors.firstLoad.groups.slice(0, 12)) {
      print(
        `  ${g.name.padEnd(32)} ${String(g.bytes).padStart(7)} B  ${(g.share * 100).toFixed(1).padStart(5)} %  ~${String(g.gzipMarginal).padStart(6)} B gzip`,
      );
    }
    print('Largest modules of a complete transfer (raw bytes):');
    for (const m of size.contributors.complete.modules.slice(0, 8)) print(`  ${m.source.padEnd(56)} ${String(m.bytes).padStart(7)} B`);
    if (size.script.unresolved.length) for (const u of size.script.unresolved) print(`  ✗ unresolved import ${u}`);
    if (size.forbidden.length) for (const f of size.forbidden) print(`  ✗ ${f}`);
  }
  if (errors.length) {
    print();
    print('Problems during the run:');
    for (const e of errors) print(`  - ${e}`);
  }
  print();
  const markdown = opts.out.replace(/\.json$/, '') + '.md';
  writeFileSync(
    markdown,
    `Machine: ${machineLine(machine)}\n\nThe proxy's answers: ${opts.compression ? 'compressed' : 'uncompressed'}\n\n${markdownTable(figures)}\n`,
  );
  print(`Written to ${relative(ROOT, opts.out)} and, as a Markdown table, ${relative(ROOT, markdown)} (${out.durationSeconds} s).`);
  process.exitCode = errors.length ? 1 : 0;
}

type PeerKey = Peer['id'] | 'ours';
type PeerRuns = Record<PeerKey, ShellRun[]>;

function peerFigures(runs: PeerRuns): Figure[] {
  const names: Record<PeerKey, string> = {
    lifi: `LI.FI Widget ${peerVersion(PEERS[0]!)}`,
    tokenflight: `TokenFlight ${peerVersion(PEERS[1]!)}`,
    ours: 'ours',
  };
  return (Object.keys(names) as PeerKey[]).flatMap((key) =>
    runs[key].length
      ? [
          figure(
            `peers.${key}.shell`,
            `peers, ${names[key]}: navigation → shell visible`,
            'ms',
            runs[key].map((r) => r.shellMs),
          ),
          figure(
            `peers.${key}.script`,
            `peers, ${names[key]}: script time until the shell`,
            'ms',
            runs[key].map((r) => r.scriptMs),
          ),
          figure(
            `peers.${key}.heap`,
            `peers, ${names[key]}: JS heap after the shell`,
            'MB',
            runs[key].map((r) => r.heapBytes / 2 ** 20),
          ),
          figure(
            `peers.${key}.js`,
            `peers, ${names[key]}: JS before the shell, gzip`,
            'B',
            runs[key].map((r) => r.jsGzipBytes),
          ),
        ]
      : [],
  );
}

/** The side-by-side table (Markdown): the peers' medians and ours, with ours / LI.FI and ours / TokenFlight. */
function peersTable(runs: PeerRuns, phone: PhoneRun[], machine: ReturnType<typeof machineInfo>, loadAtStart: number[]): string {
  const m = (key: PeerKey, pick: (r: ShellRun) => number) => median(runs[key].map(pick));
  const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-US')} ms` : '–');
  const ratio = (ours: number, peer: number) => (Number.isFinite(ours) && Number.isFinite(peer) && peer > 0 ? `${(ours / peer).toFixed(2)}×` : '–');
  const row = (label: string, pick: (r: ShellRun) => number, show: (v: number, key: PeerKey) => string) => {
    const [l, t, o] = (['lifi', 'tokenflight', 'ours'] as const).map((k) => m(k, pick));
    return `| ${label} | ${show(l!, 'lifi')} | ${show(t!, 'tokenflight')} | ${show(o!, 'ours')} | ${ratio(o!, l!)} | ${ratio(o!, t!)} |`;
  };
  const files = (key: PeerKey) => m(key, (r) => r.jsFiles);
  const ours = (label: string, v: number, goal: string) => `| ${label} | | | ${ms(v)} (goal ${goal}) | | |`;
  const shellRatio = m('ours', (r) => r.shellMs) / m('lifi', (r) => r.shellMs);
  return [
    `Side by side on the phone profile (CPU ${PHONE_PROFILE.cpuSlowdown}×, ${PHONE_PROFILE.latencyMs} ms, 1.6 Mbit/s down, gzip, fresh context per load), median of ${Math.min(runs.lifi.length, runs.tokenflight.length, runs.ours.length)} alternating rounds:`,
    `${machine.date.slice(0, 16).replace('T', ' ')} UTC; ${machine.cores} × ${machine.cpu}; load average (1, 5, 15 min) ${loadAtStart.map((n) => n.toFixed(2)).join(' ')} at the start, ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} at the end; Chromium ${machine.chromium}; commit ${machine.commit}`,
    '',
    `| | LI.FI Widget ${peerVersion(PEERS[0]!)} | TokenFlight ${peerVersion(PEERS[1]!)} | ours | ours / LI.FI | ours / TokenFlight |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row(
      'first-load JS (before the shell), gzip',
      (r) => r.jsGzipBytes,
      (v, k) => `${Math.round(v).toLocaleString('en-US')} B, ${files(k)} file${files(k) === 1 ? '' : 's'}`,
    ),
    row('shell visible', (r) => r.shellMs, ms),
    row('script time until the shell', (r) => r.scriptMs, ms),
    row(
      'JS heap after the shell',
      (r) => r.heapBytes,
      (v) => `${(v / 2 ** 20).toFixed(1)} MB`,
    ),
    ours('form interactive (chains listed, amount enabled), with the sandbox', median(phone.map((r) => r.formMs)), '≤ 1,000 ms'),
    ours("a preset amount's quote shown", median(phone.map((r) => r.quoteMs)), '≤ 1,300 ms'),
    ours('click Bridge → review, chunks prefetched', median(phone.map((r) => r.reviewPrefetchedMs)), '< 100 ms'),
    '',
    `Shell goal ≤ 0.25× LI.FI's: ${Number.isFinite(shellRatio) ? `${shellRatio.toFixed(2)}× ${shellRatio <= 0.25 ? '✓' : '✗'}` : '–'}`,
  ].join('\n');
}

/** The proxy load test on its own sandbox (no build, no browser); its table goes to stdout and .bench/proxy.md. */
async function proxyBench(opts: ReturnType<typeof options>): Promise<void> {
  log('proxy: starting the sandbox …');
  const sandbox = await startBenchSandbox({ bridgingDelayMs: 0 });
  let runs: ProxyLoadRun[];
  try {
    runs = await runProxyLoad(sandbox, {
      seconds: opts.proxySeconds,
      visitorsPerMinute: opts.proxyVisitorsPerMinute,
      keyLimitPerMinute: opts.proxyKeyLimit,
      fromChain: FROM_CHAIN,
      toChain: TO_CHAIN,
      log,
    });
  } finally {
    await sandbox.stop();
  }
  const machine = machineLine(machineInfo('not used'));
  const text = `Machine: ${machine}\n${opts.proxyVisitorsPerMinute} visitors/min for ${opts.proxySeconds} s, key limit ${opts.proxyKeyLimit} requests/min\n\n${proxyLoadTable(runs)}\n`;
  process.stdout.write(`\n${text}`);
  mkdirSync(join(ROOT, '.bench'), { recursive: true });
  writeFileSync(join(ROOT, '.bench/proxy.md'), text);
  writeFileSync(join(ROOT, '.bench/proxy.json'), `${JSON.stringify({ machine, runs }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
