import { MAX_UINT256, isNativeToken } from '../model/tokens.js';
import { WalletError } from './errors.js';
import { assertAddress, type Address, type Hash } from './hex.js';
import { READ_TIMEOUT_MS, callProvider, type CallOptions, type Eip1193Provider } from './provider.js';
import { sendTransaction } from './transaction.js';

export interface ApproveErc20Args {
  from: Address;
  token: Address;
  spender: Address;
  /** Exact amount in base units; the routing service's approvals are exact, never unlimited. */
  amount: bigint;
  chainId: number;
  /** The gas limit to pass; the wallet estimates it when absent. */
  gas?: bigint | undefined;
}

export interface Erc20AllowanceArgs {
  token: Address;
  owner: Address;
  spender: Address;
}

// Calldata for the three fixed ERC-20 calls, encoded by hand: a selector and
// two 32-byte words. viem's encodeFunctionData + erc20Abi, measured 2026-11-28
// (script-tag build, gzip -9): the first load unchanged (56,531 B; the ABI
// coder lands in the batch chunk) but a complete English transfer grew from
// 100,963 B to 106,454 B (+5,491 B), over its 102,400 B budget.
// test/node/wallet.test.ts checks these against viem.
const APPROVE_SELECTOR = '0x095ea7b3'; // approve(address,uint256)
const ALLOWANCE_SELECTOR = '0xdd62ed3e'; // allowance(address,address)
const BALANCE_OF_SELECTOR = '0x70a08231'; // balanceOf(address)

/** One ABI word; an address argument is checked here, for every call that encodes one. */
function word(value: Address | bigint, name?: string): string {
  if (name) assertAddress(value, name);
  return (typeof value === 'bigint' ? value.toString(16) : value.slice(2).toLowerCase()).padStart(64, '0');
}

export function encodeApprove(spender: Address, amount: bigint): `0x${string}` {
  if (amount < 0n || amount > MAX_UINT256) throw new RangeError(`The approval amount ${amount} is not a uint256.`);
  return `${APPROVE_SELECTOR}${word(spender, 'spender')}${word(amount)}`;
}

export function encodeAllowance(owner: Address, spender: Address): `0x${string}` {
  return `${ALLOWANCE_SELECTOR}${word(owner, 'owner')}${word(spender, 'spender')}`;
}

export function encodeBalanceOf(owner: Address): `0x${string}` {
  return `${BALANCE_OF_SELECTOR}${word(owner, 'owner')}`;
}

/** Sends `approve(spender, amount)` on `token`; resolves with the transaction hash. */
export function approveErc20(provider: Eip1193Provider, args: ApproveErc20Args, options?: CallOptions): Promise<Hash> {
  // sendTransaction checks `token` as its `to`.
  const data = encodeApprove(args.spender, args.amount);
  return sendTransaction(provider, { from: args.from, to: args.token, data, chainId: args.chainId, ...(args.gas ? { gas: args.gas } : {}) }, options);
}

/** Reads `allowance(owner, spender)` through the wallet's RPC, on the wallet's current chain. */
export async function readErc20Allowance(provider: Eip1193Provider, args: Erc20AllowanceArgs, options?: CallOptions): Promise<bigint> {
  assertAddress(args.token, 'token');
  const data = encodeAllowance(args.owner, args.spender);
  const result = await callProvider(provider, 'eth_call', [{ to: args.token, data }, 'latest'], options, READ_TIMEOUT_MS);
  // A uint256 return is exactly one 32-byte word; '0x' means no contract at `token`.
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) {
    throw new WalletError('rpc', `allowance() on ${args.token} returned ${String(result)}; is it an ERC-20 on this chain?`);
  }
  return BigInt(result);
}

/** The balance of `owner` in `token` (the native token's address reads the gas token), through the wallet's RPC, on the wallet's current chain. */
export async function readTokenBalance(provider: Eip1193Provider, args: { token: Address; owner: Address }, options?: CallOptions): Promise<bigint> {
  const { token, owner } = args;
  assertAddress(owner, 'owner');
  const native = isNativeToken(token);
  if (!native) assertAddress(token, 'token');
  const result = native
    ? await callProvider(provider, 'eth_getBalance', [owner, 'latest'], options, READ_TIMEOUT_MS)
    : await callProvider(provider, 'eth_call', [{ to: token, data: encodeBalanceOf(owner) }, 'latest'], options, READ_TIMEOUT_MS);
  if (typeof result !== 'string' || !(native ? /^0x[0-9a-fA-F]{1,64}$/ : /^0x[0-9a-fA-F]{64}$/).test(result)) {
    throw new WalletError('rpc', `Reading the balance of ${token} returned ${String(result)}.`);
  }
  return BigInt(result);
}
