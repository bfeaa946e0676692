/**
 * A token as the token and asset pickers show it, how its address compares,
 * and the picker as its dialog reads it: shared by the trigger
 * (./token-picker.ts), its dialog's chunk and the search, so that none of
 * them imports another back.
 */
import type { PickerElement } from '../shared/picker.js';

/** A token as the picker shows it: the service's Token plus the wallet balance when known. */
export interface TokenOption {
  address: string;
  chainId: string;
  symbol: string;
  name: string;
  decimals: number;
  logoURI?: string;
  usdPrice?: number | null;
  /** Smallest units; undefined while unknown. */
  balance?: bigint;
}

/** The token picker as its dialog (and the asset picker's) sees it: a picker with the tokens to offer and their loading states. */
export type TokenList = PickerElement & {
  readonly tokens: TokenOption[];
  readonly loading: boolean;
  readonly hasMore: boolean;
  readonly balancesLoading: boolean;
  readonly balancesPartial: boolean;
};

/** Addresses compare trimmed and case-insensitively (the trigger, the search and the rows). */
export const normalise = (address: string): string => address.trim().toLowerCase();
