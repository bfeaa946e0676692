/**
 * Builds what the benchmarks and the size budget measure, with the
 * repository's own vite.config.ts and scripts/script-build.ts, into a
 * directory of our choosing (never into dist/, which other people's builds
 * write to):
 *
 * - the package build (vite, dependencies external),
 * - the script-tag build (Rollup, scripts/script-build.ts), into the folder package.json
 *   names (`exports['./script']`: dist/script/): the entry, its chunks and
 *   its language add-ons (`bridge-widget.<code>.js`, the chunks it imports
 *   when it shows a language),
 * - optionally the development wallet as a small ES module for bench pages.
 *
 * File names come from package.json `exports` (`.` and `./script`), so a
 * renamed output is still found.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_ADD_ONS } from '../../src/i18n/add-ons.ts';
import { buildScriptFolder } from '../script-build.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuiltFiles {
  outDir: string;
  /** The script-tag build's entry (`exports['./script']`); its chunks sit beside it. */
  scriptFile: string;
  /** The folder of the script-tag build: the entry, its chunks, the language add-ons. */
  scriptDir: string;
  /** The script-tag build's language add-ons, one per code in src/i18n/add-ons.ts (`exports['./script/*']`). */
  localeAddOnFiles: string[];
  /** The package entry (`exports['.'].import`). */
  entryFile: string;
}

interface PackageJson {
  exports?: Record<string, string | { import?: string; default?: string }>;
  dependencies?: Record<string, string>;
}

function exportPath(pkg: PackageJson, key: string, fallback: string): string {
  const value = pkg.exports?.[key];
  const path = typeof value === 'string' ? value : (value?.import ?? value?.default ?? fallback);
  // Paths are relative to the package root and point into dist/; keep the part under dist/.
  const normalised = posix.normalize(path.replace(/^\.\//, ''));
  return normalised.startsWith('dist/') ? normalised.slice('dist/'.length) : basename(normalised);
}

export function outputNames(root = ROOT): { script: string; localeAddOns: string[]; entry: string } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const addOn = exportPath(pkg, './script/*', 'dist/script/bridge-widget.*.js');
  return {
    script: exportPath(pkg, './script', 'dist/script/bridge-widget.js'),
    localeAddOns: LOCALE_ADD_ONS.map((code) => addOn.replace('*', code)),
    entry: exportPath(pkg, '.', 'dist/index.js'),
  };
}

async function packageBuild(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    clearScreen: false,
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

/** Package build into `outDir` (emptied first), then the script build with its language add-ons into its folder inside it. */
export async function buildWidget(outDir: string): Promise<BuiltFiles> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const names = outputNames();
  const scriptDir = join(outDir, dirname(names.script));
  await packageBuild(outDir);
  // The package ships no source maps; the size report reads the script
  // build's map to attribute bytes to sources, so it asks for one here.
  // 'hidden': the map without the sourceMappingURL comment, so the measured
  // file is byte for byte the one npm run build ships.
  await buildScriptFolder({ outDir: scriptDir, sourcemap: 'hidden' });
  const files = {
    outDir,
    scriptFile: join(outDir, names.script),
    scriptDir,
    localeAddOnFiles: names.localeAddOns.map((name) => join(outDir, name)),
    entryFile: join(outDir, names.entry),
  };
  for (const file of [files.scriptFile, ...files.localeAddOnFiles, files.entryFile]) {
    if (!existsSync(file)) throw new Error(`the build did not produce ${relative(ROOT, file)} (expected from package.json exports)`);
  }
  return files;
}

/**
 * demo/dev-wallet.ts as one minified ES module exporting `createDevWallet`,
 * for bench pages that need a funded, connected wallet without a dev server.
 */
export async function buildDevWallet(outDir: string, fileName = 'dev-wallet.js'): Promise<string> {
  const { build } = await import('vite');
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    clearScreen: false,
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      lib: { entry: join(ROOT, 'demo/dev-wallet.ts'), formats: ['es'], fileName: () => fileName },
    },
  });
  return join(outDir, fileName);
}
