/**
 * The rule for a transfer whose outcome is unknown (issue 35, src/flow/unknown-outcome.ts):
 * while it is unknown, the same route asks before sending again; a different one does not.
 * The look-up against the sandbox is in batch.test.ts ("a forgotten batch’s outcome is looked for").
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FlowError } from '../../src/flow/errors.ts';
import type { SavedTransfer } from '../../src/flow/intent-store.ts';
import { IntentStore } from '../../src/flow/intent-store.ts';
import { TransferClient } from '../../src/api/transfer-client.ts';
import { UnknownOutcomes, isOutcomeUnknown, likelySent, outcomeLine, primaryGate, sameRoute } from '../../src/flow/unknown-outcome.ts';

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

/** A session with neither service nor wallet: the look-up can read nothing. */
const host = {
  store: new IntentStore(undefined, 'http://127.0.0.1:1'),
  client: undefined,
  provider: undefined,
  form: { setProblem: () => {} },
  view: 'form',
  followFound: () => assert.fail('nothing names the transaction'),
  requestUpdate: () => {},
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

  it('what the form says, in plain words: looking, then what the chain showed', () => {
    assert.equal(outcomeLine(undefined), 'unknown.lookingUp');
    assert.equal(outcomeLine({ nonceMoved: true, balanceDropped: true }), 'unknown.left');
    assert.equal(outcomeLine({ nonceMoved: true, balanceDropped: false, approvalStands: true }), 'unknown.approval');
    assert.equal(outcomeLine({ nonceMoved: true, balanceDropped: false, approvalStands: false }), 'unknown.sent');
    assert.equal(outcomeLine({ nonceMoved: false, balanceDropped: false }), 'unknown.nothing');
    assert.equal(outcomeLine({ hashMissing: true }), 'unknown.unread');
    assert.equal(outcomeLine({}), 'unknown.unread');
  });

  it('the session’s state: while the look-up runs the form says so and no press sends; once it answered, the press after the question sends', async () => {
    let resolveStatus: (value: never) => void = () => {};
    let changes = 0;
    const unknown = new UnknownOutcomes({
      ...host,
      // The service does not answer yet: the look-up runs until it does (and then it knows nothing).
      client: new (class extends TransferClient {
        override status(): Promise<never> {
          return new Promise((_, reject) => (resolveStatus = reject));
        }
      })({ baseUrl: 'http://127.0.0.1:1' }),
      requestUpdate: () => changes++,
    });
    const added = unknown.add(saved);
    assert.deepEqual(
      unknown.lines().map((l) => l.key),
      ['unknown.lookingUp'],
    );
    assert.ok(changes > 0, 'the view hears of it at once');
    assert.equal(unknown.mayBridge(request), false, 'the first press asks');
    assert.deepEqual(unknown.question(request), { saved, likelySent: false, looking: true, key: 'unknown.sendAgain', button: 'action.sendAgain' });
    assert.equal(unknown.mayBridge(request), false, 'a press while the look-up runs sends nothing');
    assert.equal(unknown.mayBridge({ ...request, fromAmount: 1n }), true, 'another route is not held back');
    resolveStatus(new Error('no answer') as never);
    await added;
    assert.deepEqual(
      unknown.lines().map((l) => l.key),
      ['unknown.unread'],
    );
    assert.deepEqual(unknown.question(request), { saved, likelySent: false, looking: false, key: 'unknown.sendAgain', button: 'action.sendAgain' });
    assert.equal(unknown.mayBridge(request), true, 'asked, told what is known, and chosen: it sends');
    assert.equal(unknown.mayBridge(request), true, 'and is not asked again for that transfer');
  });

  it('leaving the route drops the question: coming back asks again', async () => {
    const unknown = new UnknownOutcomes(host);
    await unknown.add(saved);
    assert.equal(unknown.mayBridge(request), false);
    assert.equal(unknown.question({ ...request, fromAmount: 1n }), undefined);
    assert.equal(unknown.mayBridge(request), false, 'asked again');
    assert.equal(unknown.mayBridge(request), true);
  });
});
