/**
 * The snippets of README.md and docs/*.md are the files the tests type-check
 * or run (test/fixtures/snippets): the framework ones against the packed
 * package (test/node/package-install.test.ts) and in real apps
 * (test/node/integrator-apps.test.ts), the proxy's here against the source
 * and in workerd (test/node/proxy-workerd.test.ts). `npm run docs` copies
 * them in (scripts/docs-snippets.mjs); this fails when a doc file drifts.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { readDocs } from '../../scripts/docs-files.mjs';
// @ts-expect-error: plain JS build script without declarations
import { renderSnippets, snippetPaths } from '../../scripts/docs-snippets.mjs';
import { ROOT, run } from './helpers/build.js';

const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');
const docs = readDocs();

test('the docs show every snippet file verbatim (run npm run docs)', () => {
  for (const { file, text } of docs) assert.equal(renderSnippets(text, read), text, `${file} shows a snippet as its file is not`);
  const shown = [...new Set(docs.flatMap(({ text }) => snippetPaths(text) as string[]))].sort();
  const files = readdirSync(new URL('test/fixtures/snippets/', root))
    .filter((name) => name !== 'README.md')
    .map((name) => `test/fixtures/snippets/${name}`)
    .sort();
  assert.deepEqual(shown, files, 'each snippet file appears in README.md or docs/');
});

test("README shows one snippet for each of the four ways to embed, and the proxy's handler", () => {
  const readme = docs.find((doc) => doc.file === 'README.md')!.text;
  assert.deepEqual(snippetPaths(readme), [
    'test/fixtures/snippets/script-tag.html',
    'test/fixtures/snippets/Bridge.tsx',
    'test/fixtures/snippets/Bridge.vue',
    'test/fixtures/snippets/Bridge.svelte',
    'test/fixtures/snippets/proxy-handler.ts',
  ]);
});

test("the proxy's snippets (handler and Cloudflare Worker) type-check against the source", { timeout: 120_000 }, async () => {
  await run(process.execPath, [
    path.join(ROOT, 'node_modules/typescript/bin/tsc'),
    '--noEmit',
    '-p',
    path.join(ROOT, 'test/types/tsconfig.proxy-snippets.json'),
  ]).catch((error: Error) => assert.fail(error.message));
});
