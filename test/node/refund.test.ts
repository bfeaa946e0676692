/**
 * The refund rule (src/model/refund.ts): when a failed transfer's refund
 * counts as arrived, from the balance of the token sent on the source chain.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { refundArrived, refundFloor } from '../../src/model/refund.ts';
import { NATIVE_GAS_RESERVE } from '../../src/model/tokens.ts';

const USDC = 1_000_000n;
const ETH = 10n ** 18n;

describe('refundFloor and refundArrived: the refund has arrived once the balance is back to what it was before the transfer', () => {
  it('a token (not gas): back to the balance before, less the fees the route listed in it', () => {
    const before = 100n * USDC;
    const sent = 2n * USDC;
    const fees = 5_000n; // 0.25 %, kept by a service that refunds only what it bridged
    const floor = refundFloor({ before, sent, fees, gasToken: false, gasLimit: 300_000n, gasPrice: 10n ** 9n });
    assert.equal(floor, before - fees, 'no gas allowance: an ERC-20 balance pays no gas');
    assert.equal(refundArrived(floor, before - sent), false, 'the deposit left, nothing came back');
    assert.equal(refundArrived(floor, before - fees), true, 'refunded less the fee');
    assert.equal(refundArrived(floor, before), true, 'refunded in full');
    assert.equal(refundArrived(floor, before - fees - 1n), false, 'more kept than the fees listed: not seen as refunded');
  });

  it("the chain's gas token: less the most the transaction's gas can cost too", () => {
    const before = 10n * ETH;
    const sent = ETH / 20n;
    const gasLimit = 200_000n;
    const gasPrice = 2n * 10n ** 9n;
    const floor = refundFloor({ before, sent, fees: 0n, gasToken: true, gasLimit, gasPrice });
    assert.equal(floor, before - gasLimit * gasPrice);
    const gasPaid = 60_000n * 10n ** 9n;
    assert.equal(refundArrived(floor, before - sent - gasPaid), false, 'only the deposit and its gas left');
    assert.equal(refundArrived(floor, before - gasPaid), true, 'the amount came back; the gas is spent');
    assert.equal(
      refundFloor({ before, sent, fees: 0n, gasToken: true }),
      before - NATIVE_GAS_RESERVE,
      'no gas figures in the route: the reserve Max keeps for gas',
    );
  });

  it('never allows more than half the amount sent, so a transfer smaller than its costs is not read as refunded by itself', () => {
    const before = ETH;
    const sent = 10n ** 14n; // smaller than the reserve
    const floor = refundFloor({ before, sent, fees: 0n, gasToken: true });
    assert.equal(floor, before - sent / 2n);
    assert.equal(refundArrived(floor, before - sent), false);
    assert.equal(refundFloor({ before: 100n, sent: 10n, fees: 1_000n, gasToken: false }), 95n, 'fees the route overstates are capped too');
  });

  it('is right when nothing left (the source transaction reverted): the balance never went down', () => {
    const floor = refundFloor({ before: 5n * USDC, sent: USDC, fees: 1_000n, gasToken: false });
    assert.equal(refundArrived(floor, 5n * USDC), true);
  });

  it('an unknown balance or floor shows nothing', () => {
    assert.equal(refundArrived(undefined, 5n), false);
    assert.equal(refundArrived(5n, undefined), false);
  });
});
