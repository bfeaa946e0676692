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

/** What "Max" keeps back for gas: `reserve` when the token is the chain's native currency (it pays the gas), nothing for another token. */
export function gasKeptBack(isNative: boolean, reserve: bigint = NATIVE_GAS_RESERVE): bigint {
  return isNative && reserve > 0n ? reserve : 0n;
}

/** The amount "Max" fills: the balance less what it keeps back for gas, never below 0. */
export function maxSendable(balance: bigint, keptBack: bigint): bigint {
  return balance > keptBack ? balance - keptBack : 0n;
}

export function isNativeToken(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN;
}

/** Case-insensitive equality of ids, addresses and symbols; never true for a missing one. */
export function sameId(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}
