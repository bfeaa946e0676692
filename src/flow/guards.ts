/**
 * Sign only what the user saw. The routing service, or a proxy in
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
 * - Bounded routes: at most {@link MAX_APPROVALS} approval entries (the spec
 *   shows "more than one"; the providers seen need one, or two when a fee
 *   collector pulls its fee itself; one more leaves room) and calldata of at
 *   most {@link MAX_CALLDATA_BYTES}; a larger answer is refused before
 *   anything else is looked at, so no work grows with what the service sends.
 * - Chain ids compare as numbers (`0xaa36a7` is 11155111); a chain id that is
 *   neither decimal nor `0x` hex is refused as unreadable (`chain-unreadable`).
 * - Code at the spender and at `to` (`eth_getCode` through the wallet, on the
 *   source chain; see ./transfer.ts): an address without code is refused.
 *   Having code proves nothing about intent (a drainer is a contract too;
 *   an EOA delegated under EIP-7702 has code and passes), but an approval to
 *   an address with no code can only serve whoever holds its key, and no
 *   bridge takes a deposit by a plain transfer to an account: no route shape
 *   the spec describes needs it.
 * - What the route does, seen in a simulation of the whole sequence, is
 *   judged in ./effects.ts; these rules are the first line.
 * - Calldata: a call that grants or moves the user's assets (ERC-20
 *   `transfer`, `transferFrom`, `approve`, `increaseAllowance`, EIP-2612 and
 *   DAI `permit`, Permit2's `approve`, `permit`, `permitTransferFrom` and
 *   `transferFrom`, ERC-721/1155 `setApprovalForAll` and transfers) is never
 *   the bridge call, whatever `to` is, and neither is a Multicall3/`multicall`
 *   batch with one inside (./grant-calldata.ts). This holds without any
 *   simulation: grants are refused by the route checks alone. The
 *   approvals a route may ask for are its `approvals` entries only, which the
 *   widget itself encodes as `approve` on the source token.
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
import { evmChainId, sameChainId } from '../model/chain-id.js';
import { inertText } from '../model/text.js';
import { grantsAssets } from './grant-calldata.js';

/** Allowance on top of the listed native fees, in basis points of those fees. */
export const VALUE_TOLERANCE_BPS = 100n;
/** A fee rise (USD) above this percentage of the quoted fees changes the terms... */
export const FEE_RISE_PERCENT = 10;
/** ...provided it is also at least this many US dollars. */
export const FEE_RISE_MIN_USD = 0.05;
/** Approval entries a route may list (see the module notes). */
export const MAX_APPROVALS = 3;
/**
 * Calldata a route's transaction may carry, in bytes: far above any bridge
 * call (a few KB with a swap in front), half the 128 KB a node's transaction
 * pool takes.
 */
export const MAX_CALLDATA_BYTES = 64 * 1024;

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Every rule a route or status can break, one vocabulary for the guards here, the effects (./effects.ts) and the code checks. */
export type GuardRule =
  | 'transaction-amount'
  | 'transaction-value'
  | 'transaction-target'
  | 'transaction-target-code'
  | 'transaction-calldata'
  | 'transaction-calldata-size'
  | 'transaction-chain'
  | 'approval-count'
  | 'approval-token'
  | 'approval-chain'
  | 'approval-amount'
  | 'approval-unlimited'
  | 'approval-spender'
  | 'approval-spender-code'
  | 'chain-unknown'
  | 'chain-unreadable'
  | 'terms-changed'
  | 'effect-reverted'
  | 'effect-token'
  | 'effect-amount'
  | 'effect-native'
  | 'effect-allowance'
  | 'status-intent'
  | 'status-chain'
  | 'status-tx-hash'
  | 'status-recipient';

/** Why something was refused: the rule, and for a call that would revert the reason when it is readable. (The offending route is in the `bridge-route` event.) */
export interface Refusal {
  ok: false;
  rule: GuardRule;
  reason?: string | undefined;
}
export type Verdict = { ok: true } | Refusal;

export const OK: Verdict = { ok: true };
export const refuse = (rule: GuardRule, reason?: string): Refusal => (reason ? { ok: false, rule, reason } : { ok: false, rule });

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
  return estimate.fees.reduce((sum, fee) => (sameChainId(fee.token.chainId, chainId) && same(fee.token.address, token) ? sum + fee.amount : sum), 0n);
}

/** The most native currency the route may move out of the wallet: the amount (native source) plus the listed native fees and their tolerance. */
export function nativeValueBound(agreed: Agreement, route: Route): bigint {
  const nativeFees = feesIn(route.estimate, agreed.fromChain.chainId, NATIVE_TOKEN);
  return (isNativeToken(agreed.fromToken.address) ? agreed.amount : 0n) + nativeFees + (nativeFees * VALUE_TOLERANCE_BPS) / 10_000n;
}

/**
 * The size of what the service sent, before anything else is read: at most
 * {@link MAX_APPROVALS} approval entries and {@link MAX_CALLDATA_BYTES} of
 * calldata, so a hostile answer costs no work in proportion to its size.
 */
export function checkBounds(route: Route): Verdict {
  if ((route.execution.approvals?.length ?? 0) > MAX_APPROVALS) return refuse('approval-count');
  if (route.execution.transaction.data.length > 2 + 2 * MAX_CALLDATA_BYTES) return refuse('transaction-calldata-size');
  return OK;
}

/** A chain id of the route against the source chain: unreadable, another chain, or the source. */
function sourceChain(agreed: Agreement, chainId: string, other: GuardRule): Verdict {
  if (evmChainId(chainId) === undefined) return refuse('chain-unreadable');
  return sameChainId(chainId, agreed.fromChain.chainId) ? OK : refuse(other);
}

/** The transaction: amount, native value, target, calldata and chain. */
export function checkTransaction(agreed: Agreement, route: Route): Verdict {
  const { estimate, execution } = route;
  const tx = execution.transaction;
  const source = agreed.fromChain.chainId;
  if (estimate.fromAmount !== agreed.amount) {
    return refuse('transaction-amount');
  }
  if (tx.value > nativeValueBound(agreed, route)) {
    return refuse('transaction-value');
  }
  const to = tx.to;
  const approvalTokens = (execution.approvals ?? []).map((a) => a.tokenAddress);
  // Not malformed, not nowhere, not the user, not a token the route touches.
  if (!isHexAddress(to) || [ZERO_ADDRESS, agreed.fromAddress, agreed.fromToken.address, ...approvalTokens].some((other) => same(to, other))) {
    return refuse('transaction-target');
  }
  // Whole bytes only: an odd number of hex digits is not calldata a wallet can send.
  if (tx.data.length % 2) return refuse('transaction-calldata');
  if (grantsAssets(tx.data)) return refuse('transaction-calldata');
  if (tx.chainId !== undefined) {
    const chain = sourceChain(agreed, tx.chainId, 'transaction-chain');
    if (!chain.ok) return chain;
  }
  return checkChain(agreed, source);
}

/**
 * One approval as the widget would send it (after the skip rule), against what
 * the user agreed to; `route` gives the fees in the token.
 */
export function checkApproval(agreed: Agreement, route: Route, approval: RequiredApproval): Verdict {
  const { tokenAddress, spender, amount, chainId } = approval;
  if (!same(tokenAddress, agreed.fromToken.address)) return refuse('approval-token');
  const chain = sourceChain(agreed, chainId, 'approval-chain');
  if (!chain.ok) return chain;
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

/** Every approval the widget would send, one by one and their sum. */
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

/** The list's entry of a chain. */
const listed = (agreed: Agreement, chainId: string) => chainList(agreed).find((c) => sameChainId(c.chainId, chainId));

/** A chain the wallet may be moved to: in the list, an EVM chain id, and the source chain. */
export function checkChain(agreed: Agreement, chainId: string): Verdict {
  if (!sameChainId(chainId, agreed.fromChain.chainId)) return refuse('transaction-chain');
  if (!listed(agreed, chainId) || evmChainId(chainId) === undefined) return refuse('chain-unknown');
  return OK;
}

/**
 * The URLs a wallet is given to add a chain: `https:` only, or `http:` on the
 * loopback interface (a local development chain, which wallets accept too);
 * `javascript:`, `data:`, plain http elsewhere and anything unparsable are left out.
 */
export function walletUrls(urls: readonly (string | undefined)[]): string[] {
  return urls.flatMap((value = '') => {
    try {
      const url = new URL(value);
      const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
      return url.protocol === 'https:' || (url.protocol === 'http:' && loopback) ? [value] : [];
    } catch {
      return [];
    }
  });
}

/**
 * `wallet_switchEthereumChain`/`wallet_addEthereumChain` parameters for a
 * chain id, built from that chain's own entry of the list and nothing else,
 * or the refusal.
 */
export function switchParams(agreed: Agreement, chainId: string): { ok: true; params: AddChainParams } | Refusal {
  const verdict = checkChain(agreed, chainId);
  if (!verdict.ok) return verdict;
  const chain = listed(agreed, chainId)!;
  const currency = chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 };
  return {
    ok: true,
    params: {
      chainId: evmChainId(chain.chainId)!,
      // Inert already (the schema cleans names), again here: this is what the wallet shows the user.
      chainName: inertText(chain.networkName),
      nativeCurrency: { ...currency, name: inertText(currency.name), symbol: inertText(currency.symbol, 12) },
      rpcUrls: walletUrls([chain.rpc]),
      // The wallet module leaves an empty list out of the request.
      blockExplorerUrls: walletUrls(chain.blockExplorerUrls),
    },
  };
}

/** The whole route before the first prompt: its size, transaction, approvals (as the widget would send them), chain. */
export function checkRoute(agreed: Agreement, route: Route, approvals?: readonly RequiredApproval[]): Verdict {
  const bounds = checkBounds(route);
  if (!bounds.ok) return bounds;
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

/** Whether the route's terms are worse than `reference` (a quote) beyond tolerance; undefined when not. */
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

/** A status payload that contradicts the saved record is not progress. */
export function checkStatus(expected: StatusExpectation, status: IntentStatus): Verdict {
  if (status.intent_id !== expected.intentId) return refuse('status-intent');
  if (status.kind !== 'tracked') return OK;
  const { from_chain_id: from, to_chain_id: to, source_tx_hash: hash, to_address: recipient } = status;
  if ((from && !sameChainId(from, expected.fromChainId)) || (to && !sameChainId(to, expected.toChainId))) return refuse('status-chain');
  if (hash && expected.sourceTxHash && !same(hash, expected.sourceTxHash)) return refuse('status-tx-hash');
  // Without case: hex checksums differ in case, and no other family has case-only twins one could own.
  if (recipient && !same(recipient, expected.toAddress)) return refuse('status-recipient');
  return OK;
}

/** Plain words for the user, per kind of route refusal; each ends with what did not happen. (A refused status is explained by the shell: `status.contradicted`.) */
export function refusalMessage(rule: GuardRule, reason?: string): string {
  const words: Partial<Record<GuardRule, string>> = {
    'terms-changed': 'The terms changed and were not accepted.',
    'approval-count': 'The route asks for more approvals than a transfer needs.',
    'transaction-calldata-size': 'The route’s transaction is far larger than a transfer needs.',
    'chain-unreadable': 'The route names a chain the widget cannot read.',
    'approval-spender-code': 'The route asks you to approve an address that is not a contract.',
    'transaction-target-code': 'The route sends the transfer to an address that is not a contract.',
    'effect-reverted': reason ? `The route would fail on chain: ${reason}.` : 'The route would fail on chain.',
    'effect-token': 'The route would move another token out of your wallet.',
    'effect-allowance': 'The route would give another address access to your tokens.',
  };
  const more = /^(transaction-(amount|value)|approval-(amount|unlimited)|effect-(amount|native))$/.test(rule);
  return `${words[rule] ?? (more ? 'The route asks for more than you agreed to send.' : 'The route asks you to sign something other than this transfer.')} Nothing was signed.`;
}
