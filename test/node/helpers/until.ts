/**
 * Waiting on a `TransferSession` in Node: resolves once `check` holds after a
 * change the session announces (or at once), fails after `ms`.
 */
import type { TransferSession } from '../../../src/flow/session.ts';

export function until(session: TransferSession, check: () => boolean, what: string, ms = 20_000): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}`));
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
