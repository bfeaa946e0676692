/**
 * What the host set through attributes and properties: <bridge-widget> passes
 * itself, so each value is read where it is used.
 */
import type { PostHook } from '../api/schemas.js';
import type { PresetSettings } from './form.js';

export interface SessionSettings extends PresetSettings {
  /** Preset amount and recipient (attributes `amount`, `to-address`). */
  readonly amount: string;
  readonly toAddress: string;
  readonly slippage: number;
  readonly lockPresets: boolean;
  readonly unlimitedApproval: boolean;
  /** Stop a transfer that cannot be simulated instead of relying on the route checks alone (`require-simulation`). */
  readonly requireSimulation?: boolean;
  /** Seconds to wait for a wallet prompt. */
  readonly walletTimeout: number;
  /** `off`: never an EIP-5792 batch, each approval and the transfer prompt on their own (the element's `batch`). */
  readonly batch?: string;
  /** `on`: without a provider, Connect offers the wallets the browser announces (the element's `wallet-discovery`). */
  readonly walletDiscovery?: string;
  readonly valueLossThreshold: number;
  /** Without a wallet, the quote is asked for this address, an estimate (`preview-address`; `off`: none; ./quote-address.ts). */
  readonly previewAddress?: string;
  readonly metadata: Record<string, unknown> | undefined;
  readonly postHook: PostHook | undefined;
}
