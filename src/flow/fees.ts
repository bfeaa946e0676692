/**
 * Network fees are the wallet's, bounded. Wallets use the fee
 * fields a dApp suggests, so a route's `gasLimit` and fee prices are passed
 * on only within these bounds; otherwise the widget passes its own gas limit
 * and no price, and the wallet prices the transaction itself.
 *
 * - Fee prices: the route's `maxFeePerGas` (with `maxPriorityFeePerGas` not
 *   above it) or legacy `gasPrice` is passed only when it is at most
 *   {@link FEE_PRICE_BOUND} × what a wallet would set now: twice the next
 *   block's base fee plus the usual tip, and never less than the node's
 *   `eth_gasPrice` (both read through the wallet: `eth_feeHistory`,
 *   `eth_gasPrice`). Out of bound, every price field is dropped.
 * - Gas: at most {@link GAS_LIMIT_PERCENT} % of the gas the call used in the
 *   simulation (or of the wallet's `eth_estimateGas` without one), and never
 *   above {@link MAX_TRANSACTION_GAS}, the per-transaction cap of EIP-7825
 *   (Osaka). The sandbox's anvil does not enforce that cap; mainnet and the
 *   testnets do, so a larger limit would only make the transaction invalid
 *   there. The route's own `gasLimit` is kept when it lies between the
 *   figure and that cap.
 * - What the review shows: the expected fee (the gas each call used × the
 *   node's gas price) and the maximum (each call's gas cap × the highest
 *   price per gas the transaction allows: the route's price when it is
 *   passed, else what a wallet would set).
 */
import type { RouteTransaction } from '../api/schemas.js';

/** A route's fee price may be at most this many times what a wallet would set now. */
export const FEE_PRICE_BOUND = 3n;
/** Gas passed: at most this percentage of the simulated (or estimated) figure. */
export const GAS_LIMIT_PERCENT = 150n;
/** EIP-7825: no transaction may set more gas than 2^24. */
export const MAX_TRANSACTION_GAS = 16_777_216n;

/** The source chain's fees now, as read through the wallet. */
export interface ChainFees {
  /** `eth_gasPrice`. */
  gasPrice: bigint;
  /** The next block's base fee (`eth_feeHistory`), undefined on a chain without EIP-1559. */
  baseFee?: bigint | undefined;
  /** The median priority fee of recent blocks (`eth_feeHistory` rewards at the 50th percentile), 0 when unknown. */
  tip: bigint;
}

/** The fee fields passed to the wallet: the route's when within bound, else none. */
export interface FeeFields {
  maxFeePerGas?: bigint | undefined;
  maxPriorityFeePerGas?: bigint | undefined;
  gasPrice?: bigint | undefined;
}

export interface NetworkFee {
  expected: bigint;
  maximum: bigint;
}

/** What a wallet would set as its highest price per gas now. */
export function walletPrice(fees: ChainFees): bigint {
  const eip1559 = fees.baseFee === undefined ? 0n : 2n * fees.baseFee + fees.tip;
  return eip1559 > fees.gasPrice ? eip1559 : fees.gasPrice;
}

/** The route's fee prices if within {@link FEE_PRICE_BOUND} of the chain's (see the module notes); `ignored` when the route suggested prices that were dropped. */
export function boundedFeeFields(tx: RouteTransaction, fees: ChainFees): { fields: FeeFields; ignored: boolean } {
  const ceiling = FEE_PRICE_BOUND * walletPrice(fees);
  const { maxFeePerGas: max, maxPriorityFeePerGas: tip, gasPrice } = tx;
  if (max && tip)
    return max <= ceiling && tip <= max ? { fields: { maxFeePerGas: max, maxPriorityFeePerGas: tip }, ignored: false } : { fields: {}, ignored: true };
  if (gasPrice) return gasPrice <= ceiling ? { fields: { gasPrice }, ignored: false } : { fields: {}, ignored: true };
  return { fields: {}, ignored: !!(max || tip) };
}

/** The most gas a call may be given, from the gas it used (or was estimated at). */
export function gasCap(figure: bigint): bigint {
  const cap = (figure * GAS_LIMIT_PERCENT + 99n) / 100n;
  return cap < MAX_TRANSACTION_GAS ? cap : MAX_TRANSACTION_GAS;
}

/** The gas limit passed to the wallet: the route's when between `figure` and the cap, else the cap. */
export function boundedGas(routeGasLimit: bigint | undefined, figure: bigint): bigint {
  const cap = gasCap(figure);
  return routeGasLimit !== undefined && routeGasLimit >= figure && routeGasLimit <= cap ? routeGasLimit : cap;
}

/** Expected and maximum network fee of calls that use `gas` each, each priced as its `fields` allow (none: the wallet's price). */
export function networkFee(calls: readonly { gas: bigint; fields?: FeeFields | undefined }[], fees: ChainFees): NetworkFee {
  return calls.reduce(
    (sum, { gas, fields = {} }) => {
      const maxPrice = fields.maxFeePerGas ?? fields.gasPrice ?? walletPrice(fees);
      const price = fees.gasPrice < maxPrice ? fees.gasPrice : maxPrice;
      return { expected: sum.expected + gas * price, maximum: sum.maximum + gasCap(gas) * maxPrice };
    },
    { expected: 0n, maximum: 0n },
  );
}
