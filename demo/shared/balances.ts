import { encodeFunctionData, erc20Abi, formatUnits, hexToBigInt, type Hex } from 'viem';
import type { SandboxChain, SandboxToken } from './sandbox-config.js';

export interface Balance {
  chainId: number;
  symbol: string;
  /** Human-readable amount, or undefined when the chain could not be read. */
  formatted?: string;
}

async function rpc(url: string, method: string, params: unknown[], signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    ...(signal ? { signal } : {}),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? `${method} failed`);
  return body.result;
}

/**
 * Reads every chain directly rather than through the wallet, which only
 * reads its selected chain: a bridge demo wants to see both sides move.
 */
export async function readBalances(
  owner: Hex,
  chains: SandboxChain[],
  tokens: SandboxToken[],
  nativeSymbol: (chain: SandboxChain) => string,
  signal?: AbortSignal,
): Promise<Balance[]> {
  const reads = chains.flatMap((chain) => [
    read(chain, nativeSymbol(chain), 18, async () => hexToBigInt((await rpc(chain.rpcUrl, 'eth_getBalance', [owner, 'latest'], signal)) as Hex)),
    ...tokens
      .filter((token) => token.chainId === chain.chainId && !/^0x[eE]{40}$/.test(token.address))
      .map((token) =>
        read(chain, token.symbol, token.decimals, async () => {
          const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
          return hexToBigInt((await rpc(chain.rpcUrl, 'eth_call', [{ to: token.address, data }, 'latest'], signal)) as Hex);
        }),
      ),
  ]);
  return Promise.all(reads);
}

async function read(chain: SandboxChain, symbol: string, decimals: number, load: () => Promise<bigint>): Promise<Balance> {
  try {
    const amount = await load();
    return { chainId: chain.chainId, symbol, formatted: trimDecimals(formatUnits(amount, decimals)) };
  } catch {
    return { chainId: chain.chainId, symbol };
  }
}

function trimDecimals(value: string, digits = 4): string {
  const [whole, fraction = ''] = value.split('.');
  const kept = fraction.slice(0, digits).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : (whole ?? value);
}
