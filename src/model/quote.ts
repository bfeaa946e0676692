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

/**
 * Seconds the route is expected to take, when the service says. The spec
 * names no field, so the common ones are read, in seconds: Squid's
 * `estimatedRouteDuration`, LI.FI's `executionDuration`, then
 * `estimatedDuration`. None, or not a positive number: undefined (nothing is
 * shown rather than a guess).
 */
export function expectedSeconds(estimate: {
  estimatedRouteDuration?: number | null | undefined;
  executionDuration?: number | null | undefined;
  estimatedDuration?: number | null | undefined;
}): number | undefined {
  const seconds = estimate.estimatedRouteDuration ?? estimate.executionDuration ?? estimate.estimatedDuration;
  return seconds && seconds > 0 ? seconds : undefined;
}

/** Without an estimate, a transfer still moving after this long is "taking longer than usual". */
export const SLOW_AFTER_MS = 10 * 60_000;
