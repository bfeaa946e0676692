import { getAccounts, getChainId } from './chain.js';
import { WalletError } from './errors.js';
import { loadChecksum } from '../model/checksum.js';
import { sleep } from '../model/sleep.js';
import { assertAddress, parseHash, toQuantity, type Address, type Hash } from './hex.js';
import { PROMPT_TIMEOUT_MS, READ_TIMEOUT_MS, callProvider, type CallOptions, type Eip1193Provider } from './provider.js';

export interface TxRequest {
  from: Address;
  to: Address;
  data?: `0x${string}`;
  value?: bigint;
  gas?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  gasPrice?: bigint;
  chainId: number;
}

export interface TxReceipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  transactionHash: Hash;
}

export interface WaitOptions {
  signal?: AbortSignal;
  pollMs?: number;
  timeoutMs?: number;
}

/**
 * The EIP-55 spelling of an account handed to the wallet, once that code is
 * here (../model/checksum.ts): the widget keeps accounts lowercase (./hex.ts),
 * and a wallet need not compare them case-insensitively. In this file, loaded
 * with a transfer, so that the first load does not carry it.
 */
export async function checksummed(address: Address): Promise<Address> {
  return (await loadChecksum()).checksumAddress(address);
}

/**
 * Sends `tx` through the wallet after checking that the wallet is on
 * `tx.chainId` with `tx.from` selected: the user may have switched either in
 * the wallet since the route was built, and a transaction signed on the wrong
 * chain or by the wrong account would move funds the route did not plan for.
 * `from` goes to the wallet checksummed (`checksummed`).
 */
export async function sendTransaction(provider: Eip1193Provider, tx: TxRequest, options?: CallOptions): Promise<Hash> {
  assertAddress(tx.from, 'from');
  assertAddress(tx.to, 'to');
  const signer = { ...tx, from: await checksummed(tx.from) };
  await assertSigner(provider, signer, 'the transaction', options);

  const hash = await callProvider(provider, 'eth_sendTransaction', [toRpcTransaction(signer)], options, PROMPT_TIMEOUT_MS);
  return parseHash(hash, 'transaction hash');
}

/**
 * The wallet is on `chainId` with `from` selected, checked right before a
 * signature (`what` names the request in the message): a request signed on
 * the wrong chain or by another account would move funds the route did not
 * plan for.
 */
export async function assertSigner(
  provider: Eip1193Provider,
  expected: { chainId: number; from: Address },
  what: string,
  options?: CallOptions,
): Promise<void> {
  const readOptions = { signal: options?.signal };
  const chainId = await getChainId(provider, readOptions);
  if (chainId !== expected.chainId) {
    throw new WalletError('wrong-chain', `The wallet is on chain ${chainId}, ${what} is for chain ${expected.chainId}.`);
  }
  const [account] = await getAccounts(provider, readOptions);
  if (!account || account !== expected.from.toLowerCase()) {
    throw new WalletError(
      'wrong-account',
      account
        ? `The wallet's selected account ${await checksummed(account)} is not ${expected.from}.`
        : `The wallet has no connected account; expected ${expected.from}.`,
    );
  }
}

function toRpcTransaction(tx: TxRequest): Record<string, string> {
  const rpc: Record<string, string> = { from: tx.from, to: tx.to, chainId: toQuantity(tx.chainId) };
  if (tx.data !== undefined) rpc.data = tx.data;
  // Wallets refuse a transaction carrying both fee models; EIP-1559 fees win.
  const legacy = tx.maxFeePerGas === undefined && tx.maxPriorityFeePerGas === undefined;
  for (const field of ['value', 'gas', 'maxFeePerGas', 'maxPriorityFeePerGas', 'gasPrice'] as const) {
    const value = tx[field];
    if (value !== undefined && (field !== 'gasPrice' || legacy)) rpc[field] = toQuantity(value);
  }
  return rpc;
}

const DEFAULT_POLL_MS = 1_000;
// Generous: a congested source chain can take minutes to include a transaction.
const DEFAULT_RECEIPT_TIMEOUT_MS = 10 * 60_000;
// A flaky RPC should not end the wait, a dead one should not be hidden behind 'timeout'.
const MAX_CONSECUTIVE_POLL_ERRORS = 5;

/**
 * Polls `eth_getTransactionReceipt` until the transaction is mined. A reverted
 * transaction resolves with `status: 'reverted'`; what that means is the caller's call.
 */
export async function waitForReceipt(provider: Eip1193Provider, hash: Hash, options?: WaitOptions): Promise<TxReceipt> {
  const pollMs = options?.pollMs ?? DEFAULT_POLL_MS;
  const deadline = Date.now() + (options?.timeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS);
  const signal = options?.signal;
  let consecutiveErrors = 0;

  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new WalletError('timeout', `Transaction ${hash} was not mined in time.`);
    }
    try {
      const receipt = await callProvider(
        provider,
        'eth_getTransactionReceipt',
        [hash],
        { signal, timeoutMs: Math.min(remaining, READ_TIMEOUT_MS) },
        READ_TIMEOUT_MS,
      );
      consecutiveErrors = 0;
      if (receipt) return parseReceipt(receipt, hash);
    } catch (error) {
      if (!(error instanceof WalletError) || ++consecutiveErrors >= MAX_CONSECUTIVE_POLL_ERRORS) throw error;
    }
    await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())), signal);
  }
}

function parseReceipt(value: unknown, hash: Hash): TxReceipt {
  const receipt = value as { status?: unknown; blockNumber?: unknown; transactionHash?: unknown };
  const status = receipt.status === '0x1' ? 'success' : receipt.status === '0x0' ? 'reverted' : undefined;
  // A receipt without status (pre-Byzantium, or a broken node) says nothing
  // about success; guessing either way would mislead the flow.
  if (!status || typeof receipt.blockNumber !== 'string' || !/^0x[0-9a-fA-F]+$/.test(receipt.blockNumber)) {
    throw new WalletError('rpc', `The wallet returned a malformed receipt for ${hash}.`);
  }
  return {
    status,
    blockNumber: BigInt(receipt.blockNumber),
    transactionHash: typeof receipt.transactionHash === 'string' ? parseHash(receipt.transactionHash, 'receipt hash') : hash,
  };
}
