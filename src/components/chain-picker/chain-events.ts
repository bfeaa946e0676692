/**
 * The chain picker's event, fired by its dialog's chunk (and by the asset
 * picker's): in a module of its own so that neither dialog imports the
 * picker that loads it, nor the other dialog.
 */
import { PartEvent } from '../shared/part-event.js';

/** Detail of `bw-chain-select`. */
export interface ChainSelectDetail {
  chainId: string;
}

/** `bw-chain-select`: a chain was chosen (the picker does not change `selected` itself). */
export class ChainSelectEvent extends PartEvent<ChainSelectDetail> {
  static override readonly type = 'bw-chain-select';
}

declare global {
  interface HTMLElementEventMap {
    'bw-chain-select': ChainSelectEvent;
  }
}
