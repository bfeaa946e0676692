/**
 * Every failure that leaves `src/wallet` is a `WalletError`, so the flow can
 * branch on `kind` instead of on the numeric codes and ad-hoc message strings
 * that differ from one wallet to the next.
 */
export type WalletErrorKind =
  | 'no-provider'
  | 'rejected'
  | 'unknown-chain'
  | 'wrong-account'
  | 'wrong-chain'
  | 'timeout'
  | 'reverted'
  | 'unsupported'
  | 'rpc'
  // A wallet on another device (WalletConnect) whose session ended in the wallet app, or expired.
  | 'disconnected'
  | 'expired';

export class WalletError extends Error {
  readonly kind: WalletErrorKind;
  /** EIP-1193 / JSON-RPC code as reported by the wallet, when there was one. */
  readonly rpcCode?: number;

  constructor(kind: WalletErrorKind, message: string, options?: { rpcCode?: number; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'WalletError';
    this.kind = kind;
    if (options?.rpcCode !== undefined) this.rpcCode = options.rpcCode;
  }
}

// EIP-1193 and EIP-3085/3326 codes we act on.
const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const UNRECOGNIZED_CHAIN = 4902;
const EXECUTION_REVERTED = 3;
// The method does not exist here (EIP-1193 4200, JSON-RPC -32601), or EIP-5792's
// "not like this": an unsupported capability (5700) or chain (5710), an account
// upgrade the user declined (5750), no atomic execution (5760). Nothing was sent.
const UNSUPPORTED = [4200, -32601, 5700, 5710, 5750, 5760];

type ErrorFields = Partial<Record<'code' | 'message' | NestedKey, unknown>>;

// Where wallets nest the original error: MetaMask mobile wraps 4902 as -32603
// with `data.originalError.code`; ethers-style wrappers use `error`/`cause`.
const nestedKeys = ['data', 'originalError', 'error', 'cause'] as const;
type NestedKey = (typeof nestedKeys)[number];

function fieldsOf(value: unknown): ErrorFields | undefined {
  return typeof value === 'object' && value !== null ? (value as ErrorFields) : undefined;
}

/** Every `code` and `message` in the error and the errors nested inside it, outermost first. */
function collect(value: unknown, found = { codes: [] as number[], messages: [] as string[] }, depth = 0) {
  const fields = fieldsOf(value);
  if (!fields || depth > 4) return found;
  if (typeof fields.code === 'number') found.codes.push(fields.code);
  if (typeof fields.message === 'string' && fields.message) found.messages.push(fields.message);
  for (const key of nestedKeys) collect(fields[key], found, depth + 1);
  return found;
}

// Fallbacks for wallets that reject with a non-standard code or none at all
// (WalletConnect relays, some in-app wallets only send a message).
const rejectedText = /user (rejected|denied|cancel)|rejected by user|request rejected|action_rejected/i;
const unknownChainText = /unrecognized chain|unknown chain|chain .*not (been )?added|try adding the chain/i;
const revertedText = /revert/i;
// MetaMask's outer message for every wrapped failure; the inner one says more.
const genericText = /^internal json-rpc error\.?$/i;

/** Maps anything a provider may throw onto a `WalletError`, keeping its message. */
export function normalizeRpcError(e: unknown): WalletError {
  if (e instanceof WalletError) return e;
  const { codes, messages } = collect(e);
  if (typeof e === 'string') messages.push(e);
  const message = messages.find((text) => !genericText.test(text)) ?? messages[0] ?? 'The wallet request failed.';
  const text = messages.join('\n');
  const has = (code: number) => codes.includes(code);
  // Any code decides before the message text does.
  // prettier-ignore
  const kind: WalletErrorKind =
    has(USER_REJECTED) || fieldsOf(e)?.code === 'ACTION_REJECTED' ? 'rejected'
    : has(UNRECOGNIZED_CHAIN) ? 'unknown-chain'
    // 4100: the account or method was not authorised by the user; from the
    // user's point of view the wallet refused, which the flow handles like a rejection.
    : has(UNAUTHORIZED) ? 'rejected'
    : has(EXECUTION_REVERTED) ? 'reverted'
    : UNSUPPORTED.some(has) ? 'unsupported'
    : rejectedText.test(text) ? 'rejected'
    : unknownChainText.test(text) ? 'unknown-chain'
    : revertedText.test(text) ? 'reverted'
    : 'rpc';
  return new WalletError(kind, message, { rpcCode: codes[0], cause: e });
}
