/**
 * The token picker's search, DOM-free: built once per token list, then one
 * linear pass per keystroke. Loaded with the picker's dialog.
 */
import { usdValue } from '../../format/amount.js';
import { normalise, type TokenOption } from './token-option.js';

/**
 * Search over a token list, built once per list (O(n log n) for the default
 * order) so that each keystroke is one linear pass with no sorting: matches
 * are bucketed by rank while walking the precomputed order, which keeps the
 * order within a rank.
 *
 * Ranks: exact symbol or exact address (case-insensitive, trimmed), then
 * symbol prefix, then name prefix, then substring of symbol or name. Within a
 * rank: tokens with a non-zero balance first (by USD value when priced, then
 * by amount), then alphabetical by symbol (`keepOrder`: in the list's order).
 */
export interface TokenSearch {
  readonly tokens: readonly TokenOption[];
  /** Within held and not held, the list's own order instead of alphabetical (a list still loading page by page). */
  readonly keepOrder: boolean;
  /** Indices into `tokens` of the matches, best first. */
  find(query: string): readonly number[];
}

export function createTokenSearch(tokens: readonly TokenOption[], keepOrder = false): TokenSearch {
  const keys = tokens.map((token) => {
    const { balance = 0n, decimals } = token;
    const held = balance > 0n;
    return {
      symbol: token.symbol.toLowerCase(),
      name: token.name.toLowerCase(),
      address: normalise(token.address),
      held,
      // -1 sorts a held but unpriced token after every priced one.
      usd: (held ? usdValue(balance, decimals, token.usdPrice) : undefined) ?? -1,
      amount: Number(balance) / 10 ** decimals,
    };
  });
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const order = keys.map((_, i) => i);
  order.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    return (
      +y.held - +x.held ||
      (x.held && (y.usd - x.usd || y.amount - x.amount)) ||
      (keepOrder && a - b) ||
      collator.compare(tokens[a]!.symbol, tokens[b]!.symbol) ||
      collator.compare(tokens[a]!.name, tokens[b]!.name) ||
      (x.address < y.address ? -1 : x.address > y.address ? 1 : 0)
    );
  });

  return {
    tokens,
    keepOrder,
    find(query: string): readonly number[] {
      const q = query.trim().toLowerCase();
      if (!q) return order;
      const ranks: number[][] = [[], [], [], []];
      for (const i of order) {
        const { symbol, name, address } = keys[i]!;
        const rank = symbol === q || address === q ? 0 : symbol.startsWith(q) ? 1 : name.startsWith(q) ? 2 : symbol.includes(q) || name.includes(q) ? 3 : -1;
        ranks[rank]?.push(i);
      }
      return ranks.flat();
    },
  };
}
