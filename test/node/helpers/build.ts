/**
 * Builds for the distribution tests, with the repository's own vite.config.ts,
 * scripts/script-build.ts and tsconfig.build.json, into a fresh directory under
 * node_modules/.cache/bridge-widget-tests/ (never into dist/, which other
 * people's builds write to). Inside the repository so that the package
 * build's external imports (lit, viem, zod) resolve from its
 * node_modules, as they would in an installed package.
 *
 * The directory mirrors the package: `<root>/package.json` (a copy) and
 * `<root>/dist/...`, so paths from package.json resolve against `<root>`.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function scratchDir(prefix: string): string {
  const base = path.join(ROOT, 'node_modules/.cache/bridge-widget-tests');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(path.join(base, `${prefix}-`));
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Runs a command in the repository root (or `cwd`); rejects with its output when it fails. */
export function run(command: string, args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/**
 * The script-tag build, a folder: the entry, its chunks and the language
 * add-ons (bridge-widget.de.js, …), into `<root>/dist/script` as
 * `npm run build` makes it; returns the entry's path
 * (`<root>/dist/script/bridge-widget.js`). Serve the whole folder
 * (./static-server.ts `folderRoutes`): the entry imports its chunks from it.
 */
export async function buildScript(root: string): Promise<string> {
  const outDir = path.join(root, 'dist/script');
  await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/script-build.ts'), outDir]);
  return path.join(outDir, 'bridge-widget.js');
}

/**
 * What `npm run build` makes, into `<root>`: the package build, the script
 * build and the declarations (dist/types), plus a copy of package.json.
 */
export async function buildPackage(root: string, options: { script?: boolean; declarations?: boolean } = {}): Promise<void> {
  const dist = path.join(root, 'dist');
  await run(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']);
  const steps: Promise<unknown>[] = [];
  if (options.script ?? true) steps.push(buildScript(root));
  if (options.declarations ?? true)
    steps.push(
      run(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--declarationDir', path.join(dist, 'types')]).then(() =>
        run(process.execPath, [path.join(ROOT, 'scripts/prune-declarations.mjs'), path.join(dist, 'types')]),
      ),
    );
  await Promise.all(steps);
  copyFileSync(path.join(ROOT, 'package.json'), path.join(root, 'package.json'));
}

/** What `npm pack` reports about a tarball. */
export interface PackResult {
  tarball: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

/**
 * The tarball `npm publish` would upload: what `npm run build` makes, staged
 * in `<root>/package` with the other files package.json `files` names and
 * those npm always adds (README.md, LICENSE), then `npm pack` into `<root>`.
 */
export async function packPackage(root: string): Promise<PackResult> {
  const stage = path.join(root, 'package');
  await buildPackage(stage);
  for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE', 'custom-elements.json']) copyFileSync(path.join(ROOT, file), path.join(stage, file));
  cpSync(path.join(ROOT, 'bin'), path.join(stage, 'bin'), { recursive: true });
  // The reference README links (package.json `files`: docs/*.md; the pictures stay in the repository).
  cpSync(path.join(ROOT, 'docs'), path.join(stage, 'docs'), { recursive: true });
  const output = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', root], { cwd: stage });
  const [result] = JSON.parse(output.slice(output.indexOf('['))) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string; size: number }[];
  }[];
  return { tarball: path.join(root, result!.filename), size: result!.size, unpackedSize: result!.unpackedSize, files: result!.files };
}

/** demo/dev-wallet.ts as one ES module exporting `createDevWallet`, for pages served without vite (shared with the bench). */
export { buildDevWallet } from '../../../scripts/bench/build.ts';

/**
 * Runs the custom-elements-manifest analyzer over src/ as `npm run manifest`
 * does, into `outDir` (its custom-elements.json). cem resolves --outdir against
 * the working directory; the config (packagejson: false) keeps it from
 * rewriting package.json.
 */
export async function analyzeManifest(outDir: string): Promise<void> {
  const cem = path.join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js');
  await run(process.execPath, [cem, 'analyze', '--litelement', '--globs', 'src/**/*.ts', '--outdir', path.relative(ROOT, outDir)]);
}
