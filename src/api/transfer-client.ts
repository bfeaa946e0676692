/**
 * The transfer's own calls: the route (it creates the intent), the allowance
 * read before an approval, the receipt and the status. Only a transfer makes
 * them, so they travel with its chunk, with their schemas
 * (./transfer-schemas.ts), and the form's first load carries neither; the
 * widget's client (./client.ts) keeps the catalog, the balances and the quote.
 * `RoutingClient` (`bridge-widget/api`) has them all.
 */
import { InvalidRequestError, PostHookRejectedError, RoutingError } from './errors.js';
import { WidgetClient, pathSegment, quoteBody, type ApiResult, type CallOptions } from './client.js';
import type { AllowanceQuery, AllowanceResult, IntentStatus, ReceiptResult, RouteRequest, RouteResult } from './schemas.js';
import { allowanceResponseSchema, receiptResponseSchema, routeResponseSchema, statusResponseSchema } from './transfer-schemas.js';
import { postHookProblem } from './validate.js';

export class TransferClient extends WidgetClient {
  async allowance(query: AllowanceQuery, options: CallOptions = {}): Promise<ApiResult<AllowanceResult>> {
    const { data, meta } = await this.call('sdk/rpc/evm/allowance', allowanceResponseSchema, { ...options, query: { ...query } });
    if (!data.success) throw new RoutingError('upstream', 'The allowance could not be read', { ...meta, retryable: true });
    return { data: data.data, meta };
  }

  async route(request: RouteRequest, options: CallOptions = {}): Promise<ApiResult<RouteResult>> {
    const body = routeBody(request);
    return this.inner('routes/route', routeResponseSchema, { ...options, body, once: true, errors: 'route', hasPostHook: request.postHook !== undefined });
  }

  async receipt(intentId: string, txHash: string, options: CallOptions = {}): Promise<ApiResult<ReceiptResult>> {
    if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) throw new InvalidRequestError('txHash must be a 32-byte hex hash', 'txHash');
    const path = `route-intent/${pathSegment(intentId, 'intentId')}/receipt`;
    return this.inner(path, receiptResponseSchema, { ...options, body: { txHash }, intentId });
  }

  async status(intentId: string, options: CallOptions = {}): Promise<ApiResult<IntentStatus>> {
    return this.call(`route-intent/${pathSegment(intentId, 'intentId')}/status`, statusResponseSchema, { ...options, intentId });
  }
}

/** The transfer's calls on the session's client: the same proxy, rate-limit gate, time limits and back-off. */
export function transferClient(client: WidgetClient): TransferClient {
  return client instanceof TransferClient ? client : new TransferClient(client.options);
}

/** The body of a route request, and of a deposit address's (./deposit.ts), which takes the same fields. */
export function routeBody(request: RouteRequest): Record<string, unknown> {
  const body = quoteBody(request);
  const { fromAmountUSD, slippage, metadata, postHook } = request;
  if (fromAmountUSD !== undefined) body.fromAmountUSD = fromAmountUSD;
  if (slippage !== undefined) body.slippageBps = Math.round(slippage * 100);
  if (metadata !== undefined) body.metadata = metadata;
  if (postHook !== undefined) {
    const problem = postHookProblem(postHook);
    if (problem) throw new PostHookRejectedError(problem);
    body.hooks = { postHook };
  }
  return body;
}
