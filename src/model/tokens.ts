/**
 * Token rules that the parts, the flow, the wallet and the API boundary all
 * need: defined once here. No DOM, no imports: the bottom layer.
 */

/** The address the routing service uses for a chain's native currency. */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** The largest on-chain amount (and the "unlimited" approval). */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** Kept back by "Max" on native tokens so the transfer itself can pay gas. */
export const NATIVE_GAS_RESERVE = 10n ** 15n;

export function isNativeToken(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN;
}

/** Case-insensitive equality of ids, addresses and symbols; never true for a missing one. */
export function sameId(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}
