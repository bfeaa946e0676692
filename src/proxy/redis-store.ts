/// <reference types="node" />
/**
 * A `ProxyStore` in Redis, so several proxy instances share one catalog
 * cache, one flood limit and one view of the key's quota. Uses the official
 * core client `@redis/client`, an optional peer dependency: it is loaded only
 * when a Redis store is asked for (`REDIS_URL`, or `createRedisStore`).
 */
import { importOptional } from './optional-dependency.js';
import { SAME_WINDOW_TOLERANCE_MS, UNKNOWN_WINDOW_MS, type QuotaStore, type QuotaView } from './quota.js';
import type { ProxyStore } from './store.js';

export interface RedisStoreOptions {
  /** `redis://host:port` (or `rediss://`, with credentials as Redis URLs allow). */
  readonly url: string;
  /** Prefix of every key, so several deployments can share one Redis; default `bridge-widget-proxy:`. */
  readonly prefix?: string;
}

export interface RedisStore extends ProxyStore {
  readonly quota: QuotaStore;
  /** Closes the connection. */
  close(): Promise<void>;
}

/** INCR with the window's expiry set on the first hit only; returns count and the window's remaining ms. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** The quota's state hash outlives any window, so the limit is remembered across windows and restarts. */
const QUOTA_STATE_TTL_MS = 24 * 3600 * 1000;

/** Reads the state hash into locals, as `QuotaState` in quota.ts. */
const QUOTA_READ = `
local s = redis.call('HMGET', KEYS[1], 'limit', 'budget', 'resetAt', 'blockedUntil', 'seq', 'rollAt')
local limit, budget, resetAt, blocked, seq, rollAt = tonumber(s[1]), tonumber(s[2]), tonumber(s[3]), tonumber(s[4]), tonumber(s[5]) or 0, tonumber(s[6])
local unknownWindow = ${UNKNOWN_WINDOW_MS}
local function roll(now, share)
  if rollAt ~= nil and now >= rollAt then
    if limit == nil then budget = nil else budget = math.floor(limit / share) end
    resetAt = nil
    rollAt = nil
  end
end
local function view()
  return { budget or -1, limit or -1, resetAt or -1, rollAt or -1, blocked or -1 }
end
local function decided(first, second, third)
  local reply = { first, second, third }
  for _, value in ipairs(view()) do table.insert(reply, value) end
  return reply
end
local function save()
  redis.call('DEL', KEYS[1])
  local fields = { 'seq', seq }
  if limit ~= nil then table.insert(fields, 'limit'); table.insert(fields, limit) end
  if budget ~= nil then table.insert(fields, 'budget'); table.insert(fields, budget) end
  if resetAt ~= nil then table.insert(fields, 'resetAt'); table.insert(fields, resetAt) end
  if blocked ~= nil then table.insert(fields, 'blockedUntil'); table.insert(fields, blocked) end
  if rollAt ~= nil then table.insert(fields, 'rollAt'); table.insert(fields, rollAt) end
  redis.call('HSET', KEYS[1], unpack(fields))
  redis.call('PEXPIRE', KEYS[1], ${QUOTA_STATE_TTL_MS})
end
`;

/**
 * quota.ts \`admitStep\`, line for line. ARGV: now, priority (0 receipt, 1
 * status, 2 other), reserved receipts and status (-1: the default share of
 * the limit), share, cap. Returns { 1, seq, 0 } or { 0, 1 = wait | 2 = reserve, ms },
 * then the view: budget, limit, resetAt, rollAt, blockedUntil (-1 for none).
 */
const QUOTA_ADMIT_SCRIPT = `${QUOTA_READ}
local now, priority, receipts, status, share, cap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
if blocked ~= nil and blocked > now and blocked <= now + cap + 1000 then return decided(0, 1, blocked - now) end
roll(now, share)
if budget == nil then
  seq = seq + 1
  save()
  return decided(1, seq, 0)
end
if receipts < 0 then
  receipts = math.max(1, math.ceil((limit or 0) * 0.05))
  status = math.max(1, math.ceil((limit or 0) * 0.1))
end
local reserved = 0
if priority == 1 then reserved = receipts elseif priority == 2 then reserved = receipts + status end
local floor = math.ceil(reserved / share)
if budget <= floor then
  local wait = unknownWindow
  if rollAt ~= nil then wait = rollAt - now end
  save()
  if budget <= 0 then return decided(0, 1, wait) end
  return decided(0, 2, wait)
end
budget = budget - 1
seq = seq + 1
save()
return decided(1, seq, 0)
`;

/**
 * quota.ts \`observeStep\`, line for line. ARGV: now, status, limit,
 * remaining, resetAt, waitUntil, seq (-1 for absent), share, tolerance, cap.
 */
const QUOTA_OBSERVE_SCRIPT = `${QUOTA_READ}
local now, httpStatus, obsLimit, remaining, reset, waitUntil, ticket, share, tolerance, cap =
  tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9]), tonumber(ARGV[10])
if obsLimit >= 0 then limit = obsLimit end
if httpStatus == 429 then
  local untilAt = now + unknownWindow
  if waitUntil >= 0 then untilAt = waitUntil elseif reset >= 0 then untilAt = math.min(reset, now + cap) elseif rollAt ~= nil then untilAt = rollAt end
  blocked = math.max(blocked or 0, untilAt)
end
roll(now, share)
if remaining < 0 and httpStatus ~= 429 then save(); return 1 end
if remaining < 0 then remaining = 0 end
local after = 0
if ticket >= 0 then after = seq - ticket end
local ceiling = math.floor(remaining / share)
local fresh = math.max(0, ceiling - after)
if reset < 0 then
  if budget == nil then budget = fresh else budget = math.min(budget, ceiling) end
  if rollAt == nil then rollAt = now + unknownWindow end
elseif reset <= now then
elseif resetAt ~= nil and reset > resetAt + tolerance then
  budget = fresh
  resetAt = reset
  rollAt = math.min(reset, now + cap)
elseif resetAt ~= nil and reset < resetAt - tolerance then
else
  if budget == nil then budget = fresh else budget = math.min(budget, ceiling) end
  if resetAt == nil then
    resetAt = reset
    rollAt = math.min(reset, now + cap)
  end
end
save()
return 1
`;

/** Instances alive: a sorted set of ids scored by when each stops counting. */
const INSTANCES_SCRIPT = `
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return redis.call('ZCARD', KEYS[1])
`;

const PRIORITY_NUMBER = { receipt: 0, status: 1, other: 2 } as const;

/** The admit script's view fields (budget, limit, resetAt, rollAt, blockedUntil), -1 for none. */
function readView([budget, limit, resetAt, rollAt, blockedUntil]: readonly number[]): QuotaView {
  const known = (value: number | undefined) => value !== undefined && Number.isFinite(value) && value >= 0;
  return {
    ...(known(budget) ? { budget: budget! } : {}),
    ...(known(limit) ? { limit: limit! } : {}),
    ...(known(resetAt) ? { resetAt: resetAt! } : {}),
    ...(known(rollAt) ? { rollAt: rollAt! } : {}),
    ...(known(blockedUntil) ? { blockedUntil: blockedUntil! } : {}),
  };
}

/**
 * Connects in the background and returns at once: start-up never waits for
 * Redis. Until it is connected, and whenever the connection is lost, calls
 * fail at once (no offline queue) and the store guard answers from memory.
 */
export async function createRedisStore(options: RedisStoreOptions): Promise<RedisStore> {
  const redis = await importOptional<typeof import('@redis/client')>('@redis/client', 'a Redis store needs');
  const prefix = options.prefix ?? 'bridge-widget-proxy:';
  const client = redis.createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * (retries + 1), 2000) },
  });
  // Without a listener an unreachable Redis would crash the process; failed commands reject instead.
  client.on('error', () => undefined);
  let closed = false;
  const connecting = client.connect().catch(() => undefined);
  const quotaKey = [`${prefix}quota`];
  const run = async (script: string, keys: string[], args: Array<number | string>): Promise<unknown> =>
    client.eval(script, { keys, arguments: args.map(String) }) as Promise<unknown>;
  return {
    async get(key) {
      const value = await client.get(`${prefix}${key}`);
      return value === null ? undefined : String(value);
    },
    async set(key, value, ttlMs) {
      await client.set(`${prefix}${key}`, value, { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } });
    },
    async hit(key, windowMs) {
      const reply = await run(HIT_SCRIPT, [`${prefix}${key}`], [Math.max(1, Math.ceil(windowMs))]);
      const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [NaN, NaN];
      if (!Number.isFinite(count) || !Number.isFinite(ttl)) throw new Error('unexpected reply from Redis');
      return { count: count!, resetInMs: ttl! };
    },
    quota: {
      async admit(request) {
        const reserve = request.reserve ?? { receipts: -1, status: -1 };
        const reply = await run(QUOTA_ADMIT_SCRIPT, quotaKey, [
          request.now,
          PRIORITY_NUMBER[request.priority],
          reserve.receipts,
          reserve.status,
          request.share,
          request.capMs,
        ]);
        const [ok, first, second, ...rest] = Array.isArray(reply) ? reply.map(Number) : [];
        const view = readView(rest);
        if (ok === 1 && Number.isFinite(first)) return { ok: true, seq: first!, view };
        if (ok === 0 && (first === 1 || first === 2) && Number.isFinite(second)) {
          return { ok: false, reason: first === 1 ? 'upstream_wait' : 'reserve', retryAfterMs: second!, view };
        }
        throw new Error('unexpected reply from Redis');
      },
      async observe(observation, seq, share, now, capMs) {
        const or = (value: number | undefined) => value ?? -1;
        await run(QUOTA_OBSERVE_SCRIPT, quotaKey, [
          now,
          observation.status,
          or(observation.limit),
          or(observation.remaining),
          or(observation.resetAt),
          or(observation.waitUntil),
          or(seq),
          share,
          SAME_WINDOW_TOLERANCE_MS,
          capMs,
        ]);
      },
    },
    connected: () => client.isReady,
    async instances(id, ttlMs) {
      return Number(await run(INSTANCES_SCRIPT, [`${prefix}instances`], [Date.now(), id, ttlMs]));
    },
    async close() {
      if (closed) return;
      closed = true;
      // Still connecting (Redis unreachable since start-up): stop trying rather than wait for it.
      if (client.isReady) await client.close().catch(() => undefined);
      else client.destroy();
      await connecting;
    },
  };
}
