/**
 * Sign only what the user saw (issue 11). The routing service, or a proxy in
 * front of it, may be compromised: every route, approval, chain switch and
 * status is checked here against what the user agreed to before the wallet is
 * asked anything. Pure functions, no DOM, no I/O; each refusal names its rule.
 *
 * Decisions, documented here because they are part of the promise:
 * - Native value tolerance: an ERC-20 route may carry as `value` the native
 *   fees its estimate lists (fee entries in the source chain's native token),
 *   plus {@link VALUE_TOLERANCE_BPS} of them (gas-receiver fees are priced
 *   moments apart); with no native fee listed, the value must be 0. A native
 *   route may carry the amount plus those fees (same tolerance on the fees).
 * - Approvals: each kept entry (the spec's skip rule: spender, token and a
 *   non-zero amount) approves the source token on the source chain, for at
 *   most `fromAmount` plus the fees listed in that token; so must their sum
 *   for one token, or several approvals could add up to a drain. 2^256−1 only
 *   with the host's `unlimited-approval` opt-in, and then the widget sends its
 *   own amount, not the route's.
 * - No `eth_getCode` check of the spender and `to`. Having code proves
 *   nothing about a contract's intent (a drainer is a contract too), an EOA
 *   delegated under EIP-7702 has code, and a wallet without the method would
 *   force a choice between failing open and blocking honest users. The bounds
 *   above (token, amount, chain, refused selectors) are what limit the loss.
 * - Calldata: the ERC-20 `transfer`, `transferFrom`, `approve`,
 *   `increaseAllowance` and the EIP-2612 `permit` (and DAI's older `permit`)
 *   are never the bridge call: a route whose transaction starts with one of
 *   their selectors is refused, whatever `to` is.
 * - Terms: the route's `toAmount` or `toAmountMin` below the reference quote
 *   by more than the user's slippage, or its fees in USD above the quote's by
 *   more than {@link FEE_RISE_PERCENT} % and at least {@link FEE_RISE_MIN_USD}
 *   USD (so cent-level repricing of tiny fees does not interrupt), needs the
 *   user's confirmation.
 */
import { usableApprovals } from '../api/approvals.js';
import type { RequiredApproval } from '../api/approvals.js';
import type { AddChainParams } from '../wallet/chain.js';
import type { Chain, Estimate, IntentStatus, Route } from '../api/schemas.js';
import { MAX_UINT256, NATIVE_TOKEN, isNativeToken } from '../model/tokens.js';
import { isHexAddress } from '../model/checksum.js';

/** Allowance on top of the listed native fees, in basis points of those fees. */
export const VALUE_TOLERANCE_BPS = 100n;
/** A fee rise (USD) above this percentage of the quoted fees changes the terms... */
export const FEE_RISE_PERCENT = 10;
/** ...provided it is also at least this many US dollars. */
export const FEE_RISE_MIN_USD = 0.05;

/** Selectors that are never a bridge call (see the module notes). */
// transfer, transferFrom, approve, increaseAllowance, permit (EIP-2612), permit (DAI)
const REFUSED_SELECTORS = ['0xa9059cbb', '0x23b872dd', '0x095ea7b3', '0x39509351', '0xd505accf', '0x8fcbaf0c'];

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export type GuardRule =
  | 'transaction-amount'
  | 'transaction-value'
  | 'transaction-target'
  | 'transaction-calldata'
  | 'transaction-chain'
  | 'approval-token'
  | 'approval-chain'
  | 'approval-amount'
  | 'approval-unlimited'
  | 'approval-spender'
  | 'chain-unknown'
  | 'terms-changed'
  | 'status-intent'
  | 'status-chain'
  | 'status-tx-hash'
  | 'status-recipient';

/** Why something was refused: the rule. (The offending route is in the `bridge-route` event.) */
export interface Refusal {
  ok: false;
  rule: GuardRule;
}
export type Verdict = { ok: true } | Refusal;

const OK: Verdict = { ok: true };
const refuse = (rule: GuardRule): Refusal => ({ ok: false, rule });

/** What the user agreed to on the form. */
export interface Agreement {
  fromChain: Chain;
  toChain: Chain;
  fromToken: { address: string };
  amount: bigint;
  /** The user's own address, the one that signs. */
  fromAddress: string;
  toAddress: string;
  /** Percent, as sent with the quote. */
  slippage: number;
  /** The host's `unlimited-approval` opt-in. */
  unlimitedApproval?: boolean | undefined;
  /** The chain list the widget loaded; chain switches are built from it only. Defaults to the two chains above. */
  chains?: readonly Chain[] | undefined;
}

const same = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Sum of the estimate's fees paid in `token` on `chainId`. */
function feesIn(estimate: Estimate, chainId: string, token: string): bigint {
  return estimate.fees.reduce((sum, fee) => (fee.token.chainId === chainId && same(fee.token.address, token) ? sum + fee.amount : sum), 0n);
}

/** The transaction: amount, native value, target, calldata and chain (issue 11, section 1). */
export function checkTransaction(agreed: Agreement, route: Route): Verdict {
  const { estimate, execution } = route;
  const tx = execution.transaction;
  const source = agreed.fromChain.chainId;
  if (estimate.fromAmount !== agreed.amount) {
    return refuse('transaction-amount');
  }
  const nativeFees = feesIn(estimate, source, NATIVE_TOKEN);
  const allowed = (isNativeToken(agreed.fromToken.address) ? agreed.amount : 0n) + nativeFees + (nativeFees * VALUE_TOLERANCE_BPS) / 10_000n;
  if (tx.value > allowed) {
    return refuse('transaction-value');
  }
  const to = tx.to;
  const approvalTokens = (execution.approvals ?? []).map((a) => a.tokenAddress);
  // Not malformed, not nowhere, not the user, not a token the route touches.
  if (!isHexAddress(to) || [ZERO_ADDRESS, agreed.fromAddress, agreed.fromToken.address, ...approvalTokens].some((other) => same(to, other))) {
    return refuse('transaction-target');
  }
  if (REFUSED_SELECTORS.includes(tx.data.slice(0, 10).toLowerCase())) return refuse('transaction-calldata');
  if (tx.chainId !== undefined && tx.chainId !== source) return refuse('transaction-chain');
  return checkChain(agreed, source);
}

/**
 * One approval as the widget would send it (after the skip rule), against what
 * the user agreed to; `route` gives the fees in the token.
 */
export function checkApproval(agreed: Agreement, route: Route, approval: RequiredApproval): Verdict {
  const source = agreed.fromChain.chainId;
  const { tokenAddress, spender, amount, chainId } = approval;
  if (!same(tokenAddress, agreed.fromToken.address)) return refuse('approval-token');
  if (chainId !== source) return refuse('approval-chain');
  if (!isHexAddress(spender) || [ZERO_ADDRESS, agreed.fromAddress, tokenAddress].some((other) => same(spender, other))) return refuse('approval-spender');
  if (amount === MAX_UINT256) return agreed.unlimitedApproval ? OK : refuse('approval-unlimited');
  const bound = approvalBound(agreed, route);
  if (amount <= 0n || amount > bound) return refuse('approval-amount');
  return OK;
}

/** The most a route may ask to approve of the source token: the amount plus the fees listed in it. */
export function approvalBound(agreed: Agreement, route: Route): bigint {
  return agreed.amount + feesIn(route.estimate, agreed.fromChain.chainId, agreed.fromToken.address);
}

/** Every approval the widget would send (issue 11, section 2), one by one and their sum. */
export function checkApprovals(
  agreed: Agreement,
  route: Route,
  approvals: readonly RequiredApproval[] = usableApprovals(route, agreed.fromChain.chainId),
): Verdict {
  let total = 0n;
  for (const approval of approvals) {
    const verdict = checkApproval(agreed, route, approval);
    if (!verdict.ok) return verdict;
    if (approval.amount !== MAX_UINT256) total += approval.amount;
  }
  const bound = approvalBound(agreed, route);
  if (total > bound) return refuse('approval-amount');
  return OK;
}

/** The chain list the agreement refers to. */
function chainList(agreed: Agreement): readonly Chain[] {
  return agreed.chains?.length ? agreed.chains : [agreed.fromChain, agreed.toChain];
}

/** A chain the wallet may be moved to: in the list, an EVM chain id, and the source chain (issue 11, section 3). */
export function checkChain(agreed: Agreement, chainId: string): Verdict {
  if (chainId !== agreed.fromChain.chainId) return refuse('transaction-chain');
  const listed = chainList(agreed).find((c) => c.chainId === chainId);
  const id = Number(chainId);
  if (!listed || !Number.isSafeInteger(id) || id <= 0) return refuse('chain-unknown');
  return OK;
}

/**
 * `wallet_switchEthereumChain`/`wallet_addEthereumChain` parameters for a
 * chain id, built from that chain's own entry of the list and nothing else,
 * or the refusal.
 */
export function switchParams(agreed: Agreement, chainId: string): { ok: true; params: AddChainParams } | Refusal {
  const verdict = checkChain(agreed, chainId);
  if (!verdict.ok) return verdict;
  const chain = chainList(agreed).find((c) => c.chainId === chainId)!;
  return {
    ok: true,
    params: {
      chainId: Number(chain.chainId),
      chainName: chain.networkName,
      nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: chain.rpc ? [chain.rpc] : [],
      // The wallet module leaves an empty list out of the request.
      blockExplorerUrls: chain.blockExplorerUrls,
    },
  };
}

/** The whole route before the first prompt: transaction, approvals (as the widget would send them), chain. */
export function checkRoute(agreed: Agreement, route: Route, approvals?: readonly RequiredApproval[]): Verdict {
  const transaction = checkTransaction(agreed, route);
  return transaction.ok ? checkApprovals(agreed, route, approvals) : transaction;
}

/** The figures of a terms change, old (the reference quote) next to new (the route). */
export interface TermsChange {
  before: Estimate;
  after: Estimate;
  /** What got worse. */
  worse: readonly ('toAmount' | 'toAmountMin' | 'fees')[];
}

/** `value` lowered by `slippage` percent, in integer arithmetic (hundredths of a basis point). */
function lessSlippage(value: bigint, slippage: number): bigint {
  const keep = BigInt(Math.max(0, Math.round((100 - slippage) * 10_000)));
  return (value * keep) / 1_000_000n;
}

/** Whether the route's terms are worse than `reference` (a quote) beyond tolerance (issue 11, section 4); undefined when not. */
export function compareTerms(reference: Estimate, route: Route, slippage: number): TermsChange | undefined {
  const after = route.estimate;
  const worse: TermsChange['worse'][number][] = [];
  if (after.toAmount < lessSlippage(reference.toAmount, slippage)) worse.push('toAmount');
  if (after.toAmountMin < lessSlippage(reference.toAmountMin, slippage)) worse.push('toAmountMin');
  // A figure missing on either side reads as NaN, and NaN compares false: no fee rule without both.
  const feesBefore = Number(reference.totalFeesUsd);
  const rise = Number(after.totalFeesUsd) - feesBefore;
  if (rise > (feesBefore * FEE_RISE_PERCENT) / 100 && rise >= FEE_RISE_MIN_USD) worse.push('fees');
  return worse.length ? { before: reference, after, worse } : undefined;
}

/** What the widget saved about its own transfer, as far as a status can contradict it. */
export interface StatusExpectation {
  intentId: string;
  fromChainId: string;
  toChainId: string;
  toAddress: string;
  sourceTxHash?: string | undefined;
}

/** A status payload that contradicts the saved record is not progress (issue 11, section 5). */
export function checkStatus(expected: StatusExpectation, status: IntentStatus): Verdict {
  if (status.intent_id !== expected.intentId) return refuse('status-intent');
  if (status.kind !== 'tracked') return OK;
  const { from_chain_id: from, to_chain_id: to, source_tx_hash: hash, to_address: recipient } = status;
  if ((from && from !== expected.fromChainId) || (to && to !== expected.toChainId)) return refuse('status-chain');
  if (hash && expected.sourceTxHash && !same(hash, expected.sourceTxHash)) return refuse('status-tx-hash');
  // Without case: hex checksums differ in case, and no other family has case-only twins one could own.
  if (recipient && !same(recipient, expected.toAddress)) return refuse('status-recipient');
  return OK;
}

/** Plain words for the user, per kind of route refusal; each ends with what did not happen. (A refused status is explained by the shell: `status.contradicted`.) */
export function refusalMessage(rule: GuardRule): string {
  return /^(transaction-(amount|value)|approval-(amount|unlimited))$/.test(rule)
    ? 'The route asks for more than you agreed to send. Nothing was signed.'
    : rule === 'terms-changed'
      ? 'The terms changed and were not accepted. Nothing was signed.'
      : 'The route asks you to sign something other than this transfer. Nothing was signed.';
}
