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
    if (!entry.spender || !entry.tokenAddress) continue;
    if (typeof entry.amount !== 'bigint' || entry.amount <= 0n) continue;
    if (!isHexAddress(entry.spender) || !isHexAddress(entry.tokenAddress)) continue;
    approvals.push({
      chainId: entry.chainId ?? route.execution.transaction.chainId ?? sourceChainId,
      tokenAddress: entry.tokenAddress as `0x${string}`,
      spender: entry.spender as `0x${string}`,
      amount: entry.amount,
    });
  }
  return approvals;
}
