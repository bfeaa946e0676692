/** Starts one anvil per sandbox chain and deploys the sandbox contracts on each. */
import { ALL_DEV_ACCOUNTS, DEV_MNEMONIC } from './accounts.js';
import { startAnvil, type AnvilChain } from './anvil.js';
import { createChainClients, type ChainClients } from './chain-client.js';
import { deploySandboxContracts } from './deploy.js';
import { GENESIS_ETH, SANDBOX_NETWORKS, type SandboxNetwork } from './networks.js';

export interface SandboxChain {
  network: SandboxNetwork;
  chain: AnvilChain;
  clients: ChainClients;
}

/** `ports` maps a chain ID to its port (missing or 0: a free port). On failure every anvil started here is stopped. */
export async function startLocalNetworks(ports: ReadonlyMap<number, number> = new Map()): Promise<SandboxChain[]> {
  const started = await Promise.allSettled(SANDBOX_NETWORKS.map((network) => startNetwork(network, ports.get(network.chainId) ?? 0)));
  const chains = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await Promise.all(chains.map((c) => c.chain.close()));
    throw failure.reason;
  }
  return chains;
}

async function startNetwork(network: SandboxNetwork, port: number): Promise<SandboxChain> {
  const chain = await startAnvil({
    chainId: network.chainId,
    name: network.name,
    port,
    mnemonic: DEV_MNEMONIC,
    accounts: ALL_DEV_ACCOUNTS.length,
    balanceEther: GENESIS_ETH / 10n ** 18n,
  });
  try {
    const clients = createChainClients(chain.provider, network.chainId, network.name);
    await deploySandboxContracts(network, chain.provider);
    return { network, chain, clients };
  } catch (error) {
    await chain.close();
    throw error;
  }
}
