/**
 * EIP-55 address checksums through viem's `getAddress` (Keccak-256 from
 * `@noble/hashes`, with viem's cache). A chunk of its own, loaded on demand
 * through ./checksum.ts (`loadChecksum`): the first load carries no Keccak,
 * so viem here costs the first load nothing (imported statically, it would
 * bring Keccak and viem's address helpers into it). test/node/checksum.test.ts
 * holds it to the published test vectors.
 */
import { getAddress } from 'viem';

/** The EIP-55 spelling of a hex address. */
export function checksumAddress(address: `0x${string}`): `0x${string}` {
  return getAddress(address);
}

/**
 * EIP-55 rules for a typed or received address: all-lowercase and
 * all-uppercase hex carry no checksum and pass; mixed case must match it.
 * (viem's strict `isAddress` refuses all-uppercase hex, which the EIP accepts.)
 */
export function hasValidChecksum(address: `0x${string}`): boolean {
  const digits = address.slice(2);
  return digits === digits.toLowerCase() || digits === digits.toUpperCase() || checksumAddress(address) === address;
}
