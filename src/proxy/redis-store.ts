/// <reference types="node" />
/**
 * A `ProxyStore` in Redis, so several proxy instances share one catalog
 * cache, one flood limit and one view of the key's quota. Uses the official
 * core client `@redis/client`, an optional peer dependency: it is loaded only
 * when a Redis store is asked for (`REDIS_URL`, or `createRedisStore`).
 */
import type { ProxyStore } from './store.js';

export interface RedisStoreOptions {
  /** `redis://host:port` (or `rediss://`, with credentials as Redis URLs allow). */
  readonly url: string;
  /** Prefix of every key, so several deployments can share one Redis; default `bridge-widget-proxy:`. */
  readonly prefix?: string;
}

export interface RedisStore extends ProxyStore {
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

export async function createRedisStore(options: RedisStoreOptions): Promise<RedisStore> {
  let redis: typeof import('@redis/client');
  // A variable specifier: bundlers must leave the optional peer dependency to the installing project.
  const specifier = '@redis/client';
  try {
    redis = (await import(/* @vite-ignore */ specifier)) as typeof import('@redis/client');
  } catch {
    throw new Error('a Redis store needs the @redis/client package: npm install @redis/client');
  }
  const prefix = options.prefix ?? 'bridge-widget-proxy:';
  const client = redis.createClient({ url: options.url });
  // Without a listener an unreachable Redis would crash the process; failed commands reject instead.
  client.on('error', () => undefined);
  await client.connect();
  return {
    async get(key) {
      const value = await client.get(`${prefix}${key}`);
      return value === null ? undefined : String(value);
    },
    async set(key, value, ttlMs) {
      await client.set(`${prefix}${key}`, value, { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttlMs)) } });
    },
    async hit(key, windowMs) {
      const reply = (await client.eval(HIT_SCRIPT, { keys: [`${prefix}${key}`], arguments: [String(Math.max(1, Math.ceil(windowMs)))] })) as unknown;
      const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [NaN, NaN];
      if (!Number.isFinite(count) || !Number.isFinite(ttl)) throw new Error('unexpected reply from Redis');
      return { count: count!, resetInMs: ttl! };
    },
    async close() {
      await client.close().catch(() => undefined);
    },
  };
}
