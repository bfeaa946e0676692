/**
 * Size figures of a build: raw, gzip (level 9, as `gzip -9`) and brotli
 * bytes of the script-tag file and of the package entry (the entry file and
 * the local chunks it statically imports; dependencies stay external), the
 * largest contributors by package and module (from the script build's
 * sourcemap), and the checks that keep whole libraries out of the bundle.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { basename, dirname, join, relative } from 'node:path';
import { ROOT } from './build.ts';
import { attribute, groupOf, groupShares, gzipSize, packageOf, type GroupShare } from './sourcemap.ts';

/**
 * The hard ceiling for the whole widget as one script tag, its languages left
 * out (each is a file of its own, fetched only when shown): 62 KB gzipped
 * (63,488 B). It was 60 KB (61,440 B) with 14 B to spare; issue 28 (the
 * language choice, the loader of 18 languages, CLDR plurals, `Intl` numbers
 * and durations, right to left) costs 1,678 B in it (61,426 → 63,104 B).
 * The entry-plus-chunks split (issue 24) replaces it with its first-load budget.
 */
export const SCRIPT_GZIP_BUDGET = 62 * 1024;

/**
 * The package entry with its local chunks, as published (not minified;
 * dependencies external): measured at 74,494 B gzipped when the budget was
 * introduced (2026-11-21, with the i18n work in), plus 15 % headroom.
 * Raise it deliberately, in the change that needs it, and say why.
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

/** The entry file plus every local chunk reachable through static imports and re-exports. */
export function entryClosure(entryFile: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Package builds are not minified: `import ... from "./x.js"`, `export ... from "./x.js"`, `import "./x.js"`.
    const specifiers = [...code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\b[^;'"]*?(?:from\s*)?["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
    for (const specifier of specifiers) {
      const target = join(dirname(file), specifier);
      if (existsSync(target)) visit(target);
    }
  };
  visit(entryFile);
  return [...seen];
}

export interface EntrySize {
  /** The entry file alone. */
  entry: FileSize;
  /** Entry plus its local chunks: what a bundler pulls in for `import 'bridge-widget'`. Sum of per-file sizes. */
  closure: { files: string[]; raw: number; gzip: number; brotli: number };
}

export function entrySize(entryFile: string): EntrySize {
  const files = entryClosure(entryFile).map(fileSize);
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

export function contributors(scriptFile: string, topModules = 25): Contributors {
  const mapFile = `${scriptFile}.map`;
  if (!existsSync(mapFile)) throw new Error(`${relative(ROOT, mapFile)} is missing: the script build needs build.sourcemap`);
  const attr = attribute(readFileSync(scriptFile, 'utf8'), JSON.parse(readFileSync(mapFile, 'utf8')), mapFile, ROOT);
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

export function forbiddenFindings(scriptFile: string): string[] {
  const code = readFileSync(scriptFile, 'utf8');
  const sources = bundledSources(scriptFile);
  const findings: string[] = [];
  for (const rule of FORBIDDEN_VIEM) {
    if ([rule.text, rule.alt, rule.alt2].some((t) => code.includes(t))) findings.push(`${rule.what}: the bundle contains ${rule.text}`);
    const module = sources.find((s) => s.includes(rule.module));
    if (module) findings.push(`${rule.what}: the sourcemap lists ${module}`);
  }
  return findings;
}

export interface SizeReport {
  script: FileSize;
  /** Each language add-on of the script-tag build (bridge-widget.ar.js, …): what a page adds the first time it shows that language. */
  localeAddOns: FileSize[];
  packageEntry: EntrySize;
  contributors: Contributors;
  /** zod's part of the script build (src/api/schemas.ts uses zod/mini). */
  zod: { bytes: number; share: number; gzipMarginal: number; modules: number };
  forbidden: string[];
  budget: { scriptGzip: number; packageEntryGzip: number };
}

export function sizeReport(files: { scriptFile: string; localeAddOnFiles: string[]; entryFile: string }): SizeReport {
  const c = contributors(files.scriptFile);
  const zod = c.packages.find((p) => p.name === 'zod') ?? { bytes: 0, share: 0, gzipMarginal: 0, modules: 0 };
  return {
    script: fileSize(files.scriptFile),
    localeAddOns: files.localeAddOnFiles.map(fileSize),
    packageEntry: entrySize(files.entryFile),
    contributors: c,
    zod: { bytes: zod.bytes, share: zod.share, gzipMarginal: zod.gzipMarginal, modules: zod.modules },
    forbidden: forbiddenFindings(files.scriptFile),
    budget: { scriptGzip: SCRIPT_GZIP_BUDGET, packageEntryGzip: PACKAGE_ENTRY_GZIP_BUDGET },
  };
}
