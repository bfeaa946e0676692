/**
 * Which address a quote is asked for. The service screens the sender at the
 * quote (the spec's AML step), so every quote names one: the connected
 * account; else a sender the user typed; else, so that a visitor sees a price
 * before connecting anything, the host's preview address. A quote for the
 * preview address is an estimate: the widget labels it so, and quotes again
 * with the real account before anything is routed (the account changes the
 * quote's inputs, and Bridge needs an account).
 */
import { isHexAddress } from '../model/checksum.js';

/**
 * The preview address when the host sets none: an address nobody holds a key
 * to (a "burn" address), which wallets, explorers and other bridges' previews
 * use for the same purpose. A service that refuses it shows no price, no error.
 */
export const PREVIEW_ADDRESS = '0x000000000000000000000000000000000000dEaD';

/** The host's `preview-address` as the widget uses it: an EVM address, lowercase, or undefined (`off`, empty, or not an address) for no preview. */
export function previewAddress(setting: string | undefined): string | undefined {
  return setting && isHexAddress(setting) ? setting.toLowerCase() : undefined;
}

export interface QuotingAddress {
  address: string;
  /** The preview address: the price is an estimate until a wallet is connected. */
  preview: boolean;
}

/**
 * The sender a quote is asked for: the account, else a sender typed in the
 * form, else the preview address (already read by `previewAddress`), else
 * none (no quote before a wallet is connected).
 */
export function quotingAddress(from: { account?: string | undefined; sender?: string | undefined; preview?: string | undefined }): QuotingAddress | undefined {
  const address = from.account || from.sender;
  if (address) return { address, preview: false };
  return from.preview ? { address: from.preview, preview: true } : undefined;
}
