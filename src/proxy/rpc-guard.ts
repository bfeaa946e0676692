/**
 * The guard and the relay every JSON-RPC endpoint of the proxy shares
 * (`/simulate/{chainId}`, and any other endpoint that forwards a browser's
 * JSON-RPC request to an RPC the operator configured). The Host allow-list,
 * the origin allow-list and the flood limit are the core's, applied to every
 * request before any endpoint; `guardRpcRequest` adds what a relay paid by
 * the host needs on top (an `Origin`, a JSON body within a size cap, one
 * JSON-RPC 2.0 request of one method), and `relayRpcCall` the deadline, the
 * answer's size cap and the scrubbing. What an endpoint allows inside
 * `params` is its own.
 */
import { isJsonContentType, isJsonDocument, isJsonResponseType, readCappedBody, readCappedStream, utf8Text } from './body.js';
import type { Exchange } from './exchange.js';
import { SECURITY_HEADERS } from './headers.js';
import type { SecretScrubber } from './scrub.js';

type Refusal = Extract<Exchange, { kind: 'refusal' }>;

export const refusal = (status: number, code: Refusal['code'], message: string, ...notes: string[]): Refusal => ({
  kind: 'refusal',
  status,
  code,
  message,
  notes,
});

/** A JSON-RPC request an endpoint forwards: the method and params as they will be sent, or why not. */
export type RpcAdmission = { ok: true; method: string; params: readonly unknown[] } | { ok: false; message: string };

/** What one RPC endpoint forwards (`/simulate`, `/read`): its check of method and params, and the refusal code of a request it does not admit. */
export interface RpcEndpoint {
  readonly admit: (method: unknown, params: readonly unknown[]) => RpcAdmission;
  readonly notAllowed: Refusal['code'];
}

export interface RpcGuardOptions {
  /** What is forwarded, and how it is rebuilt. */
  readonly endpoint: RpcEndpoint;
  /** Bodies above this get 413. */
  readonly maxBodyBytes: number;
  /**
   * Serve requests that carry no `Origin` (server-side callers). Browsers
   * send `Origin` on every POST, so without it the caller is a script that
   * could use the endpoint as a free RPC; off unless the operator opts in.
   */
  readonly withoutOrigin: boolean;
}

export interface RpcCall {
  readonly id: number | string;
  readonly method: string;
  readonly params: readonly unknown[];
}

/** One JSON-RPC 2.0 request the endpoint admits, as it will be sent, or the refusal to answer. Nothing has been sent anywhere yet. */
export async function guardRpcRequest(request: Request, options: RpcGuardOptions): Promise<{ ok: true; call: RpcCall } | { ok: false; refusal: Refusal }> {
  const refuse = (value: Refusal) => ({ ok: false, refusal: value }) as const;
  if (request.headers.get('origin') === null && !options.withoutOrigin) {
    await request.body?.cancel().catch(() => undefined);
    return refuse(refusal(403, 'proxy_origin_not_allowed', 'A request without Origin is not served here', 'origin=none'));
  }
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return refuse(refusal(415, 'proxy_unsupported_media_type', 'Request body must be application/json'));
  }
  const read = await readCappedBody(request, options.maxBodyBytes);
  if (!read.ok) {
    if (read.reason === 'too_large') return refuse(refusal(413, 'proxy_body_too_large', `Request body exceeds ${options.maxBodyBytes} bytes`));
    return refuse(refusal(400, 'proxy_body_unreadable', read.reason === 'bad_length' ? 'Invalid Content-Length' : 'Request body could not be read'));
  }
  if (!isJsonDocument(read.bytes)) return refuse(refusal(400, 'proxy_invalid_json', 'Request body is not valid JSON'));
  const call = JSON.parse(utf8Text(read.bytes)!) as unknown;
  const { notAllowed } = options.endpoint;
  if (Array.isArray(call)) return refuse(refusal(400, notAllowed, 'One JSON-RPC request, not a batch'));
  if (typeof call !== 'object' || call === null) return refuse(refusal(400, notAllowed, 'Not a JSON-RPC request'));
  const { jsonrpc, method, params, id } = call as Record<string, unknown>;
  if (jsonrpc !== '2.0' || !Array.isArray(params)) return refuse(refusal(400, notAllowed, 'Not a JSON-RPC 2.0 request with params'));
  const admitted = options.endpoint.admit(method, params);
  if (!admitted.ok) return refuse(refusal(400, notAllowed, admitted.message));
  return { ok: true, call: { id: typeof id === 'number' || typeof id === 'string' ? id : 1, method: admitted.method, params: admitted.params } };
}

export interface RpcRelayConfig {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly fetch: typeof fetch;
  readonly scrubber: SecretScrubber;
}

/**
 * Sends `body` to `rpcUrl` with only JSON headers (nothing of the client's,
 * never the routing key), within `timeoutMs` or when the client goes, and
 * answers what the RPC answered: JSON only, capped, scrubbed, with the
 * proxy's security headers.
 */
export async function relayRpcCall(config: RpcRelayConfig, request: Request, rpcUrl: string, body: string): Promise<Exchange> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  const onClientGone = () => controller.abort();
  request.signal.addEventListener('abort', onClientGone, { once: true });
  try {
    const answer = await config.fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      redirect: 'manual',
      signal: controller.signal,
    });
    if (answer.status === 0 || (answer.status >= 300 && answer.status < 400)) {
      await answer.body?.cancel().catch(() => undefined);
      return refusal(502, 'proxy_simulation_unreachable', 'The RPC answered with a redirect');
    }
    const read = await readCappedStream(answer.headers.get('content-length'), answer.body, config.maxResponseBytes);
    if (!read.ok) {
      if (read.reason === 'too_large') return refusal(502, 'proxy_upstream_too_large', 'The RPC answer is too large');
      return timedOut
        ? refusal(504, 'proxy_simulation_timeout', `The RPC did not answer within ${config.timeoutMs} ms`)
        : refusal(502, 'proxy_simulation_unreachable', 'The RPC answer broke off');
    }
    const type = answer.headers.get('content-type');
    const text = isJsonResponseType(type) || type === null ? utf8Text(read.bytes) : undefined;
    const scrubbed = text === undefined ? undefined : config.scrubber.json(text);
    if (scrubbed === undefined) return refusal(502, 'proxy_upstream_not_json', 'The RPC did not answer with JSON', `rpc=${answer.status}`);
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });
    return { kind: 'response', status: answer.status, headers, body: scrubbed, note: `rpc=${answer.status}` };
  } catch (error) {
    if (timedOut) return refusal(504, 'proxy_simulation_timeout', `The RPC did not answer within ${config.timeoutMs} ms`);
    if (request.signal.aborted) return refusal(502, 'proxy_simulation_unreachable', 'Client closed the request', 'client gone');
    return refusal(502, 'proxy_simulation_unreachable', 'The RPC is unreachable', `rpc error: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onClientGone);
  }
}
