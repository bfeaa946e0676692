/**
 * Input checks that run before any request, so the user gets an inline message
 * instead of a 400 and no request the spec says would fail is ever sent.
 */
import { InvalidRequestError } from './errors.js';
import type { PostHook } from './schemas.js';
import { checkAddress, type AddressFamily } from '../model/address.js';
import { MAX_UINT256 } from '../model/tokens.js';

export { addressFamilyOf, checkAddress, type AddressFamily, type AddressProblem } from '../model/address.js';
/** Resolves once `checkAddress` can answer for Solana, Cosmos and Bitcoin (until then it says `checking`): the widget loads their rules on demand; `bridge-widget/api` has them from the start. */
export { loadAddressRules } from '../model/address.js';
/** Resolves once `checkAddress` can answer for mixed-case EVM hex (until then it says `checking`): the EIP-55 code is loaded on demand. */
export { loadChecksum } from '../model/checksum.js';

export function assertAddress(address: string, family: AddressFamily, field: string, options: { bech32Prefix?: string } = {}): void {
  const problem = checkAddress(address, family, options);
  if (problem) throw new InvalidRequestError(`${field} is not a valid ${family} address (${problem})`, field);
}

/** Amounts travel as non-negative integer strings in smallest units. */
export function assertAmount(amount: bigint, field = 'fromAmount', options: { allowZero?: boolean } = {}): string {
  if (typeof amount !== 'bigint') throw new InvalidRequestError(`${field} must be a bigint in smallest units`, field);
  if (amount < 0n) throw new InvalidRequestError(`${field} must not be negative`, field);
  if (amount === 0n && !options.allowZero) throw new InvalidRequestError(`${field} must be greater than zero`, field);
  if (amount > MAX_UINT256) throw new InvalidRequestError(`${field} exceeds the largest on-chain amount`, field);
  return amount.toString(10);
}

export function assertSlippage(slippage: number | undefined): void {
  if (slippage === undefined) return;
  if (typeof slippage !== 'number' || !Number.isFinite(slippage) || slippage <= 0 || slippage >= 100) {
    throw new InvalidRequestError('Slippage must be a positive percentage below 100', 'slippage');
  }
}

/** The spec's four post-hook rules, with the same meaning as the server's 400. */
export function postHookProblem(hook: PostHook): string | undefined {
  const missing = (v: unknown) => v === undefined || v === null || v === '';
  if (missing(hook.target)) return 'postHook.target is required';
  if (missing(hook.callData)) return 'postHook.callData is required';
  if (hook.fullAmount === true && missing(hook.amountInputPos)) return 'postHook.amountInputPos is required when fullAmount is true';
  if (missing(hook.fundAmount) && (hook.fullAmount === undefined || hook.fullAmount === null)) {
    return 'postHook needs fundAmount or fullAmount';
  }
  return undefined;
}
