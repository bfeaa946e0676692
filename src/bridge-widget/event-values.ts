import { checksummedOrNothing, txHashOrNothing } from '../model/chain-value.js';

/** Detail fields that hold a transaction hash, and those that hold an EVM address, across the `bridge-*` events. */
const HASH_FIELDS = ['txHash', 'sourceTxHash', 'destTxHash'] as const;
const ADDRESS_FIELDS = ['tokenAddress', 'spender', 'address'] as const;

/**
 * An event detail as the host receives it: each hash validated
 * (32-byte hex, or another chain's id form, see ../model/chain-value.ts), each
 * address checksummed, anything else in those fields left out (`undefined`).
 * The one place every `bridge-*` event passes (the session's and the wallet
 * connection's dispatch). `bridge-route`'s `route` stays the service's answer
 * as received: that event exists so a host can inspect it.
 */
export function cleanDetail<T extends object>(detail: T): T {
  const out = { ...detail } as Record<string, unknown>;
  for (const key of HASH_FIELDS) if (out[key] !== undefined) out[key] = txHashOrNothing(out[key]);
  for (const key of ADDRESS_FIELDS) if (out[key] !== undefined) out[key] = checksummedOrNothing(out[key]);
  return out as T;
}
