/**
 * Lints the package as it would be published: publint (package.json against
 * the files `npm pack` would ship) and arethetypeswrong (`attw --pack`: every
 * entry's types resolve, under Node's ESM resolution and bundlers).
 *
 *   npm run check:package             # checks the repository (run `npm run build` first)
 *   npm run check:package -- <dir>    # checks a staged copy (the tests do this)
 *
 * Exits 1 on any finding. Intended, documented choices:
 * - ES modules only: attw's `esm-only` profile skips the `node10` and
 *   `node16-cjs` resolutions (docs/embedding.md, "npm").
 * - Wildcard entries (`./locales/*`, `./script/*`) are checked once per
 *   language in src/i18n/add-ons.ts, since attw cannot expand a wildcard.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_ADD_ONS } from '../src/i18n/add-ons.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export async function checkPackage(dir: string): Promise<{ ok: boolean; report: string }> {
  const publint = await run([path.join(ROOT, 'node_modules/publint/src/cli.js'), dir, '--level', 'suggestion', '--strict'], dir);
  const entrypoints = LOCALE_ADD_ONS.flatMap((code) => [`./locales/${code}`, `./script/${code}`]);
  const attw = await run(
    [
      path.join(ROOT, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
      '--pack',
      dir,
      '--profile',
      'esm-only',
      '--include-entrypoints',
      ...entrypoints,
      '--format',
      'ascii',
    ],
    dir,
  );
  return {
    ok: publint.code === 0 && attw.code === 0,
    report: `publint (exit ${publint.code}):\n${publint.output}\narethetypeswrong (exit ${attw.code}):\n${attw.output}`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ok, report } = await checkPackage(path.resolve(process.argv[2] ?? ROOT));
  console.log(report);
  process.exit(ok ? 0 : 1);
}
