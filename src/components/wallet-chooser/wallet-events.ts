/**
 * The wallet chooser's events, fired by its dialog (./wallet-chooser-dialog.ts),
 * which must not import the chooser back.
 */
import { PartEvent } from '../shared/part-event.js';

/** Detail of `bw-wallet-select`. */
export interface WalletSelectDetail {
  /** The wallet's `id` (its announcement's uuid). */
  id: string;
}

/** `bw-wallet-select`: a wallet was chosen. */
export class WalletSelectEvent extends PartEvent<WalletSelectDetail> {
  static override readonly type = 'bw-wallet-select';
}

/** Detail of `bw-way-select`. */
export interface WaySelectDetail {
  /** The way's `id` (`walletconnect`, `deposit`, …). */
  id: string;
}

/** `bw-way-select`: another way to pay was chosen (one without `href`). */
export class WaySelectEvent extends PartEvent<WaySelectDetail> {
  static override readonly type = 'bw-way-select';
}

declare global {
  interface HTMLElementEventMap {
    'bw-wallet-select': WalletSelectEvent;
    'bw-way-select': WaySelectEvent;
  }
}
