/**
 * Numbers as the locale writes them (digits, separators, the percent sign),
 * through `Intl.NumberFormat`, made once per locale and options (./intl.ts).
 */
import { cachedIntl } from './intl.js';

const formats = new Map<string, Intl.NumberFormat>();

/** A cached `Intl.NumberFormat`; an unusable locale falls back to the browser's. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cachedIntl(formats, locale, (tag) => new Intl.NumberFormat(tag, options), undefined, `${locale ?? ''}|${JSON.stringify(options)}`);
}

/**
 * A decimal string for `format`: Intl.NumberFormat v3 (Chromium 106, Safari
 * 15.4, Firefox 116, Node 19) reads it exactly, digit for digit; TypeScript's
 * ES2022 library types predate that and only admit numbers.
 */
export const exactDecimal = (decimal: string) => decimal as unknown as number;

/** A count or an index (`3`, `1,234`; `٣` in `ar-EG`). */
export function formatNumber(value: number, locale: string | undefined): string {
  return numberFormat(locale).format(value);
}

/** The locale's percent sign and whether it comes before the number (`%` after in English, before in Turkish; `٪` in `ar-EG`). */
export function percentAffix(locale: string | undefined): { sign: string; before: boolean } {
  const parts = numberFormat(locale, { style: 'percent' }).formatToParts(0.05);
  const sign = parts.find((part) => part.type === 'percentSign')?.value ?? '%';
  return { sign, before: parts.findIndex((part) => part.type === 'percentSign') < parts.findIndex((part) => part.type === 'integer') };
}

/**
 * A value in percent (`0.5` → `0.5%`, `0,5 %` in German, `%0,5` in Turkish):
 * two decimals below 1 %, one above. The value is scaled as a decimal string,
 * so 0.5 % is not written 0.49999 %.
 */
export function formatPercent(percent: number, locale: string | undefined): string {
  const digits = Math.abs(percent) < 1 && percent !== 0 ? 2 : 1;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(exactDecimal(`${percent}e-2`));
}
