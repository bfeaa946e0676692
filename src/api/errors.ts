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
  | 'aborted';

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

export function isRoutingError(value: unknown): value is RoutingError {
  return value instanceof RoutingError;
}
