/**
 * The `hostile` switch: route and status responses of a compromised routing
 * service. Each mode rewrites only the fields it names (README, "Hostile
 * responses"); the intent the service stores, tracks and settles stays the
 * honest one, so whatever a widget does next is measured against real chains.
 */
import { encodeFunctionData, erc20Abi, keccak256, maxUint160, maxUint256, maxUint48, numberToHex, parseAbi, parseGwei, stringToHex, type Hex } from 'viem';
import { SandboxCollectibleAbi, SandboxPermit2Abi } from '../artifacts/abis.js';
import { ATTACKER_ACCOUNT } from '../chains/accounts.js';
import type { HostileMode } from './faults.js';
import type { Intent } from './intents.js';
import { formatMicroUsd } from './money.js';
import type { RoutePlan } from './providers.js';
import type { RouteRequest } from './request-validation.js';

const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

/** Multicall3's `aggregate3`, the one entry point `multicall-grant` uses. */
const AGGREGATE3_ABI = parseAbi([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[])',
]);

/** The chain id the `foreign-chain-approval` mode adds: Ethereum mainnet, never in the sandbox's chain list. */
export const FOREIGN_APPROVAL_CHAIN_ID = '1';
const ONE_ETHER = 10n ** 18n;
/** `fee-griefing`: the gas limit and the price per gas it writes (3,000 ETH of fee authorised). */
export const GRIEFING_GAS_LIMIT = 30_000_000n;
export const GRIEFING_FEE_PER_GAS = parseGwei('100000');
/** `many-approvals`: how many approval entries the route lists. */
export const MANY_APPROVALS = 50;
/** `below-minimum`: the settlement pays this fraction of the route's `toAmountMin` (one tenth). */
export const BELOW_MINIMUM_DIVISOR = 10n;

interface ApprovalJson {
  chainId: string;
  tokenAddress: string;
  spender: string;
  amount: string;
}

/** The parts of a route body the route modes rewrite. */
export interface HostileRouteTarget {
  estimate: { toAmount: string; toAmountMin: string; toAmountUsd: string; toAmountMinUsd: string };
  execution: {
    transaction: {
      to: string;
      data: string;
      value: string;
      gasLimit: string;
      gasPrice: string;
      maxFeePerGas: string;
      maxPriorityFeePerGas: string;
      chainId: string;
    };
    approvals?: ApprovalJson[];
  };
}

/** `hex-chain-ids`: an EVM chain id as `0x` hex (`11155111` → `0xaa36a7`); other families' ids unchanged. */
export function hexChainId(chainId: string): string {
  return /^\d+$/.test(chainId) ? numberToHex(BigInt(chainId)) : chainId;
}

/**
 * Rewrites `route` in place for `mode`. Returns what was changed (for the
 * service log), or null when the mode does not fit this route (an ERC-20-only
 * mode on a native-source route, or a status mode) and the route stays honest.
 */
export function applyHostileRoute(mode: HostileMode, route: HostileRouteTarget, plan: RoutePlan): string | null {
  const source = plan.source;
  if (!source) return null;
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
    case 'fee-griefing': {
      const price = GRIEFING_FEE_PER_GAS.toString();
      Object.assign(tx, { gasLimit: GRIEFING_GAS_LIMIT.toString(), gasPrice: price, maxFeePerGas: price, maxPriorityFeePerGas: price });
      return `transaction.gasLimit=${tx.gasLimit}, fee prices ${price} wei`;
    }
    case 'permit2-approval': {
      // The Permit2 allowance on the source token (USDC for a native source): whatever the user ever approved to Permit2.
      const token = nativeSource ? source.contracts.usdc : plan.fromToken.address;
      tx.to = source.contracts.permit2;
      tx.data = encodeFunctionData({
        abi: SandboxPermit2Abi,
        functionName: 'approve',
        args: [token as Hex, ATTACKER_ACCOUNT.address, maxUint160, Number(maxUint48)],
      });
      tx.value = '0';
      return `transaction=Permit2.approve(${token}, ${ATTACKER_ACCOUNT.address}, 2^160-1, 2^48-1)`;
    }
    case 'nft-approval-for-all': {
      tx.to = source.contracts.collectible;
      tx.data = encodeFunctionData({ abi: SandboxCollectibleAbi, functionName: 'setApprovalForAll', args: [ATTACKER_ACCOUNT.address, true] });
      tx.value = '0';
      return `transaction=setApprovalForAll(${ATTACKER_ACCOUNT.address}, true) on ${tx.to}`;
    }
    case 'multicall-grant': {
      // Multicall3's aggregate3: the honest bridge call next to setApprovalForAll(attacker) on the collectible, one level down.
      const grant = encodeFunctionData({ abi: SandboxCollectibleAbi, functionName: 'setApprovalForAll', args: [ATTACKER_ACCOUNT.address, true] });
      const calls = [
        { target: tx.to as Hex, allowFailure: false, callData: tx.data as Hex },
        { target: source.contracts.collectible as Hex, allowFailure: false, callData: grant },
      ];
      tx.data = encodeFunctionData({ abi: AGGREGATE3_ABI, functionName: 'aggregate3', args: [calls] });
      tx.to = source.contracts.multicall3;
      return `transaction=Multicall3.aggregate3([bridge call, setApprovalForAll(${ATTACKER_ACCOUNT.address}, true)])`;
    }
    case 'hex-chain-ids': {
      tx.chainId = hexChainId(tx.chainId);
      for (const approval of approvals ?? []) approval.chainId = hexChainId(approval.chainId);
      return `chain ids in hex (${tx.chainId})`;
    }
    case 'below-minimum':
      // The route is honest; the settlement pays a tenth of toAmountMin (tracker.ts) and the status says so.
      return `settles ${plan.estimate.toAmountMin / BELOW_MINIMUM_DIVISOR} (toAmountMin / ${BELOW_MINIMUM_DIVISOR})`;
    case 'dest-another-transfer':
    case 'dest-reverted':
    case 'dest-other-recipient':
    case 'dest-other-token':
    case 'dest-missing':
      // The route is honest; the settlement (tracker.ts) reports a destination transaction that is not this arrival.
      return plan.destination.local ? `settles with ${mode}` : null;
    case 'foreign-status':
    case 'forged-hashes':
    case 'bidi-names':
    case 'deposit-no-address':
    case 'deposit-other-chain':
    case 'deposit-other-token':
    case 'deposit-other-amount':
    case 'deposit-sender-address':
    case 'deposit-recipient-address':
    case 'deposit-invalid-address':
    case 'deposit-expired':
      return null;
  }

  // Every remaining mode lies about an ERC-20 source; native routes have no approval to bend.
  if (nativeSource || !approvals || !first) return null;
  const otherToken = otherErc20(source, plan.fromToken.address);
  switch (mode) {
    case 'foreign-token-approval': {
      first.tokenAddress = otherToken;
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
    case 'eoa-spender': {
      first.spender = ATTACKER_ACCOUNT.address;
      return `approvals[0].spender=${first.spender} (an account without code)`;
    }
    case 'many-approvals': {
      approvals.push(...Array.from({ length: MANY_APPROVALS - approvals.length }, () => ({ ...first })));
      return `${approvals.length} approvals`;
    }
  }
}

/** A real ERC-20 deployed on the source chain that is not the source token (USDC ↔ WETH). */
function otherErc20(source: NonNullable<RoutePlan['source']>, token: string): string {
  const { usdc, weth } = source.contracts;
  return token.toLowerCase() === usdc.toLowerCase() ? weth : usdc;
}

/** The fields of a deposit-address answer the deposit modes rewrite (sandbox/service/handlers/route-handlers.ts). */
export interface HostileDepositTarget {
  depositAddress?: string;
  chainId: string;
  token: string;
  amount: string;
  expiresAt: string;
}

/**
 * Rewrites a deposit-address answer in place for a `deposit-*` mode, one lie
 * each; returns what was changed, or null for any other mode. The address the
 * service watches stays the honest one: a widget that shows the lie sends its
 * user's money where nobody pays it out.
 */
export function applyHostileDeposit(mode: HostileMode, answer: HostileDepositTarget, request: RouteRequest): string | null {
  switch (mode) {
    case 'deposit-no-address':
      delete answer.depositAddress;
      return 'no depositAddress';
    case 'deposit-other-chain':
      answer.chainId = request.toChain;
      return `chainId=${answer.chainId}`;
    case 'deposit-other-token':
      answer.token = answer.token.toLowerCase() === NATIVE_TOKEN ? request.toToken : NATIVE_TOKEN;
      return `token=${answer.token}`;
    case 'deposit-other-amount':
      answer.amount = (request.fromAmount / 2n).toString();
      return `amount=${answer.amount}`;
    case 'deposit-sender-address':
      answer.depositAddress = request.fromAddress;
      return `depositAddress=${answer.depositAddress} (the sender)`;
    case 'deposit-recipient-address':
      answer.depositAddress = request.toAddress;
      return `depositAddress=${answer.depositAddress} (the recipient)`;
    case 'deposit-invalid-address':
      // One hex digit short (an EVM source), or a Cosmos address with its checksum broken.
      answer.depositAddress = answer.depositAddress?.startsWith('0x') ? answer.depositAddress.slice(0, -1) : `${answer.depositAddress?.slice(0, -1)}q`;
      return `depositAddress=${answer.depositAddress} (not an address of the source chain)`;
    case 'deposit-expired':
      answer.expiresAt = new Date(Date.now() - 60_000).toISOString();
      return `expiresAt=${answer.expiresAt} (a minute ago)`;
    default:
      return null;
  }
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

/** `forged-hashes`: a settled record's `dest_tx_hash` is a `javascript:` URL (a pending one has none to forge); everything else is the real intent's. */
export function forgedHashes<T extends { dest_tx_hash?: string | null | undefined }>(record: T): T {
  return record.dest_tx_hash ? { ...record, dest_tx_hash: FORGED_DEST_TX_HASH } : record;
}
export const FORGED_DEST_TX_HASH = 'javascript:alert(document.domain)//0x1111111111111111111111111111111111111111111111111111111111111111';

/** `hex-chain-ids` on a status record: its EVM chain ids in hex. */
export function hexStatus<T extends { from_chain_id: string; to_chain_id: string }>(record: T): T {
  return { ...record, from_chain_id: hexChainId(record.from_chain_id), to_chain_id: hexChainId(record.to_chain_id) };
}

/** `bidi-names`: a right-to-left override and 200 characters in a chain's names, and a `javascript:` explorer first. */
export function bidiChain<T extends { chainName: string; networkName: string; nativeCurrency: { name: string; symbol: string }; blockExplorerUrls: string[] }>(
  chain: T,
): T {
  const long = (name: string) => `${name} \u202E${' tsoh lacol'.repeat(20)}`.slice(0, 200);
  return {
    ...chain,
    chainName: long(chain.chainName),
    networkName: long(chain.networkName),
    nativeCurrency: { ...chain.nativeCurrency, name: `\u202E${chain.nativeCurrency.name}`, symbol: `${chain.nativeCurrency.symbol}\u2066` },
    blockExplorerUrls: ['javascript:alert(document.domain)', ...chain.blockExplorerUrls],
  };
}

/** `bidi-names`: a right-to-left override after each token's symbol and inside its name. */
export function bidiToken<T extends { symbol: string; name: string }>(token: T): T {
  return { ...token, symbol: `${token.symbol}\u202E`, name: `\u202E${token.name}` };
}
