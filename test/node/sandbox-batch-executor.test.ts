/**
 * EIP-7702 batches on the sandbox chains: an account delegates to the
 * sandbox's BatchExecutor (viem `signAuthorization` + a type-4 transaction
 * with `authorizationList`) and runs a route's approval and bridge deposit as
 * one atomic transaction. Groundwork for an EIP-5792 development wallet that
 * batches for real.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  concat,
  createPublicClient,
  decodeEventLog,
  encodeFunctionData,
  erc20Abi,
  http,
  isAddressEqual,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { BatchExecutorAbi, SwiftRouterAbi } from '../../sandbox/artifacts/abis.js';
import type { DevAccount, SandboxHandle } from '../../sandbox/index.js';
import { pollIntentStatus, type RawApiClient } from '../../sandbox/testing.js';
import { SRC as SEPOLIA } from './helpers/chains.ts';
import { startServiceSandbox } from './helpers/service-sandbox.ts';
import { routeCalls, sourceWallet, usdcRoute as sandboxUsdcRoute, type SandboxRoute } from './helpers/sandbox-route.ts';

/** EIP-7702's delegation designator: an account's code becomes 0xef0100 ‖ the delegate's address. */
const DELEGATION_PREFIX = '0xef0100';

let sandbox: SandboxHandle;
let api: RawApiClient;
let client: PublicClient;

before(async () => {
  ({ sandbox, api } = await startServiceSandbox());
  client = createPublicClient({ chain: sandbox.chain(SEPOLIA).viemChain, transport: http(sandbox.chain(SEPOLIA).rpcUrl!), pollingInterval: 50 });
});

after(async () => {
  await sandbox?.close();
});

const walletOf = (account: DevAccount) => sourceWallet(sandbox, account);

const usdcRoute = (account: DevAccount, fromAmount: bigint) => sandboxUsdcRoute(api, sandbox, account, fromAmount);

/** The route as BatchExecutor calls: the approval, then the bridge transaction. */
function batchOf(route: SandboxRoute) {
  const { approval, approve, bridge } = routeCalls(route);
  return { approval, calls: [approve, bridge] };
}

const usdcOf = (owner: Address) =>
  client.readContract({ address: sandbox.chain(SEPOLIA).contracts.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const allowanceOf = (owner: Address, spender: Address) =>
  client.readContract({ address: sandbox.chain(SEPOLIA).contracts.usdc, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });

/** Delegates `account` to BatchExecutor and runs `calls` in the same type-4 transaction. */
async function delegateAndExecute(account: DevAccount, calls: { to: Address; value: bigint; data: Hex }[]) {
  const wallet = walletOf(account);
  // executor 'self': the account sends the transaction itself, so the authorization takes the nonce after it.
  const authorization = await wallet.signAuthorization({ contractAddress: sandbox.chain(SEPOLIA).contracts.batchExecutor, executor: 'self' });
  const hash = await wallet.writeContract({
    address: account.address,
    abi: BatchExecutorAbi,
    functionName: 'execute',
    args: [calls],
    authorizationList: [authorization],
  });
  return client.waitForTransactionReceipt({ hash });
}

test('an approval and a bridge deposit in one type-4 transaction: the account delegates, both run, the service settles the deposit', async () => {
  const account = sandbox.accounts.extraUsers[0]!;
  const amount = 40_000_000n; // 40 USDC
  const route = await usdcRoute(account, amount);
  const { approval, calls } = batchOf(route);
  const router = calls[1]!.to;
  const usdcBefore = await usdcOf(account.address);
  const routerBefore = await usdcOf(router);
  const nonceBefore = await client.getTransactionCount({ address: account.address });

  const receipt = await delegateAndExecute(account, calls);
  // anvil's default hardfork takes EIP-7702 transactions.
  assert.equal(receipt.type, 'eip7702');
  assert.equal(receipt.status, 'success');
  assert.ok(isAddressEqual(receipt.to!, account.address), 'the account sent the batch to itself');
  assert.equal(await client.getCode({ address: account.address }), concat([DELEGATION_PREFIX, sandbox.chain(SEPOLIA).contracts.batchExecutor]).toLowerCase());
  assert.equal(await client.getTransactionCount({ address: account.address }), nonceBefore + 2, 'one for the transaction, one for the authorization');

  // Both calls ran, in order, from the account: the allowance was granted and spent, the tokens are in escrow.
  assert.deepEqual(
    receipt.logs.map((log) => decodeEventLog({ abi: [...erc20Abi, ...SwiftRouterAbi], data: log.data, topics: log.topics }).eventName),
    ['Approval', 'Transfer', 'BridgeDeposit'],
  );
  assert.equal(await allowanceOf(account.address, approval.spender), 0n);
  assert.equal(usdcBefore - (await usdcOf(account.address)), amount);
  assert.equal((await usdcOf(router)) - routerBefore, amount);

  // The service matches the deposit although the transaction went to the account, not to the router.
  const submitted = await api.post(`/api/v1/route-intent/${route.intentId}/receipt`, { txHash: receipt.transactionHash });
  assert.equal(submitted.status, 200, submitted.text);
  const { final } = await pollIntentStatus(api, route.intentId, { timeoutMs: 15_000 });
  assert.equal(final.data.status, 'success');
});

test('atomic: when the second call fails, the first is undone and nothing moves', async () => {
  const account = sandbox.accounts.extraUsers[1]!;
  const route = await usdcRoute(account, 10_000_000n);
  const { approval, calls } = batchOf(route);
  // Delegate with the honest batch first, so the same intent id is spent: a second deposit for it reverts.
  assert.equal((await delegateAndExecute(account, calls)).status, 'success');
  const usdcBefore = await usdcOf(account.address);
  const allowanceBefore = await allowanceOf(account.address, approval.spender);
  assert.equal(allowanceBefore, 0n);

  const wallet = walletOf(account);
  // Estimation already names the failing call and its reason.
  await assert.rejects(
    client.simulateContract({ account: wallet.account, address: account.address, abi: BatchExecutorAbi, functionName: 'execute', args: [calls] }),
    (error: Error & { cause?: { data?: { errorName?: string; args?: readonly unknown[] } } }) => {
      assert.equal(error.cause?.data?.errorName, 'CallFailed');
      assert.equal(error.cause?.data?.args?.[0], 1n, 'the second call failed');
      return true;
    },
  );
  // Mined anyway (explicit gas skips estimation): the transaction reverts as a whole.
  const hash = await wallet.writeContract({ address: account.address, abi: BatchExecutorAbi, functionName: 'execute', args: [calls], gas: 500_000n });
  const receipt = await client.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'reverted');
  assert.deepEqual(receipt.logs, []);
  assert.equal(await allowanceOf(account.address, approval.spender), allowanceBefore, 'the approval of call 0 was undone');
  assert.equal(await usdcOf(account.address), usdcBefore);
});

test('only the account itself may run a batch; a delegated account still receives plain ETH', async () => {
  const account = sandbox.accounts.extraUsers[2]!;
  assert.equal((await delegateAndExecute(account, [])).status, 'success');
  const stranger = walletOf(sandbox.accounts.extraUsers[3]!);
  const drain = [
    {
      to: sandbox.chain(SEPOLIA).contracts.usdc,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [stranger.account.address, 1n] }),
    },
  ];
  await assert.rejects(
    client.simulateContract({ account: stranger.account, address: account.address, abi: BatchExecutorAbi, functionName: 'execute', args: [drain] }),
    (error: Error & { cause?: { data?: { errorName?: string; args?: readonly unknown[] } } }) => {
      assert.equal(error.cause?.data?.errorName, 'Unauthorized');
      assert.ok(isAddressEqual(error.cause?.data?.args?.[0] as Address, stranger.account.address));
      return true;
    },
  );

  const before = await client.getBalance({ address: account.address });
  const receipt = await client.waitForTransactionReceipt({ hash: await stranger.sendTransaction({ to: account.address, value: 12345n }) });
  assert.equal(receipt.status, 'success');
  assert.equal((await client.getBalance({ address: account.address })) - before, 12345n);
});
