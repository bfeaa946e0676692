/**
 * The layers of docs/architecture.md ("Layers"), held for every file of src/:
 * each folder imports only what its row allows (types-only where it says
 * so), and no room of the session imports the session back. A new import
 * across a line fails here with the file and the import.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

interface Import {
  file: string;
  /** A path relative to src/ for a relative import, else the package specifier. */
  target: string;
  isPackage: boolean;
  typeOnly: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** Every static import and re-export, with its target resolved to a folder of src/ (or kept as a package name). */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gms)) {
    const [, , type, specifier] = match;
    const target = specifier!.startsWith('.') ? path.relative(SRC, path.resolve(path.dirname(file), specifier!)) : specifier!;
    found.push({ file: path.relative(SRC, file), target, isPackage: !specifier!.startsWith('.'), typeOnly: !!type });
  }
  return found;
}

const folderOf = (relative: string) => (relative.includes('/') ? relative.split('/')[0]! : '.');

/** What each folder may import from src/ (values), and what only as types. Packages are checked separately. */
const RULES: Record<string, { values: string[]; types?: string[] }> = {
  model: { values: ['model'] },
  api: { values: ['model', 'api'] },
  wallet: { values: ['model', 'api', 'wallet'] },
  format: { values: ['model', 'format', 'i18n'] },
  i18n: { values: ['model', 'i18n', 'format'] },
  events: { values: ['events'], types: ['api', 'model'] },
  flow: { values: ['flow', 'api', 'wallet', 'model', 'format', 'i18n'], types: ['events'] },
  components: { values: ['components', 'model', 'format', 'i18n'], types: ['api', 'flow'] },
};

/** Packages a folder may use: the DOM-free layers never import Lit's element classes. */
const PACKAGES: Record<string, RegExp> = {
  model: /^(viem|@scure\/base)$/,
  api: /^(zod\/mini)$/,
  wallet: /^(viem|@walletconnect\/sign-client)$/,
  format: /^viem$/,
  i18n: /^$/,
  events: /^$/,
  flow: /^(zod\/mini|@lit\/task|@lit\/reactive-element|viem)$/,
  components: /^(lit(\/|$)|lean-qr(\/|$))/,
  proxy: /^(node:.*|@redis\/client|prom-client)$/,
};

const all = sources(SRC).flatMap(importsOf);

it('each folder imports only what its row of the Architecture table allows', () => {
  const broken: string[] = [];
  for (const { file, target, isPackage, typeOnly } of all) {
    const from = folderOf(file);
    if (isPackage) {
      const allowed = PACKAGES[from];
      if (allowed && !allowed.test(target) && !typeOnly) broken.push(`${file} imports the package ${target}`);
      continue;
    }
    const to = folderOf(target);
    if (from === 'proxy') {
      // The proxy shares the contract's schemas with the client, and nothing else of the widget.
      if (to !== 'proxy' && target !== 'api/schemas.js')
        broken.push(`${file} (proxy) imports ${target}: the proxy shares only the contract's schemas with the widget`);
      continue;
    }
    const rule = RULES[from];
    if (!rule || to === from) continue;
    if (rule.values.includes(to)) continue;
    if (typeOnly && rule.types?.includes(to)) continue;
    broken.push(`${file} imports ${typeOnly ? 'types from ' : ''}${target}`);
  }
  assert.deepEqual(broken, []);
});

it('no room of the session imports the session back', () => {
  const back = all.filter(({ file, target }) => file.startsWith('flow/') && file !== 'flow/session.ts' && target === 'flow/session.js');
  assert.deepEqual(
    back.map((i) => i.file),
    [],
  );
});

it('the parts and the locale controller never reach into the client, the wallet or the session', () => {
  const reaching = all.filter(
    ({ file, target, typeOnly }) =>
      (file.startsWith('components/') || file === 'bridge-widget/controllers/locale-controller.ts') &&
      !typeOnly &&
      (target.startsWith('api/') || target.startsWith('wallet/') || target === 'flow/session.js'),
  );
  assert.deepEqual(
    reaching.map((i) => `${i.file} → ${i.target}`),
    [],
  );
});
