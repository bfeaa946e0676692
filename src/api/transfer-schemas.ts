/**
 * The schemas of the transfer's own endpoints: the route (with the
 * transaction to sign), the allowance read before an approval, the receipt
 * and the status record. Only the transfer's calls read them
 * (./transfer-client.ts), so they travel in the transfer's chunk, not with
 * the form. Reading rules as in ./schemas.ts.
 */
import * as z from 'zod/mini';
import { EVM_ADDRESS } from '../model/checksum.js';
import { estimateSchema } from './estimate-schema.js';
import {
  boolean,
  chainIdSchema,
  digitsOrEmpty,
  matching,
  name,
  nonEmpty,
  optionalText,
  optionalUint,
  string,
  stringOrNumber,
  uintString,
} from './schema-parts.js';

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

export const receiptResponseSchema = z.object({
  data: z.object({ ok: boolean, transaction_id: optionalText }),
});
export type ReceiptResult = z.infer<typeof receiptResponseSchema>['data'];

/** The allowance read before each approval (src/flow/transfer.ts). */
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
