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
  ProxyRefusedError,
  QuoteRejectedError,
  RateLimitedError,
  RoutingError,
} from './errors.js';
import { DEFAULT_BACKOFF, RateLimitGate, backoffDelay, parseRetryAfter, readRateLimit } from './rate-limit.js';
import { sleep } from '../model/sleep.js';
import type { BackoffOptions, RateLimitInfo } from './rate-limit.js';
import { balanceRowSchema, balancesResponseSchema, chainSchema, errorBodySchema, quoteResponseSchema, tokenSchema } from './schemas.js';
import type { BalancesResponse, Chain, ErrorBody, Estimate, QuoteRequest, TokenPage, TokensQuery } from './schemas.js';
import { assertAmount, assertSlippage } from './validate.js';
import { isRecord } from './records.js';

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
  /** Called when the service is busy (429) and the call waits before it tries again, with the wait in ms. */
  onBusy?: ((waitMs: number) => void) | undefined;
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

export interface SendInit extends CallOptions {
  /** Sent as JSON with POST; without a body the request is a GET. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * Retrying is unsafe: a route creates an intent, and a lost response must not
   * silently create a second one. Reads and the idempotent receipt retry; a
   * write that a 429 refused is retried either way.
   */
  once?: boolean;
  /** Which endpoint-specific rows of the spec's error table apply. */
  errors?: 'quote' | 'route';
  /** Set on intent paths (receipt, status), where 404 means the intent is unknown. */
  intentId?: string;
  hasPostHook?: boolean;
}

const PATH_SEGMENT = /^[A-Za-z0-9_-]{1,128}$/;

export function pathSegment(value: string, field: string): string {
  if (!PATH_SEGMENT.test(value)) throw new InvalidRequestError(`${field} contains characters that cannot be sent`, field);
  return value;
}

const cancelled = (cause: unknown) => new RoutingError('aborted', 'The request was cancelled', { cause });

/** Awaits a wait (gate, backoff) and reports an abort as a typed error. */
async function cancellable(wait: Promise<void>): Promise<void> {
  try {
    await wait;
  } catch (cause) {
    throw cancelled(cause);
  }
}

function parse<S extends z.ZodMiniType>(body: unknown, schema: S, meta: ResponseMeta): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data as z.infer<S>;
  const issue = result.error.issues[0];
  throw new InvalidResponseError(issue?.path.join('.') || '(body)', issue?.message ?? 'unexpected shape', meta);
}

/**
 * The proxy's URL as every endpoint and the saved transfers' key use it: the
 * host's spelling without the whitespace around it or a trailing slash, so
 * `/bridge`, `/bridge/` and ` /bridge ` are the same proxy. A mount path such
 * as `/bridge` is kept.
 */
export function proxyBaseUrl(proxyUrl: string): string {
  return proxyUrl.trim().replace(/\/+$/, '');
}

/**
 * The routing service's endpoints that <bridge-widget> calls, through the
 * host's proxy. `RoutingClient` (./full-client.ts, exported by
 * `bridge-widget/api`) extends it with the endpoints the widget never calls.
 */
export class WidgetClient {
  readonly baseUrl: string;
  readonly gate: RateLimitGate;
  /** What this client was made with, its gate included: another client of the same proxy (a later moment's, ./transfer-client.ts) is made from it and pools the quota. */
  readonly options: RoutingClientOptions;
  readonly #fetchImpl: typeof fetch;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #backoff: BackoffOptions;

  constructor(options: RoutingClientOptions) {
    if (!options.baseUrl) throw new InvalidRequestError('A proxy URL is required', 'baseUrl');
    this.baseUrl = proxyBaseUrl(options.baseUrl);
    this.gate = options.gate ?? new RateLimitGate();
    this.options = { ...options, gate: this.gate };
    this.#fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? 20_000;
    this.#maxRetries = options.maxRetries ?? 3;
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  async chains(options: CallOptions = {}): Promise<ApiResult<Chain[]>> {
    return this.list('routes/chains', chainSchema, options);
  }

  async quote(request: QuoteRequest, options: CallOptions = {}): Promise<ApiResult<Estimate>> {
    const { data, meta } = await this.inner('routes/quote', quoteResponseSchema, { ...options, body: quoteBody(request), errors: 'quote' });
    return { data: data.estimate, meta };
  }

  /**
   * One page of tokens: any query parameter switches the service to its
   * paginated shape, read tolerantly (see {@link readTokenPage}). Rows are
   * parsed one by one; malformed ones are dropped and counted in `meta.skipped`.
   */
  async tokenPage(query: TokensQuery, options: CallOptions = {}): Promise<ApiResult<TokenPage>> {
    const { chainId, limit, cursor, q, includeTotal } = query;
    const { body, meta } = await this.send('routes/tokens', { ...options, query: { chainId, limit, cursor, q, includeTotal } });
    // A service that ignores the parameters and answers with the plain array is read as a single last page.
    const page = Array.isArray(body) ? { items: body as unknown[], nextCursor: null, total: body.length } : readTokenPage(body);
    if (!page) throw new InvalidResponseError('', 'expected a token page', meta);
    const parsed = this.parseList(page.items, tokenSchema, meta);
    return { data: { tokens: parsed.data, nextCursor: page.nextCursor, total: page.total }, meta: parsed.meta };
  }

  async balances(address: string, options: CallOptions = {}): Promise<ApiResult<BalancesResponse>> {
    const { data, meta } = await this.call(`data/balances/${pathSegment(address, 'address')}`, balancesResponseSchema, options);
    let skipped = 0;
    const results = data.results.map((result) => {
      const rows = this.parseList(result.balances, balanceRowSchema, meta);
      skipped += rows.meta.skipped;
      return { ...result, balances: rows.data };
    });
    return { data: { address: data.address, partial: data.partial, results }, meta: { ...meta, skipped } };
  }

  /** Sends a request and parses the whole body with `schema`. */
  protected async call<S extends z.ZodMiniType>(path: string, schema: S, init: SendInit): Promise<ApiResult<z.infer<S>>> {
    const { body, meta } = await this.send(path, init);
    return { data: parse(body, schema, meta), meta };
  }

  /** As {@link call}, for the responses that wrap their result in `data`. */
  protected async inner<T>(path: string, schema: z.ZodMiniType<{ data: T }>, init: SendInit): Promise<ApiResult<T>> {
    const { data, meta } = await this.call(path, schema, init);
    return { data: data.data, meta };
  }

  /** A list endpoint: the plain array (or the first array a wrapper holds), parsed entry by entry. */
  protected async list<S extends z.ZodMiniType>(path: string, schema: S, options: CallOptions): Promise<ApiResult<z.infer<S>[]>> {
    const { body, meta } = await this.send(path, options);
    const items = listIn(body);
    if (!items) throw new InvalidResponseError('', 'expected an array', meta);
    return this.parseList(items, schema, meta);
  }

  /** Parses each entry on its own; malformed entries are dropped and counted in `meta.skipped`. */
  protected parseList<S extends z.ZodMiniType>(items: unknown[], schema: S, meta: ResponseMeta): ApiResult<z.infer<S>[]> {
    const data: z.infer<S>[] = [];
    for (const item of items) {
      const result = schema.safeParse(item);
      if (result.success) data.push(result.data as z.infer<S>);
    }
    return { data, meta: { ...meta, skipped: items.length - data.length } };
  }

  protected async send(path: string, init: SendInit): Promise<{ body: unknown; meta: ResponseMeta }> {
    const { signal: callerSignal, body: payload } = init;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query ?? {})) if (value !== undefined) params.set(key, String(value));
    const query = params.toString();
    const url = `${this.baseUrl}/api/v1/${path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';

    for (let attempt = 0; ; attempt++) {
      // An open gate is not awaited: even an await that resolves at once would let the render queued
      // before this call run first, and the request would leave only after it (a phone's first second).
      if (this.gate.waitMs > 0) await cancellable(this.gate.wait(callerSignal));
      let delay = backoffDelay(attempt, this.#backoff);
      let error: RoutingError;
      let retry = !init.once;
      const timeout = AbortSignal.timeout(this.#timeoutMs);
      let response: Response | undefined;
      try {
        response = await this.#fetchImpl(url, {
          method: payload === undefined ? 'GET' : 'POST',
          headers,
          body: payload === undefined ? undefined : JSON.stringify(payload),
          signal: callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout,
        });
      } catch (cause) {
        if (callerSignal?.aborted) throw cancelled(cause);
        error = timeout.aborted
          ? new RoutingError('timeout', 'The proxy did not answer in time', { retryable: true, cause })
          : new RoutingError('network', 'The proxy could not be reached', { retryable: true, cause });
      }

      if (response) {
        const { status, headers: received } = response;
        const meta: ResponseMeta = {
          status,
          requestId: received.get('x-request-id') ?? undefined,
          providerRequestId: received.get('x-provider-request-id') ?? undefined,
          rateLimit: readRateLimit(received),
          skipped: 0,
        };
        this.gate.observe(meta.rateLimit);

        let text: string;
        try {
          text = await response.text();
        } catch (cause) {
          if (callerSignal?.aborted) throw cancelled(cause);
          throw new InvalidResponseError('', 'the body was cut off', { ...meta, cause });
        }
        let body: unknown;
        let readable = true;
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch {
          readable = false;
        }

        if (response.ok) {
          if (!readable) throw new InvalidResponseError('', 'the body is not valid JSON', meta);
          return { body, meta };
        }
        meta.requestId ??= readRequestId(body);
        if (status === 429) {
          // The server's Retry-After is the instruction (the gate holds every request of this client until then); without one, the back-off.
          const waitMs = parseRetryAfter(received.get('retry-after')) ?? delay;
          this.gate.holdFor(waitMs);
          error = new RateLimitedError(waitMs, meta);
          delay = waitMs;
          retry = waitMs <= this.gate.maxHoldMs;
        } else {
          const parsed = readable ? errorBodySchema.safeParse(body) : undefined;
          error = mapError(init, status, parsed?.success ? parsed.data : undefined, meta);
          retry &&= error.kind === 'upstream';
        }
      }
      if (!retry || attempt >= this.#maxRetries) throw error!;
      if (error! instanceof RateLimitedError) init.onBusy?.(delay);
      await cancellable(sleep(delay, callerSignal));
    }
  }
}

export function quoteBody(request: QuoteRequest): Record<string, unknown> {
  const { fromChain, toChain, fromToken, toToken, fromAmount, fromAddress, toAddress, slippage } = request;
  const body: Record<string, unknown> = { fromChain, toChain, fromToken, toToken, fromAmount, fromAddress, toAddress };
  for (const [field, value] of Object.entries(body)) {
    if (field !== 'fromAmount' && (typeof value !== 'string' || value.length === 0)) throw new InvalidRequestError(`${field} is required`, field);
  }
  assertSlippage(slippage);
  body.fromAmount = assertAmount(fromAmount);
  if (slippage !== undefined) body.slippage = slippage;
  return body;
}

function readRequestId(body: unknown): string | undefined {
  const value = isRecord(body) ? (body.requestId ?? body.request_id) : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The list of a list response: the body itself when it is an array, as the
 * spec shows it; else, read tolerantly from a wrapper the spec leaves unshown
 * (the paginated token page, for one), the array under `data` (also one level
 * down), `tokens`, `items`, `results` or `chains`.
 */
function listIn(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  return listIn(body.data) ?? [body.tokens, body.items, body.results, body.chains].find(Array.isArray);
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
  const cursor = first(
    ['nextCursor', 'next_cursor', 'cursor', 'next'],
    (v): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number',
  );
  const total = first(['total', 'totalCount', 'total_count'], (v): v is number => Number.isFinite(v));
  return { items, nextCursor: cursor === undefined ? null : String(cursor), total: total ?? null };
}

function errorMessage(body: ErrorBody | undefined): string | undefined {
  const error = body?.error;
  if (typeof error === 'string') return error;
  return typeof error?.message === 'string' ? error.message : body?.message;
}

function mapError(init: SendInit, status: number, body: ErrorBody | undefined, meta: ResponseMeta): RoutingError {
  const message = errorMessage(body);
  const clientError = status >= 400 && status < 500;

  // The proxy's own refusals come first: a set-up mistake on the site, never read as the service's answer (nor as an AML refusal at quote).
  const code = body?.code;
  if (ProxyRefusedError.is(code)) return new ProxyRefusedError(code, meta);
  if (body?.providers && init.errors) return new NoRouteError(message ?? '', body.code?.toString(), body.providers, meta);
  if (status === 401) return new RoutingError('unauthorized', 'The proxy rejected the request: check its API key configuration', meta);
  // AML and other refusals at quote are generic by contract: never surface the server's words.
  if (init.errors === 'quote' && clientError) return new QuoteRejectedError(meta);
  if (status === 404 && init.intentId !== undefined) return new IntentNotFoundError(init.intentId, meta);
  if (status === 400 && init.hasPostHook) return new PostHookRejectedError(message ?? 'the post hook was rejected', meta);
  // The reference proxy refuses an upstream body that is not JSON: to the user it is the same unreadable answer.
  if (body?.code === 'proxy_upstream_not_json') return new InvalidResponseError('', 'the body is not valid JSON', meta);
  if (clientError) return new InvalidRequestError(message ?? `The request was refused (HTTP ${status})`, undefined, meta);
  return new RoutingError('upstream', message ? `The routing service failed: ${message}` : `The routing service failed (HTTP ${status})`, {
    ...meta,
    retryable: true,
  });
}
