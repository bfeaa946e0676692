/**
 * The one amount formatter and parser. Amounts are bigint in smallest units
 * everywhere; only this module turns them into text and back, through viem's
 * `formatUnits`/`parseUnits`, so no float ever carries money.
 */
import { formatUnits, parseUnits } from 'viem';
import { MAX_UINT256 } from '../model/tokens.js';

export type AmountProblem = 'empty' | 'invalid' | 'negative' | 'zero' | 'too-many-decimals' | 'too-large';

export type ParsedAmount = { ok: true; value: bigint } | { ok: false; problem: AmountProblem };

/**
 * Reads what a user typed. Accepts `1`, `1.5`, `.5`, `1,5` (decimal comma) and
 * surrounding spaces; refuses exponents, signs, letters and grouping.
 */
export function parseAmountInput(text: string, decimals: number): ParsedAmount {
  const raw = text.trim();
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
  /** Digits after the separator to show at most; the rest is cut, never rounded up. */
  maxFractionDigits?: number;
  locale?: string | undefined;
}

/**
 * Human text for an amount, grouped by the locale. Tiny non-zero amounts show
 * as `<0.000001` instead of a misleading `0`.
 */
export function formatAmount(value: bigint, decimals: number, options: FormatAmountOptions = {}): string {
  const maxFraction = options.maxFractionDigits ?? 6;
  const negative = value < 0n;
  const text = formatUnits(negative ? -value : value, decimals);
  const [whole = '0', fraction = ''] = text.split('.');
  const cut = fraction.slice(0, maxFraction).replace(/0+$/, '');
  const parts = new Intl.NumberFormat(options.locale, { useGrouping: true }).formatToParts(1000.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  if (value !== 0n && whole === '0' && cut === '') {
    return `${negative ? '-' : ''}<0${decimal}${'0'.repeat(Math.max(0, maxFraction - 1))}1`;
  }
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${cut ? decimal + cut : ''}`;
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

export function formatUsd(value: number | string | null | undefined, locale?: string): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return undefined;
  const usd = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
  return n > 0 && n < 0.01 ? `<${usd.format(0.01)}` : usd.format(n);
}

/** Shortens `0x1234…abcd` for display; the full value belongs in a title or copy button. */
export function shortenHex(value: string, chars = 4): string {
  if (value.length <= 2 + chars * 2 + 1) return value;
  return `${value.slice(0, 2 + chars)}…${value.slice(-chars)}`;
}
