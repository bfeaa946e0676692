/**
 * When an upstream wait ends, from `Retry-After` or `X-RateLimit-Reset`. The
 * spec names both headers but not their format, and services differ: seconds
 * from now, an HTTP date, epoch seconds, epoch milliseconds. Whatever the
 * header says, the proxy never waits longer than its cap (`maxUpstreamWaitMs`):
 * a wrong guess or a hostile answer (`Retry-After: 86400`) must not lock out
 * receipts for a day.
 */

/** Numbers from here on are epoch seconds (2001-09-09 onwards); below, seconds from now. */
const EPOCH_SECONDS_FROM = 1e9;
/** Numbers from here on are epoch milliseconds (also 2001-09-09 onwards). */
const EPOCH_MILLISECONDS_FROM = 1e12;

/** Epoch milliseconds at which the wait ends, or undefined when the value is none of the formats. */
export function waitEndsAt(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,16}(?:\.\d{1,6})?$/.test(text)) {
    const number = Number(text);
    if (number >= EPOCH_MILLISECONDS_FROM) return Math.round(number);
    if (number >= EPOCH_SECONDS_FROM) return Math.round(number * 1000);
    return now + Math.round(number * 1000);
  }
  // An HTTP date names its day of the week and its zone; a bare number or word is not one.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : date;
}

/** `waitEndsAt`, never before now and never later than `now + capMs`. */
export function cappedWaitEndsAt(value: string | null, now: number, capMs: number): number | undefined {
  const end = waitEndsAt(value, now);
  return end === undefined ? undefined : Math.min(Math.max(end, now), now + capMs);
}
