/**
 * The README's and the docs' pictures show today's product: each screenshot in
 * docs/ was taken from the sources it shows as they are now. docs/screenshots.json
 * records, per picture, a hash of those sources (scripts/screenshot-sources.mjs
 * names them: the swap box's parts, the state's own parts and moment, its English
 * or its language); `npm run screenshots -- --docs` writes it with the pictures.
 * A change to what a picture shows, without taking it again, fails here.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { RECORD, ROOT, screenshotSources, sourcesHash } from '../../scripts/screenshot-sources.mjs';

const record = JSON.parse(readFileSync(path.join(ROOT, RECORD), 'utf8')) as Record<string, string>;

test('every picture in docs/ is newer than the components it shows (npm run screenshots -- --docs takes them again)', () => {
  const shots = screenshotSources();
  const stale = Object.entries(shots)
    .filter(([file, sources]) => record[file] !== sourcesHash(sources))
    .map(([file]) => file);
  assert.deepEqual(stale, [], `older than what they show: ${stale.join(', ')}; run npm run screenshots -- --docs and commit docs/`);
  for (const file of Object.keys(shots)) assert.ok(existsSync(path.join(ROOT, file)), `${file} exists`);
});

test('the README and the docs show only pictures that are recorded', () => {
  const shown = ['README.md', ...['configuration.md', 'playground.md', 'languages.md'].map((doc) => `docs/${doc}`)]
    .filter((doc) => existsSync(path.join(ROOT, doc)))
    .flatMap((doc) =>
      [...readFileSync(path.join(ROOT, doc), 'utf8').matchAll(/\]\(([^)]+\.png)\)/g)].map((m) => path.normalize(path.join(path.dirname(doc), m[1]!))),
    );
  assert.ok(shown.length >= 13, `the README shows the swap box in 12 pictures, the playground's page one (found ${shown.length})`);
  for (const file of shown) assert.ok(file in record, `${file} is recorded in ${RECORD}`);
});
