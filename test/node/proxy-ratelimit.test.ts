/** The per-client flood limiter on its own, with a hand-driven clock: windows, Retry-After, bounded memory, keys. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createClientRateLimiter, normaliseClientKey } from '../../src/proxy/ratelimit.js';

function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('client rate limiter', () => {
  it('allows `limit` requests per window, then refuses with the seconds left, then opens a new window', () => {
    const time = clock();
    const limiter = createClientRateLimiter({ limit: 3, windowMs: 10_000 }, { now: time.now });
    assert.deepEqual(
      [1, 2, 3].map(() => limiter.hit('a').allowed),
      [true, true, true],
    );
    assert.deepEqual(limiter.hit('a'), { allowed: false, retryAfterSeconds: 10 });
    time.advance(2_500);
    assert.deepEqual(limiter.hit('a'), { allowed: false, retryAfterSeconds: 8 }, '7.5 s left rounds up');
    time.advance(7_499);
    assert.deepEqual(limiter.hit('a'), { allowed: false, retryAfterSeconds: 1 }, 'never 0');
    assert.equal(limiter.hit('b').allowed, true, 'another client has its own window');
    time.advance(1);
    assert.equal(limiter.hit('a').allowed, true, 'a new window');
  });

  it('forgets expired windows, so memory follows the clients of the last window only', () => {
    const time = clock();
    const limiter = createClientRateLimiter({ limit: 1, windowMs: 1_000 }, { now: time.now });
    for (let i = 0; i < 500; i++) limiter.hit(`client-${i}`);
    assert.equal(limiter.size, 500);
    time.advance(1_000);
    limiter.hit('late');
    assert.equal(limiter.size, 1);
  });

  it('never tracks more than maxClients; the oldest window makes room', () => {
    const time = clock();
    const limiter = createClientRateLimiter({ limit: 1, windowMs: 60_000 }, { now: time.now, maxClients: 100 });
    for (let i = 0; i < 1_000; i++) {
      limiter.hit(`client-${i}`);
      time.advance(1);
    }
    assert.equal(limiter.size, 100);
    // The newest clients are still counted; the evicted oldest start afresh.
    assert.equal(limiter.hit('client-999').allowed, false);
    assert.equal(limiter.hit('client-0').allowed, true);
    assert.equal(limiter.size, 100);
  });

  it('caps the key length, so a huge header cannot become a huge map key', () => {
    const limiter = createClientRateLimiter({ limit: 1, windowMs: 60_000 });
    const long = 'x'.repeat(100_000);
    assert.equal(limiter.hit(long).allowed, true);
    assert.equal(limiter.hit(`${long}y`).allowed, false, 'same first 128 characters, same client');
    assert.equal(normaliseClientKey(long).length, 128);
  });

  it('survives a clock that goes backwards', () => {
    const time = clock();
    const limiter = createClientRateLimiter({ limit: 1, windowMs: 60_000 }, { now: time.now });
    limiter.hit('a');
    assert.equal(limiter.hit('a').allowed, false);
    time.advance(-5_000);
    assert.equal(limiter.hit('a').allowed, true);
  });
});

describe('client keys', () => {
  it('groups IPv6 by /64 and unwraps IPv4-mapped addresses', () => {
    assert.equal(normaliseClientKey('2001:db8:1:2::1'), '2001:db8:1:2::/64');
    assert.equal(normaliseClientKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
    assert.equal(normaliseClientKey('[2001:db8:1:2::5]'), '2001:db8:1:2::/64');
    assert.equal(normaliseClientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(normaliseClientKey('::1'), '0:0:0:0::/64');
    assert.equal(normaliseClientKey('::'), '0:0:0:0::/64');
    assert.equal(normaliseClientKey('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
    assert.equal(normaliseClientKey('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(normaliseClientKey('::FFFF:203.0.113.9'), '203.0.113.9');
    assert.notEqual(normaliseClientKey('2001:db8:1:2::1'), normaliseClientKey('2001:db8:1:3::1'));
  });

  it('leaves everything else as given (trimmed)', () => {
    assert.equal(normaliseClientKey(' 203.0.113.9 '), '203.0.113.9');
    assert.equal(normaliseClientKey('tenant:42'), 'tenant:42');
    assert.equal(normaliseClientKey('1:2:3'), '1:2:3');
    assert.equal(normaliseClientKey('1::2::3'), '1::2::3');
    assert.equal(normaliseClientKey('::ffff:999.1.1.1'), '::ffff:999.1.1.1');
  });
});
