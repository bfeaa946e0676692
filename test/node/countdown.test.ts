/**
 * The countdown rule (secondsUntil in src/format/duration.ts): what the busy
 * notice ("asking again in 3 s… 2 s… 1 s") and the quote's refresh show.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { secondsUntil } from '../../src/format/duration.ts';

describe('secondsUntil: whole seconds left, counting down', () => {
  it('reads 3, 2, 1 over a three-second wait, rounding up so the first second is not lost', () => {
    const at = 10_000;
    assert.deepEqual(
      [7_000, 7_001, 7_999, 8_000, 8_500, 9_000, 9_999].map((now) => secondsUntil(at, now)),
      [3, 3, 3, 2, 2, 1, 1],
    );
  });

  it('is 0 once the time has come, and never negative', () => {
    assert.equal(secondsUntil(10_000, 10_000), 0);
    assert.equal(secondsUntil(10_000, 25_000), 0);
  });
});
