/**
 * Edge entry point: a `(Request) => Promise<Response>` handler for any
 * runtime with web-standard fetch (Deno, Cloudflare Workers, Bun, Node).
 * Must stay free of Node-only imports so an edge build can import this file
 * directly.
 *
 * Behind such runtimes the request URL arrives already normalised, so path
 * safety rests on the strict route and parameter matching alone; the Node
 * adapter additionally refuses non-canonical raw paths.
 *
 * Edge runtimes do not expose the peer address, so the per-client flood
 * limit only applies when `clientKey` (Cloudflare:
 * `(request) => request.headers.get('cf-connecting-ip')`) or
 * `trustProxyHeader` is given.
 */
import { createProxyCore } from './core.js';
import type { ProxyOptions } from './options.js';

export type { ClientRateLimit, ProxyOptions } from './options.js';
export type { ProxyErrorBody, ProxyErrorCode } from './errors.js';

/** Throws a TypeError at creation when the options are invalid (the message never contains the key). */
export function createProxyHandler(options: ProxyOptions): (request: Request) => Promise<Response> {
  const core = createProxyCore(options);
  return (request) => core(request);
}
