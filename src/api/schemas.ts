/**
 * zod schemas for every resource of the routing-service contract
 * (`shared/spec/routing-service-api.md`). Parsing happens once, at the client
 * boundary; everything past it works with the inferred, already-checked types.
 *
 * Reading rules, chosen where the spec is loose:
 * - Objects are parsed with zod's default behaviour: unknown keys (the spec's
 *   provider-specific fields) are dropped, never rejected.
 * - On-chain amounts become `bigint` here, so a JS number never carries money.
 *   They must be decimal strings of digits; z.unknown() else fails the parse and
 *   names the field.
 * - USD values stay decimal strings: they are for display and are never signed.
 * - Chain IDs are strings; a number is accepted and turned into its string,
 *   because some upstreams emit numeric EVM chain IDs. An EVM chain ID is
 *   written in decimal here whatever form it came in (`0xaa36a7` reads as
 *   `11155111`), so ids compare as numbers everywhere (src/model/chain-id.ts).
 * - Names and symbols are inert text: direction and control characters are
 *   removed and long ones cut (src/model/text.ts).
 * - In list responses (chains, tokens, balance rows) one malformed entry is
 *   dropped instead of failing the whole list, so a single bad token cannot
 *   blank the widget. The client reports how many were dropped.
 */
import * as z from 'zod/mini';
import { canonicalChainId } from '../model/chain-id.js';
import { EVM_ADDRESS } from '../model/checksum.js';
import { MAX_SYMBOL_LENGTH, inertText } from '../model/text.js';

/** A whole number from 0 to `max`: decimals, counts. */
const natural = (max = Number.MAX_SAFE_INTEGER) => z.int().check(z.minimum(0), z.maximum(max));

/** A string matching `pattern`. */
const matching = (pattern: RegExp, message: string) => z.string().check(z.regex(pattern, message));

const string = z.string();

const nonEmpty = z.string().check(z.minLength(1));

const boolean = z.boolean();

/** A name or symbol shown to the user: inert (see src/model/text.ts). */
const shown = (max?: number) =>
  z.pipe(
    string,
    z.transform((value: string) => inertText(value, max)),
  );
const name = shown();
const symbol = shown(MAX_SYMBOL_LENGTH);

/** A string or a number (both seen upstream for ids and codes). */
const stringOrNumber = z.union([z.string(), z.number()]);

/** Decimal digits, or '' for a field the service has not filled yet. */
const digitsOrEmpty = matching(/^\d*$/, 'expected a decimal integer string');

/** Decimal string of an integer in smallest units, parsed to bigint. */
export const uintString = z.pipe(
  matching(/^\d+$/, 'expected a decimal integer string'),
  z.transform((value: string) => BigInt(value)),
);

/** Same as {@link uintString}, but `null`, `""` and absence read as undefined (fields "populated once ..."). */
export const optionalUint = z.optional(
  z.pipe(
    z.nullable(digitsOrEmpty),
    z.transform((value: string | null) => (value ? BigInt(value) : undefined)),
  ),
);

/** A chain id: a non-empty string, or a safe integer turned into its string (some upstreams emit numeric EVM ids); an EVM id in decimal. */
export const chainIdSchema = z.pipe(
  z.union([nonEmpty, z.int()]),
  z.transform((value: string | number) => canonicalChainId(String(value))),
);

/** A string that may be missing or null upstream; read as undefined then. */
const optionalText = z.optional(
  z.pipe(
    z.nullable(string),
    z.transform((value: string | null) => value ?? undefined),
  ),
);

/** A number that may be missing or null upstream (prices). */
const optionalNumber = z.optional(z.nullable(z.number()));

export const chainTypeSchema = string;

export const nativeCurrencySchema = z.object({
  name,
  symbol,
  decimals: natural(),
});

export const chainSchema = z.pipe(
  z.object({
    chainId: z.optional(chainIdSchema),
    id: z.optional(chainIdSchema),
    chainName: optionalText,
    networkName: optionalText,
    chainType: optionalText,
    type: optionalText,
    nativeCurrency: z.optional(nativeCurrencySchema),
    rpc: optionalText,
    blockExplorerUrls: z.optional(z.array(string)),
    chainIconURI: optionalText,
    providersSupported: z.optional(z.array(string)),
  }),
  z.transform((raw, ctx) => {
    const chainId = raw.chainId ?? raw.id;
    if (chainId === undefined) {
      ctx.issues.push({ code: 'custom', message: 'chain has neither chainId nor id', input: raw, path: ['chainId'] });
      return z.NEVER;
    }
    const chainType = (raw.chainType ?? raw.type ?? 'unknown').toLowerCase();
    return {
      chainId,
      chainName: inertText(raw.chainName ?? chainId),
      networkName: inertText(raw.networkName ?? raw.chainName ?? chainId),
      chainType,
      nativeCurrency: raw.nativeCurrency,
      rpc: raw.rpc,
      blockExplorerUrls: raw.blockExplorerUrls ?? [],
      chainIconURI: raw.chainIconURI,
      providersSupported: raw.providersSupported ?? [],
    };
  }),
);
export type Chain = z.infer<typeof chainSchema>;

/** How a token is shown, the same wherever the spec lists one (the token list, a balance row). */
const tokenLooks = {
  symbol,
  decimals: natural(255),
  usdPrice: optionalNumber,
  logoURI: optionalText,
};

export const tokenSchema = z.object({
  address: nonEmpty,
  chainId: chainIdSchema,
  ...tokenLooks,
  name,
  type: optionalText,
});
export type Token = z.infer<typeof tokenSchema>;

export const feeEntrySchema = z.object({
  type: string,
  amount: uintString,
  amountUsd: optionalText,
  token: z.object({
    chainId: chainIdSchema,
    address: string,
    symbol,
    decimals: natural(),
  }),
});
export type FeeEntry = z.infer<typeof feeEntrySchema>;

export const estimateSchema = z.object({
  fromAmount: uintString,
  toAmount: uintString,
  toAmountMin: uintString,
  toAmountUsd: optionalText,
  totalFeesUsd: optionalText,
  fees: z._default(z.array(feeEntrySchema), () => []),
  fromAmountUsd: optionalText,
  toAmountMinUsd: optionalText,
  // Completion time in seconds: the spec mentions it without naming a field (see `expectedSeconds`).
  estimatedRouteDuration: optionalNumber,
  executionDuration: optionalNumber,
  estimatedDuration: optionalNumber,
});
export type Estimate = z.infer<typeof estimateSchema>;

const hexString = matching(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex');
const evmAddress = matching(EVM_ADDRESS, 'expected an EVM address');

export const transactionSchema = z.object({
  to: evmAddress,
  data: z._default(hexString, '0x'),
  value: z._default(uintString, 0n),
  gasLimit: optionalUint,
  gasPrice: optionalUint,
  maxFeePerGas: optionalUint,
  maxPriorityFeePerGas: optionalUint,
  type: optionalText,
  /** Not in the spec's field list; tolerated when a provider adds it. */
  chainId: z.optional(chainIdSchema),
});
export type RouteTransaction = z.infer<typeof transactionSchema>;

/**
 * Every member is optional per the spec; entries lacking spender, token or a
 * non-zero amount are filtered out later by `usableApprovals`, not rejected here.
 */
export const approvalEntrySchema = z.object({
  chainId: z.optional(chainIdSchema),
  tokenAddress: optionalText,
  spender: optionalText,
  amount: z.optional(
    z.nullable(
      z.pipe(
        digitsOrEmpty,
        z.transform((value: string): bigint | '' => value && BigInt(value)),
      ),
    ),
  ),
});
export type ApprovalEntry = z.infer<typeof approvalEntrySchema>;

export const routeSchema = z.object({
  estimate: estimateSchema,
  execution: z.object({
    transaction: transactionSchema,
    approvals: z.optional(z.nullable(z.array(approvalEntrySchema))),
  }),
  provider: z._default(name, 'unknown'),
  requestId: optionalText,
  reliabilityScore: z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(1)))),
});
export type Route = z.infer<typeof routeSchema>;

export const quoteResponseSchema = z.object({ data: z.object({ estimate: estimateSchema }) });
export const routeResponseSchema = z.object({
  data: z.object({ intentId: nonEmpty, route: routeSchema }),
});
export type RouteResult = z.infer<typeof routeResponseSchema>['data'];

/** Post hook members; the spec names them without types, so each is read loosely. */
export const postHookSchema = z.object({
  target: z.optional(string),
  callData: z.optional(string),
  fundAmount: z.optional(z.union([z.string(), z.number(), z.boolean()])),
  fullAmount: z.optional(boolean),
  amountInputPos: z.optional(stringOrNumber),
  toApprovalAddress: z.optional(string),
});
export type PostHook = z.infer<typeof postHookSchema>;

export const KNOWN_STATUSES = ['pending', 'submitted', 'bridging', 'success', 'failed'] as const;
export type KnownIntentStatus = (typeof KNOWN_STATUSES)[number];
/** `unknown` stands for any value the spec does not list; never treated as progress or success. */
export type IntentStatusValue = KnownIntentStatus | 'unknown';

/** The fields a pending stub carries; the full record has them too. */
const stubFields = {
  intent_id: string,
  intent_status: optionalText,
  create_date: optionalText,
  steps: z.optional(z.nullable(z.array(z.unknown()))),
};

export const pendingStatusSchema = z.object(stubFields);

export const fullStatusSchema = z.object({
  ...stubFields,
  id: optionalText,
  sdk_request: z.optional(z.nullable(boolean)),
  from_address: optionalText,
  to_address: optionalText,
  from_chain_id: z.optional(z.nullable(chainIdSchema)),
  to_chain_id: z.optional(z.nullable(chainIdSchema)),
  source_tx_hash: optionalText,
  dest_tx_hash: optionalText,
  request_id: optionalText,
  provider_request_id: optionalText,
  status: string,
  routing_provider: optionalText,
  quote_to_amount_usd: optionalText,
  to_amount_wei: optionalUint,
  gas_status: optionalText,
  poll_attempt: z.optional(z.nullable(z.int())),
  next_poll_at: optionalText,
  update_date: optionalText,
  metadata: z.optional(z.nullable(z.looseObject({}))),
});

type PendingFields = z.infer<typeof pendingStatusSchema>;
type FullFields = z.infer<typeof fullStatusSchema>;
export type PendingIntentStatus = PendingFields & { kind: 'pending'; status: 'pending' };
export type TrackedIntentStatus = Omit<FullFields, 'status'> & {
  kind: 'tracked';
  status: Exclude<IntentStatusValue, 'pending'>;
  rawStatus: string;
  /** `next_poll_at` read once, here: epoch milliseconds; undefined when absent or not a date. */
  nextPollAt: number | undefined;
};
export type IntentStatus = PendingIntentStatus | TrackedIntentStatus;

/**
 * The status payload is read by `status` first, as the spec asks: a pending
 * payload is only a stub and must not be read as a full record.
 */
export const statusResponseSchema = z.pipe(
  z.object({ data: z.looseObject({ status: string }) }),
  z.transform((body, ctx): IntentStatus => {
    const rawStatus = body.data.status;
    const pending = rawStatus === 'pending';
    const parsed = (pending ? pendingStatusSchema : fullStatusSchema).safeParse(body.data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.issues.push({ ...issue, path: ['data', ...issue.path] } as never);
      return z.NEVER;
    }
    if (pending) return { ...(parsed.data as PendingFields), status: 'pending', kind: 'pending' };
    const status = (KNOWN_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as KnownIntentStatus) : 'unknown';
    const fields = parsed.data as FullFields;
    const nextPollAt = fields.next_poll_at ? Date.parse(fields.next_poll_at) : Number.NaN;
    return {
      ...fields,
      kind: 'tracked',
      status: status as TrackedIntentStatus['status'],
      rawStatus,
      nextPollAt: Number.isNaN(nextPollAt) ? undefined : nextPollAt,
    };
  }),
);

export const allowanceResultSchema = z.object({
  chainId: chainIdSchema,
  tokenAddress: string,
  ownerAddress: string,
  spenderAddress: string,
  allowance: uintString,
  rpcHost: optionalText,
});
export type AllowanceResult = z.infer<typeof allowanceResultSchema>;
export const allowanceResponseSchema = z.object({ success: boolean, data: allowanceResultSchema });

export const balanceRowSchema = z.object({
  chain_key: z.optional(stringOrNumber),
  category: string,
  contract: optionalText,
  balance: uintString,
  name: optionalText,
  ...tokenLooks,
});
export type BalanceRow = z.infer<typeof balanceRowSchema>;

export const balanceResultSchema = z.object({
  chain_id: chainIdSchema,
  source: optionalText,
  balances: z._default(z.array(z.unknown()), () => []),
  count: z.optional(z.nullable(z.int())),
  error: z.optional(z.nullable(string)),
});

export const balancesResponseSchema = z.object({
  address: string,
  partial: z._default(boolean, false),
  results: z.array(balanceResultSchema),
});

export interface BalanceResult {
  chain_id: string;
  source?: string;
  balances: BalanceRow[];
  count?: number | null;
  error?: string | null;
}
export interface BalancesResponse {
  address: string;
  partial: boolean;
  results: BalanceResult[];
}

export const apiKeyInfoSchema = z.object({
  valid: boolean,
  status: z._default(string, 'unknown'),
  message: optionalText,
  key_id: optionalText,
  label: optionalText,
  project_id: optionalText,
  created_at: optionalText,
  last_used_at: optionalText,
  quote: z.optional(z.nullable(z.object({ id: string, text: string }))),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfoSchema>;

export const receiptResponseSchema = z.object({
  data: z.object({ ok: boolean, transaction_id: optionalText }),
});
export type ReceiptResult = z.infer<typeof receiptResponseSchema>['data'];

// Error bodies. Each reads `requestId` in the spellings seen in the wild, since
// the spec only says the id is "repeated in the body next to error".
const requestIdFields = {
  requestId: optionalText,
  request_id: optionalText,
};

export const providerOutcomeSchema = z.object({
  provider: optionalText,
  name: optionalText,
  outcome: string,
  code: optionalText,
  reason: optionalText,
  message: optionalText,
});
export type ProviderOutcome = z.infer<typeof providerOutcomeSchema>;

export const errorBodySchema = z.object({
  success: z.optional(boolean),
  /** A summary string, or an object carrying `message` (read by the client only when it is a string). */
  error: z.optional(z.union([z.string(), z.looseObject({ message: z.optional(z.unknown()) })])),
  message: optionalText,
  code: z.optional(stringOrNumber),
  providers: z.optional(z.array(providerOutcomeSchema)),
  ...requestIdFields,
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Paginated token page. The spec only says the shape differs from the plain
 * array, so the reading is tolerant (see `readTokenPage` in client.ts):
 * the first array found under data/tokens/items/results, a cursor under
 * nextCursor/next_cursor/cursor/next (or inside `pagination`/`page`), and a
 * total under total/totalCount/total_count.
 */
export interface TokenPage {
  tokens: Token[];
  nextCursor: string | null;
  total: number | null;
}

export interface QuoteRequest {
  fromChain: string;
  toChain: string;
  fromToken: string;
  toToken: string;
  fromAmount: bigint;
  fromAddress: string;
  toAddress: string;
  slippage?: number;
}

export interface RouteRequest extends QuoteRequest {
  fromAmountUSD?: string;
  metadata?: Record<string, unknown>;
  postHook?: PostHook;
}

export interface TokensQuery {
  chainId?: string;
  limit?: number;
  cursor?: string;
  q?: string;
  includeTotal?: boolean;
}

export interface AllowanceQuery {
  chainId: string;
  tokenAddress: string;
  ownerAddress: string;
  spenderAddress: string;
}
