/**
 * Deploys the sandbox contracts on a fresh local chain and funds accounts.
 * The transaction sequence is fixed (see DEPLOYMENT_ORDER), so every start
 * yields the same addresses; each is checked against the precomputed one.
 *
 * Speed: every transaction is sent at once, in one JSON-RPC batch, from the
 * deployer (one of anvil's unlocked dev accounts, so anvil signs) with its
 * nonce and a fixed gas limit; the receipts come back in another batch. A
 * transaction one at a time with estimation and a receipt poll took ~80 HTTP
 * round trips per chain, which a loaded machine turned into seconds.
 * Explicit nonces keep the order (anvil runs one sender's transactions in
 * nonce order whatever order they arrive in), so `setRouter` always finds its
 * router deployed.
 */
import { encodeDeployData, encodeFunctionData, parseUnits, type Abi, type Address, type Hex, type TransactionReceipt } from 'viem';
import {
  HoplineFeeCollectorAbi,
  HoplineRouterAbi,
  LiquidityVaultAbi,
  SandboxTokenAbi,
  SlowlaneBridgeAbi,
  SwiftRouterAbi,
  SwiftTokenTransferProxyAbi,
  DepositReceiverAbi,
  BatchExecutorAbi,
  SandboxCollectibleAbi,
  SandboxPermit2Abi,
} from '../artifacts/abis.js';
import { OPERATOR_ACCOUNT, TOKEN_HOLDERS } from './accounts.js';
import { bytecodeOf, type DeployableContract } from './artifacts.js';
import type { ChainClients } from './chain-client.js';
import type { JsonRpcClient } from './json-rpc.js';
import { MULTICALL3_ADDRESS, MULTICALL3_RUNTIME_CODE } from './multicall3.js';
import { DEPLOYMENT_ORDER, SANDBOX_ERC20S, VAULT_ETH, type SandboxContracts, type SandboxNetwork } from './networks.js';

/** Gas limits with room over what each needs (the largest, LiquidityVault with its HookExecutor, uses ~1.2M). */
const DEPLOY_GAS = 2_000_000n;
const CALL_GAS = 150_000n;
/**
 * anvil's block gas limit. The whole plan fits in one block, so however anvil's automine groups the burst, no
 * transaction waits for a block that is never mined.
 */
const BLOCK_GAS_LIMIT = 30_000_000n;
/**
 * A bound for a stuck deployment, not a wait: receipts are usually there on the first look. Generous for a
 * loaded 2-core machine.
 */
const RECEIPT_DEADLINE_MS = 120_000;
/** Transactions still pending this long after the burst (or the last block asked for) get a block mined for them. */
const MINE_AFTER_MS = 500;

interface PlannedTransaction {
  /** What it does, for error messages. */
  label: string;
  to?: Address;
  data: Hex;
  gas: bigint;
  /** The contract it creates (DEPLOYMENT_ORDER's entry at its nonce). */
  creates?: keyof SandboxContracts;
}

export async function deploySandboxContracts(network: SandboxNetwork, rpc: JsonRpcClient): Promise<void> {
  const plan = deploymentPlan(network);
  const totalGas = plan.reduce((sum, tx) => sum + tx.gas, 0n);
  if (totalGas > BLOCK_GAS_LIMIT) throw new Error(`the deployment plan needs ${totalGas} gas, more than one block holds`);
  plan.slice(0, DEPLOYMENT_ORDER.length).forEach((tx, nonce) => {
    if ((tx.creates ?? null) !== DEPLOYMENT_ORDER[nonce]) {
      throw new Error(`nonce ${nonce} ${tx.label}: DEPLOYMENT_ORDER expects ${DEPLOYMENT_ORDER[nonce] ?? 'a setup call'} there`);
    }
  });

  const from = network.deployer.address;
  // Multicall3 first: placed, not deployed, so it uses no nonce.
  await rpc.request({ method: 'anvil_setCode', params: [MULTICALL3_ADDRESS, MULTICALL3_RUNTIME_CODE] });
  // One transaction at a time, in nonce order: a refused one stops here with anvil's reason, instead of leaving a
  // nonce gap that keeps every later one pending (a burst sent as one batch left 15-17 of 32 pending under load).
  const hashes: Hex[] = [];
  for (const [nonce, tx] of plan.entries()) {
    hashes.push(
      (await rpc.request({
        method: 'eth_sendTransaction',
        params: [{ from, nonce: toQuantity(BigInt(nonce)), gas: toQuantity(tx.gas), ...(tx.to ? { to: tx.to } : {}), data: tx.data }],
      })) as Hex,
    );
  }

  const receipts = await waitForReceipts(rpc, hashes);
  receipts.forEach((receipt, index) => {
    const tx = plan[index]!;
    if (receipt.status !== '0x1') throw new Error(`${tx.label} reverted on chain ${network.chainId} (${receipt.transactionHash})`);
    const expected = tx.creates && network.contracts[tx.creates];
    if (expected && receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(
        `${tx.creates} deployed at ${receipt.contractAddress} on chain ${network.chainId}, expected ${expected}: the deployer did not start at nonce 0`,
      );
    }
  });
  await rpc.request({ method: 'anvil_setBalance', params: [network.contracts.liquidityVault, toQuantity(VAULT_ETH)] });
}

/** Every deployer transaction, in nonce order: DEPLOYMENT_ORDER first, then the funding (after, so it cannot shift an address). */
function deploymentPlan(network: SandboxNetwork): PlannedTransaction[] {
  const { contracts } = network;
  const operator = OPERATOR_ACCOUNT.address;
  const create = (key: keyof SandboxContracts, name: DeployableContract, abi: Abi, args: readonly unknown[] = []): PlannedTransaction => ({
    label: `deploy ${key}`,
    creates: key,
    data: encodeDeployData({ abi, bytecode: bytecodeOf(name), args }),
    gas: DEPLOY_GAS,
  });
  const call = (label: string, to: Address, data: Hex): PlannedTransaction => ({ label, to, data, gas: CALL_GAS });

  return [
    ...SANDBOX_ERC20S.map((token) => create(token.key, 'SandboxToken', SandboxTokenAbi, [token.name, token.symbol, token.decimals])),
    create('swiftTokenTransferProxy', 'SwiftTokenTransferProxy', SwiftTokenTransferProxyAbi),
    create('swiftRouter', 'SwiftRouter', SwiftRouterAbi, [operator, contracts.swiftTokenTransferProxy]),
    call(
      'swiftTokenTransferProxy.setRouter',
      contracts.swiftTokenTransferProxy,
      encodeFunctionData({ abi: SwiftTokenTransferProxyAbi, functionName: 'setRouter', args: [contracts.swiftRouter] }),
    ),
    create('hoplineFeeCollector', 'HoplineFeeCollector', HoplineFeeCollectorAbi),
    create('hoplineRouter', 'HoplineRouter', HoplineRouterAbi, [operator, contracts.hoplineFeeCollector]),
    call(
      'hoplineFeeCollector.setRouter',
      contracts.hoplineFeeCollector,
      encodeFunctionData({ abi: HoplineFeeCollectorAbi, functionName: 'setRouter', args: [contracts.hoplineRouter] }),
    ),
    create('slowlaneBridge', 'SlowlaneBridge', SlowlaneBridgeAbi, [operator]),
    create('liquidityVault', 'LiquidityVault', LiquidityVaultAbi, [operator]),
    create('depositReceiver', 'DepositReceiver', DepositReceiverAbi),
    create('batchExecutor', 'BatchExecutor', BatchExecutorAbi),
    create('permit2', 'SandboxPermit2', SandboxPermit2Abi),
    create('collectible', 'SandboxCollectible', SandboxCollectibleAbi),
    ...SANDBOX_ERC20S.flatMap((token) =>
      [{ to: contracts.liquidityVault, whole: token.vaultLiquidity }, ...TOKEN_HOLDERS.map((holder) => ({ to: holder.address, whole: token.userFunding }))].map(
        ({ to, whole }) =>
          call(
            `mint ${whole} ${token.symbol} to ${to}`,
            contracts[token.key],
            encodeFunctionData({ abi: SandboxTokenAbi, functionName: 'mint', args: [to, parseUnits(String(whole), token.decimals)] }),
          ),
      ),
    ),
    // One collectible per token holder, token id = the account's index + 1.
    ...TOKEN_HOLDERS.map((holder) =>
      call(
        `mint collectible #${holder.index + 1} to ${holder.address}`,
        contracts.collectible,
        encodeFunctionData({ abi: SandboxCollectibleAbi, functionName: 'mint', args: [holder.address, BigInt(holder.index + 1)] }),
      ),
    ),
  ];
}

interface RawReceipt {
  transactionHash: Hex;
  status: Hex;
  contractAddress: Address | null;
}

async function waitForReceipts(rpc: JsonRpcClient, hashes: readonly Hex[]): Promise<RawReceipt[]> {
  const deadline = Date.now() + RECEIPT_DEADLINE_MS;
  let lastMined = Date.now();
  for (;;) {
    // Decided before the look, not after its answer: an answer read late (this process busy building a large
    // catalog) describes the chain before the deadline and must not end the wait on its own.
    const expired = Date.now() > deadline;
    const receipts = (await rpc.batch(hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })))) as (RawReceipt | null)[];
    if (receipts.every((receipt) => receipt !== null)) return receipts as RawReceipt[];
    if (expired) throw new Error(`${receipts.filter((r) => r === null).length} deployment transactions not mined after ${RECEIPT_DEADLINE_MS} ms`);
    // anvil's automine mines a block when a transaction arrives. A burst whose later nonces arrive before an
    // earlier one leaves those waiting in the pool once the last arrival's block is mined, and nothing else comes
    // to mine the next block (seen under load: 15 of 32 still pending after 120 s). Ask for that block.
    if (Date.now() - lastMined > MINE_AFTER_MS) {
      lastMined = Date.now();
      await rpc.request({ method: 'evm_mine', params: [] });
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function mint(clients: ChainClients, network: SandboxNetwork, token: Address, to: Address, amount: bigint): Promise<TransactionReceipt> {
  return clients.sendAndConfirm(network.deployer, (w) => w.writeContract({ address: token, abi: SandboxTokenAbi, functionName: 'mint', args: [to, amount] }));
}

export function toQuantity(value: bigint): Hex {
  return `0x${value.toString(16)}`;
}
