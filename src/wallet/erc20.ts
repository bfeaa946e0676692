import { encodeFunctionData, erc20Abi } from 'viem';
import { isNativeToken } from '../model/tokens.js';
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

// The calls' addresses are checked (a TypeError names the argument) and handed
// to viem's coder lowercase: an ABI word does not carry the EIP-55 spelling,
// and a mixed-case address the service sent is compared lowercase everywhere
// else too (viem would read its case as a checksum to verify).
const lower = (value: unknown, name: string): Address => {
  assertAddress(value, name);
  return value.toLowerCase() as Address;
};

/** `approve(spender, amount)`; an amount outside uint256 throws (viem's IntegerOutOfRangeError). */
export function encodeApprove(spender: Address, amount: bigint): `0x${string}` {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [lower(spender, 'spender'), amount] });
}

export function encodeAllowance(owner: Address, spender: Address): `0x${string}` {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [lower(owner, 'owner'), lower(spender, 'spender')] });
}

export function encodeBalanceOf(owner: Address): `0x${string}` {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [lower(owner, 'owner')] });
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
