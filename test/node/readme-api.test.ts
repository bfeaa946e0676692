import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// @ts-expect-error: plain JS build script without declarations
import { renderReadme } from '../../scripts/docs-api.mjs';

test("README's attribute, property, event and part tables match custom-elements.json (run npm run docs)", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
  assert.equal(renderReadme(readme, manifest), readme);
  for (const name of ['proxy-url', 'provider', 'bridge-success', 'primary-button', '--bridge-color-accent']) assert.ok(readme.includes(`\`${name}\``), name);
});
