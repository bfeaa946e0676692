/**
 * Helpers for tests that drive the sandbox over HTTP: a raw JSON client (it
 * keeps status and headers, which the assertions need) and a status poller
 * that honours `next_poll_at` the way a well-behaved integration does.
 */

export interface RawResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RawApiClient {
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<RawResponse<T>>;
  post<T = unknown>(path: string, body: unknown, headers?: Record<string, string>): Promise<RawResponse<T>>;
}

/** `apiKey` is for calling the service directly; leave it out when going through the proxy, which adds it. */
export function rawApiClient(baseUrl: string, apiKey?: string): RawApiClient {
  async function call<T>(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<RawResponse<T>> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(apiKey ? { 'x-api-key': apiKey } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined; // malformed-body faults: callers read `text`
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
  return {
    get: (path, headers = {}) => call('GET', path, undefined, headers),
    post: (path, body, headers = {}) => call('POST', path, body, headers),
  };
}

export interface StatusBody {
  data: {
    status: string;
    next_poll_at?: string;
    poll_attempt?: number;
    [key: string]: unknown;
  };
}

export interface PollOptions {
  /** Give up after this long (default 20 s). */
  timeoutMs?: number;
  /** Interval while `next_poll_at` is absent (pending), default 100 ms. */
  fallbackIntervalMs?: number;
  /** Upper bound on a single wait, so a far-future `next_poll_at` cannot stall a test (default 2 s). */
  maxWaitMs?: number;
  /** Stop early when this returns true for a body (default: `success` or `failed`). */
  until?: (body: StatusBody) => boolean;
  onPoll?: (body: StatusBody, waitedMs: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function pollIntentStatus(client: RawApiClient, intentId: string, options: PollOptions = {}): Promise<{ final: StatusBody; polls: StatusBody[] }> {
  const { timeoutMs = 20_000, fallbackIntervalMs = 100, maxWaitMs = 2_000 } = options;
  const until = options.until ?? ((b: StatusBody) => b.data.status === 'success' || b.data.status === 'failed');
  const deadline = Date.now() + timeoutMs;
  const polls: StatusBody[] = [];
  let waited = 0;
  for (;;) {
    const response = await client.get<StatusBody>(`/api/v1/route-intent/${intentId}/status`);
    if (response.status === 429) {
      const retry = Number(response.headers.get('retry-after') ?? '1');
      await sleep(Math.min(maxWaitMs, retry * 1000));
      continue;
    }
    if (response.status !== 200) throw new Error(`status poll returned ${response.status}: ${response.text}`);
    polls.push(response.body);
    options.onPoll?.(response.body, waited);
    if (until(response.body)) return { final: response.body, polls };
    if (Date.now() > deadline) throw new Error(`intent ${intentId} still ${response.body.data.status} after ${timeoutMs} ms`);
    const next = response.body.data.next_poll_at;
    waited = next ? Math.min(maxWaitMs, Math.max(0, Date.parse(next) - Date.now())) : fallbackIntervalMs;
    await sleep(waited);
  }
}
