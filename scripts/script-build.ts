/**
 * The script-tag build, dist/script/, bundled by Rollup 4.
 *
 * Why Rollup and not Vite's own bundler for this one folder: the first load
 * must be one file. Rolldown (Vite 8) gives a module its own chunk when a
 * chunk loaded later with `import()` imports it too, even when the entry
 * already loads it (rolldown/rolldown#10731): Lit, the shared parts, the
 * English table and the URL check became four chunks the entry imported
 * statically, a round trip before anything drew. Rollup knows that every
 * module the entry loads is in memory when a dynamic import runs, keeps those
 * modules in the entry and lets later chunks import them from it. Its
 * `codeSplitting`/`advancedChunks` groups cannot move modules back into an
 * entry.
 *
 * The same pipeline as the package build otherwise: our sources through the
 * Oxc transform Vite uses (tsconfig.json's legacy decorators), the Lit
 * template minifier (scripts/minify-lit-templates.ts, Lit's Rollup plugin),
 * the dependencies' production builds, Terser,
 * then the Oxc minifier over Terser's output (0.8 KB gzip less than either
 * alone). The package build (`vite build`) stays with Vite.
 *
 * Used by `npm run build`, the size and bench tools (scripts/bench/build.ts),
 * the distribution tests (test/node/helpers/build.ts) and the demo. Run it
 * as `node --import tsx scripts/script-build.ts [outDir]`.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup, type OutputChunk, type OutputOptions, type Plugin } from 'rollup';
import { minify as oxcMinify, transformSync, TsconfigCache } from 'rolldown/utils';
import { minify as terser } from 'terser';
import MagicString from 'magic-string';
import { LOCALE_ADD_ONS } from '../src/i18n/add-ons.ts';
import { ON_CHOICE_CHUNKS } from './bench/graph.ts';
import { minifyLitTemplatesPlugin } from './minify-lit-templates.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The script-tag build's entry, relative to the repository: the package entry without the whole English table (src/index.ts says why). */
export const SCRIPT_ENTRY = 'src/script.ts';

/** Licence notice of the script-tag build, which bundles its dependencies. */
export const SCRIPT_NOTICE = '/*! bridge-widget (MIT); includes Lit (BSD-3-Clause, Google LLC), zod and viem (MIT) */';

/**
 * The name of a language's chunk: `bridge-widget.<code>.js`, no hash (a
 * content hash may contain `-` or `_`, and tools that tell language add-ons
 * from the rest, such as the first-load measure, match the name), so
 * `bridge-widget/script/<code>` keeps naming the same file.
 */
function localeChunk(chunk: { facadeModuleId: string | null }): string | undefined {
  const code = /[\\/]src[\\/]i18n[\\/]([a-z]{2,3})\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
  return code && (LOCALE_ADD_ONS as readonly string[]).includes(code) ? `bridge-widget.${code}.js` : undefined;
}

/** Our sources import `./x.js` for `./x.ts` (TypeScript's convention); Rollup's resolver looks for the file named. */
function typescriptSpecifiers(): Plugin {
  return {
    name: 'bridge-widget:ts-specifiers',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.') || !source.endsWith('.js') || importer.includes('/node_modules/')) return null;
      const candidate = resolve(dirname(importer), source.replace(/\.js$/, '.ts'));
      return existsSync(candidate) ? candidate : this.resolve(source, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * TypeScript to JavaScript with the Oxc transform Vite uses (it reads
 * tsconfig.json: legacy decorators, no define semantics for class fields),
 * and `process.env.NODE_ENV` replaced in every module, ours or a dependency's,
 * as Vite's `define` does.
 */
function oxcTransform(): Plugin {
  const tsconfig = new TsconfigCache();
  const define = {
    'process.env.NODE_ENV': JSON.stringify('production'),
    // WalletConnect's client reads two switches of its own from Node's environment (its test mode; one client per
    // process): a page has no environment, so neither is set.
    'process.env.IS_VITEST': 'undefined',
    'process.env.DISABLE_GLOBAL_CORE': 'undefined',
  };
  return {
    name: 'bridge-widget:oxc-transform',
    transform(code, id) {
      const ts = /\.ts$/.test(id) && !id.includes('/node_modules/');
      if (!ts && !code.includes('process.env')) return null;
      const result = transformSync(id, code, { lang: ts ? 'ts' : 'js', target: 'es2022', sourcemap: true, define }, tsconfig);
      if (result.errors.length) throw new Error(`${id}: ${result.errors.map((e) => e.message).join('; ')}`);
      return { code: result.code, map: result.map ?? null };
    },
  };
}

/**
 * Terser (compress, 3 passes; `pure_getters`: no getter here is read for a
 * side effect), then the Oxc minifier over its output: two renderChunk hooks,
 * whose source maps Rollup chains. The `#__PURE__` annotations go: the file
 * is final code, not a library another bundler reads.
 */
function minifyChunks(sourcemap: boolean): Plugin[] {
  return [
    {
      name: 'bridge-widget:terser',
      async renderChunk(code) {
        const result = await terser(code, {
          module: true,
          ecma: 2020,
          safari10: true,
          compress: { passes: 3, pure_getters: true },
          format: { comments: false },
          sourceMap: sourcemap ? { asObject: true } : false,
        });
        return { code: result.code!, map: (result.map as never) ?? null };
      },
    },
    {
      name: 'bridge-widget:oxc-minify',
      async renderChunk(code, chunk) {
        const result = await oxcMinify(chunk.fileName, code, { compress: true, mangle: true, codegen: { removeWhitespace: true }, sourcemap });
        if (result.errors?.length) throw new Error(`${chunk.fileName}: ${result.errors.map((e) => e.message).join('; ')}`);
        return { code: result.code, map: (result.map as never) ?? null };
      },
    },
    {
      // After the minifiers, which drop every comment: the dependencies' licences are bundled, one short notice stands for them,
      // in the entry and in each chunk that carries a dependency's code. A chunk of only the widget's own code (most later
      // moments, the language add-ons) goes without: its ~80 B gzip each added up to more than a kilobyte of a transfer.
      name: 'bridge-widget:notice',
      renderChunk(code, chunk) {
        if (!chunk.isEntry && !chunk.moduleIds.some((id) => id.includes('/node_modules/'))) return null;
        const s = new MagicString(code);
        s.prepend(`${SCRIPT_NOTICE}\n`);
        return { code: s.toString(), map: sourcemap ? s.generateMap({ hires: true }) : null };
      },
    },
  ];
}

export interface ScriptBuildOptions {
  /** The folder to write, emptied first (dist/script by default). */
  outDir?: string;
  /** `true` or `'hidden'` (a map without the sourceMappingURL comment, for the size tools): the shipped build has none. */
  sourcemap?: boolean | 'hidden';
}

/**
 * Later moments whose chunks are written as one file each, by the modules that
 * root them. Each small file compresses on its own and repeats its imports from
 * the entry, so chunks fetched together anyway cost less as one:
 * - `transfer`: the review, tracking and history moments with the flow's execution,
 *   transfer steps, tracking room, arrival check, transfer schemas and the
 *   saved transfers' store,
 *   prefetched together once the form is interactive (as one file, 4.3 KB gzip
 *   less than as ten);
 * - `dialogs`: the form's dialogs (the asset and token pickers', the settings
 *   dialog with its slippage row, the wallet chooser), each opened by a click
 *   and all prefetched when the page is idle (as one file, about 1.5 KB less
 *   than as seven);
 * - `recipient`: the recipient field with the Solana, Cosmos and Bitcoin
 *   address rules it checks (the form may ask for the rules on their own);
 * - `quote`: the quote line and its breakdown, with the duration's formats,
 *   which the tracker and the deposit address import from it;
 * - `deposit`: paying into a deposit address, the moment with its view and
 *   QR code, the flow's deposit room and the deposit address's client and
 *   checks, fetched only on the user's choice (scripts/bench/graph.ts
 *   `ON_CHOICE_CHUNKS`) or to show a saved deposit transfer;
 * - `wallet-ways`: the chooser's ways to a wallet that is not in this
 *   browser (WalletConnect's entry, the "Open in" links to wallet apps' own
 *   browsers) and their English, fetched only when the host opted in to
 *   WalletConnect or the browser has no wallet, left out of the complete
 *   transfer's budget (`ON_CHOICE_CHUNKS`);
 * - `walletconnect`: WalletConnect's client, its dialog and the QR code,
 *   fetched only when the user picks it (or to resume its session), never
 *   while idle; left out of the complete transfer's budget
 *   (`ON_CHOICE_CHUNKS` in scripts/bench/graph.ts).
 */
const GROUPS = new Map(
  Object.entries({
    transfer: [
      'src/bridge-widget/moments/review.ts',
      'src/bridge-widget/moments/tracking.ts',
      // The history, which lists a transfer once the tracking room has it: after a first transfer it is on screen.
      'src/bridge-widget/moments/history.ts',
      'src/flow/execution.ts',
      'src/flow/batch.ts',
      'src/flow/track-transfer.ts',
      'src/flow/tracking.ts',
      'src/flow/arrival-check.ts',
      'src/api/transfer-schemas.ts',
      'src/api/transfer-client.ts',
      'src/flow/intent-store.ts',
      // The phases, which the history imports too: it shows only when the tracking room has come (it reads the history).
      'src/model/transfer-phase.ts',
      // The tracker's copy buttons, which the deposit address's view shares: the deposit chunk takes them from here.
      'src/components/shared/copy.ts',
    ],
    dialogs: [
      'src/components/shared/picker-dialog.ts',
      'src/components/token-picker/token-picker-dialog.ts',
      'src/components/asset-picker/asset-picker-dialog.ts',
      'src/components/swap-settings/swap-settings-dialog.ts',
      'src/components/quote-panel/slippage-control.ts',
      'src/bridge-widget/moments/wallets.ts',
      'src/bridge-widget/moments/account.ts',
      'src/components/account-pill/account-menu.ts',
    ],
    recipient: ['src/bridge-widget/moments/recipient.ts', 'src/model/address-rules.ts'],
    // The duration's formats travel with the quote line, the first moment that shows one; the tracker and the deposit
    // address take them from its chunk (a transfer, and a deposit, come after a quote).
    quote: ['src/bridge-widget/moments/quote.ts', 'src/format/duration.ts'],
    deposit: ['src/bridge-widget/moments/deposit.ts', 'src/flow/deposit.ts', 'src/api/deposit.ts', 'src/components/deposit-address/deposit-address.ts'],
    // Before WalletConnect's group: the wallet apps' table they both import stays here, in the smaller file.
    'wallet-ways': ['src/bridge-widget/moments/wallet-ways.ts'],
    walletconnect: ['src/bridge-widget/moments/walletconnect.ts'],
  }).map(([name, roots]) => [name, new Set(roots.map((path) => resolve(ROOT, path)))]),
);

/**
 * The roots of the groups fetched only on the user's choice (WalletConnect):
 * the plan is made without them, so that what they share with the rest (a
 * hash, the dialogs' surface, the wallet apps' links) stays where it was
 * and they import it from there, instead of splitting it into files of its
 * own that a transfer through a browser wallet would then fetch.
 */
const ON_CHOICE_ROOTS = new Set([...GROUPS].filter(([name]) => (ON_CHOICE_CHUNKS as readonly string[]).includes(name)).flatMap(([, roots]) => [...roots]));

/**
 * The dependencies of an on-choice feature's library (WalletConnect's client)
 * are its own copies in the build: a module it shares with the widget
 * (@noble/hashes, @scure/base) would otherwise keep, in the widget's chunk,
 * every export the library uses, and a transfer through a browser wallet
 * would fetch them. What the library imports, and what they import in turn,
 * get an id under `node_modules/.on-choice/` (read from the real file), so
 * Rollup bundles and tree-shakes them apart; the widget's own modules and Lit
 * stay one copy.
 */
const ON_CHOICE_LIBRARIES = /^@walletconnect\//;
const ON_CHOICE_COPY = '/node_modules/.on-choice/';
function onChoiceCopies(): Plugin {
  const real = (id: string) => id.replace(ON_CHOICE_COPY, '/node_modules/');
  return {
    name: 'bridge-widget:on-choice-copies',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const copied = importer.includes(ON_CHOICE_COPY);
      if (!copied && !(ON_CHOICE_LIBRARIES.test(source) && !importer.includes('/node_modules/'))) return null;
      const resolved = await this.resolve(source, real(importer), { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.startsWith('\0') || !resolved.id.includes('/node_modules/')) return resolved;
      return { ...resolved, id: resolved.id.replace('/node_modules/', ON_CHOICE_COPY) };
    },
    load(id) {
      return id.includes(ON_CHOICE_COPY) && !id.startsWith('\0') ? readFileSync(real(id), 'utf8') : null;
    },
  };
}

/** Leaves the on-choice roots out of a bundle (their imports stay unresolved): the plan's first pass. */
function leaveOut(roots: ReadonlySet<string>): Plugin {
  return {
    name: 'bridge-widget:leave-out',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && roots.has(resolved.id) ? { id: resolved.id, external: true } : null;
    },
  };
}

/**
 * An on-choice group holds its roots and every module the plan (made without
 * them) does not place that they import, directly or not: what only they need.
 */
function onChoiceGroup(
  id: string,
  plan: ReadonlyMap<string, string>,
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null,
): string | undefined {
  for (const [name, roots] of GROUPS) {
    const seen = new Set<string>();
    const queue = [...roots].filter((root) => ON_CHOICE_ROOTS.has(root));
    while (queue.length) {
      const next = queue.pop()!;
      if (next === id) return name;
      if (seen.has(next)) continue;
      seen.add(next);
      for (const imported of getModuleInfo(next)?.importedIds ?? []) if (!plan.has(imported)) queue.push(imported);
    }
  }
  return undefined;
}

/** The entry's chunk name: `bridge-widget.js`. */
const ENTRY_NAME = 'bridge-widget';

/**
 * Where each module goes: as Rollup splits it by itself, except that each
 * group's root chunks, and the shared chunks only that group imports, become
 * one chunk named by the group. Read from a first pass without manual chunks,
 * so the entry keeps exactly the modules it had (a manual chunk takes in the
 * modules it imports that no other manual chunk names).
 */
function chunkPlan(chunks: OutputChunk[]): Map<string, string> {
  const importers = new Map<string, string[]>();
  for (const chunk of chunks)
    for (const file of [...chunk.imports, ...chunk.dynamicImports]) importers.set(file, [...(importers.get(file) ?? []), chunk.fileName]);
  const groupOf = new Map<string, string>();
  for (const [name, roots] of GROUPS) for (const c of chunks) if (c.facadeModuleId && roots.has(c.facadeModuleId)) groupOf.set(c.fileName, name);
  for (let grown = true; grown;) {
    grown = false;
    for (const chunk of chunks) {
      if (groupOf.has(chunk.fileName) || chunk.isEntry || chunk.facadeModuleId) continue;
      const groups = new Set((importers.get(chunk.fileName) ?? []).map((file) => groupOf.get(file)));
      const [only] = groups;
      if (groups.size === 1 && only) grown = !!groupOf.set(chunk.fileName, only);
    }
  }
  const plan = new Map<string, string>();
  for (const chunk of chunks) {
    if (localeChunk(chunk)) continue;
    for (const id of chunk.moduleIds) plan.set(id, groupOf.get(chunk.fileName) ?? chunk.name);
  }
  // A root that Rollup put in a shared chunk (imported by modules of several groups) goes to its group all the same.
  for (const [name, roots] of GROUPS) for (const id of roots) if (plan.has(id)) plan.set(id, name);
  return plan;
}

/** Builds the script-tag folder; returns the files written (the entry first). */
export async function buildScriptFolder(options: ScriptBuildOptions = {}): Promise<string[]> {
  const outDir = resolve(ROOT, options.outDir ?? 'dist/script');
  const sourcemap = options.sourcemap ?? false;
  rmSync(outDir, { recursive: true, force: true });
  const plan = chunkPlan(await bundleScriptFolder(outDir, false, undefined, ON_CHOICE_ROOTS));
  const files = await bundleScriptFolder(outDir, sourcemap, plan);
  return files.map((chunk) => resolve(outDir, chunk.fileName));
}

async function bundleScriptFolder(
  outDir: string,
  sourcemap: boolean | 'hidden',
  plan?: Map<string, string>,
  without: ReadonlySet<string> = new Set(),
): Promise<OutputChunk[]> {
  const bundle = await rollup({
    input: { [ENTRY_NAME]: resolve(ROOT, SCRIPT_ENTRY) },
    // The entry may export more than its own API: what it shares with later chunks.
    preserveEntrySignatures: 'allow-extension',
    plugins: [
      leaveOut(without),
      onChoiceCopies(),
      typescriptSpecifiers(),
      // `preferBuiltins: false`: a browser build takes the `events` package, not Node's module of that name.
      nodeResolve({ browser: true, preferBuiltins: false, exportConditions: ['module', 'browser', 'production'], extensions: ['.ts', '.mjs', '.js'] }),
      // WalletConnect's client brings a few CommonJS modules (events, blakejs, its own time and window helpers); ours and the
      // rest are ES modules, which this leaves as they are.
      commonjs({ include: /node_modules/, requireReturnsDefault: 'auto' }),
      oxcTransform(),
      minifyLitTemplatesPlugin() as Plugin,
      ...minifyChunks(!!sourcemap),
    ],
    onwarn(warning, warn) {
      // The dependencies' own cycles (viem, ox, zod) and annotations placed where Rollup cannot read them: theirs, harmless, and Vite's bundler is silent about them too.
      const inDependency = (warning.ids ?? [warning.id ?? '']).every((id) => id.includes('/node_modules/'));
      if ((warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'INVALID_ANNOTATION') && inDependency) return;
      warn(warning);
    },
  });
  try {
    const outputOptions: OutputOptions = {
      dir: outDir,
      format: 'es',
      sourcemap,
      entryFileNames: '[name].js',
      // A language as bridge-widget.<code>.js, the rest named by the module that gives the chunk its name and a hex hash.
      chunkFileNames: (chunk) => localeChunk(chunk) ?? '[name]-[hash].js',
      hashCharacters: 'hex',
      ...(plan ? { manualChunks: (id: string, { getModuleInfo }) => plan.get(id) ?? onChoiceGroup(id, plan, getModuleInfo) } : {}),
    };
    const { output } = plan ? await bundle.write(outputOptions) : await bundle.generate(outputOptions);
    return output.filter((o): o is OutputChunk => o.type === 'chunk');
  } finally {
    await bundle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = process.argv[2];
  const files = await buildScriptFolder({ ...(outDir ? { outDir } : {}) });
  console.log(`script-tag build: ${files.length} files in ${dirname(files[0]!)}`);
}
