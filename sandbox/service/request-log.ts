/**
 * The service's own record of the API requests it answered, so tests and
 * benchmarks count what a client asked and when (against what the service
 * suggested, `next_poll_at`), instead of against a wall clock in the test:
 * "no unpaginated token request", "no catalog request on a reload", "no poll
 * before next_poll_at". An entry is recorded on arrival and completed as the
 * answer takes shape; the oldest go when the log is full.
 */
import type { EndpointName } from './faults.js';

export interface LoggedRequest {
  /** Order of arrival, from 1 (survives clearing, so a reader can ask for "after n" with `since`). */
  seq: number;
  /** Epoch milliseconds when the request arrived. */
  receivedAt: number;
  method: string;
  /** Path and query below the API root, e.g. `/route-intent/0x…/status` or `/routes/tokens?chainId=1`. */
  path: string;
  /** Query parameters, in order; a repeated name keeps its last value. */
  query: Record<string, string>;
  /** Null when no API route matched. */
  endpoint: EndpointName | null;
  /** HTTP status sent; 0 while the request is being answered, or when the client went away first (a superseded search). */
  status: number;
  /** Tokens requests only: true when it asked for the whole, unpaginated list (no query parameter at all). */
  unpaginated?: boolean;
  /** The `next_poll_at` a status answer suggested, as epoch milliseconds. */
  nextPollAt?: number;
  /** The `status` value a status answer reported. */
  intentStatus?: string;
}

export const REQUEST_LOG_CAPACITY = 5_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  /** Records a request on arrival; the caller fills in the rest on the returned entry. */
  add(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
    const stored = { ...entry, seq: ++this.seq };
    this.entries.push(stored);
    if (this.entries.length > REQUEST_LOG_CAPACITY) this.entries.splice(0, this.entries.length - REQUEST_LOG_CAPACITY);
    return stored;
  }

  /** Entries after `since` (a `seq`), narrowed to some endpoints; copies. */
  list(filter: { endpoints?: readonly string[] | undefined; since?: number | undefined } = {}): LoggedRequest[] {
    const { endpoints, since = 0 } = filter;
    return this.entries
      .filter((e) => e.seq > since && (!endpoints || (e.endpoint !== null && endpoints.includes(e.endpoint))))
      .map((e) => ({ ...e, query: { ...e.query } }));
  }

  clear(): void {
    this.entries = [];
  }
}
