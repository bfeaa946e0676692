/**
 * Address families (which kind of address a chain expects) and the check of an
 * address for its family. Shared by the recipient field, the chain picker, the
 * form rules and the API boundary.
 *
 * EVM and Sui addresses are checked here at once. Solana (base58), Cosmos and
 * Bitcoin (bech32, bech32m) need rules that live in a chunk of their own
 * (./address-rules.ts), loaded on demand with the recipient field: until they
 * have arrived such an address is `checking`, never valid, as a mixed-case EVM
 * address is until its checksum code arrives (./checksum.ts).
 */
import { checksumVerdict, isHexAddress } from './checksum.js';
import { lazy } from './lazy.js';

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

/**
 * What is wrong with an address for a family. `checking` is not a fault yet:
 * mixed-case EVM hex whose EIP-55 checksum code is still loading (see
 * ./checksum.ts), or a Solana, Cosmos or Bitcoin address whose rules are
 * (`loadAddressRules`); check again once that code has arrived.
 */
export type AddressProblem = 'empty' | 'whitespace' | 'format' | 'checksum' | 'prefix' | 'checking';

/** The families whose check is in ./address-rules.ts. */
export type RuledFamily = Exclude<AddressFamily, 'evm' | 'sui'>;

/** The check of ./address-rules.ts, once that module has run. */
export type RuledCheck = (address: string, family: RuledFamily, options: { bech32Prefix?: string }) => AddressProblem | undefined;

let ruled: RuledCheck | undefined;

/** Called by ./address-rules.ts when it runs (loaded on demand, or imported by the recipient field and the API entry). */
export function provideAddressRules(check: RuledCheck): void {
  ruled = check;
}

/** The Solana, Cosmos and Bitcoin rules (./address-rules.ts), loaded once (./lazy.ts: a failed load is tried again on the next call). */
export const loadAddressRules: () => Promise<void> = lazy(() => import('./address-rules.js').then(() => undefined)).load;

/** Whether the Solana, Cosmos and Bitcoin rules have arrived (until then `checkAddress` says `checking` for those families). */
export const addressRulesLoaded = (): boolean => ruled !== undefined;

/**
 * Checks an address for a family. EVM accepts all-lowercase or all-uppercase
 * hex, and mixed case only with a valid EIP-55 checksum (`checking` until the
 * checksum code has arrived). Cosmos addresses may be restricted to a bech32
 * prefix (e.g. `cataclysm`), when known. Solana, Cosmos and Bitcoin are
 * `checking` until their rules have arrived (the load starts).
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
    case 'sui':
      return /^0x[0-9a-fA-F]{64}$/.test(address) ? undefined : 'format';
  }
  if (ruled) return ruled(address, family, options);
  void loadAddressRules().catch(() => {});
  return 'checking';
}

/** Whether an address has the form of its family (a checksum still being checked counts as fitting): what a destination change keeps. */
export function fitsFamily(address: string, family: AddressFamily): boolean {
  const problem = checkAddress(address, family);
  return problem === undefined || problem === 'checking';
}
