/**
 * EVM chain ids compare as numbers: `11155111` and `0xaa36a7` are
 * the same chain, wherever a chain id is read (approvals, transactions,
 * status). The service writes them as strings, in either form; the schemas
 * turn an EVM chain id into its decimal string once, at the boundary, and
 * every comparison goes through {@link sameChainId}. Other families' ids
 * (`cataclysm-1`) are compared as they are written.
 */

/** Decimal digits without a leading zero, or `0x` and hex digits. */
const EVM_ID = /^(?:[1-9]\d*|0x[0-9a-fA-F]+)$/;

/** The chain id an EVM id names (a positive safe integer), or undefined for anything else (`0x`, `011155111`, `1e3`, `cataclysm-1`). */
export function evmChainId(value: string | number | undefined): number | undefined {
  const id = typeof value === 'number' || (typeof value === 'string' && EVM_ID.test(value)) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The one spelling of a chain id: an EVM id in decimal, any other id as written. */
export function canonicalChainId(value: string): string {
  const id = evmChainId(value);
  return id === undefined ? value : String(id);
}

/** Whether two chain ids name the same chain; never true for a missing one. */
export function sameChainId(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && canonicalChainId(a) === canonicalChainId(b);
}
