/**
 * Reads on a destination chain through the host's proxy:
 * `POST {proxy}/read/{chainId}`, one JSON-RPC request of the proxy's
 * allow-list (see src/proxy/chain-read.ts). A 404 means the proxy has no RPC
 * for the chain: `ChainUnreadable`, so the check says "not checked" at once
 * instead of retrying.
 */
import { proxyBaseUrl } from './client.js';

/** One JSON-RPC read on a chain: the `result`, or a throw (`ChainUnreadable` when the chain cannot be read at all). */
export type ChainRead = (method: string, params: readonly unknown[], signal?: AbortSignal) => Promise<unknown>;

/** The chain cannot be read here at all (the proxy has no RPC for it): no retry helps. */
export class ChainUnreadable extends Error {
  override name = 'ChainUnreadable';
}

/** Per request; longer than the proxy's own deadline (10 s by default), so its 504 arrives first. */
export const CHAIN_READ_TIMEOUT_MS = 12_000;

/** The proxy's read endpoint for a chain: `{proxy}/read/{chainId}`. */
export function chainReadEndpoint(proxyUrl: string, chainId: string): string {
  return `${proxyBaseUrl(proxyUrl)}/read/${encodeURIComponent(chainId)}`;
}

export function proxyChainRead(proxyUrl: string, chainId: string, fetchImpl: typeof fetch = globalThis.fetch): ChainRead {
  const endpoint = chainReadEndpoint(proxyUrl, chainId);
  let id = 0;
  return async (method, params, signal) => {
    const timeout = AbortSignal.timeout(CHAIN_READ_TIMEOUT_MS);
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (response.status === 404) throw new ChainUnreadable(`the proxy has no RPC for chain ${chainId}`);
    if (!response.ok) throw new Error(`the proxy answered HTTP ${response.status}`);
    const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } } | null;
    if (body === null || typeof body !== 'object') throw new Error('the chain read answer cannot be read');
    if ('error' in body && body.error) throw new Error(`the RPC refused: ${String(body.error.message).slice(0, 200)}`);
    if (!('result' in body)) throw new Error('the chain read answer has no result');
    return body.result;
  };
}
