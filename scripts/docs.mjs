#!/usr/bin/env node
/**
 * `npm run docs`: writes the generated blocks of the docs (README.md and
 * docs/*.md): the API tables from custom-elements.json (scripts/docs-api.mjs)
 * and the snippets from test/fixtures/snippets (scripts/docs-snippets.mjs).
 * `npm run docs -- --check` writes nothing and exits 1 when a file is out of
 * date (test/node/readme-api.test.ts and readme-snippets.test.ts check the
 * same in `npm test`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { apiBlocks, renderApi } from './docs-api.mjs';
import { readDocs } from './docs-files.mjs';
import { renderSnippets } from './docs-snippets.mjs';

const root = new URL('..', import.meta.url);
const check = process.argv.includes('--check');
const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8'));
const docs = readDocs(root);

const blocks = apiBlocks(docs);
if (blocks.tables.length !== 1 || blocks.summary.length !== 1) {
  console.error(`expected one doc file with the api-tables markers and one with api-summary; found ${JSON.stringify(blocks)}`);
  process.exit(1);
}

let stale = 0;
for (const { file, text } of docs) {
  const next = renderSnippets(renderApi(text, manifest), (snippet) => readFileSync(new URL(snippet, root), 'utf8'));
  if (next === text) continue;
  if (check) {
    console.error(`${file}: generated blocks out of date: run npm run docs`);
    stale++;
  } else {
    writeFileSync(new URL(file, root), next);
    console.log(`${file}: generated blocks updated`);
  }
}
if (stale) process.exit(1);
