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

export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
export const MAX_UINT256 = 2n ** 256n - 1n;
/** Allowance on top of the listed native fees, in basis points of those fees. */
export const VALUE_TOLERANCE_BPS = 100n;
/** A fee rise (USD) above this percentage of the quoted fees changes the terms... */
export const FEE_RISE_PERCENT = 10;
/** ...provided it is also at least this many US dollars. */
export const FEE_RISE_MIN_USD = 0.05;

/** Selectors that are never a bridge call (see the module notes). */
const REFUSED_SELECTORS: Readonly<Record<string, string>> = {
  '0xa9059cbb': 'transfer',
  '0x23b872dd': 'transferFrom',
  '0x095ea7b3': 'approve',
  '0x39509351': 'increaseAllowance',
  '0xd505accf': 'permit (EIP-2612)',
  '0x8fcbaf0c': 'permit (DAI)',
};

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
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

/** Why something was refused: the rule, and a technical explanation (English, for logs and support). */
export interface Refusal {
  ok: false;
  rule: GuardRule;
  detail: string;
}
export type Verdict = { ok: true } | Refusal;

const OK: Verdict = { ok: true };
const refuse = (rule: GuardRule, detail: string): Refusal => ({ ok: false, rule, detail });

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

export function isNativeToken(address: string): boolean {
  return address.toLowerCase() === NATIVE_TOKEN;
}

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
    return refuse('transaction-amount', `The route sends ${estimate.fromAmount} instead of the ${agreed.amount} requested.`);
  }
  const nativeFees = feesIn(estimate, source, NATIVE_TOKEN);
  const allowed = (isNativeToken(agreed.fromToken.address) ? agreed.amount : 0n) + nativeFees + (nativeFees * VALUE_TOLERANCE_BPS) / 10_000n;
  if (tx.value > allowed) {
    return refuse('transaction-value', `The transaction carries ${tx.value} wei of native value; at most ${allowed} is covered by the amount and the listed native fees.`);
  }
  const to = tx.to;
  const approvalTokens = (execution.approvals ?? []).map((a) => a.tokenAddress);
  if (!EVM_ADDRESS.test(to) || same(to, ZERO_ADDRESS)) return refuse('transaction-target', `The transaction target ${to} is not a usable address.`);
  if (same(to, agreed.fromAddress)) return refuse('transaction-target', 'The transaction is addressed to your own account.');
  if (same(to, agreed.fromToken.address)) return refuse('transaction-target', 'The transaction calls the source token contract itself.');
  if (approvalTokens.some((token) => same(to, token))) return refuse('transaction-target', 'The transaction calls a token the route asks to approve.');
  const selector = tx.data.slice(0, 10).toLowerCase();
  const call = REFUSED_SELECTORS[selector];
  if (call) return refuse('transaction-calldata', `The transaction is an ERC-20 ${call} call (${selector}), never a bridge call.`);
  if (tx.chainId !== undefined && tx.chainId !== source) return refuse('transaction-chain', `The transaction is for chain ${tx.chainId}, not the source chain ${source}.`);
  return checkChain(agreed, source);
}

/**
 * One approval as the widget would send it (after the skip rule), against what
 * the user agreed to; `route` gives the fees in the token.
 */
export function checkApproval(agreed: Agreement, route: Route, approval: RequiredApproval): Verdict {
  const source = agreed.fromChain.chainId;
  const { tokenAddress, spender, amount, chainId } = approval;
  if (!same(tokenAddress, agreed.fromToken.address)) return refuse('approval-token', `The route asks to approve ${tokenAddress}, not the token you send.`);
  if (chainId !== source) return refuse('approval-chain', `The route asks for an approval on chain ${chainId}; funds leave from chain ${source}.`);
  if (!EVM_ADDRESS.test(spender) || same(spender, ZERO_ADDRESS)) return refuse('approval-spender', `The spender ${spender} is not a usable address.`);
  if (same(spender, agreed.fromAddress)) return refuse('approval-spender', 'The route asks you to approve your own account.');
  if (same(spender, tokenAddress)) return refuse('approval-spender', 'The route asks to approve the token contract itself.');
  if (amount <= 0n) return refuse('approval-amount', 'The approval amount is zero.');
  if (amount === MAX_UINT256) {
    return agreed.unlimitedApproval ? OK : refuse('approval-unlimited', 'The route asks for an unlimited approval, which this site did not allow.');
  }
  const bound = approvalBound(agreed, route);
  if (amount > bound) return refuse('approval-amount', `The route asks to approve ${amount}; the transfer needs at most ${bound}.`);
  return OK;
}

/** The most a route may ask to approve of the source token: the amount plus the fees listed in it. */
export function approvalBound(agreed: Agreement, route: Route): bigint {
  return agreed.amount + feesIn(route.estimate, agreed.fromChain.chainId, agreed.fromToken.address);
}

/** Every approval the widget would send (issue 11, section 2), one by one and their sum. */
export function checkApprovals(agreed: Agreement, route: Route, approvals: readonly RequiredApproval[] = usableApprovals(route, agreed.fromChain.chainId)): Verdict {
  let total = 0n;
  for (const approval of approvals) {
    const verdict = checkApproval(agreed, route, approval);
    if (!verdict.ok) return verdict;
    if (approval.amount !== MAX_UINT256) total += approval.amount;
  }
  const bound = approvalBound(agreed, route);
  if (total > bound) return refuse('approval-amount', `The approvals add up to ${total}; the transfer needs at most ${bound}.`);
  return OK;
}

/** The chain list the agreement refers to. */
function chainList(agreed: Agreement): readonly Chain[] {
  return agreed.chains?.length ? agreed.chains : [agreed.fromChain, agreed.toChain];
}

/** A chain the wallet may be moved to: in the list, an EVM chain id, and the source chain (issue 11, section 3). */
export function checkChain(agreed: Agreement, chainId: string): Verdict {
  if (chainId !== agreed.fromChain.chainId) return refuse('transaction-chain', `Chain ${chainId} is not the source chain ${agreed.fromChain.chainId}.`);
  const listed = chainList(agreed).find((c) => c.chainId === chainId);
  const id = Number(chainId);
  if (!listed || !Number.isSafeInteger(id) || id <= 0) return refuse('chain-unknown', `Chain ${chainId} is not an EVM chain in the list the widget loaded.`);
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

function usd(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
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
  const feesBefore = usd(reference.totalFeesUsd);
  const feesAfter = usd(after.totalFeesUsd);
  if (feesBefore !== undefined && feesAfter !== undefined) {
    const rise = feesAfter - feesBefore;
    if (rise > (feesBefore * FEE_RISE_PERCENT) / 100 && rise >= FEE_RISE_MIN_USD) worse.push('fees');
  }
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

function sameAddress(a: string, b: string): boolean {
  // Hex addresses compare without case (checksums); other families are case-sensitive.
  return a.startsWith('0x') && b.startsWith('0x') ? same(a, b) : a === b;
}

/** A status payload that contradicts the saved record is not progress (issue 11, section 5). */
export function checkStatus(expected: StatusExpectation, status: IntentStatus): Verdict {
  if (status.intent_id !== expected.intentId) return refuse('status-intent', `The status belongs to intent ${status.intent_id}, not ${expected.intentId}.`);
  if (status.kind !== 'tracked') return OK;
  for (const [field, value, own] of [
    ['from_chain_id', status.from_chain_id, expected.fromChainId],
    ['to_chain_id', status.to_chain_id, expected.toChainId],
  ] as const) {
    if (value && value !== own) return refuse('status-chain', `The status reports ${field} ${value}; this transfer uses chain ${own}.`);
  }
  if (status.source_tx_hash && expected.sourceTxHash && !same(status.source_tx_hash, expected.sourceTxHash)) {
    return refuse('status-tx-hash', `The status reports source transaction ${status.source_tx_hash}; this transfer sent ${expected.sourceTxHash}.`);
  }
  if (status.to_address && !sameAddress(status.to_address, expected.toAddress)) {
    return refuse('status-recipient', `The status pays ${status.to_address}; this transfer pays ${expected.toAddress}.`);
  }
  return OK;
}

/** Plain words for the user, per kind of refusal; each ends with what did not happen. */
export function refusalMessage(rule: GuardRule): string {
  switch (rule) {
    case 'transaction-amount':
    case 'transaction-value':
    case 'approval-amount':
    case 'approval-unlimited':
      return 'The route asks for more than you agreed to send. Nothing was signed.';
    case 'approval-token':
      return 'The route asks to approve a token other than the one you send. Nothing was signed.';
    case 'transaction-target':
    case 'transaction-calldata':
    case 'approval-spender':
      return 'The route asks you to sign something other than this bridge transfer. Nothing was signed.';
    case 'transaction-chain':
    case 'approval-chain':
    case 'chain-unknown':
      return 'The route asks you to sign on a network other than the one you send from. Nothing was signed.';
    case 'terms-changed':
      return 'The terms changed and were not accepted. Nothing was signed.';
    default:
      return 'The bridge service sent a status that does not belong to this transfer. It is not counted as progress; the widget keeps checking.';
  }
}
