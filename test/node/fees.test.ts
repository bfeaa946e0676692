/**
 * The network-fee bound: a route's fee prices pass to the wallet
 * only within 3× what a wallet would set now, its gas only up to 150 % of the
 * simulated figure and never above EIP-7825's 2^24; the review's expected and
 * maximum fee follow from the same figures. Pure functions; the same rules
 * against a real chain's fees are in test/node/simulation.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseGwei } from 'viem';
import { routeResponseSchema, type RouteTransaction } from '../../src/api/transfer-schemas.ts';
import { FEE_PRICE_BOUND, MAX_TRANSACTION_GAS, boundedFeeFields, boundedGas, gasCap, networkFee, walletPrice, type ChainFees } from '../../src/flow/fees.ts';

const gwei = (value: string) => parseGwei(value);
/** A chain at 1 gwei base fee, 1 gwei tip; the node suggests 2 gwei. */
const fees: ChainFees = { gasPrice: gwei('2'), baseFee: gwei('1'), tip: gwei('1') };

/** A transaction as the service sends it, read through the widget's schema. */
function tx(fields: Record<string, string>): RouteTransaction {
  const body = {
    data: {
      intentId: '0xintent',
      route: {
        estimate: { fromAmount: '1', toAmount: '1', toAmountMin: '1' },
        execution: { transaction: { to: '0x5555555555555555555555555555555555555555', data: '0x12345678', value: '0', ...fields } },
      },
    },
  };
  return routeResponseSchema.parse(body).data.route.execution.transaction;
}

describe('fees: the bound on the route’s fee prices', () => {
  it('what a wallet would set: twice the next base fee plus the tip, never below eth_gasPrice; the gas price alone without base fees', () => {
    assert.equal(walletPrice(fees), gwei('3'));
    assert.equal(walletPrice({ ...fees, gasPrice: gwei('5') }), gwei('5'));
    assert.equal(walletPrice({ gasPrice: gwei('7'), baseFee: undefined, tip: 0n }), gwei('7'));
  });

  it(`EIP-1559 prices up to ${FEE_PRICE_BOUND}× pass unchanged; one wei more, or a tip above the maximum, and the wallet prices the transaction`, () => {
    const ceiling = FEE_PRICE_BOUND * walletPrice(fees);
    assert.deepEqual(boundedFeeFields(tx({ maxFeePerGas: String(ceiling), maxPriorityFeePerGas: String(gwei('1')) }), fees), {
      fields: { maxFeePerGas: ceiling, maxPriorityFeePerGas: gwei('1') },
      ignored: false,
    });
    assert.deepEqual(boundedFeeFields(tx({ maxFeePerGas: String(ceiling + 1n), maxPriorityFeePerGas: '1' }), fees), { fields: {}, ignored: true });
    assert.deepEqual(boundedFeeFields(tx({ maxFeePerGas: String(gwei('2')), maxPriorityFeePerGas: String(gwei('3')) }), fees), { fields: {}, ignored: true });
  });

  it('a legacy gas price within the bound passes; the issue’s 100,000 gwei griefing is dropped, every field of it', () => {
    assert.deepEqual(boundedFeeFields(tx({ gasPrice: String(gwei('4')) }), fees), { fields: { gasPrice: gwei('4') }, ignored: false });
    const griefing = String(gwei('100000'));
    assert.deepEqual(boundedFeeFields(tx({ gasPrice: griefing, maxFeePerGas: griefing, maxPriorityFeePerGas: griefing, gasLimit: '30000000' }), fees), {
      fields: {},
      ignored: true,
    });
    assert.deepEqual(boundedFeeFields(tx({ gasPrice: griefing }), fees), { fields: {}, ignored: true });
  });

  it('no price suggested: none passed, nothing ignored; half an EIP-1559 pair is not passed', () => {
    assert.deepEqual(boundedFeeFields(tx({}), fees), { fields: {}, ignored: false });
    assert.deepEqual(boundedFeeFields(tx({ maxFeePerGas: String(gwei('2')) }), fees), { fields: {}, ignored: true });
  });
});

describe('fees: the gas limit', () => {
  it('at most 150 % of the figure, rounded up, and never above 2^24 (EIP-7825)', () => {
    assert.equal(gasCap(100_000n), 150_000n);
    assert.equal(gasCap(159_093n), 238_640n);
    assert.equal(gasCap(30_000_000n), MAX_TRANSACTION_GAS);
    assert.equal(MAX_TRANSACTION_GAS, 2n ** 24n);
  });

  it('the route’s gasLimit is kept between the figure and the cap; 30,000,000 or a limit below the figure gives the cap', () => {
    assert.equal(boundedGas(200_000n, 159_093n), 200_000n);
    assert.equal(boundedGas(238_640n, 159_093n), 238_640n);
    assert.equal(boundedGas(30_000_000n, 159_093n), 238_640n);
    assert.equal(boundedGas(100_000n, 159_093n), 238_640n);
    assert.equal(boundedGas(undefined, 159_093n), 238_640n);
  });
});

describe('fees: what the review shows', () => {
  it('expected: the gas used at the node’s price; maximum: each call’s cap at the highest price it allows', () => {
    // Two approvals priced by the wallet (3 gwei at most), the bridge call at the route's accepted 4 gwei.
    const fee = networkFee([{ gas: 46_137n }, { gas: 46_125n }, { gas: 187_671n, fields: { maxFeePerGas: gwei('4'), maxPriorityFeePerGas: gwei('1') } }], fees);
    assert.equal(fee.expected, (46_137n + 46_125n + 187_671n) * gwei('2'));
    assert.equal(fee.maximum, (gasCap(46_137n) + gasCap(46_125n)) * gwei('3') + gasCap(187_671n) * gwei('4'));
  });

  it('a route price below the node’s makes the expected price the route’s', () => {
    assert.deepEqual(networkFee([{ gas: 100n, fields: { gasPrice: gwei('1') } }], fees), { expected: 100n * gwei('1'), maximum: 150n * gwei('1') });
  });
});
