/**
 * The estimate of a quote, with its fees: read by the quote (./schemas.ts) and
 * again inside the route (./transfer-schemas.ts), so it is a module of its own
 * that both import (no import circle between the two). Reading rules as in
 * ./schemas.ts.
 */
import * as z from 'zod/mini';
import { chainIdSchema, natural, optionalNumber, optionalText, string, symbol, uintString } from './schema-parts.js';

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
