/**
 * Rules of the attempt between the click and the broadcast that the executing
 * view shows (src/flow/execution.ts), without a DOM or a wallet.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { walletPrompts, type ExecutionState } from '../../src/flow/execution.ts';
import type { ApprovalProgress, ApprovalState } from '../../src/flow/transfer.ts';

const SPENDER = '0x00000000000000000000000000000000000000aa';
const ROUTE = { provider: 'hopline', reliabilityScore: 0.9, to: SPENDER };

const approval = (state: ApprovalState, index = 0): ApprovalProgress => ({
  id: `${index}`,
  chainId: '1',
  tokenAddress: '0x00000000000000000000000000000000000000bb',
  spender: SPENDER,
  amount: 1n,
  state,
});

const state = (change: Partial<ExecutionState>): ExecutionState => ({ step: 'approving', approvals: [], route: ROUTE, ...change });

describe('walletPrompts: how many times the wallet will ask, said before it first asks', () => {
  it('is not known before the route, while routing, or while an allowance is still being read', () => {
    assert.equal(walletPrompts(state({ route: undefined, step: 'routing' })), 0);
    assert.equal(walletPrompts(state({ step: 'routing' })), 0, 'a native route lists no approval, but the route may still be checked');
    assert.equal(walletPrompts(state({ approvals: [approval('needed', 0), approval('checking', 1)] })), 0);
  });

  it('counts each approval still needed, then the transfer', () => {
    assert.equal(walletPrompts(state({ approvals: [approval('needed', 0), approval('needed', 1)] })), 3);
    assert.equal(walletPrompts(state({ approvals: [approval('sufficient', 0), approval('needed', 1)] })), 2, 'an allowance already high enough asks nothing');
    assert.equal(walletPrompts(state({ approvals: [approval('sufficient', 0)] })), 1);
    assert.equal(walletPrompts(state({ step: 'confirm-in-wallet', approvals: [] })), 1, 'a native route: the transfer only');
  });

  it('keeps its number while the user works through the approvals', () => {
    const during = [approval('done', 0), approval('waiting-wallet', 1)];
    assert.equal(walletPrompts(state({ approvals: during })), 3);
    assert.equal(walletPrompts(state({ step: 'confirm-in-wallet', approvals: [approval('done', 0), approval('done', 1)] })), 3);
  });
});
