/** Boots both sandbox chains in this process and deploys their contracts. */
import { ALL_DEV_ACCOUNTS } from './accounts.js';
import { createChainClients, type ChainClients } from './chain-client.js';
import { deploySandboxContracts } from './deploy.js';
import { createLocalChain, type LocalChain } from './edr-chain.js';
import { GENESIS_ETH, SANDBOX_NETWORKS, type SandboxNetwork } from './networks.js';

export interface SandboxChain {
  network: SandboxNetwork;
  chain: LocalChain;
  clients: ChainClients;
}

export async function startLocalNetworks(): Promise<SandboxChain[]> {
  return Promise.all(
    SANDBOX_NETWORKS.map(async (network) => {
      const chain = await createLocalChain({
        chainId: network.chainId,
        name: network.name,
        genesisAccounts: ALL_DEV_ACCOUNTS.map((a) => ({ address: a.address, balance: GENESIS_ETH })),
        ownedAccountKeys: ALL_DEV_ACCOUNTS.map((a) => a.privateKey),
      });
      const clients = createChainClients(chain.provider, network.chainId, network.name);
      await deploySandboxContracts(network, clients, chain.provider);
      return { network, chain, clients };
    }),
  );
}
