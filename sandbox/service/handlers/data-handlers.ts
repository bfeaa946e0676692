/** GET /data/balances/:address, GET /sdk/rpc/evm/allowance and GET /sdk/validate. */
import { erc20Abi, type Address } from 'viem';
import type { SandboxChain } from '../../chains/local-networks.js';
import { NATIVE_TOKEN_ADDRESS } from '../../chains/networks.js';
import { validatePayload } from '../api-keys.js';
import { CATACLYSM_CHAIN_ID, sameAddress, type CatalogToken } from '../catalog.js';
import { json, type ApiRequest, type ApiResult, type ServiceContext } from '../context.js';
import { isEvmAddress } from '../request-validation.js';

const MAX_UINT256 = 2n ** 256n - 1n;

interface BalanceRow {
  chain_key: string;
  category: CatalogToken['category'];
  contract?: string;
  symbol: string;
  decimals: number;
  balance: string;
  name: string;
  logoURI: string;
  usdPrice: number;
}

interface BalanceResult {
  chain_id: string;
  source: string;
  balances: BalanceRow[];
  count: number;
  error: string | null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function row(ctx: ServiceContext, token: CatalogToken, balance: bigint): BalanceRow {
  return {
    chain_key: token.chainId,
    category: token.category,
    ...(token.category === 'erc20' ? { contract: token.address } : {}),
    symbol: token.symbol,
    decimals: token.decimals,
    balance: balance.toString(),
    name: token.name,
    logoURI: ctx.catalog.tokenIconUrl(token),
    usdPrice: token.usdPrice,
  };
}

async function readEvmChain(ctx: ServiceContext, chain: SandboxChain, address: Address): Promise<BalanceRow[]> {
  const chainId = String(chain.network.chainId);
  if (ctx.faults.peek('slowBalanceChains').includes(chainId)) await sleep(ctx.balanceDeadlineMs + 1_000);
  const { publicClient } = chain.clients;
  const rows = await Promise.all(
    ctx.catalog.localTokens(chainId).map(async (token) => {
      const balance =
        token.category === 'native'
          ? await publicClient.getBalance({ address })
          : await publicClient.readContract({
              address: token.address as Address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [address],
            });
      return row(ctx, token, balance);
    }),
  );
  // Like the real service, only holdings are listed.
  return rows.filter((r) => r.balance !== '0');
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export async function balances(ctx: ServiceContext, req: ApiRequest): Promise<ApiResult> {
  const address = req.params.address ?? '';
  let results: BalanceResult[];
  if (isEvmAddress(address)) {
    results = await Promise.all(
      [...ctx.chains.values()].map(async (chain): Promise<BalanceResult> => {
        const chainId = String(chain.network.chainId);
        try {
          const rows = await withDeadline(readEvmChain(ctx, chain, address), ctx.balanceDeadlineMs);
          return { chain_id: chainId, source: 'rpc', balances: rows, count: rows.length, error: null };
        } catch (error) {
          return { chain_id: chainId, source: 'rpc', balances: [], count: 0, error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
  } else if (/^cata1[02-9ac-hj-np-z]{38,58}$/.test(address)) {
    const rows: BalanceRow[] = [];
    for (const [denom, amount] of ctx.cosmos.balancesOf(address)) {
      const token = ctx.catalog.token(CATACLYSM_CHAIN_ID, denom);
      if (token && amount > 0n) rows.push(row(ctx, token, amount));
    }
    results = [{ chain_id: CATACLYSM_CHAIN_ID, source: 'simulated', balances: rows, count: rows.length, error: null }];
  } else {
    return json(400, {
      error: 'Unsupported address format: expected an EVM 0x address or a cataclysm-1 bech32 (cata1…) address',
      code: 'INVALID_ADDRESS',
    });
  }
  return json(200, { address, partial: results.some((r) => r.error !== null), results });
}

function allowanceError(status: number, error: string): ApiResult {
  return json(status, { success: false, error });
}

export async function allowance(ctx: ServiceContext, req: ApiRequest): Promise<ApiResult> {
  const names = ['chainId', 'tokenAddress', 'ownerAddress', 'spenderAddress'] as const;
  const values: Record<(typeof names)[number], string> = { chainId: '', tokenAddress: '', ownerAddress: '', spenderAddress: '' };
  for (const name of names) {
    const value = req.query.get(name);
    if (value === null || value.trim() === '') return allowanceError(400, `Missing query parameter: ${name}`);
    values[name] = value.trim();
  }
  const chain = ctx.chains.get(values.chainId);
  if (!chain) return allowanceError(400, `Unsupported chain: ${values.chainId}`);
  for (const name of ['tokenAddress', 'ownerAddress', 'spenderAddress'] as const) {
    if (!isEvmAddress(values[name])) return allowanceError(400, `Malformed address: ${name}`);
  }
  const failure = ctx.faults.peek('allowanceRpcFailure');
  if (failure) return allowanceError(failure.status, 'Upstream RPC failed after retries');

  const rpcUrl = ctx.rpcUrls.get(chain.network.chainId);
  const rpcHost = rpcUrl ? new URL(rpcUrl).host : 'in-process';
  const data = {
    chainId: values.chainId,
    tokenAddress: values.tokenAddress.toLowerCase(),
    ownerAddress: values.ownerAddress.toLowerCase(),
    spenderAddress: values.spenderAddress.toLowerCase(),
    allowance: '0',
    rpcHost,
  };
  // The native token needs no approval: report it as unlimited.
  if (sameAddress(values.tokenAddress, NATIVE_TOKEN_ADDRESS)) {
    return json(200, { success: true, data: { ...data, allowance: MAX_UINT256.toString() } });
  }
  const { publicClient } = chain.clients;
  const code = await publicClient.getCode({ address: values.tokenAddress as Address });
  if (!code || code === '0x') return allowanceError(400, `tokenAddress is not a contract on chain ${values.chainId}`);
  try {
    const value = await publicClient.readContract({
      address: values.tokenAddress as Address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [values.ownerAddress as Address, values.spenderAddress as Address],
    });
    return json(200, { success: true, data: { ...data, allowance: value.toString() } });
  } catch (error) {
    ctx.log(`allowance: eth_call failed: ${error instanceof Error ? error.message : String(error)}`);
    return allowanceError(502, 'Upstream RPC failed after retries');
  }
}

export function validateKey(req: ApiRequest): ApiResult {
  return json(200, validatePayload(req.apiKey));
}
