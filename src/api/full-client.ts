/**
 * `RoutingClient` as `bridge-widget/api` exports it: `WidgetClient`
 * (./client.ts) plus the spec's endpoints the widget itself never calls
 * (a page of tokens, deposit address, key validation). They live in this
 * subclass so that the script-tag build, which bundles only what the widget
 * uses, leaves them out; integrators get one class with every endpoint.
 */
import { WidgetClient } from './client.js';
import type { ApiResult, CallOptions, JsonValue } from './client.js';
import { InvalidResponseError } from './errors.js';
import { isRecord } from './records.js';
import { apiKeyInfoSchema, tokenSchema } from './schemas.js';
import type { ApiKeyInfo, TokenPage, TokensQuery } from './schemas.js';

export class RoutingClient extends WidgetClient {
  /** One page of tokens (any query parameter switches the service to paginated mode). */
  async tokenPage(query: TokensQuery, options: CallOptions = {}): Promise<ApiResult<TokenPage>> {
    const { chainId, limit, cursor, q, includeTotal } = query;
    const { body, meta } = await this.send('routes/tokens', { ...options, query: { chainId, limit, cursor, q, includeTotal } });
    // A service that ignores the parameters and answers with the plain array is read as a single last page.
    const page = Array.isArray(body) ? { items: body as unknown[], nextCursor: null, total: body.length } : readTokenPage(body);
    if (!page) throw new InvalidResponseError('', 'expected a token page', meta);
    const parsed = this.parseList(page.items, tokenSchema, meta);
    return { data: { tokens: parsed.data, nextCursor: page.nextCursor, total: page.total }, meta: parsed.meta };
  }

  /** Request and response shapes are not in the spec: the body is passed through and the JSON returned as is. */
  async depositAddress(request: Record<string, JsonValue>, options: CallOptions = {}): Promise<ApiResult<JsonValue>> {
    const { body, meta } = await this.send('routes/deposit-address', { ...options, body: request, once: true, errors: 'route' });
    return { data: body as JsonValue, meta };
  }

  /** A non-2xx answer or `valid: false` both mean the key does not work. */
  async validate(options: CallOptions = {}): Promise<ApiResult<ApiKeyInfo>> {
    return this.call('sdk/validate', apiKeyInfoSchema, options);
  }
}

/**
 * Tolerant reading of the paginated token shape the spec leaves unshown: the
 * first array among data/tokens/items/results; the cursor from nextCursor,
 * next_cursor, cursor or next, at the top or inside `pagination`/`page`/`meta`;
 * the total from total, totalCount or total_count likewise. An empty or
 * missing cursor means the last page.
 */
export function readTokenPage(body: unknown): { items: unknown[]; nextCursor: string | null; total: number | null } | undefined {
  if (!isRecord(body)) return undefined;
  // `{ data: { tokens: [...], nextCursor } }` nests one level deeper.
  const nested = readTokenPage(body.data);
  if (nested) return nested;
  const items = ['data', 'tokens', 'items', 'results'].map((key) => body[key]).find(Array.isArray);
  if (!items) return undefined;
  const places = [body, body.pagination, body.page, body.meta].filter(isRecord);
  const first = <T>(keys: string[], accept: (value: unknown) => value is T): T | undefined => {
    for (const place of places) for (const key of keys) if (accept(place[key])) return place[key];
    return undefined;
  };
  const cursor = first(['nextCursor', 'next_cursor', 'cursor', 'next'], (v): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number');
  const total = first(['total', 'totalCount', 'total_count'], (v): v is number => Number.isFinite(v));
  return { items, nextCursor: cursor === undefined ? null : String(cursor), total: total ?? null };
}
