/**
 * The one client for the routing service, spoken through the host's backend
 * proxy. It appends the spec's `/api/v1/` paths to the proxy's base URL, parses
 * every response with zod, turns every failure into a typed `RoutingError`
 * and routes every request through one `RateLimitGate`.
 */
import type * as z from 'zod/mini';
import {
  InvalidRequestError,
  InvalidResponseError,
  IntentNotFoundError,
  NoRouteError,
  PostHookRejectedError,
  QuoteRejectedError,
  RateLimitedError,
  RoutingError,
} from './errors.js';
import { DEFAULT_BACKOFF, RateLimitGate, backoffDelay, parseRetryAfter, readRateLimit, sleep } from './rate-limit.js';
import type { BackoffOptions, RateLimitInfo } from './rate-limit.js';
import {
  allowanceResponseSchema,
  apiKeyInfoSchema,
  balanceRowSchema,
  balancesResponseSchema,
  chainSchema,
  errorBodySchema,
  quoteResponseSchema,
  receiptResponseSchema,
  routeResponseSchema,
  statusResponseSchema,
  tokenSchema,
} from './schemas.js';
import type {
  AllowanceQuery,
  AllowanceResult,
  ApiKeyInfo,
  BalanceRow,
  BalancesResponse,
  Chain,
  ErrorBody,
  Estimate,
  IntentStatus,
  ProviderOutcome,
  QuoteRequest,
  ReceiptResult,
  RouteRequest,
  RouteResult,
  Token,
  TokenPage,
  TokensQuery,
} from './schemas.js';
import { assertAmount, assertSlippage, postHookProblem } from './validate.js';

export interface ResponseMeta {
  status: number;
  requestId: string | undefined;
  providerRequestId: string | undefined;
  rateLimit: RateLimitInfo;
  /** Entries of a list response that failed validation and were left out. */
  skipped: number;
}

export interface ApiResult<T> {
  data: T;
  meta: ResponseMeta;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export interface RoutingClientOptions {
  /** The host's proxy base URL; `/api/v1/...` is appended to it. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Shared with other clients of the same proxy to pool their quota. */
  gate?: RateLimitGate;
  /** Per-request time limit in milliseconds. */
  timeoutMs?: number;
  /** How many times a 429 or a network failure of an idempotent call is retried. */
  maxRetries?: number;
  backoff?: BackoffOptions;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

type Endpoint = 'chains' | 'tokens' | 'allowance' | 'quote' | 'route' | 'deposit-address' | 'receipt' | 'status' | 'validate' | 'balances';

interface SendInit {
  endpoint: Endpoint;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Retrying is safe: reads, and writes the spec declares idempotent or that a 429 refused. */
  idempotent: boolean;
  context?: { intentId?: string; hasPostHook?: boolean };
}

const PATH_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

function pathSegment(value: string, field: string): string {
  if (!PATH_SEGMENT.test(value)) throw new InvalidRequestError(`${field} contains characters that cannot be sent`, field);
  return value;
}

function describeIssue(issue: z.core.$ZodIssue): { field: string; detail: string } {
  return { field: issue.path.map(String).join('.'), detail: issue.message };
}

function errorMessage(body: ErrorBody | undefined): string | undefined {
  if (!body) return undefined;
  if (typeof body.error === 'string') return body.error;
  if (body.error && typeof body.error.message === 'string') return body.error.message;
  return body.message;
}

export class RoutingClient {
  readonly baseUrl: string;
  readonly gate: RateLimitGate;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoff: BackoffOptions;

  constructor(options: RoutingClientOptions) {
    if (!options.baseUrl) throw new InvalidRequestError('A proxy URL is required', 'baseUrl');
    // Keep a mount path such as `/bridge`; only a trailing slash is dropped.
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.gate = options.gate ?? new RateLimitGate();
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  async chains(options: CallOptions = {}): Promise<ApiResult<Chain[]>> {
    const { body, meta } = await this.send({ endpoint: 'chains', method: 'GET', path: 'routes/chains', signal: options.signal, idempotent: true });
    const list = Array.isArray(body) ? body : readArrayField(body);
    if (!list) throw new InvalidResponseError('', 'expected an array of chains', meta);
    return this.parseList(list, chainSchema, meta);
  }

  /** The full, unpaginated token list (no query parameters). */
  async tokens(options: CallOptions = {}): Promise<ApiResult<Token[]>> {
    const { body, meta } = await this.send({ endpoint: 'tokens', method: 'GET', path: 'routes/tokens', signal: options.signal, idempotent: true });
    const list = Array.isArray(body) ? body : readTokenPage(body)?.items;
    if (!list) throw new InvalidResponseError('', 'expected an array of tokens', meta);
    return this.parseList(list, tokenSchema, meta);
  }

  /** One page of tokens (any query parameter switches the service to paginated mode). */
  async tokenPage(query: TokensQuery, options: CallOptions = {}): Promise<ApiResult<TokenPage>> {
    const { body, meta } = await this.send({
      endpoint: 'tokens',
      method: 'GET',
      path: 'routes/tokens',
      query: {
        chainId: query.chainId,
        limit: query.limit === undefined ? undefined : String(query.limit),
        cursor: query.cursor,
        q: query.q,
        includeTotal: query.includeTotal === undefined ? undefined : String(query.includeTotal),
      },
      signal: options.signal,
      idempotent: true,
    });
    // A service that ignores the parameters and answers with the plain array is read as a single last page.
    const page = Array.isArray(body) ? { items: body as unknown[], nextCursor: null, total: body.length } : readTokenPage(body);
    if (!page) throw new InvalidResponseError('', 'expected a token page', meta);
    const parsed = this.parseList(page.items, tokenSchema, meta);
    return { data: { tokens: parsed.data, nextCursor: page.nextCursor, total: page.total }, meta: parsed.meta };
  }

  async allowance(query: AllowanceQuery, options: CallOptions = {}): Promise<ApiResult<AllowanceResult>> {
    const { body, meta } = await this.send({
      endpoint: 'allowance',
      method: 'GET',
      path: 'sdk/rpc/evm/allowance',
      query: { ...query },
      signal: options.signal,
      idempotent: true,
    });
    const parsed = this.parse(body, allowanceResponseSchema, meta);
    if (!parsed.success) throw new RoutingError('upstream', 'The allowance could not be read', { requestId: meta.requestId, status: meta.status, retryable: true });
    return { data: parsed.data, meta };
  }

  async quote(request: QuoteRequest, options: CallOptions = {}): Promise<ApiResult<Estimate>> {
    const { body, meta } = await this.send({
      endpoint: 'quote',
      method: 'POST',
      path: 'routes/quote',
      body: quoteBody(request),
      signal: options.signal,
      idempotent: true,
    });
    return { data: this.parse(body, quoteResponseSchema, meta).data.estimate, meta };
  }

  async route(request: RouteRequest, options: CallOptions = {}): Promise<ApiResult<RouteResult>> {
    const body: Record<string, unknown> = quoteBody(request);
    if (request.fromAmountUSD !== undefined) body.fromAmountUSD = request.fromAmountUSD;
    if (request.slippage !== undefined) body.slippageBps = Math.round(request.slippage * 100);
    if (request.metadata !== undefined) body.metadata = request.metadata;
    if (request.postHook !== undefined) {
      const problem = postHookProblem(request.postHook);
      if (problem) throw new PostHookRejectedError(problem);
      body.hooks = { postHook: request.postHook };
    }
    const response = await this.send({
      endpoint: 'route',
      method: 'POST',
      path: 'routes/route',
      body,
      signal: options.signal,
      // A route creates an intent; a lost response must not silently create a second one.
      idempotent: false,
      context: { hasPostHook: request.postHook !== undefined },
    });
    return { data: this.parse(response.body, routeResponseSchema, response.meta).data, meta: response.meta };
  }

  /** Request and response shapes are not in the spec: the body is passed through and the JSON returned as is. */
  async depositAddress(request: Record<string, JsonValue>, options: CallOptions = {}): Promise<ApiResult<JsonValue>> {
    const { body, meta } = await this.send({
      endpoint: 'deposit-address',
      method: 'POST',
      path: 'routes/deposit-address',
      body: request,
      signal: options.signal,
      idempotent: false,
    });
    return { data: body as JsonValue, meta };
  }

  async receipt(intentId: string, txHash: string, options: CallOptions = {}): Promise<ApiResult<ReceiptResult>> {
    if (!/^0x[0-9a-fA-F]{64}$/.test(txHash)) throw new InvalidRequestError('txHash must be a 32-byte hex hash', 'txHash');
    const { body, meta } = await this.send({
      endpoint: 'receipt',
      method: 'POST',
      path: `route-intent/${pathSegment(intentId, 'intentId')}/receipt`,
      body: { txHash },
      signal: options.signal,
      idempotent: true,
      context: { intentId },
    });
    return { data: this.parse(body, receiptResponseSchema, meta).data, meta };
  }

  async status(intentId: string, options: CallOptions = {}): Promise<ApiResult<IntentStatus>> {
    const { body, meta } = await this.send({
      endpoint: 'status',
      method: 'GET',
      path: `route-intent/${pathSegment(intentId, 'intentId')}/status`,
      signal: options.signal,
      idempotent: true,
      context: { intentId },
    });
    return { data: this.parse(body, statusResponseSchema, meta), meta };
  }

  /** A non-2xx answer or `valid: false` both mean the key does not work. */
  async validate(options: CallOptions = {}): Promise<ApiResult<ApiKeyInfo>> {
    const { body, meta } = await this.send({ endpoint: 'validate', method: 'GET', path: 'sdk/validate', signal: options.signal, idempotent: true });
    return { data: this.parse(body, apiKeyInfoSchema, meta), meta };
  }

  async balances(address: string, options: CallOptions = {}): Promise<ApiResult<BalancesResponse>> {
    const { body, meta } = await this.send({
      endpoint: 'balances',
      method: 'GET',
      path: `data/balances/${pathSegment(address, 'address')}`,
      signal: options.signal,
      idempotent: true,
    });
    const parsed = this.parse(body, balancesResponseSchema, meta);
    let skipped = 0;
    const results = parsed.results.map((result) => {
      const rows: BalanceRow[] = [];
      for (const row of result.balances) {
        const r = balanceRowSchema.safeParse(row);
        if (r.success) rows.push(r.data);
        else skipped++;
      }
      return { ...result, balances: rows };
    });
    return { data: { address: parsed.address, partial: parsed.partial, results }, meta: { ...meta, skipped } };
  }

  private parse<S extends z.ZodMiniType>(body: unknown, schema: S, meta: ResponseMeta): z.infer<S> {
    const result = schema.safeParse(body);
    if (result.success) return result.data as z.infer<S>;
    const issue = result.error.issues[0];
    const { field, detail } = issue ? describeIssue(issue) : { field: '', detail: 'unexpected shape' };
    throw new InvalidResponseError(field || '(body)', detail, { requestId: meta.requestId, status: meta.status });
  }

  private parseList<S extends z.ZodMiniType>(items: unknown[], schema: S, meta: ResponseMeta): ApiResult<z.infer<S>[]> {
    const data: z.infer<S>[] = [];
    let skipped = 0;
    for (const item of items) {
      const result = schema.safeParse(item);
      if (result.success) data.push(result.data as z.infer<S>);
      else skipped++;
    }
    return { data, meta: { ...meta, skipped } };
  }

  private url(path: string, query?: Record<string, string | undefined>): string {
    let url = `${this.baseUrl}/api/v1/${path}`;
    if (query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
      const text = params.toString();
      if (text) url += `?${text}`;
    }
    return url;
  }

  private async send(init: SendInit): Promise<{ body: unknown; meta: ResponseMeta }> {
    const url = this.url(init.path, init.query);
    for (let attempt = 0; ; attempt++) {
      await this.waitForGate(init.signal);
      let response: Response;
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      try {
        response = await this.fetchImpl(url, {
          method: init.method,
          headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal,
        });
      } catch (cause) {
        if (init.signal?.aborted) throw new RoutingError('aborted', 'The request was cancelled', { cause });
        const timedOut = timeout.aborted;
        const error = new RoutingError(timedOut ? 'timeout' : 'network', timedOut ? 'The proxy did not answer in time' : 'The proxy could not be reached', {
          retryable: true,
          cause,
        });
        if (init.idempotent && attempt < this.maxRetries) {
          await this.pause(backoffDelay(attempt, this.backoff), init.signal);
          continue;
        }
        throw error;
      }

      const meta: ResponseMeta = {
        status: response.status,
        requestId: response.headers.get('x-request-id') ?? undefined,
        providerRequestId: response.headers.get('x-provider-request-id') ?? undefined,
        rateLimit: readRateLimit(response.headers),
        skipped: 0,
      };
      this.gate.observe(meta.rateLimit);

      let text: string;
      try {
        text = await response.text();
      } catch (cause) {
        if (init.signal?.aborted) throw new RoutingError('aborted', 'The request was cancelled', { cause });
        throw new InvalidResponseError('', 'the body was cut off', { requestId: meta.requestId, status: meta.status, cause });
      }
      let body: unknown;
      let bodyReadable = true;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        bodyReadable = false;
      }

      if (response.status === 429) {
        const waitMs = parseRetryAfter(response.headers.get('retry-after')) ?? backoffDelay(attempt, this.backoff);
        this.gate.holdFor(waitMs);
        const requestId = meta.requestId ?? readRequestId(body);
        if (attempt < this.maxRetries && waitMs <= this.gate.maxHoldMs) {
          // Back off at least exponentially even if the server asks for less, so a storm thins out.
          await this.pause(Math.max(waitMs, backoffDelay(attempt, this.backoff)), init.signal);
          continue;
        }
        throw new RateLimitedError(waitMs, { requestId, status: 429 });
      }

      if (response.ok) {
        if (!bodyReadable) throw new InvalidResponseError('', 'the body is not valid JSON', { requestId: meta.requestId, status: meta.status });
        return { body, meta };
      }

      const parsedError = bodyReadable ? errorBodySchema.safeParse(body) : undefined;
      const errorBody = parsedError?.success ? parsedError.data : undefined;
      meta.requestId ??= readRequestId(body);
      const error = mapError(init, response.status, errorBody, meta);
      if (error.retryable && init.idempotent && attempt < this.maxRetries && error.kind === 'upstream') {
        await this.pause(backoffDelay(attempt, this.backoff), init.signal);
        continue;
      }
      throw error;
    }
  }

  private async waitForGate(signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.gate.wait(signal);
    } catch (cause) {
      throw new RoutingError('aborted', 'The request was cancelled', { cause });
    }
  }

  private async pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await sleep(ms, signal);
    } catch (cause) {
      throw new RoutingError('aborted', 'The request was cancelled', { cause });
    }
  }
}

function quoteBody(request: QuoteRequest): Record<string, unknown> {
  for (const field of ['fromChain', 'toChain', 'fromToken', 'toToken', 'fromAddress', 'toAddress'] as const) {
    if (typeof request[field] !== 'string' || request[field].length === 0) throw new InvalidRequestError(`${field} is required`, field);
  }
  assertSlippage(request.slippage);
  const body: Record<string, unknown> = {
    fromChain: request.fromChain,
    toChain: request.toChain,
    fromToken: request.fromToken,
    toToken: request.toToken,
    fromAmount: assertAmount(request.fromAmount),
    fromAddress: request.fromAddress,
    toAddress: request.toAddress,
  };
  if (request.slippage !== undefined) body.slippage = request.slippage;
  return body;
}

function readRequestId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const value = record.requestId ?? record.request_id;
  return typeof value === 'string' ? value : undefined;
}

function readArrayField(body: unknown): unknown[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const key of ['data', 'items', 'results', 'chains', 'tokens']) {
    const value = (body as Record<string, unknown>)[key];
    if (Array.isArray(value)) return value;
  }
  return undefined;
}

/**
 * Tolerant reading of the paginated token shape the spec leaves unshown: the
 * first array among data/tokens/items/results; the cursor from nextCursor,
 * next_cursor, cursor or next, at the top or inside `pagination`/`page`/`meta`;
 * the total from total, totalCount or total_count likewise. An empty or
 * missing cursor means the last page.
 */
export function readTokenPage(body: unknown): { items: unknown[]; nextCursor: string | null; total: number | null } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  let items: unknown[] | undefined;
  for (const key of ['data', 'tokens', 'items', 'results']) {
    const value = record[key];
    if (Array.isArray(value)) {
      items = value;
      break;
    }
    // `{ data: { tokens: [...], nextCursor } }` nests one level deeper.
    if (key === 'data' && typeof value === 'object' && value !== null) {
      const nested = readTokenPage(value);
      if (nested) return nested;
    }
  }
  if (!items) return undefined;
  const places = [record, record.pagination, record.page, record.meta].filter(
    (p): p is Record<string, unknown> => typeof p === 'object' && p !== null && !Array.isArray(p),
  );
  let nextCursor: string | null = null;
  let total: number | null = null;
  for (const place of places) {
    for (const key of ['nextCursor', 'next_cursor', 'cursor', 'next']) {
      const value = place[key];
      if (nextCursor === null && (typeof value === 'string' || typeof value === 'number') && value !== '') nextCursor = String(value);
    }
    for (const key of ['total', 'totalCount', 'total_count']) {
      const value = place[key];
      if (total === null && typeof value === 'number' && Number.isFinite(value)) total = value;
    }
  }
  return { items, nextCursor, total };
}

function mapError(init: SendInit, status: number, body: ErrorBody | undefined, meta: ResponseMeta): RoutingError {
  const errorInit = { requestId: meta.requestId, status };
  const message = errorMessage(body);
  const providers: ProviderOutcome[] = body?.providers ?? [];

  if (body?.providers && (init.endpoint === 'route' || init.endpoint === 'quote' || init.endpoint === 'deposit-address')) {
    return new NoRouteError(message ?? '', body.code === undefined ? undefined : String(body.code), providers, errorInit);
  }
  if (status === 401) return new RoutingError('unauthorized', 'The proxy rejected the request: check its API key configuration', errorInit);
  if (init.endpoint === 'quote' && status >= 400 && status < 500) {
    // AML and other refusals at quote are generic by contract: never surface the server's words.
    return new QuoteRejectedError(errorInit);
  }
  if (status === 404 && (init.endpoint === 'status' || init.endpoint === 'receipt')) {
    return new IntentNotFoundError(init.context?.intentId ?? '', errorInit);
  }
  if (status === 400 && init.endpoint === 'route' && init.context?.hasPostHook) {
    return new PostHookRejectedError(message ?? 'the post hook was rejected', errorInit);
  }
  if (status >= 400 && status < 500) {
    return new InvalidRequestError(message ?? `The request was refused (HTTP ${status})`, undefined, errorInit);
  }
  return new RoutingError('upstream', message ? `The routing service failed: ${message}` : `The routing service failed (HTTP ${status})`, {
    ...errorInit,
    retryable: true,
  });
}

export interface ReceiptSubmitOptions extends CallOptions {
  backoff?: BackoffOptions;
  /** Bound on attempts; unbounded by default because an unreported hash cannot be tracked. */
  maxAttempts?: number;
  onRetry?: (attempt: number, error: unknown, delayMs: number) => void;
}

const TERMINAL_RECEIPT_ERRORS = new Set(['intent-not-found', 'invalid-request', 'aborted', 'unauthorized']);

/**
 * Submits a receipt until the service answers `ok: true`. The endpoint is
 * idempotent, so repeating it is always safe; only a terminal error (unknown
 * intent, a refused hash, a cancelled signal) stops the loop.
 */
export async function submitReceiptUntilAccepted(
  client: RoutingClient,
  intentId: string,
  txHash: string,
  options: ReceiptSubmitOptions = {},
): Promise<ApiResult<ReceiptResult>> {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  for (let attempt = 0; ; attempt++) {
    let failure: unknown;
    try {
      const result = await client.receipt(intentId, txHash, { signal: options.signal });
      if (result.data.ok) return result;
      failure = new RoutingError('upstream', 'The receipt was not accepted yet', { requestId: result.meta.requestId, status: result.meta.status, retryable: true });
    } catch (error) {
      if (error instanceof RoutingError && TERMINAL_RECEIPT_ERRORS.has(error.kind)) throw error;
      if (!(error instanceof RoutingError)) throw error;
      failure = error;
    }
    if (attempt + 1 >= maxAttempts) throw failure;
    const delay = failure instanceof RateLimitedError ? Math.max(failure.retryAfterMs, backoffDelay(attempt, backoff)) : backoffDelay(attempt, backoff);
    options.onRetry?.(attempt + 1, failure, delay);
    try {
      await sleep(delay, options.signal);
    } catch (cause) {
      throw new RoutingError('aborted', 'Receipt submission was cancelled', { cause });
    }
  }
}
