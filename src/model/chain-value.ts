/**
 * Hashes and addresses as the widget hands them to a host: in an
 * event detail a value is either well-formed or left out, never the service's
 * text passed on (a `dest_tx_hash` of `javascript:…` or `https://evil.example/…`
 * must not reach a page that builds a link from it).
 */
import { carriesChecksum, checksumLoaded, isHexAddress, loadChecksum } from './checksum.js';

/** A 32-byte hex transaction hash (EVM). */
export const EVM_TX_HASH = /^0x[0-9a-fA-F]{64}$/;
/**
 * Other chains' transaction ids, for a destination outside the EVM: 64 hex
 * digits without `0x` (Bitcoin, Cosmos) or base58 of 32 to 64 bytes (Solana
 * signatures, Sui digests). None can hold `:` or `/`, so none reads as a URL.
 */
const OTHER_TX_ID = /^([0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{43,88})$/;

/** `value` when it is a transaction hash (see above), else undefined. */
export function txHashOrNothing(value: unknown): string | undefined {
  return typeof value === 'string' && (EVM_TX_HASH.test(value) || OTHER_TX_ID.test(value)) ? value : undefined;
}

/**
 * The EIP-55 spelling of a hex address whose case carries no wrong checksum,
 * else undefined. Before the checksum code has arrived (../model/checksum.ts;
 * the widget's address-bearing events come after the wallet's accounts were
 * read, which loads it) an address without a checksum comes lowercased and a
 * mixed-case one, which cannot be checked yet, is left out.
 */
export function checksummedOrNothing(value: unknown): `0x${string}` | undefined {
  if (typeof value !== 'string' || !isHexAddress(value)) return undefined;
  const eip55 = checksumLoaded();
  if (eip55) return eip55.hasValidChecksum(value) ? eip55.checksumAddress(value) : undefined;
  void loadChecksum().catch(() => {});
  return carriesChecksum(value) ? undefined : (value.toLowerCase() as `0x${string}`);
}
