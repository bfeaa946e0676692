/**
 * Multicall3 on the sandbox chains: dApp stacks (viem, wagmi) batch reads
 * through the address their chain objects name, so viem's own Sepolia and
 * Base Sepolia must work against the sandbox unchanged.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createPublicClient, custom, erc20Abi, isAddressEqual, type Address, type Chain } from 'viem';
import { baseSepolia, sepolia } from 'viem/chains';
import { MULTICALL3_RUNTIME_CODE } from '../../sandbox/chains/multicall3.js';
import { MULTICALL3_ADDRESS, startSandbox, type SandboxHandle } from '../../sandbox/index.js';

const MULTICALL3_ABI = [
  {
    type: 'function',
    name: 'getEthBalance',
    stateMutability: 'view',
    inputs: [{ name: 'addr', type: 'address' }],
    outputs: [{ name: 'balance', type: 'uint256' }],
  },
] as const;

let sandbox: SandboxHandle;

before(async () => {
  sandbox = await startSandbox({ proxy: false, bridgingDelayMs: 0 });
});

after(async () => {
  await sandbox?.close();
});

/** A client on viem's own chain object, pointed at the sandbox chain, that records every JSON-RPC call. */
function recordingClient(viemChain: Chain, batch?: { multicall: true }) {
  const chain = sandbox.chain(viemChain.id);
  assert.ok(chain.rpcUrl);
  const calls: { method: string; to?: string }[] = [];
  const transport = custom({
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      const [first] = Array.isArray(params) ? (params as { to?: string }[]) : [];
      calls.push({ method, ...(method === 'eth_call' && first?.to ? { to: first.to } : {}) });
      return chain.provider.request({ method, ...(params === undefined ? {} : { params }) });
    },
  });
  return { client: createPublicClient({ chain: viemChain, transport, ...(batch ? { batch } : {}) }), calls };
}

for (const viemChain of [sepolia, baseSepolia]) {
  test(`viem's ${viemChain.name} chain object reads balances through Multicall3 on the sandbox chain ${viemChain.id}`, async () => {
    assert.ok(isAddressEqual(viemChain.contracts!.multicall3!.address, MULTICALL3_ADDRESS), 'viem names the canonical address');
    const chain = sandbox.chain(viemChain.id);
    const { user, extraUsers } = sandbox.accounts;
    const owners: Address[] = [user.address, extraUsers[0]!.address, sandbox.accounts.attacker.address];

    const { client, calls } = recordingClient(viemChain);
    const results = await client.multicall({
      allowFailure: false,
      contracts: [
        ...owners.map((owner) => ({ address: chain.contracts.usdc, abi: erc20Abi, functionName: 'balanceOf' as const, args: [owner] as const })),
        ...owners.map((owner) => ({ address: MULTICALL3_ADDRESS, abi: MULTICALL3_ABI, functionName: 'getEthBalance' as const, args: [owner] as const })),
      ],
    });
    assert.deepEqual(calls, [{ method: 'eth_call', to: MULTICALL3_ADDRESS.toLowerCase() }], 'one eth_call, to Multicall3');

    // The same figures read one by one, without Multicall3.
    const usdc = await Promise.all(
      owners.map((owner) => chain.publicClient.readContract({ address: chain.contracts.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })),
    );
    const eth = await Promise.all(owners.map((address) => chain.publicClient.getBalance({ address })));
    assert.deepEqual(results, [...usdc, ...eth]);
    assert.equal(usdc[0], 100_000n * 10n ** 6n, 'the funded user holds 100 000 USDC');
    assert.equal(usdc[2], 0n, 'the attacker holds none');
  });
}

test('concurrent reads with `batch.multicall` (as wagmi configures viem) go out as one Multicall3 call', async () => {
  const chain = sandbox.chain(sepolia.id);
  const { client, calls } = recordingClient(sepolia, { multicall: true });
  const [symbol, decimals, supply] = await Promise.all([
    client.readContract({ address: chain.contracts.weth, abi: erc20Abi, functionName: 'symbol' }),
    client.readContract({ address: chain.contracts.weth, abi: erc20Abi, functionName: 'decimals' }),
    client.readContract({ address: chain.contracts.weth, abi: erc20Abi, functionName: 'totalSupply' }),
  ]);
  assert.deepEqual([symbol, decimals], ['WETH', 18]);
  assert.ok(supply > 0n);
  assert.deepEqual(calls, [{ method: 'eth_call', to: MULTICALL3_ADDRESS.toLowerCase() }]);
});

test('every sandbox chain holds the canonical Multicall3 runtime code, listed in the ready JSON and the viem chain', async () => {
  for (const chain of sandbox.chains) {
    assert.equal(await chain.publicClient.getCode({ address: MULTICALL3_ADDRESS }), MULTICALL3_RUNTIME_CODE.toLowerCase());
    assert.equal(sandbox.readyInfo.contracts[String(chain.chainId)]?.multicall3, MULTICALL3_ADDRESS);
    assert.equal(chain.viemChain.contracts?.multicall3?.address, MULTICALL3_ADDRESS);
  }
  assert.equal(MULTICALL3_RUNTIME_CODE.length, 2 + 2 * 3808);
});
