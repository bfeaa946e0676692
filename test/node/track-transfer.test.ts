/**
 * A status merged into the saved transfer (mergeStatus, the one place that
 * happens): what a later write may and may not move.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TrackedIntentStatus } from '../../src/api/schemas.ts';
import type { SavedTransfer } from '../../src/flow/intent-store.ts';
import { mergeStatus } from '../../src/flow/track-transfer.ts';

const token = { address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', symbol: 'USDC', decimals: 6 };
const record: SavedTransfer = {
  intentId: 'i',
  account: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  fromChainId: '1',
  toChainId: '2',
  fromToken: token,
  toToken: token,
  fromAmount: 1n,
  toAmount: 1n,
  toAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  createdAt: 0,
  updatedAt: 0,
  phase: 'bridging',
  receiptAccepted: true,
};
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
