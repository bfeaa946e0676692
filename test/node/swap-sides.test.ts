/** The swap button's rule (src/flow/form.ts): when the two sides may trade places, and what they trade. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Chain } from '../../src/api/schemas.ts';
import { EMPTY_SIDE, swapBlock, swapSelection, type FormConfig } from '../../src/flow/form.ts';

const chain = (chainId: string, chainType: string) => ({ chainId, chainType, networkName: chainId }) as unknown as Chain;
const CHAINS = [chain('11155111', 'evm'), chain('84532', 'evm'), chain('cataclysm-1', 'cosmos')];
const OPEN: FormConfig = { from: EMPTY_SIDE, to: EMPTY_SIDE };
const values = (fromChainId: string, toChainId: string) => ({ fromChainId, toChainId, fromTokenAddress: '0xaaa', toTokenAddress: '0xbbb' });

describe('swapping the two sides', () => {
  it('trades chains and tokens; the amount is not part of the selection, so it stays on the send side', () => {
    assert.deepEqual(swapSelection(values('11155111', '84532')), {
      fromChainId: '84532',
      toChainId: '11155111',
      fromTokenAddress: '0xbbb',
      toTokenAddress: '0xaaa',
    });
  });

  it('is allowed between two EVM chains both sides offer', () => {
    assert.equal(swapBlock(OPEN, CHAINS, values('11155111', '84532'), false), undefined);
  });

  it('says why it is not: a side fixed by the host, a destination the wallet cannot send from, a chain the other side does not offer, nothing chosen', () => {
    assert.equal(swapBlock(OPEN, CHAINS, values('11155111', '84532'), true), 'locked');
    assert.equal(swapBlock(OPEN, CHAINS, values('11155111', 'cataclysm-1'), false), 'notSource');
    assert.equal(swapBlock({ from: EMPTY_SIDE, to: { ...EMPTY_SIDE, denyChains: '11155111' } }, CHAINS, values('11155111', '84532'), false), 'notSource');
    assert.equal(swapBlock(OPEN, CHAINS, values('', '84532'), false), 'empty');
  });
});
