/**
 * Judge a route by what it does: the simulation of the whole
 * sequence (every approval, then the bridge transaction, from the user's
 * address) read as what leaves the wallet and what it allows, and refused by
 * effect. A deny-list of selectors can never be complete; the effects can:
 * whatever a call is named, a token leaving or an allowance granted shows as
 * the event the token itself emits.
 *
 * Read from the successful calls' logs (with `traceTransfers`, native value
 * moves as an ERC-20 `Transfer` log from `0xeeee…eeee`):
 * - `Transfer` (ERC-20 with 3 topics, ERC-721 with 4), ERC-1155
 *   `TransferSingle`/`TransferBatch`: what leaves and arrives;
 * - ERC-20/721 `Approval`, `ApprovalForAll`, Permit2's
 *   `Approval(owner, token, spender, uint160, uint48)` and `Permit(…)`: the
 *   grants the user gives (whichever contract emits them: a Permit2 at
 *   another address is the same danger).
 *
 * Refused (each rule names the effect; nothing is signed):
 * - `effect-reverted`: a call reverts (with its reason when it is an
 *   `Error(string)` or a `Panic(uint256)`);
 * - `effect-token`: any other token than the source token leaves the wallet,
 *   any NFT or ERC-1155 token at all;
 * - `effect-amount`: more of the source token leaves than the amount plus
 *   the fees listed in it (the approvals' bound, ./guards.ts);
 * - `effect-native`: more native currency leaves than the amount (native
 *   source) plus the listed native fees (the transaction's bound);
 * - `effect-allowance`: an allowance or operator grant other than the
 *   route's listed approvals within the amounts the widget sends (an ERC-20
 *   `Approval` to a listed spender of the source token for at most what it
 *   was approved; lowering one, or revoking, is no grant).
 * What leaves is counted net per asset (a token that leaves and comes back
 * in the same sequence did not leave); gas is not in the logs: the network
 * fee is shown and bounded on its own (./fees.ts).
 */
import { decodeErrorResult, decodeEventLog, type AbiEvent, type AbiParameter, type Hex } from 'viem';
import type { RequiredApproval } from '../api/approvals.js';
import type { Route } from '../api/schemas.js';
import type { SimulatedCall, SimulatedLog } from '../api/simulation.js';
import { MAX_UINT256, NATIVE_TOKEN, isNativeToken } from '../model/tokens.js';
import { inertText } from '../model/text.js';
import { OK, approvalBound, nativeValueBound, refuse, type Agreement, type Verdict } from './guards.js';

const indexed = (name: string, type = 'address'): AbiParameter & { indexed: boolean } => ({ name, type, indexed: true });
const unindexed = (name: string, type: string): AbiParameter & { indexed: boolean } => ({ name, type, indexed: false });
const event = (name: string, ...inputs: (AbiParameter & { indexed: boolean })[]): AbiEvent => ({ type: 'event', name, inputs });

/**
 * The events read, as their standards declare them, by the number of topics a
 * log has: ERC-20's and ERC-721's `Transfer` and `Approval` share one
 * signature (so one first topic), and only ERC-721's indexes the token id, a
 * fourth topic. A log with more topics is read by the first four, one with
 * fewer by what it has (its data may then hold the rest), as the contract's
 * own declaration would be. test/node/effects.test.ts holds each to its
 * standard's signature.
 */
export const THREE_TOPICS: readonly AbiEvent[] = [
  // ERC-20
  event('Transfer', indexed('from'), indexed('to'), unindexed('value', 'uint256')),
  event('Approval', indexed('owner'), indexed('spender'), unindexed('value', 'uint256')),
  // ERC-721 and ERC-1155
  event('ApprovalForAll', indexed('owner'), indexed('operator'), unindexed('approved', 'bool')),
];
export const FOUR_TOPICS: readonly AbiEvent[] = [
  // ERC-721
  event('Transfer', indexed('from'), indexed('to'), indexed('tokenId', 'uint256')),
  event('Approval', indexed('owner'), indexed('spender'), indexed('tokenId', 'uint256')),
  // ERC-1155
  event('TransferSingle', indexed('operator'), indexed('from'), indexed('to'), unindexed('id', 'uint256'), unindexed('value', 'uint256')),
  event('TransferBatch', indexed('operator'), indexed('from'), indexed('to'), unindexed('ids', 'uint256[]'), unindexed('values', 'uint256[]')),
  // Permit2 (Uniswap)'s own allowance
  event('Approval', indexed('owner'), indexed('token'), indexed('spender'), unindexed('amount', 'uint160'), unindexed('expiration', 'uint48')),
  event(
    'Permit',
    indexed('owner'),
    indexed('token'),
    indexed('spender'),
    unindexed('amount', 'uint160'),
    unindexed('expiration', 'uint48'),
    unindexed('nonce', 'uint48'),
  ),
];

/** A grant the user gives: who may move what. */
export type Grant =
  /** An ERC-20 allowance (`amount`) or an ERC-721 approval of one token (`amount` undefined). */
  | { kind: 'allowance'; token: string; spender: string; amount: bigint | undefined }
  /** `ApprovalForAll(owner, operator, true)`: every token of the collection. */
  | { kind: 'operator'; token: string; spender: string }
  /** Permit2's own allowance: `spender` may pull `token` through the Permit2 contract. */
  | { kind: 'permit2'; token: string; spender: string; amount: bigint };

/** What the sequence does to the user's wallet. */
export interface Effects {
  /** The first call that reverts, with its reason when readable. */
  reverted?: { index: number; reason: string | undefined } | undefined;
  /** Net amount leaving the wallet per asset (lower-case token address, or NATIVE_TOKEN); arrivals are negative. */
  net: ReadonlyMap<string, bigint>;
  /** Whether an NFT or an ERC-1155 token leaves the wallet. */
  collectibleOut: boolean;
  grants: readonly Grant[];
}

/** One of the events above, its address arguments lowercase; an argument its data does not hold is missing. */
interface ReadEvent {
  name: string;
  args: Record<string, unknown>;
}

/**
 * A log as one of the events read, by viem's decoder. Not strict: when the
 * data does not decode, the topics' arguments are still read and the data's
 * are missing, so the rules below count an unreadable amount as the largest
 * (the worst case) instead of skipping the log. Undefined for any other event,
 * or topics that are no ABI words.
 */
function readLog(log: SimulatedLog): ReadEvent | undefined {
  try {
    const { eventName, args } = decodeEventLog({
      abi: log.topics.length === 3 ? THREE_TOPICS : FOUR_TOPICS,
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data as Hex,
      strict: false,
    });
    const named = (args ?? {}) as Record<string, unknown>;
    return { name: eventName, args: Object.fromEntries(Object.entries(named).map(([k, v]) => [k, typeof v === 'string' ? v.toLowerCase() : v])) };
  } catch {
    return undefined;
  }
}

/** An amount argument; missing (the data did not decode) counts as the largest, the worst case. */
const amountOf = (value: unknown): bigint => (typeof value === 'bigint' ? value : MAX_UINT256);

/**
 * An `Error(string)` or `Panic(uint256)` revert as words (viem's decoder,
 * which knows both without an ABI); undefined for anything else (custom
 * errors, empty or malformed data).
 */
export function revertReason(data: string): string | undefined {
  try {
    const { errorName, args } = decodeErrorResult({ data: data as Hex });
    if (errorName === 'Panic') return `panic 0x${(args[0] as bigint).toString(16)}`;
    if (errorName === 'Error') return inertText(args[0] as string, 120) || undefined;
  } catch {
    // Not one of the two, or not decodable: no reason to show.
  }
  return undefined;
}

/** What the calls do to `owner`'s wallet: only successful calls have effects; the first revert is noted. */
export function readEffects(owner: string, calls: readonly SimulatedCall[]): Effects {
  const me = owner.toLowerCase();
  const net = new Map<string, bigint>();
  const grants: Grant[] = [];
  let collectibleOut = false;
  const move = (asset: string, amount: bigint) => net.set(asset, (net.get(asset) ?? 0n) + amount);
  const failed = calls.findIndex((c) => !c.ok);
  for (const log of calls.flatMap((c) => (c.ok ? c.logs : []))) {
    const event = readLog(log);
    if (!event) continue;
    const { name, args } = event;
    if (name === 'Transfer' && log.topics.length === 3) {
      // ERC-20 (and native, with traceTransfers): the value in the data.
      const value = amountOf(args.value);
      if (args.from === me) move(log.address, value);
      if (args.to === me) move(log.address, -value);
    } else if (name === 'Transfer') {
      // ERC-721: the token id is indexed too.
      if (args.from === me) collectibleOut = true;
    } else if (name === 'TransferSingle' || name === 'TransferBatch') {
      if (args.from === me) collectibleOut = true;
    } else if (args.owner === me) {
      grants.push(...grantOf(log, event));
    }
  }
  return {
    reverted: failed === -1 ? undefined : { index: failed, reason: revertReason(calls[failed]!.returnData) },
    net,
    collectibleOut,
    grants,
  };
}

/** The grant an owner's log gives, if it is one (a zero allowance, a cleared approval or a revoked operator is none). */
function grantOf(log: SimulatedLog, { name, args }: ReadEvent): Grant[] {
  const token = log.address;
  if (name === 'Permit' || (name === 'Approval' && 'token' in args)) {
    // Permit2: owner, token, spender indexed; the amount first in the data.
    const amount = amountOf(args.amount);
    return amount === 0n ? [] : [{ kind: 'permit2', token: String(args.token), spender: String(args.spender), amount }];
  }
  if (name === 'Approval' && log.topics.length === 3) {
    const amount = amountOf(args.value);
    return amount === 0n ? [] : [{ kind: 'allowance', token, spender: String(args.spender), amount }];
  }
  // ERC-721: approval of one token id; to the zero address it clears one.
  if (name === 'Approval')
    return /^0x0{40}$/.test(String(args.spender)) ? [] : [{ kind: 'allowance', token, spender: String(args.spender), amount: undefined }];
  // An unreadable flag counts as set, the worst case.
  if (name === 'ApprovalForAll') return args.approved === false ? [] : [{ kind: 'operator', token, spender: String(args.operator) }];
  return [];
}

/**
 * The effects against what the user agreed to (see the module notes).
 * `approvals` are the approvals as the widget sends them (`amount` the
 * amount in the transaction: 2^256−1 under the `unlimited-approval` opt-in).
 */
export function checkEffects(agreed: Agreement, route: Route, approvals: readonly RequiredApproval[], effects: Effects): Verdict {
  if (effects.reverted) return refuse('effect-reverted', effects.reverted.reason);
  const source = isNativeToken(agreed.fromToken.address) ? NATIVE_TOKEN : agreed.fromToken.address.toLowerCase();
  if (effects.collectibleOut) return refuse('effect-token');
  for (const [asset, amount] of effects.net) if (amount > 0n && asset !== source && asset !== NATIVE_TOKEN) return refuse('effect-token');
  if (source !== NATIVE_TOKEN && (effects.net.get(source) ?? 0n) > approvalBound(agreed, route)) return refuse('effect-amount');
  if ((effects.net.get(NATIVE_TOKEN) ?? 0n) > nativeValueBound(agreed, route)) return refuse('effect-native');
  for (const grant of effects.grants) if (!listed(grant, approvals)) return refuse('effect-allowance');
  return OK;
}

/** An ERC-20 allowance the route lists, for at most what the widget approves. */
function listed(grant: Grant, approvals: readonly RequiredApproval[]): boolean {
  if (grant.kind !== 'allowance' || grant.amount === undefined) return false;
  const { token, spender, amount } = grant;
  return approvals.some((a) => a.tokenAddress.toLowerCase() === token && a.spender.toLowerCase() === spender && amount <= a.amount);
}
