/**
 * The wording of problems: any failure (the flow's, the wallet's, the
 * service's) becomes one `Problem` the widget shows and the `bridge-error`
 * event carries. The service's wording is technical, so the string table's
 * `error.<kind>` explains the kinds it knows; the flow's own messages are
 * already written for the user.
 */
import { isRoutingError } from '../api/errors.js';
import { english } from '../i18n/strings.js';
import { WalletError } from '../wallet/index.js';
import { FlowError } from './errors.js';

export interface Problem {
  kind: string;
  /** For `route-rejected`: the guard rule that failed (see guards.ts). */
  rule?: string | undefined;
  message: string;
  requestId?: string | undefined;
  retryable: boolean;
}

/** The `error.*` string that explains a problem (it may not exist: then the problem's own message stands). */
export function errorKey(problem: Pick<Problem, 'kind' | 'retryable'>): string {
  return `error.${problem.kind === 'no-route' && problem.retryable ? 'no-route-retry' : problem.kind}`;
}

/** The English of an `error.*` key, when the table has one (the service's kinds are in the first load's part). */
function englishError(key: string): string | undefined {
  const text: unknown = Object.hasOwn(english, key) ? english[key as keyof typeof english] : undefined;
  return typeof text === 'string' ? text : undefined;
}

export function describeError(error: unknown): Problem {
  if (error instanceof FlowError)
    return { kind: error.kind, rule: error.rule, message: error.message, requestId: error.requestId, retryable: error.recoverable };
  if (error instanceof WalletError) return { kind: `wallet-${error.kind}`, message: error.message, retryable: true };
  if (isRoutingError(error)) {
    const problem = { kind: error.kind, requestId: error.requestId, retryable: error.retryable };
    return { ...problem, message: englishError(errorKey(problem)) ?? error.message };
  }
  return { kind: 'unexpected', message: error instanceof Error ? error.message : 'Something went wrong.', retryable: true };
}

/** A request or wait stopped on purpose (a newer run, a detach): not a problem to show. */
export function isAborted(error: unknown): boolean {
  return (isRoutingError(error) && error.kind === 'aborted') || (error instanceof Error && error.name === 'AbortError');
}

/** How a problem is shown: the user's own "no" in the wallet (or a cancel) is information, not an error. */
export function problemSeverity(problem: Pick<Problem, 'kind'>): 'info' | 'error' {
  return problem.kind === 'wallet-rejected' || problem.kind === 'cancelled' ? 'info' : 'error';
}

/** The request id a notice quotes for support. No route is the user's answer, not a fault to report: its id stays in `bridge-error` for the host. */
export function supportRequestId(problem: Pick<Problem, 'kind' | 'requestId'>): string | undefined {
  return problem.kind === 'no-route' ? undefined : problem.requestId;
}
