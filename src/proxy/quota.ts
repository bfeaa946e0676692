/**
 * The API key's upstream quota, shared by every visitor (and, through a
 * shared store, every proxy instance). The routing service limits the key in
 * a fixed window and says how much is left (`X-RateLimit-Remaining`,
 * `-Reset`) and when to wait (`Retry-After` on 429). When the window runs low
 * the proxy keeps a reserve for the calls that keep a broadcast transfer from
 * being lost: receipts first, then status polls. Everything else (quotes,
 * balances, catalog misses, routes) is answered 429 by the proxy itself with
 * an honest `Retry-After` once only the reserve is left; status polls once
 * only the receipts' share is left; and while the service has said to wait,
 * nothing is sent at all (never longer than the cap, `maxUpstreamWaitMs`).
 *
 * Each decision is one atomic step on one state record: the window's budget
 * (calls estimated left) is read, compared with the priority's floor and
 * decremented together, so two instances can never both spend the last call.
 * In memory that step is a plain function call; in Redis it is one Lua script
 * (`redis-store.ts`), one round trip. Both follow `admitStep` and
 * `observeStep` below, line for line, and the same tests run against both.
 */
import { cappedWaitEndsAt, waitEndsAt } from './wait-header.js';

export type Priority = 'receipt' | 'status' | 'other';

export interface QuotaReserve {
  /** Calls kept for receipts alone. */
  readonly receipts: number;
  /** Calls kept for status polls (and receipts) on top of that. */
  readonly status: number;
}

/** What one upstream answer said about the key's quota: parsed, and capped. */
export interface QuotaObservation {
  readonly status: number;
  readonly limit?: number;
  readonly remaining?: number;
  /** Epoch ms at which the window ends (`X-RateLimit-Reset` as sent: it names the window). */
  readonly resetAt?: number;
  /** Epoch ms before which the service said not to call (`Retry-After`, capped). */
  readonly waitUntil?: number;
}

export interface AdmitRequest {
  readonly priority: Priority;
  /** Configured reserve, or undefined for the default (5 % and 10 % of the limit). */
  readonly reserve: QuotaReserve | undefined;
  /** 1, or N when this instance is on its own and takes 1/N of what is left. */
  readonly share: number;
  readonly now: number;
  /** A stored wait longer than this is not believed (it was written under a larger cap). */
  readonly capMs: number;
}

/**
 * What a store knows of the window right after a decision: how much is left
 * there and when the window rolls. An instance keeps 1/N of the shared
 * store's view as its own (`followStep`), so when the store stops answering
 * it goes on from what the store last said is left, not from older answers
 * of the routing service that the sends since then have not reached yet.
 */
export interface QuotaView {
  readonly limit?: number;
  readonly budget?: number;
  readonly resetAt?: number;
  readonly rollAt?: number;
  readonly blockedUntil?: number;
}

export type QuotaDecision = (
  { readonly ok: true; readonly seq: number } | { readonly ok: false; readonly reason: 'reserve' | 'upstream_wait'; readonly retryAfterMs: number }
) & { readonly view?: QuotaView };

/** Where the state lives. Every call is one atomic step. */
export interface QuotaStore {
  admit(request: AdmitRequest): Promise<QuotaDecision>;
  /** `seq`: the number `admit` gave the send that got this answer, if it was counted here. */
  observe(observation: QuotaObservation, seq: number | undefined, share: number, now: number, capMs: number): Promise<void>;
}

/** This instance's own state, which also keeps its share of what the shared store last said. */
export interface LocalQuotaStore extends QuotaStore {
  /** Takes 1/`share` of the shared store's view after one of its decisions (`followStep`). */
  follow(view: QuotaView, share: number): void;
}

/** The state record, in memory as in Redis (a hash with these fields). */
export interface QuotaState {
  limit?: number;
  /** Calls estimated left in the window; undefined while nothing is known. */
  budget?: number;
  /** Epoch ms at which the window ends, as the service said; undefined for a window begun but not yet observed. */
  resetAt?: number;
  /** When the proxy starts a new window: the window's end, but never later than the cap from when it was first seen. */
  rollAt?: number;
  blockedUntil?: number;
  /** Sends counted so far (never reset), for telling which sends an answer has not seen. */
  seq: number;
}

/** Answers this far apart name the same window (X-RateLimit-Reset in seconds from now jitters). */
export const SAME_WINDOW_TOLERANCE_MS = 1000;
/** While the window's end is not known: how long an answer's numbers hold, and the Retry-After of a refusal. */
export const UNKNOWN_WINDOW_MS = 1000;

/** How many store deadlines a quota decision for anything but a receipt or a status poll waits for the shared store. */
export const OTHER_CALLS_PATIENCE = 4;

/** Without a configured reserve: 5 % of the window for receipts and 10 % for status polls, at least one call each. */
export function reserveFor(reserve: QuotaReserve | undefined, limit: number | undefined): QuotaReserve {
  if (reserve) return reserve;
  const base = limit ?? 0;
  return { receipts: Math.max(1, Math.ceil(base * 0.05)), status: Math.max(1, Math.ceil(base * 0.1)) };
}

export function admitStep(state: QuotaState, request: AdmitRequest): QuotaDecision {
  const { now } = request;
  if (state.blockedUntil !== undefined && state.blockedUntil > now && state.blockedUntil <= now + request.capMs + 1000) {
    return { ok: false, reason: 'upstream_wait', retryAfterMs: state.blockedUntil - now, view: viewOf(state) };
  }
  rollWindow(state, now, request.share);
  if (state.budget === undefined) {
    // Nothing observed yet: nothing to go by but the service's own answer.
    state.seq += 1;
    return { ok: true, seq: state.seq, view: viewOf(state) };
  }
  const kept = reserveFor(request.reserve, state.limit);
  const reserved = request.priority === 'receipt' ? 0 : request.priority === 'status' ? kept.receipts : kept.receipts + kept.status;
  const floor = Math.ceil(reserved / request.share);
  if (state.budget <= floor) {
    const retryAfterMs = state.rollAt === undefined ? UNKNOWN_WINDOW_MS : state.rollAt - now;
    // At zero even receipts would only meet a 429: the window's end is when anything can pass.
    return { ok: false, reason: state.budget <= 0 ? 'upstream_wait' : 'reserve', retryAfterMs, view: viewOf(state) };
  }
  state.budget -= 1;
  state.seq += 1;
  return { ok: true, seq: state.seq, view: viewOf(state) };
}

function viewOf(state: QuotaState): QuotaView {
  return {
    ...(state.limit !== undefined ? { limit: state.limit } : {}),
    ...(state.budget !== undefined ? { budget: state.budget } : {}),
    ...(state.resetAt !== undefined ? { resetAt: state.resetAt } : {}),
    ...(state.rollAt !== undefined ? { rollAt: state.rollAt } : {}),
    ...(state.blockedUntil !== undefined ? { blockedUntil: state.blockedUntil } : {}),
  };
}

/**
 * This instance's state after the shared store decided: its share of what
 * the store says is left, in the store's window, and any wait the store
 * knows of. Without it, an instance whose store call missed its deadline
 * would spend again, from the routing service's last answer, the calls the
 * store had already given out since (every answer lags the sends in flight),
 * and the instances together would eat the receipts' reserve.
 */
export function followStep(state: QuotaState, view: QuotaView, share: number): void {
  if (view.limit !== undefined) state.limit = view.limit;
  if (view.blockedUntil !== undefined) state.blockedUntil = Math.max(state.blockedUntil ?? 0, view.blockedUntil);
  if (view.budget === undefined) return;
  state.budget = Math.floor(view.budget / share);
  state.resetAt = view.resetAt;
  state.rollAt = view.rollAt;
}

export function observeStep(state: QuotaState, observation: QuotaObservation, seq: number | undefined, share: number, now: number, capMs: number): void {
  if (observation.limit !== undefined) state.limit = observation.limit;
  if (observation.status === 429) {
    const until =
      observation.waitUntil ??
      (observation.resetAt === undefined ? undefined : Math.min(observation.resetAt, now + capMs)) ??
      state.rollAt ??
      now + UNKNOWN_WINDOW_MS;
    state.blockedUntil = Math.max(state.blockedUntil ?? 0, until);
  }
  rollWindow(state, now, share);
  const remaining = observation.remaining ?? (observation.status === 429 ? 0 : undefined);
  if (remaining === undefined) return;
  // In a window the proxy has counted from its start, its own count is exact: an answer can only
  // lower it (calls the proxy did not send, such as another deployment's). Sends counted after the
  // one that got this answer may or may not have reached the service before it: counting them as
  // not yet seen would count some twice, so only a window's first answer does.
  const after = seq === undefined ? 0 : state.seq - seq;
  const ceiling = Math.floor(remaining / share);
  // This instance's sends after this one are its own: they come off its share whole.
  const fresh = Math.max(0, ceiling - after);
  const reset = observation.resetAt;
  if (reset === undefined) {
    // No window end given: the latest answer is all there is, and it holds for a second.
    state.budget = state.budget === undefined ? fresh : Math.min(state.budget, ceiling);
    state.rollAt ??= now + UNKNOWN_WINDOW_MS;
  } else if (reset <= now) {
    // An answer from a window that is over: nothing to learn about this one.
  } else if (state.resetAt !== undefined && reset > state.resetAt + SAME_WINDOW_TOLERANCE_MS) {
    state.budget = fresh;
    state.resetAt = reset;
    state.rollAt = Math.min(reset, now + capMs);
  } else if (state.resetAt !== undefined && reset < state.resetAt - SAME_WINDOW_TOLERANCE_MS) {
    // An answer from an earlier window that arrived late.
  } else {
    state.budget = state.budget === undefined ? fresh : Math.min(state.budget, ceiling);
    if (state.resetAt === undefined) {
      state.resetAt = reset;
      state.rollAt = Math.min(reset, now + capMs);
    }
  }
}

/**
 * Once the window is over (or the cap has passed: a reset a day away is not
 * believed), the next one starts with the whole limit (this instance's share
 * of it, when it is on its own) and an end not yet observed; its first answer
 * brings the budget down to what is really left.
 */
function rollWindow(state: QuotaState, now: number, share: number): void {
  if (state.rollAt === undefined || now < state.rollAt) return;
  state.budget = state.limit === undefined ? undefined : Math.floor(state.limit / share);
  state.resetAt = undefined;
  state.rollAt = undefined;
}

/** This instance's quota state. */
export function createMemoryQuota(): LocalQuotaStore {
  const state: QuotaState = { seq: 0 };
  return {
    async admit(request) {
      return admitStep(state, request);
    },
    async observe(observation, seq, share, now, capMs) {
      observeStep(state, observation, seq, share, now, capMs);
    },
    follow(view, share) {
      followStep(state, view, share);
    },
  };
}

/** Which store counted a send, and its number there. */
export interface SendTicket {
  readonly counted: 'shared' | 'local';
  readonly seq: number;
}

export type Admission =
  | { readonly ok: true; readonly ticket?: SendTicket }
  | { readonly ok: false; readonly reason: 'reserve' | 'upstream_wait'; readonly retryAfterSeconds: number };

export interface QuotaGate {
  admit(priority: Priority): Promise<Admission>;
  /** Reads the quota headers of an upstream answer (any answer: validate's too). */
  observe(status: number, headers: Headers, ticket?: SendTicket): Promise<void>;
}

/** How the gate reaches the shared store, if any (see `store-guard.ts`). */
export interface QuotaStoreAccess {
  readonly local: LocalQuotaStore;
  /**
   * Runs `op` on the shared store's quota within its deadline, times `patience` (default 1); `{ ok: false }` when
   * there is none or it failed.
   */
  sharedQuota<T>(op: (quota: QuotaStore) => Promise<T>, patience?: number): Promise<{ readonly ok: true; readonly value: T } | { readonly ok: false }>;
  /** Instances sharing the key, as last counted (1 when alone). */
  instances(): number;
}

export interface QuotaGateOptions {
  readonly reserve: QuotaReserve | undefined;
  readonly capMs: number;
  readonly now?: () => number;
}

export function createQuotaGate(access: QuotaStoreAccess, options: QuotaGateOptions): QuotaGate {
  const now = options.now ?? Date.now;
  return {
    async admit(priority) {
      const request = { priority, reserve: options.reserve, now: now(), capMs: options.capMs };
      // A receipt or a status poll never waits longer than the store's deadline. Anything else waits a few: decided
      // on this instance's own estimate while the other instances go on with the store, it would spend the receipts' reserve.
      const patience = priority === 'other' ? OTHER_CALLS_PATIENCE : 1;
      const shared = await access.sharedQuota((quota) => quota.admit({ ...request, share: 1 }), patience);
      // Without the shared store, this instance spends only its share of what is left, as the store last said.
      if (shared.ok && shared.value.view) access.local.follow(shared.value.view, access.instances());
      const decision = shared.ok ? shared.value : await access.local.admit({ ...request, share: access.instances() });
      if (!decision.ok) return { ok: false, reason: decision.reason, retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)) };
      return { ok: true, ticket: { counted: shared.ok ? 'shared' : 'local', seq: decision.seq } };
    },

    async observe(status, headers, ticket) {
      const at = now();
      const observation = readObservation(status, headers, at, options.capMs);
      if (observation === undefined) return;
      const seqIn = (store: SendTicket['counted']) => (ticket?.counted === store ? ticket.seq : undefined);
      // This instance always keeps its own view, so it can go on alone the moment the shared store fails.
      await access.local.observe(observation, seqIn('local'), access.instances(), at, options.capMs);
      await access.sharedQuota((quota) => quota.observe(observation, seqIn('shared'), 1, at, options.capMs));
    },
  };
}

function readObservation(status: number, headers: Headers, now: number, capMs: number): QuotaObservation | undefined {
  const limit = count(headers.get('x-ratelimit-limit'));
  const remaining = count(headers.get('x-ratelimit-remaining'));
  const resetAt = waitEndsAt(headers.get('x-ratelimit-reset'), now);
  const waitUntil = cappedWaitEndsAt(headers.get('retry-after'), now, capMs);
  if (limit === undefined && remaining === undefined && resetAt === undefined && waitUntil === undefined && status !== 429) return undefined;
  return {
    status,
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(resetAt !== undefined ? { resetAt } : {}),
    ...(waitUntil !== undefined ? { waitUntil } : {}),
  };
}

/** The routes whose calls the reserve protects; everything else is `other`. */
export function priorityOf(template: string): Priority {
  if (template === '/api/v1/route-intent/:intentId/receipt') return 'receipt';
  if (template === '/api/v1/route-intent/:intentId/status') return 'status';
  return 'other';
}

function count(value: string | null): number | undefined {
  if (value === null || !/^\s*\d{1,15}\s*$/.test(value)) return undefined;
  return Number(value);
}
