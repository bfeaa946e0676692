/**
 * The recipient field behind "Send to another address": a chunk of its own,
 * with its English and the Solana, Cosmos and Bitcoin address rules. Fetched
 * while the page is idle once the form is shown, and at once when the field is
 * (the toggle pressed, a destination that needs an address the wallet cannot
 * give, a preset `to-address`); until it is here the widget reserves the
 * field's place and the form holds a typed or preset recipient as not valid.
 */
import { RecipientInput } from '../../components/recipient-input/recipient-input.js';
import { defineLaterElements } from '../../define-elements.js';

export const ELEMENTS = {
  'bw-recipient-input': RecipientInput,
} as const;

defineLaterElements(ELEMENTS);

declare global {
  interface HTMLElementTagNameMap {
    'bw-recipient-input': RecipientInput;
  }
}
