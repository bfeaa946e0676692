/**
 * Static facts about the two sandbox chains: ids, names, and the contract
 * addresses the deployment produces. Addresses follow from deployer + nonce,
 * and every start deploys the same transactions in the same order on a fresh
 * chain, so they are constants (`deploy.ts` checks each one).
 */
import { getContractAddress, type Address } from 'viem';
import { DEPLOYER_ACCOUNTS, type DevAccount } from './accounts.js';
import { MULTICALL3_ADDRESS } from './multicall3.js';

/** The spec's identifier for a chain's native token: 0x followed by forty `e`. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as const;

export interface SandboxContracts {
  usdc: Address;
  weth: Address;
  swiftTokenTransferProxy: Address;
  swiftRouter: Address;
  hoplineFeeCollector: Address;
  hoplineRouter: Address;
  slowlaneBridge: Address;
  liquidityVault: Address;
  hookExecutor: Address;
  depositReceiver: Address;
  /** EIP-7702 delegation target that runs a batch of calls atomically (`BatchExecutor.execute`). */
  batchExecutor: Address;
  /** The allowance half of Uniswap's Permit2 (`SandboxPermit2`), for the `permit2-approval` hostile route. */
  permit2: Address;
  /** A minimal ERC-721 (`SandboxCollectible`); every token holder owns one, for the `nft-approval-for-all` hostile route. */
  collectible: Address;
  /** Multicall3 at its canonical address, the same on every chain (placed, not deployed: see multicall3.ts). */
  multicall3: Address;
}

export interface SandboxNetwork {
  chainId: number;
  /** Display name (`networkName` in the chains list). */
  name: string;
  /** Internal name (`chainName` in the chains list). */
  chainName: string;
  defaultRpcPort: number;
  deployer: DevAccount;
  contracts: SandboxContracts;
}

/**
 * Deployment order. Indices are deployer nonces; `null` marks a setup call
 * that uses a nonce without creating a contract.
 */
export const DEPLOYMENT_ORDER = [
  'usdc',
  'weth',
  'swiftTokenTransferProxy',
  'swiftRouter',
  null, // swiftTokenTransferProxy.setRouter(swiftRouter)
  'hoplineFeeCollector',
  'hoplineRouter',
  null, // hoplineFeeCollector.setRouter(hoplineRouter)
  'slowlaneBridge',
  'liquidityVault',
  'depositReceiver',
  'batchExecutor',
  'permit2',
  'collectible',
] as const satisfies readonly (keyof SandboxContracts | null)[];

function contractsOf(deployer: Address): SandboxContracts {
  const at = (nonce: number) => getContractAddress({ from: deployer, nonce: BigInt(nonce) });
  const nonceOf = (key: keyof SandboxContracts) => DEPLOYMENT_ORDER.indexOf(key as never);
  const liquidityVault = at(nonceOf('liquidityVault'));
  return {
    usdc: at(nonceOf('usdc')),
    weth: at(nonceOf('weth')),
    swiftTokenTransferProxy: at(nonceOf('swiftTokenTransferProxy')),
    swiftRouter: at(nonceOf('swiftRouter')),
    hoplineFeeCollector: at(nonceOf('hoplineFeeCollector')),
    hoplineRouter: at(nonceOf('hoplineRouter')),
    slowlaneBridge: at(nonceOf('slowlaneBridge')),
    liquidityVault,
    // The vault creates its executor in its constructor: the vault's first CREATE (nonce 1).
    hookExecutor: getContractAddress({ from: liquidityVault, nonce: 1n }),
    depositReceiver: at(nonceOf('depositReceiver')),
    batchExecutor: at(nonceOf('batchExecutor')),
    permit2: at(nonceOf('permit2')),
    collectible: at(nonceOf('collectible')),
    multicall3: MULTICALL3_ADDRESS,
  };
}

export const SEPOLIA_SANDBOX: SandboxNetwork = {
  chainId: 11155111,
  name: 'Sepolia Sandbox',
  chainName: 'sepolia-sandbox',
  defaultRpcPort: 8545,
  deployer: DEPLOYER_ACCOUNTS.sepolia,
  contracts: contractsOf(DEPLOYER_ACCOUNTS.sepolia.address),
};

export const BASE_SEPOLIA_SANDBOX: SandboxNetwork = {
  chainId: 84532,
  name: 'Base Sepolia Sandbox',
  chainName: 'base-sepolia-sandbox',
  defaultRpcPort: 8546,
  deployer: DEPLOYER_ACCOUNTS.baseSepolia,
  contracts: contractsOf(DEPLOYER_ACCOUNTS.baseSepolia.address),
};

export const SANDBOX_NETWORKS: readonly SandboxNetwork[] = [SEPOLIA_SANDBOX, BASE_SEPOLIA_SANDBOX];

export interface SandboxTokenSpec {
  key: 'usdc' | 'weth';
  name: string;
  symbol: string;
  decimals: number;
  /** Whole tokens minted to each dev user at startup. */
  userFunding: bigint;
  /** Whole tokens minted to each chain's liquidity vault. */
  vaultLiquidity: bigint;
}

export const SANDBOX_ERC20S: readonly SandboxTokenSpec[] = [
  { key: 'usdc', name: 'USD Coin', symbol: 'USDC', decimals: 6, userFunding: 100_000n, vaultLiquidity: 10_000_000n },
  { key: 'weth', name: 'Wrapped Ether', symbol: 'WETH', decimals: 18, userFunding: 100n, vaultLiquidity: 10_000n },
];

/** Native ETH each dev account starts with, and what each vault holds for native releases. */
export const GENESIS_ETH = 10_000n * 10n ** 18n;
export const VAULT_ETH = 10_000n * 10n ** 18n;

export function networkById(chainId: number | string): SandboxNetwork | undefined {
  return SANDBOX_NETWORKS.find((n) => String(n.chainId) === String(chainId));
}
