import type { Route } from './schemas.js';
import { isHexAddress } from '../model/checksum.js';

export interface RequiredApproval {
  chainId: string;
  tokenAddress: `0x${string}`;
  spender: `0x${string}`;
  amount: bigint;
}

/**
 * The approvals a route needs, read as the spec says: `execution.approvals` is
 * authoritative; entries lacking spender, token or a non-zero amount are
 * skipped; a missing `chainId` falls back to the transaction's chain (the
 * route's source chain). The spender is never inferred from `transaction.to`.
 */
export function usableApprovals(route: Route, sourceChainId: string): RequiredApproval[] {
  const approvals: RequiredApproval[] = [];
  for (const entry of route.execution.approvals ?? []) {
    // A missing spender or token is no address either.
    const { spender = '', tokenAddress = '' } = entry;
    if (!isHexAddress(spender) || !isHexAddress(tokenAddress)) continue;
    if (typeof entry.amount !== 'bigint' || entry.amount <= 0n) continue;
    approvals.push({
      chainId: entry.chainId ?? route.execution.transaction.chainId ?? sourceChainId,
      tokenAddress,
      spender,
      amount: entry.amount,
    });
  }
  return approvals;
}
