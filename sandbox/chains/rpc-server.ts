/**
 * Serves a local chain as JSON-RPC over HTTP for browser wallets and other
 * processes: any path, POST, single or batch requests, CORS with preflight.
 */
import { createServer, type Server } from 'node:http';
import { applyCors, BodyTooLargeError, closeServer, listen, readBody, sendJson } from '../shared/http.js';
import type { JsonRpcRequest, JsonRpcResponse, LocalChain } from './edr-chain.js';

export interface RpcServerHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startRpcServer(chain: LocalChain, host: string, port: number): Promise<RpcServerHandle> {
  const server: Server = createServer((req, res) => {
    applyCors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET') {
      sendJson(res, 200, { chainId: chain.chainId, name: chain.name, hint: 'POST JSON-RPC 2.0 requests here' });
      return;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, rpcError(null, -32600, `HTTP method ${req.method} not allowed`));
      return;
    }
    void handlePost(chain, req, res);
  });
  const actualPort = await listen(server, host, port);
  return { url: `http://${host}:${actualPort}`, port: actualPort, close: () => closeServer(server) };
}

async function handlePost(chain: LocalChain, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
  let payload: unknown;
  try {
    payload = JSON.parse(await readBody(req, 10_000_000));
  } catch (error) {
    const message = error instanceof BodyTooLargeError ? error.message : 'Parse error';
    sendJson(res, 200, rpcError(null, -32700, message));
    return;
  }
  if (Array.isArray(payload)) {
    if (payload.length === 0) {
      sendJson(res, 200, rpcError(null, -32600, 'Empty batch'));
      return;
    }
    // Sequential on purpose: a batch of sends must keep its nonce order.
    const responses: JsonRpcResponse[] = [];
    for (const entry of payload) responses.push(await handleOne(chain, entry));
    sendJson(res, 200, responses);
    return;
  }
  sendJson(res, 200, await handleOne(chain, payload));
}

function handleOne(chain: LocalChain, entry: unknown): Promise<JsonRpcResponse> {
  if (!entry || typeof entry !== 'object' || typeof (entry as { method?: unknown }).method !== 'string') {
    const id = entry && typeof entry === 'object' ? ((entry as { id?: string | number | null }).id ?? null) : null;
    return Promise.resolve(rpcError(id, -32600, 'Invalid request'));
  }
  return chain.handleJsonRpc(entry as JsonRpcRequest);
}

function rpcError(id: string | number | null, code: number, message: string): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message } };
}
