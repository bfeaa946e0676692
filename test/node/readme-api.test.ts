/**
 * The API tables of the docs are generated from custom-elements.json
 * (scripts/docs-api.mjs): all of them in docs/configuration.md, the most used
 * attributes and events in README.md. This fails when either drifts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// @ts-expect-error: plain JS build script without declarations
import { apiBlocks, renderApi } from '../../scripts/docs-api.mjs';
import { readDocs } from '../../scripts/docs-files.mjs';

const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
const docs = readDocs();

test("the docs' attribute, property, event and part tables match custom-elements.json (run npm run docs)", () => {
  for (const { file, text } of docs) assert.equal(renderApi(text, manifest), text, `${file} is out of date`);
  assert.deepEqual(apiBlocks(docs), { tables: ['docs/configuration.md'], summary: ['README.md'] });
  const tables = docs.find((doc) => doc.file === 'docs/configuration.md')!.text;
  for (const name of ['proxy-url', 'provider', 'bridge-success', 'primary-button', '--bridge-color-accent']) assert.ok(tables.includes(`\`${name}\``), name);
  const readme = docs.find((doc) => doc.file === 'README.md')!.text;
  for (const name of ['proxy-url', 'provider', 'bridge-success', 'bridge-error']) assert.ok(readme.includes(`| \`${name}\` |`), `README lists ${name}`);
});
