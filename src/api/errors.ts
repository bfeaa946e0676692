import type { ProviderOutcome } from './schemas.js';

/**
 * What went wrong, in terms a UI can explain without matching on messages.
 * Every error carries the service's request id when one was received, so the
 * user can quote it to support.
 */
export type RoutingErrorKind =
  | 'rate-limited'
  | 'no-route'
  | 'intent-not-found'
  | 'quote-rejected'
  | 'post-hook-rejected'
  | 'invalid-request'
  | 'invalid-response'
  | 'unauthorized'
  | 'network'
  | 'timeout'
  | 'upstream'
  | 'proxy-refused'
  | 'aborted'
  /** The deposit address's answer failed one of its checks (./deposit.ts): nothing is shown to pay into. */
  | 'deposit-refused'
  /** The service offers no deposit address for this route (404, or every provider declined): ./deposit.ts. */
  | 'deposit-unavailable';

export interface RoutingErrorInit {
  requestId?: string | undefined;
  status?: number | undefined;
  retryable?: boolean;
  cause?: unknown;
}

export class RoutingError extends Error {
  readonly kind: RoutingErrorKind;
  readonly requestId: string | undefined;
  /** HTTP status, when a response was received. */
  readonly status: number | undefined;
  /** True when the same request may succeed later without any change. */
  readonly retryable: boolean;

  constructor(kind: RoutingErrorKind, message: string, init: RoutingErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'RoutingError';
    this.kind = kind;
    this.requestId = init.requestId;
    this.status = init.status;
    this.retryable = init.retryable ?? false;
  }
}

export class RateLimitedError extends RoutingError {
  /** How long the service asked us to wait, in milliseconds. */
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number, init: RoutingErrorInit = {}) {
    super('rate-limited', `Too many requests; retry in ${Math.ceil(retryAfterMs / 1000)} s`, { ...init, retryable: true });
    this.name = 'RateLimitedError';
    this.retryAfterMs = retryAfterMs;
  }
}

export class NoRouteError extends RoutingError {
  readonly code: string | undefined;
  readonly providers: ProviderOutcome[];
  constructor(summary: string, code: string | undefined, providers: ProviderOutcome[], init: RoutingErrorInit = {}) {
    // A provider that "failed" gave no usable answer: the pair can be routable on a later attempt.
    const retryable = providers.some((p) => p.outcome === 'failed') || (init.status ?? 0) >= 500;
    super('no-route', summary || 'No route is available for this transfer', { ...init, retryable });
    this.name = 'NoRouteError';
    this.code = code;
    this.providers = providers;
  }
}

export class IntentNotFoundError extends RoutingError {
  readonly intentId: string;
  constructor(intentId: string, init: RoutingErrorInit = {}) {
    super('intent-not-found', `Unknown intent ${intentId}`, { ...init, retryable: false });
    this.name = 'IntentNotFoundError';
    this.intentId = intentId;
  }
}

/**
 * The quote was refused. Per the spec's AML rule the reason is never exposed,
 * so this error deliberately carries no server text.
 */
export class QuoteRejectedError extends RoutingError {
  constructor(init: RoutingErrorInit = {}) {
    super('quote-rejected', 'This transfer cannot be quoted', { ...init, retryable: false });
    this.name = 'QuoteRejectedError';
  }
}

export class PostHookRejectedError extends RoutingError {
  readonly serverMessage: string;
  constructor(serverMessage: string, init: RoutingErrorInit = {}) {
    super('post-hook-rejected', `Post hook rejected: ${serverMessage}`, { ...init, retryable: false });
    this.name = 'PostHookRejectedError';
    this.serverMessage = serverMessage;
  }
}

/** Rejected locally before any request, or by the service with a 400. */
export class InvalidRequestError extends RoutingError {
  readonly field: string | undefined;
  constructor(message: string, field?: string, init: RoutingErrorInit = {}) {
    super('invalid-request', message, { ...init, retryable: false });
    this.name = 'InvalidRequestError';
    this.field = field;
  }
}

export class InvalidResponseError extends RoutingError {
  /** Dotted path of the first field that failed, e.g. `data.route.estimate.toAmount`; empty for unreadable bodies. */
  readonly field: string;
  constructor(field: string, detail: string, init: RoutingErrorInit = {}) {
    super('invalid-response', `Invalid response (${field || 'unreadable'}: ${detail})`, { ...init, retryable: true });
    this.name = 'InvalidResponseError';
    this.field = field;
  }
}

/** What a proxy refusal is about, from its `code` (the reference proxy's `src/proxy/errors.ts`). */
export type ProxyRefusal = 'origin' | 'host' | 'method';

const PROXY_REFUSALS: Readonly<Record<string, ProxyRefusal>> = {
  proxy_origin_not_allowed: 'origin',
  proxy_host_not_allowed: 'host',
  proxy_method_not_allowed: 'method',
};

/** What the site's developer changes, per refusal: the proxy's setting is named. */
const PROXY_FIXES: Readonly<Record<ProxyRefusal, string>> = {
  origin: "This page's origin is not allowed by the bridge proxy (ALLOWED_ORIGINS).",
  host: 'The bridge proxy does not answer under the host name in proxy-url (ALLOWED_HOSTS).',
  method: 'The bridge proxy refused the request method: proxy-url must point at the bridge proxy itself, and anything in between must pass GET and POST.',
};

/**
 * The bridge proxy refused the page's request before the routing service saw
 * it: a set-up mistake on the site (`code` `proxy_origin_not_allowed`,
 * `proxy_host_not_allowed` or `proxy_method_not_allowed`), not an outage.
 * The message says which setting to change; retrying does not help.
 */
export class ProxyRefusedError extends RoutingError {
  readonly reason: ProxyRefusal;
  readonly code: string;
  constructor(code: string, init: RoutingErrorInit = {}) {
    const reason = PROXY_REFUSALS[code]!;
    super('proxy-refused', PROXY_FIXES[reason], { ...init, retryable: false });
    this.name = 'ProxyRefusedError';
    this.reason = reason;
    this.code = code;
  }

  /** Whether an error body's `code` is one of the refusals. */
  static is(code: unknown): code is string {
    return typeof code === 'string' && Object.hasOwn(PROXY_REFUSALS, code);
  }
}

export function isRoutingError(value: unknown): value is RoutingError {
  return value instanceof RoutingError;
}
