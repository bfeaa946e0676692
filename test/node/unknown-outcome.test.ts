/**
 * The rule for a transfer whose outcome is unknown (issue 35, src/flow/unknown-outcome.ts):
 * while it is unknown, the same route asks before sending again; a different one does not.
 * The look-up against the sandbox is in batch.test.ts ("a forgotten batch’s outcome is looked for").
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FlowError } from '../../src/flow/errors.ts';
import type { SavedTransfer } from '../../src/flow/intent-store.ts';
import { isOutcomeUnknown, likelySent, primaryGate, sameRoute } from '../../src/flow/unknown-outcome.ts';

const USDC_A = '0x1111111111111111111111111111111111111111';
const USDC_B = '0x2222222222222222222222222222222222222222';
const ME = '0x3333333333333333333333333333333333333333';
const saved: SavedTransfer = {
  intentId: 'intent-1',
  account: ME,
  fromChainId: '11155111',
  toChainId: '84532',
  fromToken: { address: USDC_A, symbol: 'USDC', decimals: 6 },
  toToken: { address: USDC_B, symbol: 'USDC', decimals: 6 },
  fromAmount: 25_500_000n,
  toAmount: 25_400_000n,
  toAddress: ME,
  createdAt: 0,
  updatedAt: 0,
  phase: 'signing',
  batchId: '0xabc',
  receiptAccepted: false,
};
const request = {
  fromChain: '11155111',
  toChain: '84532',
  fromToken: USDC_A.toUpperCase().replace('0X', '0x'),
  toToken: USDC_B,
  fromAmount: 25_500_000n,
  toAddress: ME,
};

describe('a transfer whose outcome is unknown', () => {
  it('is a forgotten batch (batch-unknown), not any failure', () => {
    assert.equal(isOutcomeUnknown(new FlowError('batch-unknown', 'x')), true);
    assert.equal(isOutcomeUnknown(new FlowError('batch-failed', 'x')), false);
    assert.equal(isOutcomeUnknown(new Error('x')), false);
  });

  it('the same route (chains, tokens, amount, recipient; addresses in any case) asks first; the first press never sends', () => {
    assert.equal(sameRoute(saved, request), true);
    const gate = primaryGate([saved], request, new Set());
    assert.equal(gate.kind, 'confirm');
    assert.equal(gate.kind === 'confirm' && gate.saved.intentId, 'intent-1');
  });

  it('once the user said “send again anyway” for it, the same route sends', () => {
    assert.deepEqual(primaryGate([saved], request, new Set(['intent-1'])), { kind: 'send' });
  });

  it('a different route is not held back: another amount, recipient, token or chain', () => {
    for (const other of [
      { ...request, fromAmount: 25_500_001n },
      { ...request, toAddress: USDC_B },
      { ...request, toToken: USDC_A },
      { ...request, toChain: '421614' },
      { ...request, fromChain: '84532' },
    ]) {
      assert.equal(sameRoute(saved, other), false);
      assert.deepEqual(primaryGate([saved], other, new Set()), { kind: 'send' });
    }
    assert.deepEqual(primaryGate([], request, new Set()), { kind: 'send' }, 'nothing unknown');
    assert.deepEqual(primaryGate([saved], undefined, new Set()), { kind: 'send' }, 'no request yet');
  });

  it('the chain’s signs: a moved nonce or a balance below the floor say it likely went through; unread signs say nothing', () => {
    assert.equal(likelySent({ nonceMoved: true }), true);
    assert.equal(likelySent({ balanceDropped: true }), true);
    assert.equal(likelySent({ nonceMoved: false, balanceDropped: false }), false);
    assert.equal(likelySent({}), false);
  });
});
