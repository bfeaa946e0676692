/**
 * A destination chain's RPC that lies: a JSON-RPC server on 127.0.0.1 in
 * front of a real chain (the sandbox's anvil) that passes every call on and
 * lets a test rewrite what comes back (another transaction's receipt, another
 * block, a malformed field, truncated JSON), as a compromised RPC or a proxy
 * in between could.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const ask = async (method: string, params: unknown[]) => {
    const response = await fetch(chainUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await response.json()) as { result?: unknown }).result;
  };
  const liar: LyingRpc = { url: '', calls: [], lie: undefined, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall;
      liar.calls.push(call);
      const truth = (await (await fetch(chainUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) })).json()) as {
        result?: unknown;
        error?: unknown;
      };
      const lied = liar.lie ? await liar.lie(call, truth, ask) : undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(typeof lied === 'string' ? lied : JSON.stringify(lied ?? truth));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(liar, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
