/**
 * The one rule of when a transfer is over (src/model/transfer-phase.ts): the
 * tracker's "complete" / "failed" and the tracking room's end both go by it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FINAL_PHASES, TRANSFER_PHASES, isFinalPhase, isOver } from '../../src/model/transfer-phase.ts';
import type { ArrivalState } from '../../src/model/arrival.ts';

const ARRIVALS: (ArrivalState | undefined)[] = [undefined, 'checking', 'checked', 'unchecked', 'contradicted'];

describe('when a transfer is over', () => {
  it('a phase still followed (signing, broadcast, submitted, bridging) is never over, whatever arrival is saved', () => {
    for (const phase of TRANSFER_PHASES.filter((p) => !isFinalPhase(p)))
      for (const arrival of ARRIVALS) assert.equal(isOver(phase, arrival), false, `${phase} / ${arrival}`);
    assert.deepEqual(TRANSFER_PHASES.filter((p) => !isFinalPhase(p)).sort(), ['bridging', 'broadcast', 'signing', 'submitted']);
  });

  it('a success is over only once the destination chain was read: not before the check starts, not while it runs', () => {
    assert.equal(isOver('success', undefined), false, 'the service said success, the check not started');
    assert.equal(isOver('success', 'checking'), false, 'the destination chain being read');
    assert.equal(isOver('success', 'checked'), true);
    assert.equal(isOver('success', 'unchecked'), true, 'the chain could not be read: the service’s word, said as such');
    assert.equal(isOver('success', 'contradicted'), true, 'disputed is an end too');
  });

  it('failed, not-found and abandoned are over as soon as they are the phase', () => {
    for (const phase of ['failed', 'not-found', 'abandoned'] as const) assert.equal(isOver(phase, undefined), true, phase);
    assert.deepEqual([...FINAL_PHASES].sort(), ['abandoned', 'failed', 'not-found', 'success']);
  });
});
