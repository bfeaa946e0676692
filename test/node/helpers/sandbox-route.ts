/** A route straight from the sandbox's routing service (no widget, no proxy), and the calls it asks for, for the sandbox's own contract tests. */
import assert from 'node:assert/strict';
import { createWalletClient, encodeFunctionData, erc20Abi, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
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

/** The calls the route asks the user to send, in order: the approval (ERC-20 approve of its spender) and the bridge transaction. */
export function routeCalls(route: SandboxRoute) {
  const approval = route.route.execution.approvals?.[0];
  assert.ok(approval, 'an ERC-20 route carries its approval');
  const tx = route.route.execution.transaction;
  return {
    approval,
    approve: {
      to: approval.tokenAddress,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [approval.spender, BigInt(approval.amount)] }),
    },
    bridge: { to: tx.to, value: BigInt(tx.value), data: tx.data },
  };
}

/** A viem wallet client of `account` on the source chain (SRC), over the chain's RPC. */
export function sourceWallet(sandbox: SandboxHandle, account: DevAccount) {
  const chain = sandbox.chain(SRC);
  return createWalletClient({ account: privateKeyToAccount(account.privateKey), chain: chain.viemChain, transport: http(chain.rpcUrl!) });
}
