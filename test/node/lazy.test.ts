/**
 * The one rule for a part loaded on demand (src/model/lazy.ts): loaded once
 * and shared while on its way, kept once here, and tried again on the next
 * need after a failed load (a phone offline for a moment is not stuck until a
 * reload).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lazy } from '../../src/model/lazy.ts';

/** A loader that fails its first `failures` loads (as a fetch does offline), then gives a module; it counts its starts. */
function flakyLoader(failures: number) {
  const loader = {
    starts: 0,
    start: async () => {
      loader.starts++;
      if (loader.starts <= failures) throw new TypeError('Failed to fetch dynamically imported module');
      return { answer: 42 };
    },
  };
  return loader;
}

describe('lazy()', () => {
  it('a load that failed is tried again on the next need, and what then arrives is kept', async () => {
    const loader = flakyLoader(1);
    const part = lazy(loader.start);
    await assert.rejects(part.load(), /Failed to fetch/);
    assert.equal(part.loaded(), undefined, 'nothing arrived');
    assert.deepEqual(await part.load(), { answer: 42 }, 'the second need loads it');
    assert.equal(loader.starts, 2);
    assert.deepEqual(part.loaded(), { answer: 42 });
    assert.equal(await part.load(), part.loaded(), 'the same module afterwards');
    assert.equal(loader.starts, 2, 'not loaded again once here');
  });

  it('needs while a load is on its way share it: one start, one module', async () => {
    const loader = flakyLoader(0);
    const part = lazy(loader.start);
    const [a, b, c] = await Promise.all([part.load(), part.load(), part.load()]);
    assert.equal(loader.starts, 1);
    assert.equal(a, b);
    assert.equal(b, c);
  });

  it('needs while a failing load is on its way share its failure; the next need starts a new one', async () => {
    const loader = flakyLoader(1);
    const part = lazy(loader.start);
    const results = await Promise.allSettled([part.load(), part.load()]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    assert.equal(loader.starts, 1, 'one fetch for both');
    assert.deepEqual(await part.load(), { answer: 42 });
    assert.equal(loader.starts, 2);
  });
});
