/**
 * EIP-55 address checksums. The hash is Keccak-256 from `@noble/hashes`, the
 * audited implementation viem itself uses (the same package, deduplicated).
 * test/node/checksum.test.ts holds the result to viem's `getAddress` and to
 * the published test vectors.
 *
 * Why not viem's `getAddress`/`isAddress` (measured 2026-11-28, script-tag
 * build, gzip -9): imported here instead of this loop, the first load grew
 * from 56,529 B to 58,280 B (+1,751 B: viem's error classes, cache and hex
 * helpers on top of the same Keccak) and a complete English transfer from
 * 100,963 B to 102,714 B, over its 102,400 B budget. Loaded lazily it would
 * still cost the complete transfer those +1,751 B (less the 1,681 B of
 * Keccak that leave the first load, which the complete transfer loads
 * anyway), so the loop stays until that budget has the room.
 */
import { keccak_256 } from '@noble/hashes/sha3';

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Whether `value` is 0x and 40 hex digits (any case: the checksum is not looked at). */
export const isHexAddress = (value: string): value is `0x${string}` => EVM_ADDRESS.test(value);

/** The EIP-55 spelling of a hex address (as returned by viem's `getAddress`). */
export function checksumAddress(address: `0x${string}`): `0x${string}` {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i & 1 ? 0 : 4)) & 15;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out as `0x${string}`;
}

/**
 * EIP-55 rules for a typed or received address: all-lowercase and
 * all-uppercase hex carry no checksum and pass; mixed case must match it.
 */
export function hasValidChecksum(address: `0x${string}`): boolean {
  const digits = address.slice(2);
  return digits === digits.toLowerCase() || digits === digits.toUpperCase() || checksumAddress(address) === address;
}
