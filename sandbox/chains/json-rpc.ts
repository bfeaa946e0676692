/**
 * An EIP-1193 provider over a JSON-RPC HTTP endpoint (a sandbox chain's
 * anvil), for viem's `custom()` transport and for code that wants a provider
 * object rather than a URL. Errors keep the node's `code` and `data`, so viem
 * decodes revert reasons (anvil reports a revert as EIP-1474's code 3 with the
 * raw revert bytes in `data`).
 */

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** The EIP-1193 surface viem's `custom()` transport needs. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/** Error thrown by the EIP-1193 provider; viem reads `code` and `data`. */
export class RpcRequestError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(error: JsonRpcError) {
    super(error.message);
    this.name = 'RpcRequestError';
    this.code = error.code;
    this.data = error.data;
  }
}

const INTERNAL_ERROR = -32603;

export interface JsonRpcCall {
  method: string;
  params?: unknown;
}

/** EIP-1193, plus JSON-RPC batches: many calls in one HTTP round trip (the deployment sends ~30 transactions in one). */
export interface JsonRpcClient extends Eip1193Provider {
  /** Results in the order of `calls`; throws the first error (its message names the method and position). */
  batch(calls: readonly JsonRpcCall[]): Promise<unknown[]>;
}

interface JsonRpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: JsonRpcError;
}

export function createHttpProvider(url: string): JsonRpcClient {
  let nextId = 1;
  const post = async (body: unknown, what: string): Promise<unknown> => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RpcRequestError({ code: INTERNAL_ERROR, message: `${what}: HTTP ${response.status} from ${url}: ${text.slice(0, 200)}` });
    }
  };
  const envelope = ({ method, params }: JsonRpcCall) => ({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] });
  return {
    async request(call) {
      const answer = (await post(envelope(call), call.method)) as JsonRpcAnswer;
      if (answer.error) throw new RpcRequestError(answer.error);
      return answer.result ?? null;
    },
    async batch(calls) {
      if (calls.length === 0) return [];
      const requests = calls.map(envelope);
      const answers = await post(requests, `a batch of ${calls.length}`);
      if (!Array.isArray(answers))
        throw new RpcRequestError((answers as JsonRpcAnswer).error ?? { code: INTERNAL_ERROR, message: 'batch answered with one object' });
      // Servers may answer a batch in any order: match by id.
      const byId = new Map((answers as JsonRpcAnswer[]).map((answer) => [answer.id, answer]));
      return requests.map((request, index) => {
        const answer = byId.get(request.id);
        if (!answer) throw new RpcRequestError({ code: INTERNAL_ERROR, message: `${request.method} (#${index} of the batch) got no answer` });
        if (answer.error) throw new RpcRequestError({ ...answer.error, message: `${request.method} (#${index} of the batch): ${answer.error.message}` });
        return answer.result ?? null;
      });
    },
  };
}
