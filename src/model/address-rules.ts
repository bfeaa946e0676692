/**
 * The address rules of the families that need more than a pattern: Solana
 * (base58, 32 bytes), Cosmos and Bitcoin (bech32, bech32m). A chunk of its own,
 * loaded with the recipient field (which imports it) or by `loadAddressRules`
 * (./address.ts): when it runs it hands its check to ./address.ts, whose
 * `checkAddress` says `checking` for these families until then.
 *
 * The encodings are `@scure/base`'s (audited, and in viem's tree): being in
 * this chunk, they cost the first load nothing; the recipient field, or a
 * complete transfer that shows it, carries them.
 */
import { base58, bech32, bech32m } from '@scure/base';
import { provideAddressRules, type AddressProblem, type RuledFamily } from './address.js';

/**
 * Decodes a bech32 (BIP-173) or bech32m (BIP-350) string, verifying its
 * checksum and the rules of both: at most 90 characters, not mixed case;
 * undefined when invalid. The prefix is lowercase; the words leave out the checksum.
 */
export function decodeBech32(input: string): { prefix: string; words: number[]; variant: 'bech32' | 'bech32m' } | undefined {
  // The checksums differ, so at most one of the two accepts a string.
  const asBech32 = bech32.decodeUnsafe(input);
  if (asBech32) return { ...asBech32, variant: 'bech32' };
  const asBech32m = bech32m.decodeUnsafe(input);
  return asBech32m ? { ...asBech32m, variant: 'bech32m' } : undefined;
}

/** The bytes of a base58 string, or undefined for characters outside the alphabet. */
function decodeBase58(input: string): Uint8Array | undefined {
  try {
    return base58.decode(input);
  } catch {
    return undefined;
  }
}

/** What is wrong with a Solana, Cosmos or Bitcoin address (empty and whitespace are checked before, in ./address.ts). */
export function checkRuledAddress(address: string, family: RuledFamily, options: { bech32Prefix?: string }): AddressProblem | undefined {
  switch (family) {
    case 'solana': {
      // 32 bytes are 32 to 44 base58 characters; the bound also spares a long paste the decode, whose time grows with the square of its length.
      if (address.length < 32 || address.length > 44) return 'format';
      return decodeBase58(address)?.length === 32 ? undefined : 'format';
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
      const [version, ...programWords] = decoded.words;
      if (version === undefined) return 'format';
      // Witness v0 uses bech32, v1+ (taproot) bech32m (BIP-350).
      if ((version === 0) !== (decoded.variant === 'bech32')) return 'checksum';
      // A witness version of 0 to 16 and a program of 2 to 40 bytes, 20 or 32 for v0 (BIP-141), with at most 4 bits of zero padding (BIP-173):
      // anything else is an output no one can spend.
      const program = bech32.fromWordsUnsafe(programWords);
      if (version > 16 || !program || program.length < 2 || program.length > 40) return 'format';
      return version === 0 && program.length !== 20 && program.length !== 32 ? 'format' : undefined;
    }
  }
}

provideAddressRules(checkRuledAddress);
