/**
 * Where an account's saved transfers live in storage, and whether it has any:
 * what the first load needs to decide that the tracking room must come (to
 * resume or to list). Reading the records themselves (./intent-store.ts, with
 * their schema) travels with the transfer's chunk.
 */
import { proxyBaseUrl } from '../api/client.js';
import type { KeyValueStorage } from './storage.js';

/**
 * The key transfers paid into a deposit address are kept under, in place of a
 * wallet's account: no wallet here sent them (the sender may be an exchange).
 * They are this browser's, listed and resumed with or without a wallet.
 */
export const DEPOSIT_ACCOUNT = 'deposits';

/** The storage key of an account's transfers, per proxy: addresses compare case-insensitively. */
export function savedTransfersKey(proxyUrl: string, account: string): string {
  return `bridge-widget:v1:${proxyBaseUrl(proxyUrl)}:${account.toLowerCase()}`;
}

/** Whether storage holds anything for the account, by default the deposit transfers' (unread: the store drops the records that do not parse). */
export function hasSavedTransfers(storage: KeyValueStorage | undefined, proxyUrl: string, account = DEPOSIT_ACCOUNT): boolean {
  try {
    const records: unknown = JSON.parse(storage?.getItem(savedTransfersKey(proxyUrl, account)) || '[]');
    return Array.isArray(records) && records.length > 0;
  } catch {
    return false;
  }
}
