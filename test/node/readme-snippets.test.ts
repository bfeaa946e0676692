/**
 * The README's framework snippets are the files test/node/package-install.test.ts
 * type-checks against the packed package (test/fixtures/snippets), copied in
 * by `npm run docs` (scripts/docs-snippets.mjs): this fails when they drift.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
// @ts-expect-error: plain JS build script without declarations
import { renderSnippets, snippetPaths } from '../../scripts/docs-snippets.mjs';

const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

test('README shows every framework snippet verbatim (run npm run docs)', () => {
  const readme = read('README.md');
  assert.equal(renderSnippets(readme, read), readme);
  const shown = (snippetPaths(readme) as string[]).sort();
  const files = readdirSync(new URL('test/fixtures/snippets/', root))
    .filter((name) => name !== 'README.md')
    .map((name) => `test/fixtures/snippets/${name}`)
    .sort();
  assert.deepEqual(shown, files, 'each snippet file appears once in the README');
});
