/**
 * The connected account's pill and its menu (copy, change wallet, disconnect):
 * a chunk of its own (in the `dialogs` file), since a first paint never shows
 * an account (a wallet answers after it). Asked as soon as an account or a
 * chosen wallet is there, and fetched before that while the page is idle.
 */
import { AccountPill } from '../../components/account-pill/account-pill.js';
import { defineLaterElements } from '../../define-elements.js';

export const ELEMENTS = {
  'bw-account-pill': AccountPill,
} as const;

defineLaterElements(ELEMENTS);

declare global {
  interface HTMLElementTagNameMap {
    'bw-account-pill': AccountPill;
  }
}
