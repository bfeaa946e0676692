/** Retry-After and X-RateLimit-Reset in every format the spec leaves open, and the cap. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cappedWaitEndsAt, waitEndsAt } from '../../src/proxy/wait-header.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('upstream wait headers', () => {
  it('reads seconds from now, epoch seconds, epoch milliseconds and HTTP dates', () => {
    assert.equal(waitEndsAt('120', NOW), NOW + 120_000);
    assert.equal(waitEndsAt(' 0 ', NOW), NOW);
    assert.equal(waitEndsAt('1.5', NOW), NOW + 1_500);
    assert.equal(waitEndsAt(String(NOW / 1000 + 30), NOW), NOW + 30_000);
    assert.equal(waitEndsAt(String(NOW + 30_000), NOW), NOW + 30_000);
    assert.equal(waitEndsAt(new Date(NOW + 90_000).toUTCString(), NOW), NOW + 90_000);
    // The boundaries: below 1e9 it is a delay; from 1e9 epoch seconds; from 1e12 epoch milliseconds.
    assert.equal(waitEndsAt('999999999', NOW), NOW + 999_999_999_000);
    assert.equal(waitEndsAt('1000000000', NOW), 1e12);
    assert.equal(waitEndsAt('999999999999', NOW), 999_999_999_999_000);
    assert.equal(waitEndsAt('1000000000000', NOW), 1e12);
  });

  it('refuses what is none of them', () => {
    for (const value of [
      null,
      '',
      'soon',
      '-5',
      '1e3',
      '0x10',
      '12abc',
      'Wed, 25 Nov 2026 12:00:00',
      '2026-11-25T12:00:00Z',
      'Thu, 99 Nov 2026 12:00:00 GMT',
    ]) {
      assert.equal(waitEndsAt(value, NOW), undefined, String(value));
    }
  });

  it('caps: never before now, never past now plus the cap', () => {
    assert.equal(cappedWaitEndsAt('86400', NOW, 180_000), NOW + 180_000);
    assert.equal(cappedWaitEndsAt(String(NOW + 86_400_000), NOW, 180_000), NOW + 180_000, 'a reset in epoch ms a day away');
    assert.equal(cappedWaitEndsAt(String(NOW - 5_000), NOW, 180_000), NOW, 'a reset in the past is now');
    assert.equal(cappedWaitEndsAt('60', NOW, 180_000), NOW + 60_000);
    assert.equal(cappedWaitEndsAt('soon', NOW, 180_000), undefined);
  });
});
