/**
 * Waiting for a state in Node tests, never for a fixed time. Two forms:
 * - `until(check, what, { timeout, interval })` polls `check` (sync or async)
 *   until it returns a truthy value and resolves with that value;
 * - `until(session, check, what, ms)` resolves once `check` holds after a
 *   change a `TransferSession` announces (or at once).
 * Either fails with "Timeout: <what>" when the state does not come in time.
 */
import type { TransferSession } from '../../../src/flow/session.ts';

type Falsy = undefined | null | false | 0 | '';

export interface UntilOptions {
  /** How long the state may take, in ms (default 20 s). */
  timeout?: number;
  /** How often `check` is asked, in ms (default 25). */
  interval?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/** What is awaited, for the timeout's message; a function is read at the timeout (to show the state then). */
export type What = string | (() => string);

export function until<T>(check: () => T | Falsy | Promise<T | Falsy>, what: What, options?: UntilOptions): Promise<T>;
export function until(session: TransferSession, check: () => boolean, what: string, ms?: number): Promise<void>;
export function until<T>(
  first: TransferSession | (() => T | Falsy | Promise<T | Falsy>),
  second: What | (() => boolean),
  third?: string | UntilOptions,
  ms = DEFAULT_TIMEOUT_MS,
): Promise<T | void> {
  if (typeof first === 'function') return poll(first, second as What, (third as UntilOptions | undefined) ?? {});
  return onChange(first, second as () => boolean, third as string, ms);
}

async function poll<T>(check: () => T | Falsy | Promise<T | Falsy>, what: What, { timeout = DEFAULT_TIMEOUT_MS, interval = 25 }: UntilOptions): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timeout: ${typeof what === 'string' ? what : what()} (${timeout} ms)`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

function onChange(session: TransferSession, check: () => boolean, what: string, ms: number): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Timeout: ${what} (${ms} ms)`));
    }, ms);
    const stop = session.subscribe({
      changed: () => {
        if (!check()) return;
        clearTimeout(timer);
        stop();
        resolve();
      },
    });
  });
}
