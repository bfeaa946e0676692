/**
 * The address rules of the families that need more than a pattern: Solana
 * (base58, 32 bytes), Cosmos and Bitcoin (bech32, bech32m). A chunk of its own,
 * loaded with the recipient field (which imports it) or by `loadAddressRules`
 * (./address.ts): when it runs it hands its check to ./address.ts, whose
 * `checkAddress` says `checking` for these families until then.
 */
import { provideAddressRules, type AddressProblem, type RuledFamily } from './address.js';

// bech32, bech32m (BIP-173, BIP-350) and base58 by hand rather than from
// `@scure/base` (audited, in viem's tree): `@scure/base`'s bech32, bech32m and
// base58 in place of the code below, measured 2026-11-28 (script-tag build,
// gzip -9), cost 1,551 B more, and a complete English transfer (which carries
// this chunk) would go over its 102,400 B budget. This file was in the first
// load until then; as a chunk loaded with the recipient field it left it.
// test/node/validate.test.ts checks this code against `@scure/base`'s encodings.
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

/** What is wrong with a Solana, Cosmos or Bitcoin address (empty and whitespace are checked before, in ./address.ts). */
export function checkRuledAddress(address: string, family: RuledFamily, options: { bech32Prefix?: string }): AddressProblem | undefined {
  switch (family) {
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
  }
}

provideAddressRules(checkRuledAddress);
