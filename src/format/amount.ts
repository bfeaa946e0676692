/**
 * The one amount formatter and parser. Amounts are bigint in smallest units
 * everywhere; only this module turns them into text and back, through viem's
 * `formatUnits`/`parseUnits`, so no float ever carries money.
 */
import { formatUnits, parseUnits } from 'viem';
import { MAX_UINT256 } from '../model/tokens.js';
import { exactDecimal, numberFormat } from './number.js';

export type AmountProblem = 'empty' | 'invalid' | 'negative' | 'zero' | 'too-many-decimals' | 'too-large';

export type ParsedAmount = { ok: true; value: bigint } | { ok: false; problem: AmountProblem };

/**
 * What a user typed, in ASCII digits: full-width digits and stops (a Chinese
 * or Japanese input method) through NFKC, Arabic-Indic and Persian digits
 * mapped, and the Arabic decimal separator `٫` read as a decimal point. The
 * Arabic thousands separator `٬` is left as it is (refused, like any grouping).
 */
export function normaliseDigits(text: string): string {
  return (
    text
      .normalize('NFKC')
      // Both blocks start at a multiple of 16: the low four bits are the digit.
      .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
      .replace(/\u066b/g, '.')
  );
}

/**
 * Reads what a user typed. Accepts `1`, `1.5`, `.5`, `1,5` (decimal comma),
 * the locale's digits and decimal separator (`١٫٥`, `۱٫۵`, `１．５`) and
 * surrounding spaces; refuses exponents, signs, letters and grouping.
 */
export function parseAmountInput(text: string, decimals: number): ParsedAmount {
  const raw = normaliseDigits(text).trim();
  if (raw === '') return { ok: false, problem: 'empty' };
  // A decimal comma is accepted (`1,5`), but `1,000` could be a thousands
  // separator: refuse it rather than guess a value a thousand times off.
  if (/^\d+,\d{3}$/.test(raw) || (raw.match(/,/g)?.length ?? 0) > 1 || (raw.includes(',') && raw.includes('.'))) return { ok: false, problem: 'invalid' };
  const trimmed = raw.replace(',', '.');
  if (trimmed.startsWith('-')) return { ok: false, problem: 'negative' };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return { ok: false, problem: 'invalid' };
  const fraction = trimmed.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals) return { ok: false, problem: 'too-many-decimals' };
  const normalised = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed.startsWith('.') ? `0${trimmed}` : trimmed;
  const withoutTrailingZeros = normalised.includes('.') ? normalised.replace(/\.?0+$/, '') || '0' : normalised;
  const value = parseUnits(withoutTrailingZeros, decimals);
  if (value > MAX_UINT256) return { ok: false, problem: 'too-large' };
  if (value === 0n) return { ok: false, problem: 'zero' };
  return { ok: true, value };
}

export type AmountCheckProblem = AmountProblem | 'insufficient-balance';

export interface AmountCheck {
  /** Smallest units; present whenever the text parses, even when it exceeds the balance. */
  amount?: bigint;
  problem?: AmountCheckProblem;
}

/** The one reading of a typed amount against a balance: the amount field shows it, the form rules decide on it. */
export function checkAmount(text: string, decimals: number, balance: bigint | undefined): AmountCheck {
  let parsed: ReturnType<typeof parseAmountInput>;
  try {
    parsed = parseAmountInput(text, decimals);
  } catch {
    parsed = { ok: false, problem: 'invalid' };
  }
  if (!parsed.ok) return { problem: parsed.problem };
  if (balance !== undefined && parsed.value > balance) return { amount: parsed.value, problem: 'insufficient-balance' };
  return { amount: parsed.value };
}

export interface FormatAmountOptions {
  /** Digits after the separator to show at most, instead of the rule's (`fractionDigits`); the rest is cut, never rounded up. */
  maxFractionDigits?: number;
  locale?: string | undefined;
}

/** Significant digits an amount shows (token amounts and dollars alike). */
const SIGNIFICANT_DIGITS = 6;
/** Digits after the separator a token amount shows at most: below that it reads `<0.00000001`. */
const MAX_FRACTION_DIGITS = 8;

/**
 * The one rule for how many digits a number shows: six significant digits,
 * decided by its magnitude, never fewer than its whole part: `9,982.99`,
 * `1.49849`, `0.0123456`, `60,000,000`. A token amount shows at most eight
 * digits after the separator; dollars show cents or none (`$9,982.99`,
 * `$60,000,000`). The form, the pickers, the quote, the review and the
 * tracker all write numbers through it, so a value reads the same everywhere.
 */
export function fractionDigits(whole: string, fraction = ''): number {
  if (/[1-9]/.test(whole)) return Math.max(0, SIGNIFICANT_DIGITS - whole.replace(/^[-0]+/, '').length);
  return Math.min(MAX_FRACTION_DIGITS, (/^0*/.exec(fraction)?.[0].length ?? 0) + SIGNIFICANT_DIGITS);
}

/**
 * Human text for an amount, as the locale writes numbers (`1,234.5`,
 * `1.234,5`, `١٬٢٣٤٫٥`), with the digits `fractionDigits` gives (cut, never
 * rounded up). The bigint becomes a decimal string and `Intl.NumberFormat`
 * formats that string, so no digit is lost however large the amount. Tiny
 * non-zero amounts show as `<0.00000001` instead of a misleading `0`.
 */
export function formatAmount(value: bigint, decimals: number, options: FormatAmountOptions = {}): string {
  const sign = value < 0n ? '-' : '';
  const [whole = '0', fraction = ''] = formatUnits(value < 0n ? -value : value, decimals).split('.');
  const maxFraction = options.maxFractionDigits ?? fractionDigits(whole, fraction);
  const cut = fraction.slice(0, maxFraction).replace(/0+$/, '');
  const format = numberFormat(options.locale, { maximumFractionDigits: maxFraction, roundingMode: 'trunc' } as Intl.NumberFormatOptions);
  if (value !== 0n && whole === '0' && cut === '') return `${sign}<${format.format(exactDecimal(`0.${'0'.repeat(Math.max(0, maxFraction - 1))}1`))}`;
  return format.format(exactDecimal(`${sign}${whole}${cut ? `.${cut}` : ''}`));
}

/** The amount as plain text for an input field (no grouping, `.` separator). */
export function amountToInputText(value: bigint, decimals: number): string {
  return formatUnits(value, decimals);
}

/** USD value of an amount, for display only (never signed or sent). */
export function usdValue(value: bigint, decimals: number, usdPrice: number | null | undefined): number | undefined {
  if (usdPrice === null || usdPrice === undefined || !Number.isFinite(usdPrice)) return undefined;
  return Number(formatUnits(value, decimals)) * usdPrice;
}

/**
 * A USD value for display, as the locale writes currency (`$25.50`,
 * `25,50 $`, `25.50 US$`). The right-to-left marks CLDR puts in Arabic and
 * Hebrew currency are left out: like every amount here, a fiat value reads
 * left to right inside a right-to-left sentence (otherwise `US$` shows as
 * `$US`).
 */
export function formatUsd(value: number | string | null | undefined, locale?: string): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return undefined;
  // The rule of `fractionDigits` for dollars: cents while they are among the six significant digits (below $10,000), whole dollars above.
  const usd = numberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: Math.abs(n) < 1e4 ? 2 : 0 });
  const text = n > 0 && n < 0.01 ? `<${usd.format(0.01)}` : usd.format(n);
  return text.replace(/[\u200f\u061c]/g, '');
}

/** Shortens `0x1234…abcd` for display; the full value belongs in a title or copy button. */
export function shortenHex(value: string, chars = 4): string {
  if (value.length <= 2 + chars * 2 + 1) return value;
  return `${value.slice(0, 2 + chars)}…${value.slice(-chars)}`;
}
