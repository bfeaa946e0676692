/**
 * The service's own record of the API requests it answered, so tests can
 * count what a client asked and when, against what the service suggested
 * (`next_poll_at`), instead of against a wall clock in the test.
 */
import type { EndpointName } from './faults.js';

export interface LoggedRequest {
  /** Order of arrival, from 1 (survives clearing, so a test can ask for "after n"). */
  seq: number;
  /** Epoch milliseconds when the request arrived. */
  receivedAt: number;
  method: string;
  /** Path and query below the API root, e.g. `/route-intent/0x…/status`. */
  path: string;
  /** Null when no API route matched. */
  endpoint: EndpointName | null;
  /** HTTP status sent; 0 while the request is still being answered. */
  status: number;
  /** The `next_poll_at` a status answer suggested, as epoch milliseconds. */
  nextPollAt?: number;
  /** The `status` value a status answer reported. */
  intentStatus?: string;
}

const LIMIT = 5_000;

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  /** Records a request on arrival; the caller fills in the rest on the returned entry as the answer takes shape. */
  add(entry: Omit<LoggedRequest, 'seq'>): LoggedRequest {
    const stored = { ...entry, seq: ++this.seq };
    this.entries.push(stored);
    if (this.entries.length > LIMIT) this.entries.splice(0, this.entries.length - LIMIT);
    return stored;
  }

  list(): LoggedRequest[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
