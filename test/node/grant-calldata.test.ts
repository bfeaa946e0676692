/**
 * Grants are refused by the route checks alone: no simulation, no
 * chain. Every call that grants an allowance or an operator, or moves the
 * caller's tokens, is refused as the bridge call on any contract, and so is a
 * Multicall3 or `multicall` batch carrying one one level down; honest bridge
 * calls, and honest batches of them, pass.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFunctionData, erc20Abi, maxUint160, maxUint48, parseAbi, toFunctionSelector, type Hex } from 'viem';
import { checkRoute, checkTransaction, type Verdict } from '../../src/flow/guards.ts';
import { BATCH_SELECTORS, GRANT_SELECTORS, grantsAssets } from '../../src/flow/grant-calldata.ts';
import { AMOUNT, ROUTER, USDC, USER, agreement, bridgeCall, route } from './helpers/route-fixtures.ts';

const ATTACKER = '0x7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a' as const;
const NFT = '0x9999999999999999999999999999999999999999' as const;
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3' as const;
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;

function refused(verdict: Verdict, rule: string): void {
  assert.equal(verdict.ok, false, `expected a refusal by ${rule}`);
  if (!verdict.ok) assert.equal(verdict.rule, rule);
}

const abi = parseAbi([
  'function increaseAllowance(address spender, uint256 added)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function permit(address holder, address spender, uint256 nonce, uint256 expiry, bool allowed, uint8 v, bytes32 r, bytes32 s)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'struct PermitDetails { address token; uint160 amount; uint48 expiration; uint48 nonce; }',
  'struct PermitSingle { PermitDetails details; address spender; uint256 sigDeadline; }',
  'struct PermitBatch { PermitDetails[] details; address spender; uint256 sigDeadline; }',
  'function permit(address owner, PermitSingle permitSingle, bytes signature)',
  'function permit(address owner, PermitBatch permitBatch, bytes signature)',
  'struct TokenPermissions { address token; uint256 amount; }',
  'struct PermitTransferFrom { TokenPermissions permitted; uint256 nonce; uint256 deadline; }',
  'struct PermitBatchTransferFrom { TokenPermissions[] permitted; uint256 nonce; uint256 deadline; }',
  'struct SignatureTransferDetails { address to; uint256 requestedAmount; }',
  'function permitTransferFrom(PermitTransferFrom permit, SignatureTransferDetails transferDetails, address owner, bytes signature)',
  'function permitTransferFrom(PermitBatchTransferFrom permit, SignatureTransferDetails[] transferDetails, address owner, bytes signature)',
  'function permitWitnessTransferFrom(PermitTransferFrom permit, SignatureTransferDetails transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)',
  'function permitWitnessTransferFrom(PermitBatchTransferFrom permit, SignatureTransferDetails[] transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)',
  'struct AllowanceTransferDetails { address from; address to; uint160 amount; address token; }',
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'function transferFrom(AllowanceTransferDetails[] transferDetails)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  'function authorizeOperator(address operator)',
  'struct Call { address target; bytes callData; }',
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
  'function aggregate(Call[] calls)',
  'function tryAggregate(bool requireSuccess, Call[] calls)',
  'function blockAndAggregate(Call[] calls)',
  'function tryBlockAndAggregate(bool requireSuccess, Call[] calls)',
  'function aggregate3(Call3[] calls)',
  'function aggregate3Value(Call3Value[] calls)',
  'function multicall(bytes[] data)',
  'function multicall(uint256 deadline, bytes[] data)',
  'function multicall(bytes32 previousBlockhash, bytes[] data)',
]);

/** Each grant, encoded as a caller would, by name. */
const GRANTS: Record<string, Hex> = {
  'ERC-20 transfer': encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ATTACKER, AMOUNT] }),
  'ERC-20 transferFrom': encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [USER, ATTACKER, AMOUNT] }),
  'ERC-20 approve': encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ATTACKER, AMOUNT] }),
  'ERC-20 increaseAllowance': encodeFunctionData({ abi, functionName: 'increaseAllowance', args: [ATTACKER, AMOUNT] }),
  'ERC-2612 permit': encodeFunctionData({
    abi,
    functionName: 'permit',
    args: [USER, ATTACKER, AMOUNT, 1n, 27, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`],
  }),
  'DAI permit': encodeFunctionData({ abi, functionName: 'permit', args: [USER, ATTACKER, 0n, 0n, true, 27, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`] }),
  'Permit2 approve': encodeFunctionData({ abi, functionName: 'approve', args: [USDC, ATTACKER, maxUint160, Number(maxUint48)] }),
  'Permit2 permit (single)': encodeFunctionData({
    abi,
    functionName: 'permit',
    args: [USER, { details: { token: USDC, amount: maxUint160, expiration: 1, nonce: 0 }, spender: ATTACKER, sigDeadline: 1n }, '0x'],
  }),
  'Permit2 permit (batch)': encodeFunctionData({
    abi,
    functionName: 'permit',
    args: [USER, { details: [{ token: USDC, amount: maxUint160, expiration: 1, nonce: 0 }], spender: ATTACKER, sigDeadline: 1n }, '0x'],
  }),
  'Permit2 permitTransferFrom': encodeFunctionData({
    abi,
    functionName: 'permitTransferFrom',
    args: [{ permitted: { token: USDC, amount: AMOUNT }, nonce: 0n, deadline: 1n }, { to: ATTACKER, requestedAmount: AMOUNT }, USER, '0x'],
  }),
  'Permit2 permitTransferFrom (batch)': encodeFunctionData({
    abi,
    functionName: 'permitTransferFrom',
    args: [{ permitted: [{ token: USDC, amount: AMOUNT }], nonce: 0n, deadline: 1n }, [{ to: ATTACKER, requestedAmount: AMOUNT }], USER, '0x'],
  }),
  'Permit2 permitWitnessTransferFrom': encodeFunctionData({
    abi,
    functionName: 'permitWitnessTransferFrom',
    args: [
      { permitted: { token: USDC, amount: AMOUNT }, nonce: 0n, deadline: 1n },
      { to: ATTACKER, requestedAmount: AMOUNT },
      USER,
      `0x${'00'.repeat(32)}`,
      '',
      '0x',
    ],
  }),
  'Permit2 transferFrom': encodeFunctionData({ abi, functionName: 'transferFrom', args: [USER, ATTACKER, AMOUNT, USDC] }),
  'Permit2 transferFrom (batch)': encodeFunctionData({
    abi,
    functionName: 'transferFrom',
    args: [[{ from: USER, to: ATTACKER, amount: AMOUNT, token: USDC }]],
  }),
  'ERC-721/1155 setApprovalForAll': encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [ATTACKER, true] }),
  'ERC-721 safeTransferFrom': encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [USER, ATTACKER, 1n] }),
  'ERC-721 safeTransferFrom with data': encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [USER, ATTACKER, 1n, '0x'] }),
  'ERC-1155 safeTransferFrom': encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [USER, ATTACKER, 1n, 1n, '0x'] }),
  'ERC-1155 safeBatchTransferFrom': encodeFunctionData({ abi, functionName: 'safeBatchTransferFrom', args: [USER, ATTACKER, [1n], [1n], '0x'] }),
  'ERC-777 authorizeOperator': encodeFunctionData({ abi, functionName: 'authorizeOperator', args: [ATTACKER] }),
};

/** `inner` wrapped one level down in each batching entry point. */
function batches(inner: Hex, target: `0x${string}` = NFT as `0x${string}`): Record<string, Hex> {
  const calls = [
    { target: ROUTER as `0x${string}`, callData: bridgeCall as Hex },
    { target, callData: inner },
  ];
  const calls3 = calls.map((c) => ({ ...c, allowFailure: false }));
  return {
    aggregate: encodeFunctionData({ abi, functionName: 'aggregate', args: [calls] }),
    tryAggregate: encodeFunctionData({ abi, functionName: 'tryAggregate', args: [true, calls] }),
    blockAndAggregate: encodeFunctionData({ abi, functionName: 'blockAndAggregate', args: [calls] }),
    tryBlockAndAggregate: encodeFunctionData({ abi, functionName: 'tryBlockAndAggregate', args: [false, calls] }),
    aggregate3: encodeFunctionData({ abi, functionName: 'aggregate3', args: [calls3] }),
    aggregate3Value: encodeFunctionData({ abi, functionName: 'aggregate3Value', args: [calls3.map((c) => ({ ...c, value: 0n }))] }),
    'multicall(bytes[])': encodeFunctionData({ abi, functionName: 'multicall', args: [[bridgeCall as Hex, inner]] }),
    'multicall(uint256,bytes[])': encodeFunctionData({ abi, functionName: 'multicall', args: [1n, [bridgeCall as Hex, inner]] }),
    'multicall(bytes32,bytes[])': encodeFunctionData({ abi, functionName: 'multicall', args: [`0x${'00'.repeat(32)}`, [bridgeCall as Hex, inner]] }),
  };
}

describe('guards: grants refused without simulation', () => {
  it('the selector table matches the signatures it names', () => {
    for (const [selector, signature] of Object.entries(GRANT_SELECTORS)) assert.equal(toFunctionSelector(`function ${signature}`), selector, signature);
    const batchSignatures = [
      'aggregate((address,bytes)[])',
      'tryAggregate(bool,(address,bytes)[])',
      'blockAndAggregate((address,bytes)[])',
      'tryBlockAndAggregate(bool,(address,bytes)[])',
      'aggregate3((address,bool,bytes)[])',
      'aggregate3Value((address,bool,uint256,bytes)[])',
      'multicall(bytes[])',
      'multicall(uint256,bytes[])',
      'multicall(bytes32,bytes[])',
    ];
    assert.deepEqual(
      batchSignatures.map((s) => toFunctionSelector(`function ${s}`)),
      BATCH_SELECTORS,
    );
  });

  for (const [name, data] of Object.entries(GRANTS)) {
    it(`${name} as the bridge call, on any contract: refused (transaction-calldata)`, () => {
      for (const to of [ROUTER, PERMIT2, NFT, MULTICALL3]) refused(checkRoute(agreement(), route({ transaction: { to, data } })), 'transaction-calldata');
    });
  }

  it('each grant one multicall/aggregate level down: refused, whichever batching entry point carries it', () => {
    for (const [grant, inner] of Object.entries(GRANTS)) {
      for (const [entry, data] of Object.entries(batches(inner))) {
        assert.equal(grantsAssets(data), true, `${grant} inside ${entry}`);
        refused(checkTransaction(agreement(), route({ transaction: { to: MULTICALL3, data } })), 'transaction-calldata');
      }
    }
  });

  it('a batch inside a batch, and a batch that does not decode, are refused: what they hide cannot be read', () => {
    const nested = batches(batches(bridgeCall as Hex).aggregate3!).aggregate3!;
    refused(checkTransaction(agreement(), route({ transaction: { to: MULTICALL3, data: nested } })), 'transaction-calldata');
    refused(checkTransaction(agreement(), route({ transaction: { to: MULTICALL3, data: `0x82ad56cb${'ff'.repeat(40)}` } })), 'transaction-calldata');
  });

  it('a batch of more calls than any bridge makes, or whose offset or length points beyond its data, is refused unread', () => {
    const aggregate3 = (count: number) =>
      encodeFunctionData({
        abi,
        functionName: 'aggregate3',
        args: [Array.from({ length: count }, () => ({ target: ROUTER as Hex, allowFailure: false, callData: bridgeCall as Hex }))],
      });
    assert.equal(grantsAssets(aggregate3(64)), false, '64 honest calls');
    assert.equal(grantsAssets(aggregate3(65)), true, '65 calls');
    // The hand-written decoder's cases, as bytes: after the selector, the list's offset word, then at that offset its length.
    const honest = aggregate3(1);
    const word = (value: bigint) => value.toString(16).padStart(64, '0');
    assert.equal(grantsAssets(`${honest.slice(0, 10)}${word(0x10000n)}${honest.slice(74)}`), true, 'the list beyond the data');
    assert.equal(grantsAssets(`${honest.slice(0, 74)}${word(2n ** 32n)}${honest.slice(138)}`), true, 'a length of 2^32 calls');
    assert.equal(grantsAssets(honest.slice(0, -64)), true, 'cut short');
  });

  it('honest calls pass: a bridge call, and a batch of bridge calls', () => {
    assert.deepEqual(checkRoute(agreement(), route({ transaction: { data: bridgeCall } })), { ok: true });
    for (const [entry, data] of Object.entries(batches(bridgeCall as Hex, ROUTER))) {
      assert.equal(grantsAssets(data), false, entry);
      assert.deepEqual(checkTransaction(agreement(), route({ transaction: { to: MULTICALL3, data } })), { ok: true }, entry);
    }
  });
});
