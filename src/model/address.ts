/**
 * Address families (which kind of address a chain expects) and the check of an
 * address for its family. Shared by the recipient field, the chain picker, the
 * form rules and the API boundary.
 */
import { checksumVerdict, isHexAddress } from './checksum.js';

export type AddressFamily = 'evm' | 'solana' | 'cosmos' | 'bitcoin' | 'sui';

/** Which address family a chain type (from the chain list) expects. */
export function addressFamilyOf(chainType: string): AddressFamily | undefined {
  switch (chainType.toLowerCase()) {
    case 'evm':
      return 'evm';
    case 'solana':
    case 'svm':
      return 'solana';
    case 'cosmos':
      return 'cosmos';
    case 'bitcoin':
    case 'btc':
      return 'bitcoin';
    case 'sui':
      return 'sui';
    default:
      return undefined;
  }
}

/** The family of a chain, if the chain is known and its type is one the widget can check. */
export function chainFamily(chain: { chainType: string } | undefined): AddressFamily | undefined {
  return chain ? addressFamilyOf(chain.chainType) : undefined;
}

// bech32, bech32m (BIP-173, BIP-350) and base58 by hand rather than from
// `@scure/base` (audited, in viem's tree): this file is in the first load
// (the recipient field), and `@scure/base`'s bech32, bech32m and base58 in
// place of the code below, measured 2026-11-28 (script-tag build, gzip -9),
// grew the first load from 56,529 B to 58,080 B (+1,551 B) and a complete
// English transfer from 100,963 B to 102,514 B, over its 102,400 B budget.
// Loaded on demand instead (for a non-EVM recipient), the first load would
// shed this code but the complete transfer would carry those +1,551 B: with
// viem's getAddress in the checksum's chunk it is 100,906 B, so 102,457 B,
// again over the budget. test/node/validate.test.ts
// checks this code against `@scure/base`'s encodings.
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GENERATOR[i]!;
  }
  return chk >>> 0;
}

/** Decodes a bech32/bech32m string, verifying its checksum; undefined when invalid. */
export function decodeBech32(input: string): { prefix: string; words: number[]; variant: 'bech32' | 'bech32m' } | undefined {
  if (input.length < 8 || input.length > 90) return undefined;
  // Mixed case is invalid by BIP-173.
  if (input !== input.toLowerCase() && input !== input.toUpperCase()) return undefined;
  const lower = input.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return undefined;
  const prefix = lower.slice(0, sep);
  const words: number[] = [];
  for (const char of lower.slice(sep + 1)) {
    const value = BECH32_CHARSET.indexOf(char);
    if (value === -1) return undefined;
    words.push(value);
  }
  const expanded: number[] = [];
  for (const c of prefix) expanded.push(c.charCodeAt(0) >> 5);
  expanded.push(0);
  for (const c of prefix) expanded.push(c.charCodeAt(0) & 31);
  const check = bech32Polymod([...expanded, ...words]);
  const variant = check === BECH32_CONST ? 'bech32' : check === BECH32M_CONST ? 'bech32m' : undefined;
  if (!variant) return undefined;
  return { prefix, words: words.slice(0, -6), variant };
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Number of bytes a base58 string decodes to, or undefined for invalid characters. */
function base58ByteLength(input: string): number | undefined {
  let value = 0n;
  for (const char of input) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit === -1) return undefined;
    value = value * 58n + BigInt(digit);
  }
  let leadingZeros = 0;
  while (input[leadingZeros] === '1') leadingZeros++;
  let bytes = 0;
  while (value > 0n) {
    value >>= 8n;
    bytes++;
  }
  return bytes + leadingZeros;
}

/**
 * What is wrong with an address for a family. `checking` is not a fault yet:
 * mixed-case EVM hex whose EIP-55 checksum code is still loading (see
 * ./checksum.ts); check again once `loadChecksum()` resolves.
 */
export type AddressProblem = 'empty' | 'whitespace' | 'format' | 'checksum' | 'prefix' | 'checking';

/**
 * Checks an address for a family. EVM accepts all-lowercase or all-uppercase
 * hex, and mixed case only with a valid EIP-55 checksum (`checking` until the
 * checksum code has arrived). Cosmos addresses may be restricted to a bech32
 * prefix (e.g. `cataclysm`), when known.
 */
export function checkAddress(address: string, family: AddressFamily, options: { bech32Prefix?: string } = {}): AddressProblem | undefined {
  if (address.length === 0) return 'empty';
  if (address.trim() !== address || /\s/.test(address)) return 'whitespace';
  switch (family) {
    case 'evm': {
      if (!isHexAddress(address)) return 'format';
      const verdict = checksumVerdict(address);
      return verdict === undefined ? 'checking' : verdict ? undefined : 'checksum';
    }
    case 'solana': {
      if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return 'format';
      return base58ByteLength(address) === 32 ? undefined : 'format';
    }
    case 'cosmos': {
      const decoded = decodeBech32(address);
      // Bech32 characters with a failing checksum read as a typo, anything else as the wrong format.
      if (!decoded) return /^[a-z]+1[02-9ac-hj-np-z]+$/i.test(address) ? 'checksum' : 'format';
      if (decoded.variant !== 'bech32') return 'format';
      return options.bech32Prefix && decoded.prefix !== options.bech32Prefix ? 'prefix' : undefined;
    }
    case 'bitcoin': {
      const decoded = decodeBech32(address);
      if (!decoded) return /^(bc|tb|bcrt)1/i.test(address) ? 'checksum' : 'format';
      if (!['bc', 'tb', 'bcrt'].includes(decoded.prefix)) return 'prefix';
      const version = decoded.words[0];
      // Witness v0 uses bech32, v1+ (taproot) bech32m (BIP-350).
      if (version === undefined || (version === 0) !== (decoded.variant === 'bech32')) return 'checksum';
      return undefined;
    }
    case 'sui':
      return /^0x[0-9a-fA-F]{64}$/.test(address) ? undefined : 'format';
  }
}

/** Whether an address has the form of its family (a checksum still being checked counts as fitting): what a destination change keeps. */
export function fitsFamily(address: string, family: AddressFamily): boolean {
  const problem = checkAddress(address, family);
  return problem === undefined || problem === 'checking';
}
