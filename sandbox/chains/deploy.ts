/**
 * Deploys the sandbox contracts on a fresh local chain and funds accounts.
 * The transaction sequence is fixed (see DEPLOYMENT_ORDER), so every start
 * yields the same addresses; each is checked against the precomputed one.
 */
import { parseUnits, type Address, type Hex, type TransactionReceipt } from 'viem';
import {
  HoplineFeeCollectorAbi,
  HoplineRouterAbi,
  LiquidityVaultAbi,
  SandboxTokenAbi,
  SlowlaneBridgeAbi,
  SwiftRouterAbi,
  SwiftTokenTransferProxyAbi,
  DepositReceiverAbi,
} from '../artifacts/abis.js';
import { OPERATOR_ACCOUNT, TOKEN_HOLDERS } from './accounts.js';
import { bytecodeOf } from './artifacts.js';
import type { ChainClients } from './chain-client.js';
import type { Eip1193Provider } from './edr-chain.js';
import { SANDBOX_ERC20S, VAULT_ETH, type SandboxContracts, type SandboxNetwork } from './networks.js';

export async function deploySandboxContracts(network: SandboxNetwork, clients: ChainClients, provider: Eip1193Provider): Promise<void> {
  const { deployer, contracts } = network;
  const send = (fn: Parameters<ChainClients['sendAndConfirm']>[1]) => clients.sendAndConfirm(deployer, fn);
  const expectAt = (key: keyof SandboxContracts, receipt: TransactionReceipt) => {
    if (receipt.contractAddress?.toLowerCase() !== contracts[key].toLowerCase()) {
      throw new Error(
        `${key} deployed at ${receipt.contractAddress} on chain ${network.chainId}, expected ${contracts[key]}: ` +
          'the deployment order changed without updating DEPLOYMENT_ORDER',
      );
    }
  };
  const operator = OPERATOR_ACCOUNT.address;

  for (const token of SANDBOX_ERC20S) {
    const receipt = await send((w) =>
      w.deployContract({
        abi: SandboxTokenAbi,
        bytecode: bytecodeOf('SandboxToken'),
        args: [token.name, token.symbol, token.decimals],
      }),
    );
    expectAt(token.key, receipt);
  }

  expectAt(
    'swiftTokenTransferProxy',
    await send((w) => w.deployContract({ abi: SwiftTokenTransferProxyAbi, bytecode: bytecodeOf('SwiftTokenTransferProxy') })),
  );
  expectAt(
    'swiftRouter',
    await send((w) =>
      w.deployContract({
        abi: SwiftRouterAbi,
        bytecode: bytecodeOf('SwiftRouter'),
        args: [operator, contracts.swiftTokenTransferProxy],
      }),
    ),
  );
  await send((w) =>
    w.writeContract({
      address: contracts.swiftTokenTransferProxy,
      abi: SwiftTokenTransferProxyAbi,
      functionName: 'setRouter',
      args: [contracts.swiftRouter],
    }),
  );

  expectAt('hoplineFeeCollector', await send((w) => w.deployContract({ abi: HoplineFeeCollectorAbi, bytecode: bytecodeOf('HoplineFeeCollector') })));
  expectAt(
    'hoplineRouter',
    await send((w) =>
      w.deployContract({
        abi: HoplineRouterAbi,
        bytecode: bytecodeOf('HoplineRouter'),
        args: [operator, contracts.hoplineFeeCollector],
      }),
    ),
  );
  await send((w) =>
    w.writeContract({
      address: contracts.hoplineFeeCollector,
      abi: HoplineFeeCollectorAbi,
      functionName: 'setRouter',
      args: [contracts.hoplineRouter],
    }),
  );

  expectAt('slowlaneBridge', await send((w) => w.deployContract({ abi: SlowlaneBridgeAbi, bytecode: bytecodeOf('SlowlaneBridge'), args: [operator] })));
  expectAt('liquidityVault', await send((w) => w.deployContract({ abi: LiquidityVaultAbi, bytecode: bytecodeOf('LiquidityVault'), args: [operator] })));
  expectAt('depositReceiver', await send((w) => w.deployContract({ abi: DepositReceiverAbi, bytecode: bytecodeOf('DepositReceiver') })));

  // Funding happens after every deployment so that it cannot shift a contract address.
  for (const token of SANDBOX_ERC20S) {
    const address = contracts[token.key];
    await mint(clients, network, address, contracts.liquidityVault, parseUnits(String(token.vaultLiquidity), token.decimals));
    for (const holder of TOKEN_HOLDERS) {
      await mint(clients, network, address, holder.address, parseUnits(String(token.userFunding), token.decimals));
    }
  }
  await provider.request({ method: 'hardhat_setBalance', params: [contracts.liquidityVault, toQuantity(VAULT_ETH)] });
}

export async function mint(clients: ChainClients, network: SandboxNetwork, token: Address, to: Address, amount: bigint): Promise<TransactionReceipt> {
  return clients.sendAndConfirm(network.deployer, (w) => w.writeContract({ address: token, abi: SandboxTokenAbi, functionName: 'mint', args: [to, amount] }));
}

export function toQuantity(value: bigint): Hex {
  return `0x${value.toString(16)}`;
}
