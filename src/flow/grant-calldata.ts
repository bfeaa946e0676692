/**
 * Calldata that grants or moves the user's assets is never a bridge call
 * (issue 35). The route checks (./guards.ts) refuse it by its selector, with
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

/**
 * Batching entry points and where their calls' calldata sits in the ABI
 * encoding: `list` is the argument holding the array, `bytesAt` the word of
 * each (dynamic) tuple that points to its `callData`, or -1 for `bytes[]`.
 * Multicall3's `aggregate`, `tryAggregate`, `blockAndAggregate`,
 * `tryBlockAndAggregate`, `aggregate3`, `aggregate3Value`, and the routers'
 * `multicall(bytes[])`, `multicall(uint256,bytes[])`, `multicall(bytes32,bytes[])`
 * (test/node/grant-calldata.test.ts derives the selectors from the signatures
 * and encodes each with viem). Decoded by hand: viem's generic decoder costs
 * about 6 KB gzip in the review's chunk for nine fixed layouts.
 */
const BATCHES: Readonly<Record<string, { list: number; bytesAt: number }>> = {
  '0x252dba42': { list: 0, bytesAt: 1 },
  '0xbce38bd7': { list: 1, bytesAt: 1 },
  '0xc3077fa9': { list: 0, bytesAt: 1 },
  '0x399542e9': { list: 1, bytesAt: 1 },
  '0x82ad56cb': { list: 0, bytesAt: 2 },
  '0x174dea71': { list: 0, bytesAt: 3 },
  '0xac9650d8': { list: 0, bytesAt: -1 },
  '0x5ae401dc': { list: 1, bytesAt: -1 },
  '0x1f0464d1': { list: 1, bytesAt: -1 },
};
export const BATCH_SELECTORS = Object.keys(BATCHES);

/** Calls a batch may hold before it is refused unread: far above any bridge's. */
const MAX_INNER_CALLS = 64;

const selectorOf = (data: string) => data.slice(0, 10).toLowerCase();

/** The inner calls' calldata of a batching call, or undefined when `data` is no batch; throws when it is one that does not decode. */
function innerCalls(data: string): string[] | undefined {
  const layout = BATCHES[selectorOf(data)];
  if (!layout) return undefined;
  const body = data.slice(10);
  // The 32-byte word at byte offset `at` of the arguments, as a number; anything out of range or beyond 2^32 does not decode.
  const word = (at: number): number => {
    const hex = body.slice(2 * at, 2 * at + 64);
    if (hex.length !== 64 || !/^0{56}[0-9a-fA-F]{8}$/.test(hex)) throw new Error('undecodable batch');
    return parseInt(hex, 16);
  };
  const bytesAt = (at: number): string => {
    const length = word(at);
    const hex = body.slice(2 * (at + 32), 2 * (at + 32 + length));
    if (hex.length !== 2 * length) throw new Error('undecodable batch');
    return `0x${hex}`;
  };
  const list = word(32 * layout.list);
  const count = word(list);
  if (count > MAX_INNER_CALLS) throw new Error('too many calls');
  const start = list + 32;
  return Array.from({ length: count }, (_, i) => {
    const item = start + word(start + 32 * i);
    return layout.bytesAt < 0 ? bytesAt(item) : bytesAt(item + word(item + 32 * layout.bytesAt));
  });
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
  return !!inner?.some((call) => selectorOf(call) in GRANT_SELECTORS || BATCH_SELECTORS.includes(selectorOf(call)));
}
