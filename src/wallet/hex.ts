import { getAddress, isAddress } from 'viem';
import { WalletError } from './errors.js';

export type Address = `0x${string}`;
export type Hash = `0x${string}`;

const hashPattern = /^0x[0-9a-fA-F]{64}$/;

// Local stand-ins for viem's numberToHex/hexToBigInt: JSON-RPC quantities need
// nothing more, and viem's versions bring about 1 KB gzipped of helpers and errors.

/** A JSON-RPC quantity: minimal hex, no leading zeros. */
export function toQuantity(value: bigint | number): `0x${string}` {
  if (value < 0) throw new RangeError(`A quantity cannot be negative: ${value}`);
  return `0x${value.toString(16)}`;
}

/** Parses a hex quantity or data word; throws on anything else. */
export function fromHex(value: string): bigint {
  if (!/^0x[0-9a-fA-F]+$/.test(value)) throw new WalletError('rpc', `Not a hex quantity: ${value}`);
  return BigInt(value);
}

/**
 * Chain ids arrive as hex strings per EIP-695, but older wallets and some
 * `chainChanged` emitters send decimal strings or numbers.
 */
export function parseChainId(value: unknown): number {
  let chainId = Number.NaN;
  if (typeof value === 'number') chainId = value;
  else if (typeof value === 'bigint') chainId = Number(value);
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) chainId = Number(BigInt(value));
  else if (typeof value === 'string' && /^\d+$/.test(value)) chainId = Number(value);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new WalletError('rpc', `The wallet reported an invalid chain id: ${String(value)}.`);
  }
  return chainId;
}

/** Checksummed addresses from a wallet's account list; anything malformed is dropped. */
export function parseAccounts(value: unknown): Address[] {
  if (!Array.isArray(value)) throw new WalletError('rpc', 'The wallet returned a malformed account list.');
  return value
    .filter((item): item is string => typeof item === 'string' && isAddress(item, { strict: false }))
    .map((item) => getAddress(item));
}

export function parseHash(value: unknown, what: string): Hash {
  if (typeof value !== 'string' || !hashPattern.test(value)) {
    throw new WalletError('rpc', `The wallet returned a malformed ${what}: ${String(value)}.`);
  }
  return value as Hash;
}

/** Throws a TypeError for caller mistakes, which are bugs rather than wallet failures. */
export function assertAddress(value: unknown, name: string): asserts value is Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw new TypeError(`${name} is not an EVM address: ${String(value)}`);
  }
}

export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
