/**
 * The repository's formatting is Prettier's with `.prettierrc.json`: a file
 * written by hand in another layout fails here, so reviews read behaviour,
 * not whitespace. `npm run format` rewrites every file.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('every source, test and script file is formatted as npm run format writes it', () => {
  const run = spawnSync(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--list-different', '.'], { cwd: root, encoding: 'utf8' });
  const unformatted = run.stdout.split('\n').filter(Boolean);
  assert.deepEqual(unformatted, [], `not formatted (run npm run format): ${unformatted.join(', ')}`);
  assert.equal(run.status, 0, run.stderr);
});
