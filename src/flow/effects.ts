/**
 * Judge a route by what it does (issue 25): the simulation of the whole
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
import type { RequiredApproval } from '../api/approvals.js';
import type { Route } from '../api/schemas.js';
import type { SimulatedCall, SimulatedLog } from '../api/simulation.js';
import { MAX_UINT256, NATIVE_TOKEN, isNativeToken } from '../model/tokens.js';
import { inertText } from '../model/text.js';
import { OK, approvalBound, nativeValueBound, refuse, type Agreement, type Verdict } from './guards.js';

// keccak256 of each event's signature (test/node/effects.test.ts checks them with viem).
export const TOPICS = {
  transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  approval: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  approvalForAll: '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31',
  /** Permit2: Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration). */
  permit2Approval: '0xda9fa7c1b00402c17d0161b249b1ab8bbec047c5a52207b9c112deffd817036b',
  /** Permit2: Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce). */
  permit2Permit: '0xc6a377bfc4eb120024a8ac08eef205be16b817020812c73223e81d1bdb9708ec',
  transferSingle: '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
  transferBatch: '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
} as const;

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

const topicAddress = (topic: string | undefined) => (topic && topic.length === 66 ? `0x${topic.slice(26)}`.toLowerCase() : '');
/** The `index`th 32-byte word of `data`; unreadable counts as the largest amount (the worst case). */
function dataWord(data: string, index: number): bigint {
  const digits = data.slice(2 + 64 * index, 2 + 64 * (index + 1));
  return digits.length === 64 ? BigInt(`0x${digits}`) : MAX_UINT256;
}

/**
 * An `Error(string)` or `Panic(uint256)` revert as words; undefined for
 * anything else (custom errors, empty). Read by hand: viem's
 * decodeErrorResult here, measured 2026-11-28 (script-tag build, gzip -9),
 * left the first load as it was (this file is in the batch chunk) but grew a
 * complete English transfer from 100,963 B to 106,407 B (+5,444 B, its ABI
 * decoder), over the 102,400 B budget. test/node/effects.test.ts feeds it
 * data made by viem's encodeErrorResult.
 */
export function revertReason(data: string): string | undefined {
  if (data.startsWith('0x4e487b71') && data.length >= 74) return `panic 0x${BigInt(`0x${data.slice(10, 74)}`).toString(16)}`;
  if (!data.startsWith('0x08c379a0')) return undefined;
  const length = Number(dataWord(`0x${data.slice(10)}`, 1));
  const bytes = data.slice(138, 138 + 2 * length);
  if (!Number.isSafeInteger(length) || bytes.length !== 2 * length || !/^([0-9a-fA-F]{2})*$/.test(bytes)) return undefined;
  const text = new TextDecoder().decode(new Uint8Array(bytes.match(/../g)?.map((b) => parseInt(b, 16)) ?? []));
  return inertText(text, 120) || undefined;
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
    const topic = log.topics[0]?.toLowerCase();
    const indexed = (i: number) => topicAddress(log.topics[i]);
    if (topic === TOPICS.transfer && log.topics.length === 3) {
      // ERC-20 (and native, with traceTransfers): from, to indexed; the value in data.
      const value = dataWord(log.data, 0);
      if (indexed(1) === me) move(log.address, value);
      if (indexed(2) === me) move(log.address, -value);
    } else if (topic === TOPICS.transfer) {
      // ERC-721: the token id is indexed too.
      if (indexed(1) === me) collectibleOut = true;
    } else if (topic === TOPICS.transferSingle || topic === TOPICS.transferBatch) {
      // ERC-1155: operator, from, to indexed.
      if (indexed(2) === me) collectibleOut = true;
    } else if (indexed(1) === me) {
      grants.push(...grantOf(log, topic, indexed));
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
function grantOf(log: SimulatedLog, topic: string | undefined, indexed: (i: number) => string): Grant[] {
  const token = log.address;
  const spender = indexed(2);
  if (topic === TOPICS.approval && log.topics.length === 3) {
    const amount = dataWord(log.data, 0);
    return amount === 0n ? [] : [{ kind: 'allowance', token, spender, amount }];
  }
  // ERC-721: approval of one token id; to the zero address it clears one.
  if (topic === TOPICS.approval) return /^0x0{40}$/.test(spender) ? [] : [{ kind: 'allowance', token, spender, amount: undefined }];
  if (topic === TOPICS.approvalForAll) return dataWord(log.data, 0) === 0n ? [] : [{ kind: 'operator', token, spender }];
  // Permit2: owner, token, spender indexed; the amount first in data.
  if (topic === TOPICS.permit2Approval || topic === TOPICS.permit2Permit) {
    const amount = dataWord(log.data, 0);
    return amount === 0n ? [] : [{ kind: 'permit2', token: spender, spender: indexed(3), amount }];
  }
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
