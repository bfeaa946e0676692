/** A route straight from the sandbox's routing service (no widget, no proxy), for the sandbox's own contract tests. */
import assert from 'node:assert/strict';
import type { Address, Hex } from 'viem';
import type { DevAccount, SandboxHandle } from '../../../sandbox/index.js';
import type { RawApiClient } from '../../../sandbox/testing.js';
import { DST, SRC } from './chains.ts';

export interface SandboxRoute {
  intentId: Hex;
  route: {
    execution: {
      transaction: { to: Address; data: Hex; value: string };
      approvals?: { tokenAddress: Address; spender: Address; amount: string }[];
    };
  };
}

/** A real swiftbridge route of `fromAmount` USDC SRC → DST to the account itself: one approval (spender SwiftTokenTransferProxy) and bridgeERC20 on SwiftRouter with the gas fee as value. */
export async function usdcRoute(api: RawApiClient, sandbox: SandboxHandle, account: DevAccount, fromAmount: bigint): Promise<SandboxRoute> {
  const response = await api.post<{ data: SandboxRoute }>('/api/v1/routes/route', {
    fromChain: String(SRC),
    toChain: String(DST),
    fromToken: sandbox.chain(SRC).contracts.usdc,
    toToken: sandbox.chain(DST).contracts.usdc,
    fromAmount: String(fromAmount),
    fromAddress: account.address,
    toAddress: account.address,
    slippage: 1,
    metadata: { sandboxProvider: 'swiftbridge' },
  });
  assert.equal(response.status, 200, response.text);
  return response.body.data;
}
