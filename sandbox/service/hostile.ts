/**
 * The `hostile` switch: route and status responses of a compromised routing
 * service. Each mode rewrites only the fields it names (README, "Hostile
 * responses"); the intent the service stores, tracks and settles stays the
 * honest one, so whatever a widget does next is measured against real chains.
 */
import { encodeFunctionData, erc20Abi, keccak256, maxUint256, stringToHex, type Hex } from 'viem';
import { ATTACKER_ACCOUNT } from '../chains/accounts.js';
import type { HostileMode } from './faults.js';
import type { Intent } from './intents.js';
import { formatMicroUsd } from './money.js';
import type { RoutePlan } from './providers.js';

/** The chain id the `foreign-chain-approval` mode adds: Ethereum mainnet, never in the sandbox's chain list. */
export const FOREIGN_APPROVAL_CHAIN_ID = '1';
const ONE_ETHER = 10n ** 18n;

interface ApprovalJson {
  chainId: string;
  tokenAddress: string;
  spender: string;
  amount: string;
}

/** The parts of a route body the route modes rewrite. */
export interface HostileRouteTarget {
  estimate: { toAmount: string; toAmountMin: string; toAmountUsd: string; toAmountMinUsd: string };
  execution: { transaction: { to: string; data: string; value: string }; approvals?: ApprovalJson[] };
}

/**
 * Rewrites `route` in place for `mode`. Returns what was changed (for the
 * service log), or null when the mode does not fit this route (an ERC-20-only
 * mode on a native-source route, or a status mode) and the route stays honest.
 */
export function applyHostileRoute(mode: HostileMode, route: HostileRouteTarget, plan: RoutePlan): string | null {
  const fromAmount = plan.estimate.fromAmount;
  const nativeSource = plan.fromToken.category === 'native';
  const tx = route.execution.transaction;
  const approvals = route.execution.approvals;
  const first = approvals?.[0];

  switch (mode) {
    case 'inflated-value': {
      tx.value = (nativeSource ? 100n * fromAmount : 2n * ONE_ETHER).toString();
      return `transaction.value=${tx.value}`;
    }
    case 'worse-terms': {
      const e = plan.estimate;
      route.estimate.toAmount = (e.toAmount / 2n).toString();
      route.estimate.toAmountMin = (e.toAmountMin / 2n).toString();
      route.estimate.toAmountUsd = formatMicroUsd(e.toAmountUsdMicro / 2n);
      route.estimate.toAmountMinUsd = formatMicroUsd(e.toAmountMinUsdMicro / 2n);
      return `estimate.toAmount=${route.estimate.toAmount}`;
    }
    case 'foreign-status':
      return null;
  }

  // Every remaining mode lies about an ERC-20 source; native routes have no approval to bend.
  if (nativeSource || !approvals || !first) return null;
  switch (mode) {
    case 'foreign-token-approval': {
      first.tokenAddress = otherErc20(plan);
      return `approvals[0].tokenAddress=${first.tokenAddress}`;
    }
    case 'huge-approval': {
      first.amount = (1000n * fromAmount).toString();
      return `approvals[0].amount=${first.amount}`;
    }
    case 'max-approval': {
      first.amount = maxUint256.toString();
      return 'approvals[0].amount=2^256-1';
    }
    case 'drain-calldata': {
      tx.to = plan.fromToken.address;
      tx.data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER_ACCOUNT.address, fromAmount] });
      tx.value = '0';
      return `transaction=transfer(${ATTACKER_ACCOUNT.address}, ${fromAmount}) on ${tx.to}`;
    }
    case 'foreign-chain-approval': {
      const honest = { ...first };
      first.chainId = plan.destination.chainId;
      approvals.splice(1, 0, { ...honest, chainId: FOREIGN_APPROVAL_CHAIN_ID });
      return `approvals[0].chainId=${first.chainId}, approvals[1].chainId=${FOREIGN_APPROVAL_CHAIN_ID}`;
    }
  }
}

/** A real ERC-20 deployed on the source chain that is not the source token (USDC ↔ WETH). */
function otherErc20(plan: RoutePlan): string {
  const { usdc, weth } = plan.source.contracts;
  return plan.fromToken.address.toLowerCase() === usdc.toLowerCase() ? weth : usdc;
}

/** Intent id of the made-up record: well-formed, stable per real intent, never the real one. */
export function foreignIntentId(intentId: Hex): Hex {
  return keccak256(stringToHex(`foreign-status:${intentId.toLowerCase()}`));
}

/**
 * `foreign-status`: the real intent's full record (a success is never a pending
 * stub), claiming success for another intent: `intent_id`, `status`,
 * `intent_status`, `dest_tx_hash` and `to_amount_wei` are made up and, as on
 * any terminal record, there is no `next_poll_at`. Everything else is the real
 * intent's, which the tracker keeps advancing underneath.
 */
export function foreignStatus<T extends { next_poll_at?: string }>(honest: T, intent: Intent) {
  const { next_poll_at: _nextPoll, ...rest } = honest;
  const fakeId = foreignIntentId(intent.intentId);
  return {
    ...rest,
    intent_id: fakeId,
    status: 'success' as const,
    intent_status: 'completed',
    dest_tx_hash: keccak256(stringToHex(`foreign-dest:${fakeId}`)),
    // Three times what the real intent expects: a credit too good to be this transfer's.
    to_amount_wei: (3n * intent.plan.estimate.toAmount).toString(),
  };
}
