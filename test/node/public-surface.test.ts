/**
 * The public API of every element stays what the committed custom-elements.json
 * says: nothing public is removed or changed (attributes, properties, events,
 * CSS parts, custom properties, slots). Additions are fine; regenerate the
 * manifest with `npm run manifest` to make them part of the surface.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { analyzeManifest, removeDir, ROOT, scratchDir } from './helpers/build.js';

interface Item {
  name: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
  fieldName?: string;
  type?: { text?: string };
}
interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: Item[];
  members?: Item[];
  events?: Item[];
  cssParts?: Item[];
  cssProperties?: Item[];
  slots?: Item[];
}
interface Manifest {
  modules: { declarations?: Declaration[] }[];
}

/** One line per public item of every element: `tag attribute name → field : type`. */
function surface(manifest: Manifest): Set<string> {
  const lines = new Set<string>();
  for (const d of manifest.modules.flatMap((m) => m.declarations ?? [])) {
    if (!d.customElement || !d.tagName) continue;
    const add = (what: string, item: Item, extra = '') => lines.add(`<${d.tagName}> ${what} ${item.name}${extra} : ${item.type?.text ?? ''}`);
    for (const a of d.attributes ?? []) add('attribute', a, ` → ${a.fieldName ?? ''}`);
    for (const m of d.members ?? []) if (m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public') add('property', m);
    for (const m of d.members ?? []) if (m.kind === 'method' && !m.static && (m.privacy ?? 'public') === 'public') add('method', m);
    for (const e of d.events ?? []) add('event', e);
    for (const p of d.cssParts ?? []) add('part', p);
    for (const p of d.cssProperties ?? []) add('css-property', p);
    for (const s of d.slots ?? []) add('slot', s);
  }
  return lines;
}

let scratch: string;
let fresh: Manifest;

before(async () => {
  scratch = scratchDir('surface');
  await analyzeManifest(scratch);
  fresh = JSON.parse(readFileSync(path.join(scratch, 'custom-elements.json'), 'utf8')) as Manifest;
});

after(() => removeDir(scratch));

it('keeps every public attribute, property, method, event, part, custom property and slot of the committed manifest', () => {
  const committed = surface(JSON.parse(readFileSync(path.join(ROOT, 'custom-elements.json'), 'utf8')) as Manifest);
  assert.ok(committed.size > 100, `read ${committed.size} public items from custom-elements.json`);
  const now = surface(fresh);
  assert.deepEqual(
    [...committed].filter((line) => !now.has(line)),
    [],
    'public items removed or changed',
  );
});
