/**
 * The asset picker as its dialog's chunk (./asset-picker-dialog.ts) reads it:
 * its own module, so that the dialog depends on this contract and not on the
 * picker that loads it (./asset-picker.ts).
 */
import type { ChainOption } from '../chain-picker/chain-option.js';
import type { TokenList } from '../token-picker/token-option.js';

/** A token list with the chains to choose among, the chosen one, and which of the two the host locked. */
export type AssetList = TokenList & {
  readonly chains: ChainOption[];
  readonly chain?: string | undefined;
  readonly chainLocked: boolean;
  readonly tokenLocked: boolean;
};
