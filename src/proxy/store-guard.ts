/**
 * Every call to a shared store (Redis) goes through here, so a store that
 * stalls or dies costs milliseconds, never seconds: each call has a short
 * deadline (`storeTimeoutMs`), after which this instance's memory answers
 * instead (a cache miss, its own flood limit, its share of the quota). After
 * `STORE_FAILURES_TO_OPEN` failed calls in a row the circuit opens: the store
 * is not called at all, one probe goes out every `storeProbeIntervalMs`, and
 * the first probe that answers closes it again. Each change of state is one
 * log line, and `/healthz` reports the state.
 */
import { createMemoryQuota, type QuotaStoreAccess } from './quota.js';
import { createMemoryStore, type ProxyStore } from './store.js';

/**
 * `memory`: no shared store configured. `connecting`: not connected yet since
 * start-up (memory answers meanwhile). `degraded`: recent calls failed, calls
 * still go out. `down`: the circuit is open.
 */
export type StoreState = 'memory' | 'connecting' | 'ok' | 'degraded' | 'down';

export const DEFAULT_STORE_TIMEOUT_MS = 50;
export const DEFAULT_STORE_PROBE_INTERVAL_MS = 1000;
export const STORE_FAILURES_TO_OPEN = 3;
/** How long a store that is still connecting after start-up is `connecting` rather than `down`. */
const STARTUP_GRACE_MS = 2000;
/** How often an instance says it is alive (and counts the others), and (five times that) how long it is counted. */
const HEARTBEAT_MS = 1000;

export type Guarded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };

export interface StoreGuard extends QuotaStoreAccess {
  readonly shared: ProxyStore | undefined;
  /** This instance's memory: the catalog cache's first tier, and the fallback. */
  readonly localStore: ProxyStore;
  state(): StoreState;
  /**
   * Runs `op` on the shared store within the deadline (`timeoutMs` times `patience`, default 1); `{ ok: false }`
   * when there is none, the circuit is open, or it failed.
   */
  call<T>(op: (store: ProxyStore) => Promise<T>, patience?: number): Promise<Guarded<T>>;
}

export interface StoreGuardOptions {
  readonly shared: ProxyStore | undefined;
  readonly timeoutMs: number;
  readonly probeIntervalMs: number;
  readonly log: (line: string) => void;
  readonly now?: () => number;
}

/** After pending I/O: setImmediate where there is one (Node), else a macrotask. */
const later: (run: () => void) => void =
  typeof (globalThis as { setImmediate?: unknown }).setImmediate === 'function'
    ? (run) => void (globalThis as unknown as { setImmediate: (run: () => void) => unknown }).setImmediate(run)
    : (run) => void setTimeout(run, 0);

export function createStoreGuard(options: StoreGuardOptions): StoreGuard {
  const { shared, timeoutMs, probeIntervalMs, log } = options;
  const now = options.now ?? Date.now;
  const localStore = createMemoryStore();
  const local = createMemoryQuota();
  const instanceId = `${now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  const startedAt = now();
  let state: StoreState = shared ? 'connecting' : 'memory';
  let failures = 0;
  let downSince = 0;
  let nextProbeAt = 0;
  let probing = false;
  let instances = 1;
  let lastHeartbeat = -Infinity;

  const failed = (reason: string) => {
    failures += 1;
    if (state === 'connecting') {
      if (now() - startedAt < STARTUP_GRACE_MS) return;
      state = 'down';
      downSince = startedAt;
      log(`store down: not reachable since start-up (${reason}): serving from this instance's memory; probing every ${probeIntervalMs} ms`);
    }
    if (state === 'ok') {
      state = 'degraded';
      log(`store degraded: ${reason}; each call waits at most ${timeoutMs} ms, then this instance's memory answers`);
    }
    if (state === 'degraded' && failures >= STORE_FAILURES_TO_OPEN) {
      state = 'down';
      downSince = now();
      log(
        `store down after ${failures} failed calls in a row (${reason}): serving from this instance's memory ` +
          `(catalog cache, flood limit, 1/${instances} of the key's quota); probing every ${probeIntervalMs} ms`,
      );
    }
    if (state === 'down') nextProbeAt = now() + probeIntervalMs;
  };
  const answered = () => {
    failures = 0;
    if (state === 'connecting') log('store connected');
    if (state === 'degraded') log('store back: answering within the deadline again');
    if (state === 'down') log(`store back after ${now() - downSince} ms: shared cache, flood limit and quota again`);
    state = 'ok';
  };

  async function call<T>(op: (store: ProxyStore) => Promise<T>, patience = 1): Promise<Guarded<T>> {
    if (!shared) return { ok: false };
    // Still connecting since start-up: a call would only fail; memory answers until the grace is over.
    if (state === 'connecting' && shared.connected?.() === false && now() - startedAt < STARTUP_GRACE_MS) return { ok: false };
    let isProbe = false;
    if (state === 'down') {
      if (probing || now() < nextProbeAt) return { ok: false };
      probing = isProbe = true;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const running = op(shared);
      // Still running after the deadline: its eventual failure must not become an unhandled rejection.
      running.catch(() => undefined);
      const deadline = new Promise<'timeout'>((resolve) => {
        // Decided one turn later: after an event loop that was busy past the deadline, an answer that
        // is already in the socket is read first (timers run before I/O in a turn) and still counts.
        timer = setTimeout(() => later(() => resolve('timeout')), timeoutMs * patience);
      });
      const outcome = await Promise.race([running.then((value) => ({ value })), deadline]);
      if (outcome === 'timeout') {
        failed(`no answer within ${timeoutMs * patience} ms`);
        return { ok: false };
      }
      answered();
      return { ok: true, value: outcome.value };
    } catch (error) {
      failed(error instanceof Error ? error.message : String(error));
      return { ok: false };
    } finally {
      clearTimeout(timer);
      if (isProbe) probing = false;
    }
  }

  return {
    shared,
    localStore,
    local,
    call,
    state() {
      // A probe is also due when no request comes: the health endpoint asks without waiting for it.
      if ((state === 'down' || state === 'connecting') && !probing && now() >= nextProbeAt) void call((store) => store.get('probe'));
      return state;
    },
    sharedQuota(op, patience) {
      return shared?.quota ? call((store) => op(store.quota!), patience) : Promise.resolve({ ok: false });
    },
    instances() {
      if (shared?.instances && now() - lastHeartbeat >= HEARTBEAT_MS) {
        lastHeartbeat = now();
        void call((store) => store.instances!(instanceId, HEARTBEAT_MS * 5)).then((counted) => {
          if (counted.ok && Number.isSafeInteger(counted.value) && counted.value >= 1) instances = counted.value;
        });
      }
      return instances;
    },
  };
}
