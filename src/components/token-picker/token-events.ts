/**
 * The token picker's events, fired by its dialog's chunk (and by the asset
 * picker's, which extends it): in a module of its own, since the trigger's
 * module (./token-option.ts with it) is in the widget's first load and the
 * dialogs are not.
 */
import { PartEvent } from '../shared/part-event.js';

/** Detail of `bw-token-select`. */
export interface TokenSelectDetail {
  address: string;
}

/** `bw-token-select`: a token was chosen (the picker does not change `selected` itself). */
export class TokenSelectEvent extends PartEvent<TokenSelectDetail> {
  static override readonly type = 'bw-token-select';
}

/** Detail of `bw-token-search`. */
export interface TokenSearchDetail {
  query: string;
}

/** `bw-token-search`: the search text changed. */
export class TokenSearchEvent extends PartEvent<TokenSearchDetail> {
  static override readonly type = 'bw-token-search';
}

/** `bw-token-more`: the list was scrolled near the end of `tokens` while `has-more` is set. */
export class TokenMoreEvent extends PartEvent {
  static override readonly type = 'bw-token-more';
}

declare global {
  interface HTMLElementEventMap {
    'bw-token-select': TokenSelectEvent;
    'bw-token-search': TokenSearchEvent;
    'bw-token-more': TokenMoreEvent;
  }
}
