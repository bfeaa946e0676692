/**
 * EVM address checks with EIP-55 checksums, on viem's `keccak256`. They do
 * what viem's `isAddress`/`getAddress` do, without their caches and error
 * classes, which cost the script-tag build more than the checks themselves.
 */
import { keccak256 } from 'viem';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** `0x` and 40 hex digits, in any case (viem's `isAddress(a, { strict: false })`). */
export function isHexAddress(value: string): value is `0x${string}` {
  return ADDRESS.test(value);
}

/** The EIP-55 mixed-case form of a hex address (viem's `getAddress` for a valid address). */
export function checksumAddress(address: string): `0x${string}` {
  const lower = address.slice(2).toLowerCase();
  // Each hex digit of keccak256(lower-case address as ASCII) decides the case of the address digit at the same position.
  const hash = keccak256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i + 2]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out as `0x${string}`;
}

/** viem's `isAddress(a, { strict: true })`: a hex address, all lower-case or with a matching EIP-55 checksum. */
export function isChecksummedAddress(value: string): boolean {
  return isHexAddress(value) && (value.toLowerCase() === value || checksumAddress(value) === value);
}
