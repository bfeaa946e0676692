/** The one reading of a typed amount against a balance: the amount field shows it, the form rules decide on it. */
import { parseAmountInput, type AmountProblem } from '../format/amount.js';

export type AmountCheckProblem = AmountProblem | 'insufficient-balance';

export interface AmountCheck {
  /** Smallest units; present whenever the text parses, even when it exceeds the balance. */
  amount?: bigint;
  problem?: AmountCheckProblem;
}

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
