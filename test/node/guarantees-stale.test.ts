/**
 * Every mutant of scripts/check-guarantees.mjs still finds the code it breaks.
 * A refactor that moves that code would otherwise leave a row of README's
 * "Guarantees" table unchecked until someone ran the 25-minute tool; here it
 * fails in `npm test`, the row named.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { staleMutants } from '../../scripts/guarantee-mutants.mjs';

const root = new URL('../..', import.meta.url).pathname;

describe('guarantee mutants', () => {
  it('each finds the text it breaks exactly once in the source', () => {
    const stale = staleMutants(root);
    assert.deepEqual(
      stale.map((s) => `row ${s.row}: ${s.name} (${s.why})`),
      [],
      'point these at the code’s new home in scripts/guarantee-mutants.mjs',
    );
  });

  it('a mutant whose text is gone is reported stale with its row', () => {
    const gone = [{ row: 6, name: 'moved away', edits: [{ file: 'src/flow/transfer.ts', find: 'text no source holds \u0000', replace: '' }] }];
    assert.deepEqual(staleMutants(root, gone), [{ row: 6, name: 'moved away', why: 'src/flow/transfer.ts: the text to break occurs 0 times' }]);
  });
});
