import { isHexAddress } from '../model/checksum.js';
import { WalletError } from './errors.js';

export type Address = `0x${string}`;
export type Hash = `0x${string}`;

const hashPattern = /^0x[0-9a-fA-F]{64}$/;

// A local stand-in for viem's numberToHex: JSON-RPC quantities need nothing
// more, and viem's version brings its helpers and errors (about 1 KB gzip)
// into the first load, which holds this file for the wallet's calls.
// test/node/wallet.test.ts holds the result to viem's.

/** A JSON-RPC quantity: minimal hex, no leading zeros. */
export function toQuantity(value: bigint | number): `0x${string}` {
  if (value < 0) throw new RangeError(`A quantity cannot be negative: ${value}`);
  return `0x${value.toString(16)}`;
}

/**
 * Chain ids arrive as hex strings per EIP-695, but older wallets and some
 * `chainChanged` emitters send decimal strings or numbers.
 */
export function parseChainId(value: unknown): number {
  // Number() reads both `0x`-hex and decimal strings.
  const chainId =
    typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new WalletError('rpc', `The wallet reported an invalid chain id: ${String(value)}.`);
  }
  return chainId;
}

/**
 * A wallet's account list as the widget keeps it: lowercase hex, anything
 * malformed dropped. Lowercase is the account's one spelling inside the widget
 * (the quote, the balances, the saved transfers' keys, comparisons): read at
 * once, with no wait for the EIP-55 checksum code (a chunk loaded on demand).
 * Where an account is shown or handed on, `checksumNow`/`checksummed`
 * (../model/checksum.ts) give its checksummed spelling.
 */
export function parseAccounts(value: unknown): Address[] {
  if (!Array.isArray(value)) throw new WalletError('rpc', 'The wallet returned a malformed account list.');
  return value.filter((item): item is Address => typeof item === 'string' && isHexAddress(item)).map((item) => item.toLowerCase() as Address);
}

export function parseHash(value: unknown, what: string): Hash {
  if (typeof value !== 'string' || !hashPattern.test(value)) {
    throw new WalletError('rpc', `The wallet returned a malformed ${what}: ${String(value)}.`);
  }
  return value as Hash;
}

/** Throws a TypeError for caller mistakes, which are bugs rather than wallet failures. */
export function assertAddress(value: unknown, name: string): asserts value is Address {
  if (typeof value !== 'string' || !isHexAddress(value)) {
    throw new TypeError(`${name} is not an EVM address: ${String(value)}`);
  }
}
