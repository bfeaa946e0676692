/**
 * The spec's validate endpoint (`GET /api/v1/sdk/validate`, "used at
 * startup or as a connectivity check") as the proxy uses it: once when the
 * command starts, and behind the health endpoint, where the result is kept
 * for `healthCacheMs` and concurrent probes share one call, so load-balancer
 * probes cost the key at most one request per cache lifetime.
 */
import { apiKeyInfoSchema } from '../api/schemas.js';
import type { SecretScrubber } from './scrub.js';

export type KeyStatus =
  | { readonly state: 'active'; readonly keyId: string; readonly label: string }
  | { readonly state: 'inactive'; readonly keyId: string; readonly label: string; readonly message: string }
  /** A non-2xx answer (an unknown or revoked key, or the service refusing us). */
  | { readonly state: 'refused'; readonly httpStatus: number }
  | { readonly state: 'unreachable'; readonly reason: string };

export interface KeyChecker {
  /**
   * The key's status: fetched when nothing is cached yet; otherwise the cached
   * one at once, refreshed in the background once older than its lifetime (so
   * a health probe never waits for the routing service).
   */
  status(): Promise<KeyStatus>;
}

export interface KeyCheckConfig {
  readonly validateUrl: string;
  readonly apiKey: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly cacheMs: number;
  readonly scrubber: SecretScrubber;
  /** Every answer's status and headers: validate's quota headers are the proxy's first view of the key's quota. */
  readonly onAnswer?: (status: number, headers: Headers) => void;
  readonly now?: () => number;
}

export function createKeyChecker(config: KeyCheckConfig): KeyChecker {
  const now = config.now ?? Date.now;
  let cached: { readonly at: number; readonly status: KeyStatus } | undefined;
  let inFlight: Promise<KeyStatus> | undefined;
  return {
    status() {
      if (cached && now() - cached.at < config.cacheMs) return Promise.resolve(cached.status);
      inFlight ??= validateKey(config).then((status) => {
        cached = { at: now(), status };
        inFlight = undefined;
        return status;
      });
      return cached ? Promise.resolve(cached.status) : inFlight;
    },
  };
}

async function validateKey(config: KeyCheckConfig): Promise<KeyStatus> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  try {
    const response = await config.fetch(config.validateUrl, {
      headers: { accept: 'application/json', 'x-api-key': config.apiKey },
      redirect: 'manual',
      signal: controller.signal,
    });
    config.onAnswer?.(response.status, response.headers);
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      return { state: 'refused', httpStatus: response.status };
    }
    const parsed = apiKeyInfoSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) return { state: 'unreachable', reason: 'the validate answer is not API key info' };
    // Whatever the service says about the key is scrubbed: it may quote it.
    const keyId = config.scrubber.text(parsed.data.key_id ?? '');
    const label = config.scrubber.text(parsed.data.label ?? '');
    if (parsed.data.valid && parsed.data.status === 'active') return { state: 'active', keyId, label };
    return { state: 'inactive', keyId, label, message: config.scrubber.text(parsed.data.message ?? parsed.data.status) };
  } catch (error) {
    const reason = controller.signal.aborted ? `no answer within ${config.timeoutMs} ms` : describe(error);
    return { state: 'unreachable', reason: config.scrubber.text(reason) };
  } finally {
    clearTimeout(timer);
  }
}

/** One line for people: what the check found, never the key. */
export function describeKeyStatus(status: KeyStatus): string {
  switch (status.state) {
    case 'active':
      return `API key active (key_id ${JSON.stringify(status.keyId)}, label ${JSON.stringify(status.label)})`;
    case 'inactive':
      return `API key inactive (key_id ${JSON.stringify(status.keyId)}, label ${JSON.stringify(status.label)}): ${status.message}`;
    case 'refused':
      return `API key refused: the routing service answered HTTP ${status.httpStatus} to the validate call`;
    case 'unreachable':
      return `API key not checked: routing service unreachable (${status.reason})`;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  const code = cause instanceof Error ? (cause as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}
