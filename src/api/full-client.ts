/**
 * `RoutingClient` as `bridge-widget/api` exports it: `WidgetClient`
 * (./client.ts) plus the spec's endpoints the widget itself never calls
 * (the full token list, deposit address, key validation). They live in this
 * subclass so that the script-tag build, which bundles only what the widget
 * uses, leaves them out; integrators get one class with every endpoint.
 */
import { WidgetClient } from './client.js';
import type { ApiResult, CallOptions, JsonValue } from './client.js';
import { apiKeyInfoSchema, tokenSchema } from './schemas.js';
import type { ApiKeyInfo, Token } from './schemas.js';

// The token page moved to the widget's own client (the picker pages and searches); still exported from here.
export { readTokenPage } from './client.js';

export class RoutingClient extends WidgetClient {
  /** The full, unpaginated token list (no query parameters): every token of every chain, which the widget never asks for. */
  async tokens(options: CallOptions = {}): Promise<ApiResult<Token[]>> {
    return this.list('routes/tokens', tokenSchema, options);
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
