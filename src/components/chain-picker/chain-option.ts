/**
 * A chain as the chain picker (and the asset picker) shows it, and the
 * picker as its dialog reads it: shared by the trigger (./chain-picker.ts)
 * and its dialog's chunk (./chain-picker-dialog.ts), so that the dialog does
 * not import the picker that loads it.
 */
import type { AddressFamily } from '../../model/address.js';
import type { PickerElement } from '../shared/picker.js';

/** A chain as the picker shows it; the shell derives it from the service's Chain objects. */
export interface ChainOption {
  chainId: string;
  name: string;
  iconUrl?: string;
  family: AddressFamily | 'other';
  /**
   * - `available`: selectable.
   * - `unconfirmed`: selectable, with a hint that a quote must confirm the route.
   * - `informational`: listed by the service but not routable; shown apart, not selectable.
   * - `unavailable`: shown disabled (for example the source chain in the destination list).
   */
  availability: 'available' | 'unconfirmed' | 'informational' | 'unavailable';
  /** Short text under the name (why a chain is unavailable, for example). */
  note?: string;
}

/** The chain picker as its dialog sees it: a picker with the chains to offer. */
export type ChainList = PickerElement & { readonly chains: ChainOption[] };
