/**
 * What the routing service was asked, for tests and benchmarks that assert on
 * requests ("no unpaginated token request", "no catalog request on a reload").
 * Every `/api/` request is recorded once its response is sent, in order; the
 * oldest entries go when the log is full so a long-running sandbox stays small.
 */
import type { EndpointName } from './faults.js';

export interface LoggedRequest {
  /** Position since start-up (or the last clear), so two reads can be compared. */
  seq: number;
  /** Milliseconds since the epoch when the response was sent. */
  at: number;
  method: string;
  /** The endpoint name (as fault switches name it), or null for an unknown path. */
  endpoint: EndpointName | null;
  /** The path as requested, e.g. `/api/v1/routes/tokens`. */
  path: string;
  /** Query parameters, in order; a repeated name keeps its last value. */
  query: Record<string, string>;
  status: number;
  /** Tokens requests only: true when it asked for the whole, unpaginated list (no query parameter at all). */
  unpaginated?: boolean;
}

export const REQUEST_LOG_CAPACITY = 5000;

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  add(entry: Omit<LoggedRequest, 'seq'>): void {
    this.seq += 1;
    this.entries.push({ seq: this.seq, ...entry });
    if (this.entries.length > REQUEST_LOG_CAPACITY) this.entries.splice(0, this.entries.length - REQUEST_LOG_CAPACITY);
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
