/**
 * Amount and USD arithmetic. Token amounts are bigint smallest units; prices
 * are bigint micro-dollars (USD × 10^6) so no float ever touches an amount.
 * USD values leave the service as decimal strings.
 */

export const MICRO = 1_000_000n;

export function usdToMicro(usd: number): bigint {
  return BigInt(Math.round(usd * 1_000_000));
}

/** USD value of `amount` smallest units, in micro-dollars (rounded down). */
export function amountToMicroUsd(amount: bigint, decimals: number, priceMicro: bigint): bigint {
  return (amount * priceMicro) / 10n ** BigInt(decimals);
}

/** Converts an amount between tokens at their USD prices (rounded down). */
export function convertAmount(amount: bigint, from: { decimals: number; priceMicro: bigint }, to: { decimals: number; priceMicro: bigint }): bigint {
  if (to.priceMicro === 0n) return 0n;
  return (amount * from.priceMicro * 10n ** BigInt(to.decimals)) / (to.priceMicro * 10n ** BigInt(from.decimals));
}

/** Micro-dollars as a decimal string with at least 2 and at most 6 decimals: "99.90", "0.000123". */
export function formatMicroUsd(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / MICRO;
  let fraction = (abs % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Applies a slippage percentage (e.g. 1 for 1%) to get the guaranteed minimum. */
export function applySlippage(amount: bigint, slippagePercent: number): bigint {
  const bps = BigInt(Math.round(slippagePercent * 100));
  return (amount * (10_000n - bps)) / 10_000n;
}

export function bps(amount: bigint, basisPoints: bigint): bigint {
  return (amount * basisPoints) / 10_000n;
}
