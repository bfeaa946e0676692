/**
 * The import graph the size budgets and the bench count (scripts/bench/graph.ts),
 * on files written the way minifiers write them: no spaces around `from`,
 * `export*from`, dynamic imports with template literals (Rolldown's output),
 * strings that merely look like imports, and language add-ons as chunks.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { completeFiles, firstLoadFiles, isLanguageAddOn, moduleGraph, unresolvedImports } from '../../scripts/bench/graph.ts';

let dir: string;
const names = (files: string[]) => files.map((f) => basename(f)).sort();

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'bridge-widget-graph-'));
  const files: Record<string, string> = {
    'bridge-widget.js': [
      'import{a as b}from"./shared-0a1b2c3d.js";',
      'export*from"./reexported-11111111.js";',
      'import"./effect-22222222.js";',
      'const s="import{x}from\\"./not-an-import.js\\"";',
      'const t=`export*from"./nor-this.js"`;',
      'const review=()=>import(`./review-33333333.js`);',
      "const wallets=()=>import('./wallets-44444444.js');",
      'const language=(code)=>import(`./${code}-55555555.js`);',
    ].join(''),
    'shared-0a1b2c3d.js': 'export const a=1;',
    'reexported-11111111.js': 'export{a as c}from"./shared-0a1b2c3d.js";',
    'effect-22222222.js': 'globalThis.effect=1;',
    'review-33333333.js': 'import{a}from"./shared-0a1b2c3d.js";import{g}from"./guards-66666666.js";export const r=a+g;',
    'guards-66666666.js': 'export const g=2;',
    'wallets-44444444.js': 'export const w=3;',
    'de-55555555.js': 'import{a}from"./bridge-widget.js";import{t}from"./german-only-77777777.js";export default{a,t};',
    'pt-br-55555555.js': 'export default{};',
    'german-only-77777777.js': 'export const t=4;',
    'bridge-widget.de.js': 'import{a}from"./bridge-widget.js";',
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
});

after(() => rmSync(dir, { recursive: true, force: true }));

describe('the import graph of a built folder', () => {
  it('first load: the entry and what it imports statically, transitively, in minified syntax', async () => {
    const graph = await moduleGraph(join(dir, 'bridge-widget.js'));
    assert.deepEqual(names(firstLoadFiles(graph)), ['bridge-widget.js', 'effect-22222222.js', 'reexported-11111111.js', 'shared-0a1b2c3d.js']);
    assert.deepEqual(unresolvedImports(graph), [], 'strings and templates that look like imports are not imports');
  });

  it('complete: static and dynamic imports (template literals and globs too), language add-ons left out', async () => {
    const graph = await moduleGraph(join(dir, 'bridge-widget.js'));
    assert.deepEqual(names(completeFiles(graph)), [
      'bridge-widget.js',
      'effect-22222222.js',
      'guards-66666666.js',
      'reexported-11111111.js',
      'review-33333333.js',
      'shared-0a1b2c3d.js',
      'wallets-44444444.js',
    ]);
    assert.ok(graph.nodes.has(join(dir, 'de-55555555.js')), 'the language chunks are in the graph');
    assert.ok(!completeFiles(graph).includes(join(dir, 'german-only-77777777.js')), 'what only a language add-on imports is left out with it');
  });

  it('reports an import that names no file', async () => {
    writeFileSync(join(dir, 'broken.js'), 'import{a}from"./missing.js";const x=()=>import(name);');
    const graph = await moduleGraph(join(dir, 'broken.js'));
    assert.deepEqual(unresolvedImports(graph), ['broken.js: ./missing.js', 'broken.js: import(name)']);
  });

  it('a language add-on is a file named by a language code other than English', () => {
    for (const name of ['de.js', 'bridge-widget.de.js', 'pt-br-1a2b3c4d.js', 'pt-BR.js', 'zh-hant-B-AZjSe8.js', 'fr-CzkLm0_x.js'])
      assert.equal(isLanguageAddOn(name), true, name);
    for (const name of ['bridge-widget.js', 'en.js', 'en-1a2b3c4d.js', 'review-503b76c2.js', 'api-1a2b3c4d.js', 'map.js', 'ui.js', 'index.js'])
      assert.equal(isLanguageAddOn(name), false, name);
  });
});
