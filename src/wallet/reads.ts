/**
 * Reads through the wallet's own RPC that the route check needs:
 * the code at an address, the chain's current fees and a gas estimate. Each
 * reads the chain the wallet is on; the flow makes sure that is the source
 * chain first.
 */
import { WalletError } from './errors.js';
import { assertAddress, toQuantity, type Address } from './hex.js';
import { READ_TIMEOUT_MS, callProvider, type CallOptions, type Eip1193Provider } from './provider.js';

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !QUANTITY.test(value)) throw new WalletError('rpc', `The wallet returned a malformed ${what}: ${String(value)}.`);
  return BigInt(value);
}

/** Whether the account at `address` holds code (`eth_getCode`): a contract, or an EOA delegated under EIP-7702. */
export async function hasCode(provider: Eip1193Provider, address: Address, options?: CallOptions): Promise<boolean> {
  assertAddress(address, 'address');
  const code = await callProvider(provider, 'eth_getCode', [address, 'latest'], options, READ_TIMEOUT_MS);
  if (typeof code !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(code)) throw new WalletError('rpc', `The wallet returned malformed code for ${address}.`);
  return code.length > 2;
}

/**
 * The chain's fees now: `eth_gasPrice`, and from `eth_feeHistory` (the last
 * 4 blocks, 50th percentile) the next block's base fee and the median tip. A
 * wallet without `eth_feeHistory`, or a chain without base fees, leaves the
 * base fee undefined.
 */
export async function readChainFees(provider: Eip1193Provider, options?: CallOptions): Promise<{ gasPrice: bigint; baseFee: bigint | undefined; tip: bigint }> {
  const gasPrice = quantity(await callProvider(provider, 'eth_gasPrice', [], options, READ_TIMEOUT_MS), 'gas price');
  let history: { baseFeePerGas?: unknown; reward?: unknown } | undefined;
  try {
    history = (await callProvider(provider, 'eth_feeHistory', ['0x4', 'latest', [50]], options, READ_TIMEOUT_MS)) as typeof history;
  } catch (error) {
    options?.signal?.throwIfAborted();
    if (!(error instanceof WalletError)) throw error;
  }
  const bases = Array.isArray(history?.baseFeePerGas) ? (history.baseFeePerGas as unknown[]) : [];
  const next = bases.at(-1);
  const baseFee = next === undefined ? undefined : quantity(next, 'base fee');
  const tips = (Array.isArray(history?.reward) ? (history.reward as unknown[]) : [])
    .map((row) => (Array.isArray(row) ? quantity(row[0], 'priority fee') : 0n))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { gasPrice, baseFee: baseFee || undefined, tip: tips[tips.length >> 1] ?? 0n };
}

/** `eth_estimateGas` of a call from `from`; a call that would revert rejects with a `reverted` WalletError. */
export async function estimateGas(
  provider: Eip1193Provider,
  call: { from: Address; to: Address; data: `0x${string}`; value: bigint },
  options?: CallOptions,
): Promise<bigint> {
  const params = { from: call.from, to: call.to, data: call.data, value: toQuantity(call.value) };
  return quantity(await callProvider(provider, 'eth_estimateGas', [params], options, READ_TIMEOUT_MS), 'gas estimate');
}
