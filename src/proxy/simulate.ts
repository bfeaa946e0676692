/**
 * `POST {mountPath}/simulate/{chainId}`: the widget's simulation of a route
 * before the wallet prompt (issue 25). Browser wallets refuse
 * `eth_simulateV1`, so the host's backend forwards it to an RPC the operator
 * configures per chain (`simulationRpcUrls`, `SIMULATION_RPC_URLS`).
 *
 * One JSON-RPC request, method `eth_simulateV1`, nothing else (no batch, no
 * other method: the endpoint must not become an open RPC relay paid by the
 * host). The routing API key is never sent to the RPC, and is scrubbed from
 * whatever comes back; the routing key's quota is not spent. Origin, CORS and
 * the flood limit apply as on every other route.
 */
import { isJsonContentType, isJsonDocument, isJsonResponseType, readCappedBody, readCappedStream, utf8Text } from './body.js';
import type { Exchange } from './exchange.js';
import type { SecretScrubber } from './scrub.js';

export const SIMULATE_TEMPLATE = '/simulate/:chainId';
export const SIMULATE_PATH = /^\/simulate\/([1-9]\d{0,15})$/;
export const SIMULATION_METHOD = 'eth_simulateV1';
/** A simulation request carries a few calls: far below this. */
export const SIMULATION_MAX_BODY_BYTES = 256 * 1024;
export const DEFAULT_SIMULATION_TIMEOUT_MS = 10_000;

export interface SimulationConfig {
  /** RPC URL by decimal chain id. */
  readonly rpcUrls: ReadonlyMap<string, string>;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly fetch: typeof fetch;
  readonly scrubber: SecretScrubber;
}

const refusal = (status: number, code: Extract<Exchange, { kind: 'refusal' }>['code'], message: string, ...notes: string[]): Exchange => ({
  kind: 'refusal',
  status,
  code,
  message,
  notes,
});

/** A JSON-RPC request an endpoint forwards: the method and params as they will be sent, or why not. */
export type RpcAdmission = { ok: true; method: string; params: readonly unknown[] } | { ok: false; message: string };

/** What one RPC endpoint forwards (`/simulate`, `/read`): the request's checks and the refusal code of a request it does not. */
export interface RpcEndpoint {
  readonly admit: (method: unknown, params: readonly unknown[]) => RpcAdmission;
  readonly notAllowed: Extract<Exchange, { kind: 'refusal' }>['code'];
}

export const SIMULATION_ENDPOINT: RpcEndpoint = {
  admit: (method, params) => (method === SIMULATION_METHOD ? { ok: true, method, params } : { ok: false, message: `Only ${SIMULATION_METHOD} is forwarded` }),
  notAllowed: 'proxy_simulation_not_allowed',
};

export function simulate(config: SimulationConfig, request: Request, chainId: string): Promise<Exchange> {
  return forwardRpc(config, request, chainId, SIMULATION_ENDPOINT);
}

/**
 * The guard every RPC endpoint shares: a configured chain, one JSON-RPC 2.0
 * request (no batch) of at most 256 KiB that `endpoint` admits, forwarded
 * with none of the client's headers under one deadline, the answer capped
 * and scrubbed. Origin, Host and the flood limit are checked before (core).
 */
export async function forwardRpc(config: SimulationConfig, request: Request, chainId: string, endpoint: RpcEndpoint): Promise<Exchange> {
  const rpcUrl = config.rpcUrls.get(chainId);
  if (rpcUrl === undefined) {
    await request.body?.cancel().catch(() => undefined);
    return refusal(404, 'proxy_simulation_unavailable', `No RPC is configured for chain ${chainId}`);
  }
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return refusal(415, 'proxy_unsupported_media_type', 'Request body must be application/json');
  }
  const read = await readCappedBody(request, SIMULATION_MAX_BODY_BYTES);
  if (!read.ok) {
    if (read.reason === 'too_large') return refusal(413, 'proxy_body_too_large', `RPC request exceeds ${SIMULATION_MAX_BODY_BYTES} bytes`);
    return refusal(400, 'proxy_body_unreadable', read.reason === 'bad_length' ? 'Invalid Content-Length' : 'Request body could not be read');
  }
  if (!isJsonDocument(read.bytes)) return refusal(400, 'proxy_invalid_json', 'Request body is not valid JSON');
  const call = JSON.parse(utf8Text(read.bytes)!) as unknown;
  if (Array.isArray(call)) return refusal(400, endpoint.notAllowed, 'One JSON-RPC request, not a batch');
  if (typeof call !== 'object' || call === null) return refusal(400, endpoint.notAllowed, 'Not a JSON-RPC request');
  const { jsonrpc, method, params, id } = call as Record<string, unknown>;
  if (jsonrpc !== '2.0' || !Array.isArray(params)) return refusal(400, endpoint.notAllowed, 'Not a JSON-RPC 2.0 request with params');
  const admitted = endpoint.admit(method, params);
  if (!admitted.ok) return refusal(400, endpoint.notAllowed, admitted.message);
  const forwarded = JSON.stringify({
    jsonrpc: '2.0',
    id: typeof id === 'number' || typeof id === 'string' ? id : 1,
    method: admitted.method,
    params: admitted.params,
  });

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  const onClientGone = () => controller.abort();
  request.signal.addEventListener('abort', onClientGone, { once: true });
  try {
    // Only these headers: nothing of the client's, and never the routing service's key.
    const answer = await config.fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: forwarded,
      redirect: 'manual',
      signal: controller.signal,
    });
    if (answer.status === 0 || (answer.status >= 300 && answer.status < 400)) {
      await answer.body?.cancel().catch(() => undefined);
      return refusal(502, 'proxy_simulation_unreachable', 'The simulation RPC answered with a redirect');
    }
    const body = await readCappedStream(answer.headers.get('content-length'), answer.body, config.maxResponseBytes);
    if (!body.ok) {
      if (body.reason === 'too_large') return refusal(502, 'proxy_upstream_too_large', 'The simulation answer is too large');
      return timedOut
        ? refusal(504, 'proxy_simulation_timeout', `The simulation RPC did not answer within ${config.timeoutMs} ms`)
        : refusal(502, 'proxy_simulation_unreachable', 'The simulation answer broke off');
    }
    const text = isJsonResponseType(answer.headers.get('content-type')) || answer.headers.get('content-type') === null ? utf8Text(body.bytes) : undefined;
    const scrubbed = text === undefined ? undefined : config.scrubber.json(text);
    if (scrubbed === undefined) return refusal(502, 'proxy_upstream_not_json', 'The simulation RPC did not answer with JSON', `rpc=${answer.status}`);
    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    return { kind: 'response', status: answer.status, headers, body: scrubbed, note: `rpc=${answer.status}` };
  } catch (error) {
    if (timedOut) return refusal(504, 'proxy_simulation_timeout', `The simulation RPC did not answer within ${config.timeoutMs} ms`);
    if (request.signal.aborted) return refusal(502, 'proxy_simulation_unreachable', 'Client closed the request', 'client gone');
    return refusal(
      502,
      'proxy_simulation_unreachable',
      'The simulation RPC is unreachable',
      `rpc error: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onClientGone);
  }
}

/** `{ "11155111": "https://…" }` checked once at start-up: decimal chain ids, absolute http(s) URLs without credentials in a fragment. */
export function resolveSimulationRpcUrls(value: Readonly<Record<string, string>> | undefined): ReadonlyMap<string, string> {
  const urls = new Map<string, string>();
  if (value === undefined) return urls;
  if (typeof value !== 'object' || value === null) throw new TypeError('simulationRpcUrls must map chain ids to RPC URLs');
  for (const [chainId, url] of Object.entries(value)) {
    if (!/^[1-9]\d{0,15}$/.test(chainId)) throw new TypeError(`simulationRpcUrls: "${chainId}" is not a decimal chain id`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new TypeError(`simulationRpcUrls: the URL for chain ${chainId} is not an absolute http(s) URL`);
    }
    if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hash) {
      throw new TypeError(`simulationRpcUrls: the URL for chain ${chainId} is not an absolute http(s) URL`);
    }
    urls.set(chainId, parsed.href);
  }
  return urls;
}
