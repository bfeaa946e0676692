/**
 * The pickers' dialogs are a chunk of their own (src/components/shared/picker.ts):
 * read from the script-tag build's module graph, the first load (the entry
 * and every chunk it imports statically) holds what draws the triggers and
 * none of the dialogs' sources, and each picker's chunk imports its dialog
 * dynamically. Sources are read from the build's (hidden) source maps.
 *
 * Builds the script-tag folder (scripts/script-build.ts) into a temporary
 * directory, never into dist/.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildScriptFolder } from '../../scripts/script-build.ts';
import { bundledSources } from '../../scripts/bench/size.ts';

/** A minified module's relative imports: static (`import{a as b}from"./x.js"`, `import"./x.js"`, `export…from"./x.js"`) and dynamic (`import("./x.js")`). */
function importsOf(file: string): { static: string[]; dynamic: string[] } {
  const code = readFileSync(file, 'utf8');
  const resolve = (specifier: string) => join(dirname(file), specifier);
  const dynamic = [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map((m) => resolve(m[1]!));
  const statics = [...code.matchAll(/\b(?:import|export)\s*(?:\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?|[\w$]+)?\s*(?:from\s*)?["'](\.{1,2}\/[^"']+)["']/g)].map((m) =>
    resolve(m[1]!),
  );
  return { static: statics.filter(existsSync), dynamic: dynamic.filter(existsSync) };
}

/** The files a browser loads for `entry` before anything runs: the entry and its static imports, transitively. */
function firstLoad(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of importsOf(file).static) visit(next);
  };
  visit(entry);
  return seen;
}

/** The chunk files whose source map names a source ending with `suffix`. */
const chunksWith = (files: Iterable<string>, suffix: string) => [...files].filter((file) => bundledSources(file).some((source) => source.endsWith(suffix)));

describe("the pickers' dialogs in the script-tag build", { timeout: 120_000 }, () => {
  let dir: string;
  let entry: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bridge-widget-pickers-'));
    // 'hidden': the maps name each chunk's sources without changing the files a browser loads.
    await buildScriptFolder({ outDir: dir, sourcemap: 'hidden' });
    entry = join(dir, 'bridge-widget.js');
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the pickers' dialogs are not in the script build's first load, and each picker imports its own when opened", () => {
    const first = firstLoad(entry);
    // What draws the triggers is in the first load; everything inside the modal is not.
    for (const trigger of ['components/shared/picker.ts', 'components/token-picker/token-picker.ts', 'components/asset-picker/asset-picker.ts']) {
      assert.notDeepEqual(chunksWith(first, trigger), [], `${trigger} draws a trigger: it belongs to the first load`);
    }
    // The swap box has asset pickers only: the chain picker is no part of the script build's widget.
    assert.deepEqual(chunksWith(first, 'components/chain-picker/chain-picker.ts'), [], 'the chain picker is not in the first load');
    const dialogs = [
      'components/shared/picker-dialog.ts',
      'components/shared/picker-dialog.styles.ts',
      'components/token-picker/token-picker-dialog.ts',
      'components/token-picker/token-search.ts',
      'components/chain-picker/chain-picker-dialog.ts',
    ];
    for (const dialog of dialogs) {
      assert.deepEqual(
        chunksWith(first, dialog).map((file) => basename(file)),
        [],
        `${dialog} is in the first load`,
      );
    }
    // The chunk each picker imports dynamically holds its dialog (and, through its static imports, the shared one).
    const pickerChunk = (picker: string) => chunksWith(first, picker)[0]!;
    for (const [picker, dialog] of [
      ['components/token-picker/token-picker.ts', 'components/token-picker/token-picker-dialog.ts'],
      ['components/asset-picker/asset-picker.ts', 'components/asset-picker/asset-picker-dialog.ts'],
    ] as const) {
      const loaded = importsOf(pickerChunk(picker)).dynamic.flatMap((chunk) => [...firstLoad(chunk)]);
      assert.notDeepEqual(chunksWith(loaded, dialog), [], `${picker}'s chunk imports ${dialog} on demand`);
      assert.notDeepEqual(chunksWith(loaded, 'components/shared/picker-dialog.ts'), [], `opening ${picker} brings the shared dialog`);
    }
  });
});
