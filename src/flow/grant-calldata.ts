/**
 * Calldata that grants or moves the user's assets is never a bridge call.
 * The route checks (./guards.ts) refuse it by its selector, with
 * no simulation: a proxy without a simulation RPC for the chain must still
 * refuse a route whose transaction is Permit2's `approve` or an NFT
 * collection's `setApprovalForAll`, whatever contract `to` names.
 *
 * One level of batching is looked into: Multicall3's `aggregate` family and
 * the `multicall(bytes[])` routers use; a grant inside is refused as if it
 * were the call itself, and so is a batch inside a batch (nothing that
 * bridges needs one, and it would hide what the next level does) or a
 * batch that does not decode.
 */

import { decodeFunctionData, toFunctionSelector, type AbiFunction, type AbiParameter, type Hex } from 'viem';

/** Selectors that grant an allowance or an operator, or move the caller's tokens, on any contract. */
export const GRANT_SELECTORS: Readonly<Record<string, string>> = {
  '0xa9059cbb': 'transfer(address,uint256)',
  '0x23b872dd': 'transferFrom(address,address,uint256)',
  '0x095ea7b3': 'approve(address,uint256)',
  '0x39509351': 'increaseAllowance(address,uint256)',
  '0xd505accf': 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  '0x8fcbaf0c': 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)',
  // Permit2 (Uniswap): allowance, signature transfers and allowance transfers.
  '0x87517c45': 'approve(address,address,uint160,uint48)',
  '0x2b67b570': 'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)',
  '0x2a2d80d1': 'permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)',
  '0x30f28b7a': 'permitTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes)',
  '0xedd9444b': 'permitTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes)',
  '0x137c29fe': 'permitWitnessTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes32,string,bytes)',
  '0xfe8ec1a7': 'permitWitnessTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes32,string,bytes)',
  '0x36c78516': 'transferFrom(address,address,uint160,address)',
  '0x0d58b1db': 'transferFrom((address,address,uint160,address)[])',
  // ERC-721 / ERC-1155 operators and transfers; ERC-777 operators.
  '0xa22cb465': 'setApprovalForAll(address,bool)',
  '0x42842e0e': 'safeTransferFrom(address,address,uint256)',
  '0xb88d4fde': 'safeTransferFrom(address,address,uint256,bytes)',
  '0xf242432a': 'safeTransferFrom(address,address,uint256,uint256,bytes)',
  '0x2eb2c2d6': 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  '0x959b8c3f': 'authorizeOperator(address)',
};

/** The calls of a Multicall3 batch: a target and its calldata (`aggregate3` adds whether it may fail, `aggregate3Value` the value too). */
const calls = (...fields: AbiParameter[]): AbiParameter => ({
  name: 'calls',
  type: 'tuple[]',
  components: [{ name: 'target', type: 'address' }, ...fields, { name: 'callData', type: 'bytes' }],
});
const batch = (name: string, ...inputs: AbiParameter[]): AbiFunction => ({ type: 'function', name, stateMutability: 'payable', inputs, outputs: [] });
const allowFailure: AbiParameter = { name: 'allowFailure', type: 'bool' };
const requireSuccess: AbiParameter = { name: 'requireSuccess', type: 'bool' };
const data: AbiParameter = { name: 'data', type: 'bytes[]' };

/**
 * Batching entry points: Multicall3's `aggregate`, `tryAggregate`,
 * `blockAndAggregate`, `tryBlockAndAggregate`, `aggregate3`,
 * `aggregate3Value`, and the routers' `multicall(bytes[])`,
 * `multicall(uint256,bytes[])`, `multicall(bytes32,bytes[])`; decoded by
 * viem (test/node/grant-calldata.test.ts checks the selectors against the
 * signatures and encodes each batch with viem).
 */
const BATCHES = [
  batch('aggregate', calls()),
  batch('tryAggregate', requireSuccess, calls()),
  batch('blockAndAggregate', calls()),
  batch('tryBlockAndAggregate', requireSuccess, calls()),
  batch('aggregate3', calls(allowFailure)),
  batch('aggregate3Value', calls(allowFailure, { name: 'value', type: 'uint256' })),
  batch('multicall', data),
  batch('multicall', { name: 'deadline', type: 'uint256' }, data),
  batch('multicall', { name: 'previousBlockhash', type: 'bytes32' }, data),
];
export const BATCH_SELECTORS = BATCHES.map((item) => toFunctionSelector(item));

/** Calls a batch may hold before it is refused unread: far above any bridge's. */
const MAX_INNER_CALLS = 64;

const selectorOf = (data: string) => data.slice(0, 10).toLowerCase();

/** The inner calls' calldata of a batching call, or undefined when `data` is no batch; throws when it is one that does not decode. */
function innerCalls(data: string): string[] | undefined {
  if (!BATCH_SELECTORS.includes(selectorOf(data) as Hex)) return undefined;
  const { args } = decodeFunctionData({ abi: BATCHES, data: data as Hex });
  // The list is the last argument: `bytes[]`, or tuples that carry their `callData`.
  const list = args?.at(-1) as readonly (Hex | { callData: Hex })[];
  if (list.length > MAX_INNER_CALLS) throw new Error('too many calls');
  return list.map((call) => (typeof call === 'string' ? call : call.callData));
}

/**
 * Whether `data`, sent as the bridge call, grants or moves the user's assets
 * itself or in one of the calls of a batch it makes; a nested or undecodable
 * batch counts as one.
 */
export function grantsAssets(data: string): boolean {
  if (selectorOf(data) in GRANT_SELECTORS) return true;
  let inner: string[] | undefined;
  try {
    inner = innerCalls(data);
  } catch {
    return true;
  }
  return !!inner?.some((call) => selectorOf(call) in GRANT_SELECTORS || BATCH_SELECTORS.includes(selectorOf(call) as Hex));
}
