/**
 * The committed sandbox artifacts must be exactly what the pinned solc makes
 * of the committed sources (`npm run sandbox:compile` regenerates them).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS_DIR, compileContracts } from '../../sandbox/compile.js';

test('sandbox artifacts match a fresh compile of sandbox/contracts', () => {
  const { files, artifacts } = compileContracts();
  assert.ok(artifacts.length >= 8, 'expected the token, provider, vault and receiver contracts');
  const committed = readdirSync(ARTIFACTS_DIR).sort();
  assert.deepEqual(committed, [...files.keys()].sort(), 'artifact file set differs: run `npm run sandbox:compile`');
  for (const [name, expected] of files) {
    const actual = readFileSync(path.join(ARTIFACTS_DIR, name), 'utf8');
    assert.ok(actual === expected, `${name} is stale: run \`npm run sandbox:compile\``);
  }
  for (const artifact of artifacts) {
    assert.match(artifact.bytecode, /^0x[0-9a-f]+$/);
    assert.equal(artifact.compiler.version.startsWith('0.8.37'), true);
  }
});
