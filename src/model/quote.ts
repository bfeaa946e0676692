/** Quote rules that the quote panel and the form both apply. */

/** Custom slippage must be above 0 and below this. */
export const SLIPPAGE_MAX = 50;

/** A slippage the widget can use: a finite percentage above 0 and below `SLIPPAGE_MAX`. */
export function isUsableSlippage(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value < SLIPPAGE_MAX;
}

/** A USD value as a number; NaN when missing, blank or not a number. */
const usdNumber = (value: string | undefined): number => (value?.trim() ? Number(value) : NaN);

/**
 * How much less USD value the route delivers than it takes, in percent
 * (negative when it delivers more). Undefined when either USD value is missing
 * or the source value is not positive.
 */
export function valueLossPercent(estimate: { fromAmountUsd?: string | undefined; toAmountUsd?: string | undefined } | undefined): number | undefined {
  const from = usdNumber(estimate?.fromAmountUsd);
  const to = usdNumber(estimate?.toAmountUsd);
  return Number.isFinite(from) && Number.isFinite(to) && from > 0 ? ((from - to) / from) * 100 : undefined;
}
