/**
 * Size figures of a build: raw, gzip (level 9, as `gzip -9`) and brotli
 * bytes of the script-tag build, file by file and as a browser loads it (the
 * first load: the entry and every chunk it imports statically; complete:
 * everything it can import, language add-ons left out), and of the package
 * entry (the entry file and the local chunks it statically imports;
 * dependencies stay external); the largest contributors by package and
 * module (from the script build's sourcemaps), and the checks that keep whole
 * libraries out of the bundle. The import graph comes from ./graph.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { basename, relative } from 'node:path';
import { ROOT } from './build.ts';
import { completeFiles, firstLoadFiles, isLanguageAddOn, isOnChoiceChunk, moduleGraph, unresolvedImports, type ModuleGraph } from './graph.ts';
import { attribute, groupOf, groupShares, gzipSize, packageOf, type Attribution, type GroupShare } from './sourcemap.ts';

/**
 * The first load of the script-tag build: one file, the entry (it imports
 * nothing statically), which draws the form and makes it
 * interactive: 48 KB gzipped (49,152 B). One file, not a budget over
 * several: a split into statically imported chunks would meet a smaller
 * budget on paper while costing a round trip on a phone. How the file came
 * within it, change by change, is in CHANGELOG.md.
 */
export const FIRST_LOAD_GZIP_BUDGET = 48 * 1024;

/**
 * Everything a complete English transfer can load from the script-tag build
 * (the entry and everything it imports, statically or with `import()`,
 * language add-ons and the chunks of a feature picked by few left out,
 * `ON_CHOICE_CHUNKS` in ./graph.ts): 110 KB gzipped (112,640 B), the
 * developers' guide's budget, which makes room for viem's ABI coder in the
 * transfer chunk instead of our copies.
 */
export const COMPLETE_GZIP_BUDGET = 110 * 1024;

/**
 * The package entry with its local chunks, as published (not minified;
 * dependencies external): what the entry needs with the i18n work in, plus
 * about 15 % headroom. Raise it deliberately, in the change that needs it,
 * and say why (CHANGELOG.md keeps the measurements).
 */
export const PACKAGE_ENTRY_GZIP_BUDGET = 85_700;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function fileSize(path: string): FileSize {
  const bytes = readFileSync(path);
  return {
    file: basename(path),
    raw: bytes.length,
    gzip: gzipSize(bytes),
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The entry file plus every local chunk reachable through static imports and re-exports (what loads with `import 'bridge-widget'`). */
export async function entryClosure(entryFile: string): Promise<string[]> {
  return firstLoadFiles(await moduleGraph(entryFile));
}

export interface EntrySize {
  /** The entry file alone. */
  entry: FileSize;
  /** Entry plus its local chunks: what a bundler pulls in for `import 'bridge-widget'`. Sum of per-file sizes. */
  closure: { files: string[]; raw: number; gzip: number; brotli: number };
}

export async function entrySize(entryFile: string): Promise<EntrySize> {
  const files = (await entryClosure(entryFile)).map(fileSize);
  return {
    entry: files[0]!,
    closure: {
      files: files.map((f) => basename(f.file)),
      raw: files.reduce((n, f) => n + f.raw, 0),
      gzip: files.reduce((n, f) => n + f.gzip, 0),
      brotli: files.reduce((n, f) => n + f.brotli, 0),
    },
  };
}

/** The libraries the issue talks about: lit, viem (with the hashing it pulls in), zod, and the widget's own code. */
export function libraryOf(source: string): string {
  const pkg = packageOf(groupOf(source));
  if (pkg === 'src') return 'widget code (src)';
  if (pkg === 'lit' || pkg === 'lit-html' || pkg === 'lit-element' || pkg.startsWith('@lit/')) return 'lit';
  if (pkg === 'viem' || pkg === 'ox' || pkg === 'abitype' || pkg.startsWith('@noble/') || pkg.startsWith('@scure/')) return 'viem';
  return pkg;
}

export interface Contributors {
  /** Bytes the sourcemap attributes to no source. */
  unmappedBytes: number;
  /** lit, viem, zod, widget code (src). */
  libraries: GroupShare[];
  /** lit-html, @lit/reactive-element, viem, zod, @noble/hashes, src, ... */
  packages: GroupShare[];
  /** Packages split further: viem/utils, src/api, src/components/token-picker, ... */
  groups: GroupShare[];
  /** The largest source files. */
  modules: { source: string; bytes: number }[];
}

/** One built file's bytes by source, from its sourcemap (`<file>.map`, which the size builds ask for). */
export function attributeFile(file: string): Attribution {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) throw new Error(`${relative(ROOT, mapFile)} is missing: the script build needs build.sourcemap`);
  return attribute(readFileSync(file, 'utf8'), JSON.parse(readFileSync(mapFile, 'utf8')), mapFile, ROOT);
}

/** Several files' attributions as one, their texts side by side (gzip costs are then estimates over the files together). */
function mergeAttributions(list: readonly Attribution[]): Attribution {
  const bytes = new Map<string, number>();
  const textBySource = new Map<string, string[]>();
  for (const a of list) {
    for (const { source, bytes: n } of a.bySource) bytes.set(source, (bytes.get(source) ?? 0) + n);
    for (const [source, parts] of a.textBySource) textBySource.set(source, [...(textBySource.get(source) ?? []), ...parts]);
  }
  return {
    totalBytes: list.reduce((n, a) => n + a.totalBytes, 0),
    unmappedBytes: list.reduce((n, a) => n + a.unmappedBytes, 0),
    bySource: [...bytes].map(([source, n]) => ({ source, bytes: n })).sort((a, b) => b.bytes - a.bytes),
    textBySource,
  };
}

/** The largest contributors to one built file, or to several together (a first load, a complete transfer). */
export function contributors(files: string | readonly string[], topModules = 25): Contributors {
  const attr = mergeAttributions((typeof files === 'string' ? [files] : files).map(attributeFile));
  return {
    unmappedBytes: attr.unmappedBytes,
    libraries: groupShares(attr, libraryOf),
    packages: groupShares(attr, (s) => packageOf(groupOf(s))),
    groups: groupShares(attr, groupOf),
    modules: attr.bySource.slice(0, topModules),
  };
}

/**
 * Whole-library code that must stay out of the script build: viem's clients
 * and its HTTP transport (the widget speaks raw EIP-1193 and fetch). Checked
 * by distinctive strings in the bundle and by module paths in its sourcemap.
 */
export const FORBIDDEN_VIEM = [
  { what: 'viem createPublicClient', text: "'Public Client'", alt: '"Public Client"', alt2: '`Public Client`', module: 'viem/_esm/clients/createPublicClient' },
  { what: 'viem createWalletClient', text: "'Wallet Client'", alt: '"Wallet Client"', alt2: '`Wallet Client`', module: 'viem/_esm/clients/createWalletClient' },
  { what: 'viem createClient', text: "'Base Client'", alt: '"Base Client"', alt2: '`Base Client`', module: 'viem/_esm/clients/createClient' },
  { what: 'viem http transport', text: "'HTTP JSON-RPC'", alt: '"HTTP JSON-RPC"', alt2: '`HTTP JSON-RPC`', module: 'viem/_esm/clients/transports/http' },
  {
    what: 'viem HTTP request error',
    text: "'HTTP request failed.'",
    alt: '"HTTP request failed."',
    alt2: '`HTTP request failed.`',
    module: 'viem/_esm/errors/request',
  },
] as const;

/** Every source the sourcemap of `file` names (as written in the map), or [] without a map. */
export function bundledSources(file: string): string[] {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return [];
  return (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: (string | null)[] }).sources.filter((s): s is string => !!s);
}

/** Forbidden library code in any of `files` (the script build's entry and chunks). */
export function forbiddenFindings(files: string | readonly string[]): string[] {
  const findings: string[] = [];
  for (const file of typeof files === 'string' ? [files] : files) {
    const code = readFileSync(file, 'utf8');
    const sources = bundledSources(file);
    for (const rule of FORBIDDEN_VIEM) {
      if ([rule.text, rule.alt, rule.alt2].some((t) => code.includes(t))) findings.push(`${rule.what}: ${basename(file)} contains ${rule.text}`);
      const module = sources.find((s) => s.includes(rule.module));
      if (module) findings.push(`${rule.what}: the sourcemap of ${basename(file)} lists ${module}`);
    }
  }
  return findings;
}

/** Sum of per-file sizes: each file travels, and is compressed, on its own. */
export interface FilesTotal {
  /** File names, the entry first. */
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export interface ChunkSize extends FileSize {
  /**
   * `entry`; `first load` (imported statically, so fetched before the entry
   * runs); `on demand` (reached only through `import()`); `on choice` (a
   * feature's chunk fetched only when the user picks it, out of the complete
   * figure: `ON_CHOICE_CHUNKS` in ./graph.ts); `language` (a language add-on,
   * out of the complete figure).
   */
  role: 'entry' | 'first load' | 'on demand' | 'on choice' | 'language';
  /** File names it imports statically and dynamically. */
  imports: { static: string[]; dynamic: string[] };
  /** The largest sources in it (raw bytes, from its sourcemap; empty without one). */
  modules: { source: string; bytes: number }[];
}

export interface ScriptSizes {
  /** The entry's file name. */
  entry: string;
  /** The entry and every file it reaches, the entry first, then the first load, then the rest by size. */
  chunks: ChunkSize[];
  firstLoad: FilesTotal;
  complete: FilesTotal;
  /** Imports that name no file in the folder, or `import()` of a computed name: none in a sound build. */
  unresolved: string[];
}

function total(files: readonly string[], sizes: Map<string, FileSize>): FilesTotal {
  const list = files.map((file) => sizes.get(file)!);
  return {
    files: list.map((f) => f.file),
    raw: list.reduce((n, f) => n + f.raw, 0),
    gzip: list.reduce((n, f) => n + f.gzip, 0),
    brotli: list.reduce((n, f) => n + f.brotli, 0),
  };
}

/** The script-tag build as a browser loads it: per file, first load, complete. */
export async function scriptSizes(entryFile: string, topModules = 5): Promise<ScriptSizes> {
  const graph: ModuleGraph = await moduleGraph(entryFile);
  const sizes = new Map([...graph.nodes.keys()].map((file) => [file, fileSize(file)]));
  const first = firstLoadFiles(graph);
  const complete = completeFiles(graph);
  const role = (file: string): ChunkSize['role'] =>
    file === graph.entry
      ? 'entry'
      : first.includes(file)
        ? 'first load'
        : isLanguageAddOn(file)
          ? 'language'
          : isOnChoiceChunk(file)
            ? 'on choice'
            : 'on demand';
  const order: ChunkSize['role'][] = ['entry', 'first load', 'on demand', 'on choice', 'language'];
  const chunks = [...graph.nodes.values()]
    .map((node) => ({
      ...sizes.get(node.file)!,
      role: role(node.file),
      imports: { static: node.static.map((f) => basename(f)), dynamic: node.dynamic.map((f) => basename(f)) },
      modules: existsSync(`${node.file}.map`) ? attributeFile(node.file).bySource.slice(0, topModules) : [],
    }))
    .sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role) || b.gzip - a.gzip);
  return {
    entry: basename(graph.entry),
    chunks,
    firstLoad: total(first, sizes),
    complete: total(complete, sizes),
    unresolved: unresolvedImports(graph),
  };
}

/** The files of the complete set, as paths (for the checks that read them). */
export async function completeScriptFiles(entryFile: string): Promise<string[]> {
  return completeFiles(await moduleGraph(entryFile));
}

export interface SizeReport {
  script: ScriptSizes;
  /** Each language add-on of the script-tag build (bridge-widget.ar.js, …): what a page adds the first time it shows that language. */
  localeAddOns: FileSize[];
  packageEntry: EntrySize;
  /** What the bytes of the first load, and of a complete transfer, are made of. */
  contributors: { firstLoad: Contributors; complete: Contributors };
  /** zod's part of a complete transfer (src/api/schemas.ts uses zod/mini). */
  zod: { bytes: number; share: number; gzipMarginal: number; modules: number };
  forbidden: string[];
  budget: { firstLoadGzip: number; completeGzip: number; packageEntryGzip: number };
}

export async function sizeReport(files: { scriptFile: string; localeAddOnFiles: string[]; entryFile: string }): Promise<SizeReport> {
  const graph = await moduleGraph(files.scriptFile);
  const first = firstLoadFiles(graph);
  const complete = completeFiles(graph);
  const c = { firstLoad: contributors(first), complete: contributors(complete) };
  const zod = c.complete.packages.find((p) => p.name === 'zod') ?? { bytes: 0, share: 0, gzipMarginal: 0, modules: 0 };
  return {
    script: await scriptSizes(files.scriptFile),
    localeAddOns: files.localeAddOnFiles.map(fileSize),
    packageEntry: await entrySize(files.entryFile),
    contributors: c,
    zod: { bytes: zod.bytes, share: zod.share, gzipMarginal: zod.gzipMarginal, modules: zod.modules },
    forbidden: forbiddenFindings(complete),
    budget: {
      firstLoadGzip: FIRST_LOAD_GZIP_BUDGET,
      completeGzip: COMPLETE_GZIP_BUDGET,
      packageEntryGzip: PACKAGE_ENTRY_GZIP_BUDGET,
    },
  };
}
