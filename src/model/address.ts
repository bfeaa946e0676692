/** Address families: which kind of address a chain expects. Shared by the recipient field, the chain picker and the form rules. */

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
