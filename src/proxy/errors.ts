/** The proxy's own error responses: `{ error, code }`, `code` always prefixed `proxy_`. */
import { SECURITY_HEADERS } from './headers.js';

export type ProxyErrorCode =
  | 'proxy_bad_request'
  | 'proxy_bad_path'
  | 'proxy_not_found'
  | 'proxy_method_not_allowed'
  /** A GET that announced a body (Content-Length or Transfer-Encoding): refused, never read, connection closed. */
  | 'proxy_unexpected_body'
  | 'proxy_invalid_path_parameter'
  | 'proxy_invalid_query'
  | 'proxy_origin_not_allowed'
  /** `Host` not in `allowedHosts` (421): a DNS-rebinding page, or a name this proxy was not deployed under. */
  | 'proxy_host_not_allowed'
  | 'proxy_unsupported_media_type'
  | 'proxy_invalid_json'
  | 'proxy_body_too_large'
  | 'proxy_body_unreadable'
  | 'proxy_body_timeout'
  /** Node adapter: request line and headers not complete within `headersTimeoutMs`. */
  | 'proxy_headers_timeout'
  /** Node adapter: request line and headers larger than Node's limit (16 KiB by default). */
  | 'proxy_headers_too_large'
  /** Node adapter: a `Transfer-Encoding` other than `chunked` alone (501); the connection is closed. */
  | 'proxy_transfer_coding_not_supported'
  /** Over `clientRateLimit`; comes with `Retry-After`. */
  | 'proxy_rate_limited'
  /** The key's quota is low and the rest is kept for receipts and status polls (429 with `Retry-After`). */
  | 'proxy_quota_reserved'
  /** The routing service said to wait (`Retry-After`, or no quota left in its window): nothing is sent until then (429). */
  | 'proxy_upstream_rate_limited'
  | 'proxy_upstream_timeout'
  | 'proxy_upstream_unreachable'
  | 'proxy_upstream_redirect'
  | 'proxy_upstream_invalid_response'
  /** The upstream body is larger than `maxResponseBytes` (502). */
  | 'proxy_upstream_too_large'
  /** The upstream answered with something other than a JSON document (502): never passed to a browser. */
  | 'proxy_upstream_not_json'
  /** `POST /simulate/{chainId}` or `/read/{chainId}` for a chain with no RPC configured (404). */
  | 'proxy_simulation_unavailable'
  /** A simulation request that is not one JSON-RPC `eth_simulateV1` request (a batch, another method): 400. */
  | 'proxy_simulation_not_allowed'
  /** A `/read` request that is not one of the allowed reads with checked parameters (see chain-read.ts): 400. */
  | 'proxy_read_not_allowed'
  /** The simulation RPC did not answer within `simulationTimeoutMs` (504). */
  | 'proxy_simulation_timeout'
  /** The simulation RPC could not be reached, redirected, or broke off (502). */
  | 'proxy_simulation_unreachable'
  /** The instance is shutting down (503 with `Retry-After: 1`); requests already in progress finish. */
  | 'proxy_draining'
  | 'proxy_internal_error';

export interface ProxyErrorBody {
  readonly error: string;
  readonly code: ProxyErrorCode;
}

export function errorBody(code: ProxyErrorCode, message: string): string {
  const body: ProxyErrorBody = { error: message, code };
  return JSON.stringify(body);
}

export function jsonError(status: number, code: ProxyErrorCode, message: string, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(errorBody(code, message), {
    status,
    headers: {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...SECURITY_HEADERS,
    },
  });
}
