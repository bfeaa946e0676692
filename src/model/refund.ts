/**
 * When the refund of a failed transfer counts as arrived. The spec says only
 * that on `failed` "a refund to the source address is initiated": no refund
 * transaction, no refunded amount. What the widget can see is the balance of
 * the token sent, at the address that sent it, on the source chain, so the
 * rule is a balance rule:
 *
 *   the refund has arrived once that balance is back to at least what it was
 *   right before the wallet signed the transfer, less what the transfer may
 *   rightly have cost in that token: the route's fees in the token sent (a
 *   service may keep them: the sandbox's hopline does) and, when the token
 *   sent is the chain's gas token, the most the transaction's gas can cost.
 *
 * Why "back to what it was before" and not "rose by the refunded amount":
 * - the refunded amount is not given, and a rise needs a reading between the
 *   deposit and the refund, which the widget cannot time: a service may
 *   refund before it reports `failed` (the sandbox does), so the first reading
 *   after `failed` already holds the refund and no rise would ever be seen.
 *   The balance before signing is read once, when nothing has left yet.
 * - it is also right when the source transaction reverted (nothing left,
 *   nothing to refund): the balance never went down.
 * The gas allowance (gas token only: an ERC-20 balance pays no gas) is the
 * transaction's gas limit times its highest gas price, as the route gave them,
 * else `NATIVE_GAS_RESERVE`. The whole allowance is never more than half the
 * amount sent, so that a balance the transfer left untouched by a refund is
 * never read as refunded (the deposit takes all of `sent`).
 * What it cannot see: a refund smaller than that (more kept than the fees
 * listed), or the token spent elsewhere meanwhile, keeps the transfer at
 * "refund initiated", never "refunded" too early; the same token received
 * from elsewhere meanwhile can make it read as refunded early.
 */
import { NATIVE_GAS_RESERVE } from './tokens.js';

export interface RefundFloorInput {
  /** Balance of the token sent, at the sender, on the source chain, right before the wallet signed the transfer. */
  before: bigint;
  /** The amount sent. */
  sent: bigint;
  /** The route's fees in the token sent, added up. */
  fees: bigint;
  /** The token sent is the source chain's gas token (it pays the transaction's gas too). */
  gasToken: boolean;
  /** The transaction's gas limit and highest gas price (`maxFeePerGas`, else `gasPrice`), when the route gave them. */
  gasLimit?: bigint | undefined;
  gasPrice?: bigint | undefined;
}

/** The balance at which the refund counts as arrived (see the rule above). */
export function refundFloor({ before, sent, fees, gasToken, gasLimit, gasPrice }: RefundFloorInput): bigint {
  const gas = !gasToken ? 0n : gasLimit && gasPrice ? gasLimit * gasPrice : NATIVE_GAS_RESERVE;
  const allowance = fees + gas < sent / 2n ? fees + gas : sent / 2n;
  return before > allowance ? before - allowance : 0n;
}

/** Whether a balance read after `failed` shows the refund; an unknown balance shows nothing. */
export function refundArrived(floor: bigint | undefined, balance: bigint | undefined): boolean {
  return floor !== undefined && balance !== undefined && balance >= floor;
}
