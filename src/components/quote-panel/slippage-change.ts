/**
 * `bw-slippage-change`, fired by both parts that hold the slippage control
 * (./slippage-control.ts): the quote panel's row and the swap settings'
 * dialog. In a module of its own, since the settings are in the first load
 * and the quote panel is not.
 */
import { PartEvent } from '../shared/part-event.js';

/** Detail of `bw-slippage-change`. */
export interface SlippageChangeDetail {
  /** Percent, e.g. `0.5`. */
  slippage: number;
}

/** `bw-slippage-change`: a preset was picked or a valid custom value typed. */
export class SlippageChangeEvent extends PartEvent<SlippageChangeDetail> {
  static override readonly type = 'bw-slippage-change';
}

declare global {
  interface HTMLElementEventMap {
    'bw-slippage-change': SlippageChangeEvent;
  }
}
