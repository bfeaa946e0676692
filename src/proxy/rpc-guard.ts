/**
 * The guard and the relay every JSON-RPC endpoint of the proxy shares
 * (`/simulate/{chainId}`, and any other endpoint that forwards a browser's
 * JSON-RPC request to an RPC the operator configured). The Host allow-list,
 * the origin allow-list and the flood limit are the core's, applied to every
 * request before any endpoint; `guardRpcRequest` adds what a relay paid by
 * the host needs on top (an `Origin`, a JSON body within a size cap, one
 * JSON-RPC 2.0 request of one method, an id of bounded length), and
 * `relayRpcCall` the deadline, the answer's size cap and the scrubbing. What
 * an endpoint allows inside `params`, and what it accepts as an answer, is
 * its own.
 *
 * The RPC never sees the caller's id: the proxy sends its own (a number) and
 * answers with the caller's, so nothing the caller chose comes back through
 * the RPC's answer (an id built to decode many times over cost the scrubber
 * seconds of CPU when it was echoed).
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

/** What an endpoint accepts back for one method: at most `maxBytes` of answer, and a `result` that `result` accepts. */
export interface AnswerBound {
  readonly maxBytes: number;
  readonly result: (value: unknown) => boolean;
}

/**
 * A JSON-RPC request an endpoint forwards: the method and params as they will
 * be sent (and, for a read of state at a block, that block, and the answer it
 * accepts), or why not.
 */
export type RpcAdmission = { ok: true; method: string; params: readonly unknown[]; stateAt?: string; answer?: AnswerBound } | { ok: false; message: string };

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

/** A caller's JSON-RPC id: a whole number, a string of at most this many characters, or null. */
export const MAX_RPC_ID_LENGTH = 128;

/** The caller's id, as JSON-RPC 2.0 allows it and bounded; `undefined` when it is none of those. */
function callerId(id: unknown): number | string | null | undefined {
  if (id === undefined || id === null) return null;
  if (typeof id === 'number') return Number.isSafeInteger(id) ? id : undefined;
  if (typeof id === 'string') return id.length <= MAX_RPC_ID_LENGTH ? id : undefined;
  return undefined;
}

export interface RpcCall {
  /** The caller's id, answered back; the RPC gets the proxy's own. */
  readonly id: number | string | null;
  readonly method: string;
  readonly params: readonly unknown[];
  /** The block whose state is read (`eth_getBalance`, `eth_call`), for the depth check. */
  readonly stateAt?: string;
  readonly answer?: AnswerBound;
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
  const caller = callerId(id);
  if (caller === undefined) {
    return refuse(refusal(400, notAllowed, `The id must be a whole number, null, or a string of at most ${MAX_RPC_ID_LENGTH} characters`));
  }
  const admitted = options.endpoint.admit(method, params);
  if (!admitted.ok) return refuse(refusal(400, notAllowed, admitted.message));
  const { stateAt, answer } = admitted;
  return {
    ok: true,
    call: { id: caller, method: admitted.method, params: admitted.params, ...(stateAt !== undefined ? { stateAt } : {}), ...(answer ? { answer } : {}) },
  };
}

export interface RpcRelayConfig {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly fetch: typeof fetch;
  readonly scrubber: SecretScrubber;
}

let nextRpcId = 0;

/** The JSON-RPC request the RPC gets: the checked method and params under the proxy's own id. */
export function rpcRequestBody(method: string, params: readonly unknown[]): string {
  nextRpcId = (nextRpcId % Number.MAX_SAFE_INTEGER) + 1;
  return JSON.stringify({ jsonrpc: '2.0', id: nextRpcId, method, params });
}

/**
 * Sends `call` to `rpcUrl` with only JSON headers (nothing of the client's,
 * never the routing key) under the proxy's own id, within `timeoutMs` or
 * when the client goes, and answers what the RPC answered with the caller's
 * id: one JSON-RPC response (a `result` the call accepts, or an `error`),
 * capped, scrubbed, with the proxy's security headers. Anything else is 502.
 */
export async function relayRpcCall(config: RpcRelayConfig, request: Request, rpcUrl: string, call: RpcCall): Promise<Exchange> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  const onClientGone = () => controller.abort();
  request.signal.addEventListener('abort', onClientGone, { once: true });
  const maxBytes = Math.min(config.maxResponseBytes, call.answer?.maxBytes ?? Infinity);
  try {
    const answer = await config.fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: rpcRequestBody(call.method, call.params),
      redirect: 'manual',
      signal: controller.signal,
    });
    if (answer.status === 0 || (answer.status >= 300 && answer.status < 400)) {
      await answer.body?.cancel().catch(() => undefined);
      return refusal(502, 'proxy_simulation_unreachable', 'The RPC answered with a redirect');
    }
    const read = await readCappedStream(answer.headers.get('content-length'), answer.body, maxBytes);
    if (!read.ok) {
      if (read.reason === 'too_large') return refusal(502, 'proxy_upstream_too_large', `The RPC answer is larger than ${maxBytes} bytes`);
      return timedOut
        ? refusal(504, 'proxy_simulation_timeout', `The RPC did not answer within ${config.timeoutMs} ms`)
        : refusal(502, 'proxy_simulation_unreachable', 'The RPC answer broke off');
    }
    const type = answer.headers.get('content-type');
    const text = isJsonResponseType(type) || type === null ? utf8Text(read.bytes) : undefined;
    const scrubbed = text === undefined ? undefined : config.scrubber.json(text);
    if (scrubbed === undefined) return refusal(502, 'proxy_upstream_not_json', 'The RPC did not answer with JSON', `rpc=${answer.status}`);
    const body = answerFor(JSON.parse(scrubbed) as unknown, call);
    if (body === undefined) return refusal(502, 'proxy_upstream_invalid_response', 'The RPC answer is not a response to this call', `rpc=${answer.status}`);
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });
    return { kind: 'response', status: answer.status, headers, body, note: `rpc=${answer.status}` };
  } catch (error) {
    if (timedOut) return refusal(504, 'proxy_simulation_timeout', `The RPC did not answer within ${config.timeoutMs} ms`);
    if (request.signal.aborted) return refusal(502, 'proxy_simulation_unreachable', 'Client closed the request', 'client gone');
    return refusal(502, 'proxy_simulation_unreachable', 'The RPC is unreachable', `rpc error: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onClientGone);
  }
}

/** How far below the chain's head a read of state (`eth_getBalance`, `eth_call`) may look: deeper is an archive's work. */
export const MAX_STATE_DEPTH_BLOCKS = 10_000n;
/** A chain's head, once read, serves the depth checks of this long. */
const HEAD_FRESH_MS = 2_000;
const QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;
const heads = new Map<string, { readonly head: bigint; readonly at: number }>();

/**
 * The refusal of a read of state deeper than `MAX_STATE_DEPTH_BLOCKS` below
 * the chain's head, or undefined when `stateAt` is a tag the RPC serves from
 * recent state or a block near enough. The head is read from the RPC
 * (`eth_blockNumber`) at most every `HEAD_FRESH_MS` per RPC; without it the
 * read is not forwarded.
 */
export async function stateDepthRefusal(config: RpcRelayConfig, rpcUrl: string, stateAt: string, notAllowed: Refusal['code']): Promise<Refusal | undefined> {
  if (!QUANTITY.test(stateAt)) return undefined;
  const block = BigInt(stateAt);
  const known = heads.get(rpcUrl);
  let head = known && Date.now() - known.at < HEAD_FRESH_MS ? known.head : undefined;
  if (head === undefined) {
    head = await readHead(config, rpcUrl);
    if (head === undefined) return refusal(502, 'proxy_simulation_unreachable', "The RPC did not tell the chain's head");
    heads.set(rpcUrl, { head, at: Date.now() });
  }
  return head - block > MAX_STATE_DEPTH_BLOCKS
    ? refusal(400, notAllowed, `State more than ${MAX_STATE_DEPTH_BLOCKS} blocks below the head is not read here`)
    : undefined;
}

async function readHead(config: RpcRelayConfig, rpcUrl: string): Promise<bigint | undefined> {
  try {
    const answer = await config.fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: rpcRequestBody('eth_blockNumber', []),
      redirect: 'manual',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const read = await readCappedStream(answer.headers.get('content-length'), answer.body, 4096);
    const text = read.ok ? utf8Text(read.bytes) : undefined;
    const result = text === undefined ? undefined : (JSON.parse(text) as { result?: unknown } | null)?.result;
    return typeof result === 'string' && QUANTITY.test(result) ? BigInt(result) : undefined;
  } catch {
    return undefined;
  }
}

/** The caller's answer, from one JSON-RPC response of the RPC: its `result` (if the call accepts it) or its `error`. */
function answerFor(response: unknown, call: RpcCall): string | undefined {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) return undefined;
  const { result, error } = response as Record<string, unknown>;
  if (error !== undefined) {
    return typeof error === 'object' && error !== null && !Array.isArray(error) ? JSON.stringify({ jsonrpc: '2.0', id: call.id, error }) : undefined;
  }
  if (!('result' in response) || (call.answer && !call.answer.result(result))) return undefined;
  return JSON.stringify({ jsonrpc: '2.0', id: call.id, result });
}
