/**
 * A token as the token and asset pickers show it, and how its address
 * compares: shared by the trigger (./token-picker.ts), its dialog's chunk and
 * the search, so that none of them imports another back.
 */
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

export interface TokenSelectDetail {
  address: string;
}
export type TokenSelectEvent = CustomEvent<TokenSelectDetail>;

/** Addresses compare trimmed and case-insensitively (the trigger, the search and the rows). */
export const normalise = (address: string): string => address.trim().toLowerCase();
