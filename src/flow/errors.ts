/**
 * The flow's own failures: what kind, whether the user can try again, and the
 * guard rule for a refused route. The wording users read is in ./problems.ts.
 */
import { english } from '../i18n/strings.js';
import { WalletError } from '../wallet/index.js';
import type { DepositRule } from '../api/deposit.js';
import type { GuardRule } from './guards.js';

export type FlowErrorKind =
  | 'cancelled'
  | 'chunk-load'
  | 'wallet-rejected'
  | 'wrong-account'
  | 'wrong-chain'
  | 'wallet-timeout'
  | 'wallet'
  | 'approval-failed'
  | 'transaction-reverted'
  | 'batch-failed'
  | 'batch-partial'
  | 'batch-unknown'
  | 'routing'
  | 'route-rejected'
  | 'simulation-unavailable'
  | 'deposit-refused'
  | 'deposit-unavailable';

/** A failure of the flow that the UI explains; `cause` keeps the original error. */
export class FlowError extends Error {
  readonly kind: FlowErrorKind;
  /** Nothing moved and the user can try again from the review step. */
  readonly recoverable: boolean;
  readonly requestId: string | undefined;
  /** For `route-rejected`: the guard rule that failed (see src/flow/guards.ts); for `deposit-refused`, the deposit address's check (src/api/deposit.ts). */
  readonly rule: GuardRule | DepositRule | undefined;

  constructor(
    kind: FlowErrorKind,
    message: string,
    options: { cause?: unknown; recoverable?: boolean; requestId?: string | undefined; rule?: GuardRule | DepositRule | undefined } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FlowError';
    this.kind = kind;
    this.recoverable = options.recoverable ?? true;
    this.requestId = options.requestId;
    this.rule = options.rule;
  }
}

/** A wallet's failure while `doing` something, as the flow's own error (other errors pass through). */
export function fromWalletError(error: unknown, doing: string): unknown {
  if (!(error instanceof WalletError)) return error;
  switch (error.kind) {
    case 'rejected':
      return new FlowError('wallet-rejected', 'You cancelled in your wallet. Nothing was sent.', { cause: error });
    case 'wrong-account':
      return new FlowError('wrong-account', `${error.message} Select the account you started with and try again.`, { cause: error });
    case 'wrong-chain':
      return new FlowError('wrong-chain', `${error.message} Nothing was sent.`, { cause: error });
    case 'timeout':
      return new FlowError(
        'wallet-timeout',
        `The wallet did not answer ${doing} in time. If you still confirm it there, this page will pick it up and track it.`,
        { cause: error },
      );
    case 'reverted':
      return new FlowError('transaction-reverted', error.message, { cause: error });
    default:
      return new FlowError('wallet', `The wallet reported a problem with ${doing}: ${error.message}`, { cause: error });
  }
}

/**
 * A later moment's code, loaded as a chunk of its own. When the chunk cannot be
 * fetched (offline, a CDN error) the failure is the flow's own error, worded
 * for the user. Browsers keep a failed module for the page's life (Chromium
 * does not fetch it again), so trying again means reloading the page; nothing
 * is lost by it: a transfer already sent is saved and followed after the reload.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    throw new FlowError('chunk-load', english['error.chunk-load'], { cause });
  }
}
