/** Quote rules that the quote panel and the form both apply. */
import { sameId } from './tokens.js';

interface TokenRef {
  chainId: string;
  address: string;
}
interface FeeLike {
  amountUsd?: string | undefined;
  token: TokenRef;
}
interface UsdValues {
  fromAmountUsd?: string | undefined;
  toAmountUsd?: string | undefined;
  fees?: readonly FeeLike[];
}

/** Custom slippage must be above 0 and below this. */
export const SLIPPAGE_MAX = 50;

/** A slippage the widget can use: a finite percentage above 0 and below `SLIPPAGE_MAX`. */
export function isUsableSlippage(value: number): boolean {
  return Number.isFinite(value) && value > 0 && value < SLIPPAGE_MAX;
}

/** A USD value as a number; NaN when missing, blank or not a number. */
const usdNumber = (value: string | undefined): number => (value?.trim() ? Number(value) : NaN);

/**
 * A fee in another token than the one sent, on the source chain (its gas
 * token, usually): the wallet pays it on top of the amount, which cannot
 * carry it.
 */
export const isPaidOnTop = (fee: FeeLike, sent: TokenRef | undefined): boolean =>
  fee.token.chainId === sent?.chainId && !sameId(fee.token.address, sent.address);

/** USD the user gives: the amount and the fees paid on top (one without a USD value counts 0). NaN when the amount has none. */
export function givenUsd(estimate: UsdValues | undefined, sent: TokenRef | undefined): number {
  let usd = usdNumber(estimate?.fromAmountUsd);
  for (const fee of estimate?.fees ?? []) if (isPaidOnTop(fee, sent)) usd += usdNumber(fee.amountUsd) || 0;
  return usd;
}

/**
 * How much less USD value the user gets than gives (the amount and the fees
 * paid on top, see `givenUsd`), in percent; negative when they get more.
 * Undefined when either USD value is missing or the given value is not positive.
 */
export function valueLossPercent(estimate: UsdValues | undefined, sent?: TokenRef): number | undefined {
  const from = givenUsd(estimate, sent);
  const to = usdNumber(estimate?.toAmountUsd);
  return Number.isFinite(from) && Number.isFinite(to) && from > 0 ? ((from - to) / from) * 100 : undefined;
}

/**
 * The value loss the user must confirm before bridging: the loss of
 * `estimate` in percent when it is above `thresholdPercent`, else undefined.
 * The one rule behind the form's "confirm the loss" button (src/flow/form.ts)
 * and the quote panel's warning and checkbox.
 */
export function lossToConfirm(estimate: UsdValues | undefined, sent: TokenRef | undefined, thresholdPercent: number): number | undefined {
  const loss = valueLossPercent(estimate, sent);
  return loss !== undefined && loss > thresholdPercent ? loss : undefined;
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
