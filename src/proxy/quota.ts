/**
 * The API key's upstream quota, shared by every visitor (and, through the
 * store, every proxy instance). The routing service limits the key in a fixed
 * window and says how much is left (`X-RateLimit-Remaining`, `-Reset`) and
 * when to wait (`Retry-After` on 429). When the window runs low the proxy
 * keeps a reserve for the calls that keep a broadcast transfer from being
 * lost: receipts first, then status polls. Everything else (quotes,
 * balances, catalog misses, routes) is answered 429 by the proxy itself with
 * an honest `Retry-After` once only the reserve is left; status polls once
 * only the receipts' share is left; and while the service has said to wait,
 * nothing is sent at all.
 */
import type { ProxyStore } from './store.js';

export type Priority = 'receipt' | 'status' | 'other';

export interface QuotaReserve {
  /** Calls kept for receipts alone. */
  readonly receipts: number;
  /** Calls kept for status polls (and receipts) on top of that. */
  readonly status: number;
}

/** Which window a send was counted in, and the window's send count with it. */
export interface SendTicket {
  readonly resetAt: number;
  readonly sent: number;
}

export type Admission =
  | { readonly ok: true; readonly ticket?: SendTicket }
  | { readonly ok: false; readonly reason: 'reserve' | 'upstream_wait'; readonly retryAfterSeconds: number };

export interface QuotaGate {
  admit(priority: Priority): Promise<Admission>;
  /**
   * Reads the quota headers of an upstream response. With the ticket of the
   * send that got it, sends made after that one (still in flight when the
   * header was written) come off `remaining` too.
   */
  observe(status: number, headers: Headers, ticket?: SendTicket): Promise<void>;
}

/** The last upstream observation, shared through the store. */
interface QuotaState {
  readonly limit?: number;
  readonly remaining?: number;
  /** Epoch ms at which the window ends. */
  readonly resetAt?: number;
  /** Epoch ms before which the upstream said not to call. */
  readonly blockedUntil?: number;
  /** The window's send counter when `remaining` was read: sends after it come off `remaining`. */
  readonly sentAtObservation?: number;
}

const STATE_KEY = 'quota:state';
const sentKey = (resetAt: number) => `quota:sent:${resetAt}`;

export function createQuotaGate(store: ProxyStore, reserve: QuotaReserve | undefined, now: () => number = Date.now): QuotaGate {
  const readState = async (): Promise<QuotaState> => {
    const raw = await store.get(STATE_KEY);
    if (raw === undefined) return {};
    try {
      return JSON.parse(raw) as QuotaState;
    } catch {
      return {};
    }
  };
  const sentIn = async (resetAt: number) => Number((await store.get(sentKey(resetAt))) ?? '0');

  return {
    async admit(priority) {
      const at = now();
      const state = await readState();
      if (state.blockedUntil !== undefined && state.blockedUntil > at) {
        return { ok: false, reason: 'upstream_wait', retryAfterSeconds: secondsUntil(state.blockedUntil, at) };
      }
      const { resetAt, remaining } = state;
      if (resetAt === undefined || remaining === undefined || resetAt <= at) {
        // No observation for the current window: nothing to go by but the service's own answer.
        return { ok: true };
      }
      const estimate = remaining - ((await sentIn(resetAt)) - (state.sentAtObservation ?? 0));
      const kept = reserveFor(reserve, state.limit);
      const floor = priority === 'receipt' ? 0 : priority === 'status' ? kept.receipts : kept.receipts + kept.status;
      if (estimate <= floor) {
        // At zero even receipts would only meet a 429: the window's end is when anything can pass.
        return { ok: false, reason: estimate <= 0 ? 'upstream_wait' : 'reserve', retryAfterSeconds: secondsUntil(resetAt, at) };
      }
      const { count } = await store.hit(sentKey(resetAt), resetAt - at + 60_000);
      return { ok: true, ticket: { resetAt, sent: count } };
    },

    async observe(status, headers, ticket) {
      const at = now();
      const limit = nonNegative(headers.get('x-ratelimit-limit'));
      const remaining = nonNegative(headers.get('x-ratelimit-remaining'));
      const reset = nonNegative(headers.get('x-ratelimit-reset'));
      const retryAfter = retryAfterMs(headers.get('retry-after'), at);
      if (remaining === undefined && reset === undefined && retryAfter === undefined && status !== 429) return;
      const previous = await readState();
      // Epoch seconds, or (as some services send) seconds from now.
      const resetAt = reset === undefined ? previous.resetAt : reset > 1e9 ? reset * 1000 : at + reset * 1000;
      let blockedUntil = previous.blockedUntil !== undefined && previous.blockedUntil > at ? previous.blockedUntil : undefined;
      if (status === 429) {
        const until = retryAfter !== undefined ? at + retryAfter : resetAt;
        if (until !== undefined) blockedUntil = Math.max(blockedUntil ?? 0, until);
      }
      const next: QuotaState = {
        ...(limit !== undefined ? { limit } : previous.limit !== undefined ? { limit: previous.limit } : {}),
        ...(remaining !== undefined ? { remaining: status === 429 ? 0 : remaining } : {}),
        ...(resetAt !== undefined ? { resetAt, sentAtObservation: ticket && ticket.resetAt === resetAt ? ticket.sent : await sentIn(resetAt) } : {}),
        ...(blockedUntil !== undefined ? { blockedUntil } : {}),
      };
      const keepUntil = Math.max(resetAt ?? 0, blockedUntil ?? 0, at) + 60_000;
      await store.set(STATE_KEY, JSON.stringify(next), keepUntil - at);
    },
  };
}

/** Without a configured reserve: 5 % of the window for receipts and 10 % for status polls, at least one call each. */
export function reserveFor(reserve: QuotaReserve | undefined, limit: number | undefined): QuotaReserve {
  if (reserve) return reserve;
  const base = limit ?? 0;
  return { receipts: Math.max(1, Math.ceil(base * 0.05)), status: Math.max(1, Math.ceil(base * 0.1)) };
}

/** The routes whose calls the reserve protects; everything else is `other`. */
export function priorityOf(template: string): Priority {
  if (template === '/api/v1/route-intent/:intentId/receipt') return 'receipt';
  if (template === '/api/v1/route-intent/:intentId/status') return 'status';
  return 'other';
}

function secondsUntil(epochMs: number, at: number): number {
  return Math.max(1, Math.ceil((epochMs - at) / 1000));
}

function nonNegative(value: string | null): number | undefined {
  if (value === null || !/^\s*\d{1,15}\s*$/.test(value)) return undefined;
  return Number(value);
}

/** `Retry-After` in seconds or as an HTTP date. */
function retryAfterMs(value: string | null, at: number): number | undefined {
  if (value === null) return undefined;
  const seconds = nonNegative(value);
  if (seconds !== undefined) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - at);
}
