/**
 * A destination chain's RPC that lies: a JSON-RPC server on 127.0.0.1 in
 * front of a real chain (the sandbox's anvil) that passes every call on and
 * lets a test rewrite what comes back (another transaction's receipt, another
 * block, a malformed field, truncated JSON), as a compromised RPC or a proxy
 * in between could.
 */
import { startUpstream } from './proxy-upstream.js';

export interface RpcCall {
  readonly id: unknown;
  readonly method: string;
  readonly params: unknown[];
}

/** What the liar answers instead: a JSON-RPC response object, or raw text (truncated JSON); undefined for the truth. */
export type Lie = (
  call: RpcCall,
  truth: { result?: unknown; error?: unknown },
  ask: (method: string, params: unknown[]) => Promise<unknown>,
) => Promise<unknown>;

export interface LyingRpc {
  readonly url: string;
  /** The calls it got, in order. */
  readonly calls: RpcCall[];
  lie: Lie | undefined;
  close(): Promise<void>;
}

export async function startLyingRpc(chainUrl: string): Promise<LyingRpc> {
  const forward = async (call: unknown) =>
    (await (await fetch(chainUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) })).json()) as {
      result?: unknown;
      error?: unknown;
    };
  const ask = async (method: string, params: unknown[]) => (await forward({ jsonrpc: '2.0', id: 1, method, params })).result;
  const calls: RpcCall[] = [];
  const server = await startUpstream(async (_req, res, body) => {
    const call = JSON.parse(body) as RpcCall;
    calls.push(call);
    const truth = await forward(call);
    const lied = liar.lie ? await liar.lie(call, truth, ask) : undefined;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof lied === 'string' ? lied : JSON.stringify(lied ?? truth));
  });
  const liar: LyingRpc = { url: server.url, calls, lie: undefined, close: () => server.close() };
  return liar;
}
