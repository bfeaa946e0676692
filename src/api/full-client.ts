/**
 * `RoutingClient` as `bridge-widget/api` exports it: `WidgetClient`
 * (./client.ts) with the deposit address (./deposit.ts, the deposit chunk's
 * client) plus the spec's endpoints the widget itself never calls (the full
 * token list, key validation). They live in subclasses so that the script-tag
 * build, which bundles only what the widget uses, leaves them out of its
 * first load; integrators get one class with every endpoint.
 */
import type { ApiResult, CallOptions } from './client.js';
import { DepositClient } from './deposit.js';
import { apiKeyInfoSchema, tokenSchema } from './schemas.js';
import type { ApiKeyInfo, Token } from './schemas.js';

// The token page moved to the widget's own client (the picker pages and searches); still exported from here.
export { readTokenPage } from './client.js';

export class RoutingClient extends DepositClient {
  /** The full, unpaginated token list (no query parameters): every token of every chain, which the widget never asks for. */
  async tokens(options: CallOptions = {}): Promise<ApiResult<Token[]>> {
    return this.list('routes/tokens', tokenSchema, options);
  }

  /** A non-2xx answer or `valid: false` both mean the key does not work. */
  async validate(options: CallOptions = {}): Promise<ApiResult<ApiKeyInfo>> {
    return this.call('sdk/validate', apiKeyInfoSchema, options);
  }
}
