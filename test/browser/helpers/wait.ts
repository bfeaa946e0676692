/**
 * open-wc's `waitUntil` with a default time limit of 30 s instead of 1 s. The
 * tests that use it wait for the sandbox (a quote, a mined transaction, a
 * status), which on a busy machine (the whole suite beside another CPU-heavy
 * process) can take longer than a second; a wait ends as soon as its state
 * holds, so the limit costs nothing when things are fast. A call that names
 * its own `timeout` keeps it.
 */
import { waitUntil as openWcWaitUntil } from '@open-wc/testing';

type Options = NonNullable<Parameters<typeof openWcWaitUntil>[2]>;

export const WAIT_TIMEOUT_MS = 30_000;

export function waitUntil(predicate: Parameters<typeof openWcWaitUntil>[0], message?: string, options: Options = {}): Promise<void> {
  return openWcWaitUntil(predicate, message, { timeout: WAIT_TIMEOUT_MS, ...options });
}
