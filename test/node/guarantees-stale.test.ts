/**
 * Every mutant of scripts/check-guarantees.mjs still finds the code it breaks.
 * A refactor that moves that code would otherwise leave a row of the
 * "Guarantees" table (docs/security.md) unchecked until someone ran the 25-minute tool; here it
 * fails in `npm test`, the row named.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { guaranteeRows } from '../../scripts/docs-files.mjs';
import { MUTANTS, staleMutants } from '../../scripts/guarantee-mutants.mjs';

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

  it('each names a row of the Guarantees table in docs/security.md, and every row but the CSP one has a mutant', () => {
    const rows = guaranteeRows();
    assert.ok(rows.length >= 19, `${rows.length} rows read from docs/security.md`);
    assert.deepEqual(
      MUTANTS.filter((m) => !rows[m.row - 1]).map((m) => `row ${m.row}: ${m.name}`),
      [],
      'mutants whose row is not in the table (rows count from 1 in its order)',
    );
    const unguarded = rows.map((row, i) => ({ row: i + 1, promise: row.promise })).filter(({ row }) => !MUTANTS.some((m) => m.row === row));
    assert.deepEqual(
      unguarded.map(({ row, promise }) => `row ${row}: ${promise.slice(0, 60)}`),
      rows
        .filter((row) => row.promise.startsWith('Works under a strict Content-Security-Policy'))
        .map((row) => `row ${rows.indexOf(row) + 1}: ${row.promise.slice(0, 60)}`),
      'a row without a mutant (only the CSP row, shown by a whole transfer under the policy, has none)',
    );
  });

  it('a mutant whose text is gone is reported stale with its row', () => {
    const gone = [{ row: 6, name: 'moved away', edits: [{ file: 'src/flow/transfer.ts', find: 'text no source holds \u0000', replace: '' }] }];
    assert.deepEqual(staleMutants(root, gone), [{ row: 6, name: 'moved away', why: 'src/flow/transfer.ts: the text to break occurs 0 times' }]);
  });
});
