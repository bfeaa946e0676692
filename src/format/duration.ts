import { translate, type StringOverrides } from '../i18n/strings.js';

/** "45 s", "2 min 05 s", "1 h 02 min" (the `duration.*` strings): elapsed time, to the second. */
export function formatDuration(ms: number, strings?: StringOverrides): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (h) return translate(strings, 'duration.hm', { h, m: pad(m) });
  if (m) return translate(strings, 'duration.ms', { m, s: pad(s) });
  return translate(strings, 'duration.s', { s });
}

/** Whole seconds left until `at` (epoch ms), rounded up and never below 0: a countdown reads 3, 2, 1, then 0 once the time has come. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** An estimate, not read to the second: "45 s" under a minute, whole minutes above ("15 min", "1 h 05 min"). */
export function formatEstimate(seconds: number, strings?: StringOverrides): string {
  const m = Math.round(seconds / 60);
  if (seconds < 60) return formatDuration(seconds * 1000, strings);
  return m < 60 ? translate(strings, 'duration.m', { m }) : formatDuration(m * 60_000, strings);
}
