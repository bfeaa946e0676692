/**
 * viem clients bound to a local chain's EIP-1193 provider (its anvil), plus a
 * per-account transaction queue: the deployer and the operator each send from
 * one key, and viem reads the nonce per send, so concurrent sends must wait
 * their turn.
 */
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type Account,
  type Chain,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DevAccount } from './accounts.js';
import type { Eip1193Provider } from './json-rpc.js';
import { MULTICALL3_ADDRESS } from './multicall3.js';

export function sandboxViemChain(chainId: number, name: string, rpcUrl = 'http://127.0.0.1/unused'): Chain {
  return defineChain({
    id: chainId,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    // Every sandbox chain has Multicall3 at its canonical address (placed at genesis, block 0).
    contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 0 } },
  });
}

export type SandboxPublicClient = PublicClient<Transport, Chain>;
export type SandboxWalletClient = WalletClient<Transport, Chain, Account>;

export interface ChainClients {
  chain: Chain;
  publicClient: SandboxPublicClient;
  walletFor(account: DevAccount): SandboxWalletClient;
  /**
   * Sends through `send` in the account's queue and returns the mined receipt.
   * Throws (with the revert reason, from gas estimation) when the call would revert.
   */
  sendAndConfirm(account: DevAccount, send: (wallet: SandboxWalletClient) => Promise<Hash>): Promise<TransactionReceipt>;
}

export function createChainClients(provider: Eip1193Provider, chainId: number, name: string): ChainClients {
  const chain = sandboxViemChain(chainId, name);
  // Automine mines every transaction as it arrives (usually before eth_sendRawTransaction returns),
  // so polling can be tight without cost.
  const transport = custom(provider, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 }) as SandboxPublicClient;
  const wallets = new Map<string, SandboxWalletClient>();
  const queues = new Map<string, Promise<unknown>>();

  function walletFor(account: DevAccount): SandboxWalletClient {
    let wallet = wallets.get(account.address);
    if (!wallet) {
      wallet = createWalletClient({ account: privateKeyToAccount(account.privateKey), chain, transport, pollingInterval: 50 });
      wallets.set(account.address, wallet);
    }
    return wallet;
  }

  async function sendAndConfirm(account: DevAccount, send: (wallet: SandboxWalletClient) => Promise<Hash>): Promise<TransactionReceipt> {
    const previous = queues.get(account.address) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        const hash = await send(walletFor(account));
        const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
        if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted on chain ${chainId}`);
        return receipt;
      });
    queues.set(account.address, run);
    return run;
  }

  return { chain, publicClient, walletFor, sendAndConfirm };
}
