import { WalletError, normalizeRpcError } from './errors.js';

/** The EIP-1193 surface the widget relies on; every injected wallet has at least `request`. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** Cancellation and deadline for a wallet call. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * How long to wait for the wallet's answer to the call's main request (the
   * prompt, for calls that prompt). Defaults: 5 min for prompts, 30 s for reads.
   */
  timeoutMs?: number;
  /**
   * Called when the wallet answers after the call already gave up (deadline or
   * abort). A transaction the user confirms late is still broadcast: this is
   * how its hash is not lost.
   */
  onLateResult?: (value: unknown) => void;
}

/** Prompts wait on a human (approve in the wallet, maybe unlock it first). */
export const PROMPT_TIMEOUT_MS = 5 * 60_000;
/** Reads only wait on the wallet's RPC. */
export const READ_TIMEOUT_MS = 30_000;

/** True for a value the widget can sign with: an object (or function) with a `request` method. Wallet kits type their providers `unknown`; this narrows them. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

/**
 * Why a value handed to the widget as its provider cannot be one, for the
 * console (the host's developer reads it); undefined when it is a provider.
 * The usual mistake, a wallet kit's `getProvider()` promise not awaited, is named.
 */
export function providerProblem(value: unknown): string | undefined {
  if (isEip1193Provider(value)) return undefined;
  const got = value === null ? 'null' : typeof value;
  if (typeof (value as { then?: unknown } | null)?.then === 'function') {
    return 'provider is a Promise, not an EIP-1193 provider: await it first (widget.provider = await connector.getProvider()).';
  }
  return `provider must be an EIP-1193 provider (an object with a request() method); got ${got === 'object' ? 'an object without request()' : got}.`;
}

/**
 * Calls `provider.request` but never waits longer than the deadline: a wallet
 * that never answers (closed popup, locked extension) must not freeze the
 * widget. The underlying request cannot be cancelled, only abandoned.
 *
 * Aborting rejects with the signal's reason (an `AbortError` by default), like
 * `fetch`, so callers can tell "we cancelled" from a wallet failure.
 */
export async function callProvider(
  provider: Eip1193Provider,
  method: string,
  params: readonly unknown[] | undefined,
  options: CallOptions | undefined,
  defaultTimeoutMs: number,
): Promise<unknown> {
  if (!isEip1193Provider(provider)) throw new WalletError('no-provider', 'No wallet provider is available.');
  const signal = options?.signal;
  signal?.throwIfAborted();
  const timeoutMs = options?.timeoutMs || defaultTimeoutMs;
  // Some providers throw synchronously instead of rejecting; the executor turns that into a rejection.
  const pending = new Promise<unknown>((resolve) => resolve(provider.request(params === undefined ? { method } : { method, params })));

  return new Promise<unknown>((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(signal!.reason));
    const timer = setTimeout(
      () => finish(() => reject(new WalletError('timeout', `The wallet did not answer ${method} within ${Math.round(timeoutMs / 1000)} s.`))),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (value) => {
        if (settled) options?.onLateResult?.(value);
        finish(() => resolve(value));
      },
      (error: unknown) => finish(() => reject(normalizeRpcError(error))),
    );
  });
}
