/**
 * The set-up every suite against the sandbox shares (the e2e files and the
 * widget's own browser tests), called first in the suite's body:
 * `describe('…', function () { e2eSuite(this, { timeout: 180_000, resetFaults: { hostile: null } }); … })`.
 * - mocha's timeout per test: a transfer over the sandbox's chains takes tens of seconds;
 * - before each test (`fresh: 'once'`: before the suite's first, when its tests
 *   continue one visit's story), a new visitor on a reset sandbox: nothing saved
 *   in localStorage, the sandbox's faults, rate limits and request log reset, and with
 *   `clearTimings` the resource timings (which tests count fetches by) cleared;
 * - after each test (or after the suite), the faults the suite set put back.
 * The suite's own hooks run after these.
 */
import { freshPage, setFaults } from './sandbox.js';

export interface E2eOptions {
  /** Mocha's timeout per test, in ms (default 120 s). */
  timeout?: number;
  /** A new visitor before each test (default), or once before the suite's first. */
  fresh?: 'each' | 'once';
  /** Also clear the resource timings, for suites that count fetches. */
  clearTimings?: boolean;
  /** Faults the suite sets, put back after each test (after the suite with `fresh: 'once'`). */
  resetFaults?: Record<string, unknown>;
}

export function e2eSuite(suite: Mocha.Suite, { timeout = 120_000, fresh = 'each', clearTimings = false, resetFaults }: E2eOptions = {}): void {
  suite.timeout(timeout);
  const [setUp, tearDown] = fresh === 'each' ? [beforeEach, afterEach] : [before, after];
  setUp(() => freshPage({ clearTimings }));
  if (resetFaults) tearDown(() => setFaults(resetFaults));
}
