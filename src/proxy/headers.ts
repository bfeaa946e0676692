/**
 * Header allow-lists in both directions. Everything not listed is dropped:
 * client credentials (`X-API-Key`, `Authorization`, cookies) never reach the
 * upstream, and upstream cookies, caching or server details never reach the
 * browser.
 */
import type { SecretScrubber } from './scrub.js';

/** Request headers copied from the client. `X-Request-Id` is ignored by the service, so it is not sent. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'content-type'] as const;

/** Response headers the spec gives meaning to, plus Content-Type. */
export const PASSTHROUGH_RESPONSE_HEADERS = [
  'content-type',
  'x-request-id',
  'x-provider-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'deprecation',
  'sunset',
  'link',
] as const;

export function buildUpstreamHeaders(client: Headers, apiKey: string, withBody: boolean): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    if (name === 'content-type' && !withBody) continue;
    const value = client.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  headers.set('x-api-key', apiKey);
  return headers;
}

/**
 * What every proxy response carries: whatever the body, a browser that
 * navigates to it must neither sniff it into HTML nor run or load anything.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
};

/**
 * The spec's headers, each value scrubbed of the key. Content-Type is the
 * proxy's own: only JSON bodies are passed, and an upstream parameter
 * (`application/json; key=…`) has nothing to add.
 */
export function buildClientHeaders(upstream: Headers, scrubber: SecretScrubber): Headers {
  const headers = new Headers();
  for (const name of PASSTHROUGH_RESPONSE_HEADERS) {
    if (name === 'content-type') continue;
    const value = upstream.get(name);
    if (value !== null) headers.set(name, scrubber.text(value));
  }
  headers.set('content-type', 'application/json; charset=utf-8');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  return headers;
}
