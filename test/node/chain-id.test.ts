/**
 * EVM chain ids compare as numbers: decimal and `0x` hex
 * spellings of one chain are equal wherever the service writes a chain id;
 * anything else is not an EVM chain id and is compared as written (another
 * family's id) or refused by the guards as unreadable (test/node/guards.test.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalChainId, evmChainId, sameChainId } from '../../src/model/chain-id.ts';
import { chainSchema } from '../../src/api/schemas.ts';
import { statusResponseSchema } from '../../src/api/transfer-schemas.ts';
import { NATIVE_TOKEN } from '../../src/model/tokens.ts';
import { PROXY, USDC, route as fixtureRoute } from './helpers/route-fixtures.ts';
import { usableApprovals } from '../../src/api/approvals.ts';

describe('chain ids', () => {
  it('reads decimal and 0x hex (any case) as the same positive safe integer', () => {
    for (const spelling of ['11155111', '0xaa36a7', '0xAA36A7', '0x0aa36a7', 11155111]) assert.equal(evmChainId(spelling), 11155111, String(spelling));
    assert.equal(evmChainId('1'), 1);
    assert.equal(evmChainId('0x1'), 1);
  });

  it('anything else is no EVM chain id: zero, a leading zero, signs, exponents, decimals, spaces, empty, beyond 2^53, another family', () => {
    for (const other of [
      '0',
      '0x0',
      '011155111',
      '-1',
      '+1',
      '1e3',
      '1.0',
      ' 1',
      '1 ',
      '',
      '0x',
      '0xg',
      '9007199254740993',
      'cataclysm-1',
      'eip155:1',
      undefined,
      0,
      -1,
      1.5,
    ]) {
      assert.equal(evmChainId(other as string), undefined, JSON.stringify(other));
    }
  });

  it('compares as numbers, other ids as written, and a missing one never', () => {
    assert.equal(sameChainId('11155111', '0xaa36a7'), true);
    assert.equal(sameChainId('0x14A34', '84532'), true);
    assert.equal(sameChainId('84532', '0xaa36a7'), false);
    assert.equal(sameChainId('cataclysm-1', 'cataclysm-1'), true);
    assert.equal(sameChainId('cataclysm-1', 'Cataclysm-1'), false);
    assert.equal(sameChainId(undefined, '1'), false);
    assert.equal(sameChainId(undefined, undefined), false);
    assert.equal(canonicalChainId('0xaa36a7'), '11155111');
    assert.equal(canonicalChainId('cataclysm-1'), 'cataclysm-1');
  });

  it('the schemas write every EVM chain id in decimal: chain list, route, approvals, status', () => {
    assert.equal(chainSchema.parse({ chainId: '0x14a34', networkName: 'Base Sepolia' }).chainId, '84532');
    assert.equal(chainSchema.parse({ id: 84532 }).chainId, '84532');
    assert.equal(chainSchema.parse({ chainId: 'cataclysm-1' }).chainId, 'cataclysm-1');
    const route = fixtureRoute({
      // Hex, and hex in capitals, where the service writes a chain id.
      estimate: { fees: [{ type: 'gas', amount: '1', token: { chainId: '0xaa36a7', address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 } }] },
      transaction: { chainId: '0xaa36a7' },
      approvals: [{ chainId: '0xAA36A7', tokenAddress: USDC, spender: PROXY, amount: '1' }],
    });
    assert.equal(route.execution.transaction.chainId, '11155111');
    assert.equal(route.estimate.fees[0]!.token.chainId, '11155111');
    assert.equal(usableApprovals(route, '11155111')[0]!.chainId, '11155111');
    const status = statusResponseSchema.parse({ data: { intent_id: 'x', status: 'bridging', from_chain_id: '0xaa36a7', to_chain_id: 'cataclysm-1' } });
    assert.ok(status.kind === 'tracked');
    if (status.kind === 'tracked') assert.deepEqual([status.from_chain_id, status.to_chain_id], ['11155111', 'cataclysm-1']);
  });
});
