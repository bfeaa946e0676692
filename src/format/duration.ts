/**
 * Durations in the locale's own units and words, through `Intl`: an elapsed
 * time to the second (`2 min, 05 sec`), an estimate in whole minutes
 * (`15 min`), and a moment before or after now (`5 seconds ago`, `in 12 seconds`).
 */
import { cachedIntl } from './intl.js';
import { numberFormat } from './number.js';

type Unit = 'hour' | 'minute' | 'second';

/** `value` of `unit` in the locale's short form; `pad` writes two digits, so a ticking counter keeps its width. */
const unit = (value: number, name: Unit, locale: string | undefined, pad = false) =>
  numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', ...(pad ? { minimumIntegerDigits: 2 } : {}) }).format(value);

/** Two units together as the locale lists measures ("1 hr, 5 min"; "1 Std., 5 Min."). */
function pair(first: string, second: string, locale: string | undefined): string {
  try {
    return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format([first, second]);
  } catch {
    return `${first} ${second}`;
  }
}

/** Elapsed time, to the second: "45 sec", "2 min, 05 sec", "1 hr, 02 min". */
export function formatDuration(ms: number, locale?: string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = total % 60;
  if (h) return pair(unit(h, 'hour', locale), unit(m, 'minute', locale, true), locale);
  if (m) return pair(unit(m, 'minute', locale), unit(s, 'second', locale, true), locale);
  return unit(s, 'second', locale);
}

/** Whole seconds left until `at` (epoch ms), rounded up and never below 0: a countdown reads 3, 2, 1, then 0 once the time has come. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** An estimate, not read to the second: seconds under a minute, whole minutes above ("15 min", "1 hr, 05 min"). */
export function formatEstimate(seconds: number, locale?: string): string {
  if (seconds < 60) return formatDuration(seconds * 1000, locale);
  const m = Math.round(seconds / 60);
  return m < 60 ? unit(m, 'minute', locale) : formatDuration(m * 60_000, locale);
}

const relative = new Map<string, Intl.RelativeTimeFormat>();

/**
 * A moment `seconds` from now in the locale's words, in seconds under a
 * minute, else in minutes: "in 12 seconds" (positive), "5 seconds ago"
 * (negative); the long form, so the words take the plural the number asks for.
 */
export function formatRelative(seconds: number, locale?: string): string {
  const format = cachedIntl(relative, locale, (tag) => new Intl.RelativeTimeFormat(tag));
  return Math.abs(seconds) < 60 ? format.format(Math.trunc(seconds), 'second') : format.format(Math.trunc(seconds / 60), 'minute');
}
