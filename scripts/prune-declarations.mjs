#!/usr/bin/env node
// Keeps in dist/types only the declarations an integrator's compiler can reach:
// the `types` of package.json's `exports` (a `*` entry: every file it matches)
// and what they import, transitively. tsc writes one .d.ts per source module,
// the flow's and the sandbox-facing internals too; those no public type names
// are dropped from the package.
//
// Usage: node scripts/prune-declarations.mjs [typesDir] (default dist/types, relative to the repository).
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const typesDir = path.resolve(root, process.argv[2] ?? 'dist/types');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Every .d.ts file under `dir`. */
const declarations = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? declarations(file) : file.endsWith('.d.ts') ? [file] : [];
  });

/** The declaration files `exports` names, `./dist/types/…` rebased on `typesDir`. */
function entryFiles() {
  const all = declarations(typesDir);
  return Object.values(pkg.exports).flatMap((target) => {
    const types = typeof target === 'object' ? target.types : undefined;
    if (!types) return [];
    const relative = path.relative('dist/types', types);
    if (!relative.includes('*')) return [path.join(typesDir, relative)];
    const [before, after] = relative.split('*');
    return all.filter((file) => {
      const rest = path.relative(typesDir, file);
      return rest.startsWith(before) && rest.endsWith(after) && !rest.slice(before.length, -after.length || undefined).includes('/');
    });
  });
}

// `import … from './x.js'`, `export … from './x.js'` and `import('./x.js')` in declarations.
const SPECIFIER = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

const kept = new Set();
const queue = entryFiles();
while (queue.length) {
  const file = queue.pop();
  if (kept.has(file) || !existsSync(file)) continue;
  kept.add(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
    queue.push(target.endsWith('.d.ts') ? target : `${target}.d.ts`);
  }
}

let dropped = 0;
for (const file of declarations(typesDir)) {
  if (kept.has(file)) continue;
  rmSync(file);
  dropped++;
}
// Folders left empty.
const prune = (dir) => {
  for (const name of readdirSync(dir)) {
    const sub = path.join(dir, name);
    if (statSync(sub).isDirectory()) prune(sub);
  }
  if (dir !== typesDir && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
};
prune(typesDir);
console.log(`declarations: kept ${kept.size}, dropped ${dropped} that no public type reaches`);
