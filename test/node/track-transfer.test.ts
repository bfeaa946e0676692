/**
 * A status merged into the saved transfer (mergeStatus, the one place that
 * happens): what a later write may and may not move.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TrackedIntentStatus } from '../../src/api/schemas.ts';
import { mergeStatus } from '../../src/flow/track-transfer.ts';
import { savedTransfer } from './helpers/saved-transfer.ts';

const record = savedTransfer('i', 0, { phase: 'bridging', receiptAccepted: true });
const status = (value: TrackedIntentStatus['status']): TrackedIntentStatus => ({
  kind: 'tracked',
  intent_id: 'i',
  status: value,
  rawStatus: value,
  nextPollAt: undefined,
});

describe('mergeStatus: when a transfer finished', () => {
  it('is kept when the first final status is merged, and a later one (a transfer opened again) does not move it', () => {
    const bridging = mergeStatus(record, status('bridging'), 1_000);
    assert.equal(bridging.finishedAt, undefined, 'still moving');
    const failed = mergeStatus(bridging, status('failed'), 2_000);
    assert.deepEqual([failed.phase, failed.finishedAt], ['failed', 2_000]);
    const readAgain = mergeStatus(failed, status('failed'), 90_000);
    assert.deepEqual([readAgain.phase, readAgain.finishedAt], ['failed', 2_000]);
  });
});
