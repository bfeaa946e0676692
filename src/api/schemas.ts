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
import { inertText } from '../model/text.js';
import { estimateSchema } from './estimate-schema.js';
import type { PostHook } from './transfer-schemas.js';
import { boolean, chainIdSchema, name, natural, nonEmpty, optionalNumber, optionalText, string, stringOrNumber, symbol, uintString } from './schema-parts.js';

// The amounts, the chain id and the estimate are read by the transfer's own schemas too (./transfer-schemas.ts), which import them from their modules, not from this one.
export { chainIdSchema, optionalUint, uintString } from './schema-parts.js';
export { estimateSchema, feeEntrySchema, type Estimate, type FeeEntry } from './estimate-schema.js';

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

export const quoteResponseSchema = z.object({ data: z.object({ estimate: estimateSchema }) });

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

// The route, its transaction, the allowance and the status records are read by the transfer and tracking moments, and load with them (./transfer-schemas.ts).
export type {
  AllowanceResult,
  ApprovalEntry,
  IntentStatus,
  IntentStatusValue,
  KnownIntentStatus,
  PendingIntentStatus,
  PostHook,
  ReceiptResult,
  Route,
  RouteResult,
  RouteTransaction,
  TrackedIntentStatus,
} from './transfer-schemas.js';
