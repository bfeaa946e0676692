/**
 * EIP-55 address checksums: Keccak-256 of the lowercase hex, from
 * `@noble/hashes`, the audited implementation viem itself uses (the same
 * package, deduplicated). A chunk of its own, loaded on demand through
 * ./checksum.ts (`loadChecksum`): the first load carries no Keccak.
 * test/node/checksum.test.ts holds the result to viem's `getAddress` and
 * `isAddress` and to the published test vectors.
 *
 * Why not viem's `getAddress`/`isAddress` (measured 2026-11-28, script-tag
 * build, gzip -9): they bring viem's error classes, cache and hex helpers on
 * top of the same Keccak. In this chunk instead of the loop, the chunk grew
 * from 2,078 B to 3,981 B and a complete English transfer from 101,583 B to
 * 103,485 B, over its 102,400 B budget (imported statically, before this
 * chunk existed: first load +1,751 B and the complete transfer 102,714 B).
 * The loop stays until that budget has the room.
 */
import { keccak_256 } from '@noble/hashes/sha3';

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
