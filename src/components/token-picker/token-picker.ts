import type { PropertyDeclarations } from 'lit';
import type { StringKey } from '../../i18n/strings.js';
import { shortenHex } from '../../format/amount.js';
import { PickerElement, type OpenedDialog, type PickerContext, type TriggerView } from '../shared/picker.js';
import { tokenLogo } from '../shared/token-logo.js';
import { normalise, type TokenOption } from './token-option.js';

export type { TokenOption } from './token-option.js';
export type { TokenMoreEvent, TokenSearchDetail, TokenSearchEvent, TokenSelectDetail, TokenSelectEvent } from './token-events.js';

/**
 * @summary Chooses a token: a trigger button opening a searchable, windowed list (fast with 10,000+ tokens) in a modal dialog.
 *
 * Search by symbol, name, or a pasted address. Tokens the wallet holds come
 * first within each match rank. Only the visible rows are in the DOM. Names,
 * symbols and logos from the service are untrusted: text is rendered as text,
 * logos only from http(s) URLs, with a lettered fallback.
 *
 * `tokens` is indexed once per array: pass a new array when the list or its
 * balances change (mutating it in place is not seen).
 *
 * The list may be a part of a longer one: with `has-more`, scrolling near its
 * end asks for the next page (`bw-token-more`), and the search text is
 * reported (`bw-token-search`) so the host can ask the service; `loading`
 * says an answer is on its way. Rows already there filter at once.
 *
 * The dialog is a chunk of its own (./token-picker-dialog.ts), loaded on the
 * first open, or before it while the page is idle.
 *
 * @fires {TokenSelectEvent} bw-token-select - `CustomEvent<{ address: string }>` when a token is chosen. Bubbles, not composed. The element does not change `selected` itself.
 * @fires {TokenSearchEvent} bw-token-search - `CustomEvent<{ query: string }>` when the search text changes. Bubbles, not composed.
 * @fires {TokenMoreEvent} bw-token-more - `CustomEvent<null>` when the list is scrolled near the end of `tokens` while `has-more` is set. Bubbles, not composed.
 *
 * @csspart label - The visible label above the trigger (hide it with `display: none`; it still names the trigger).
 * @csspart trigger - The button showing the selected token.
 * @csspart dialog - The modal dialog.
 * @csspart search - The search field.
 * @csspart close - The dialog's close button.
 * @csspart notice - The balance-loading line.
 * @csspart list - The scrolling listbox.
 * @csspart option - Each token row (56px high).
 * @csspart logo - Token logos (image or fallback letters).
 *
 * @cssprop --bridge-z-index - Stacking level of the dialog overlay.
 * @cssprop --bridge-color-backdrop - Colour of the overlay behind the dialog.
 * @cssprop --bridge-color-bg - Dialog background.
 * @cssprop --bridge-color-surface - Search field, hovered option, loading placeholders.
 * @cssprop --bridge-color-surface-raised - Trigger background.
 * @cssprop --bridge-color-border-strong - Trigger and search borders.
 * @cssprop --bridge-color-text - Text.
 * @cssprop --bridge-color-text-muted - Secondary text.
 * @cssprop --bridge-color-accent - Hover border, active option tint, check mark.
 * @cssprop --bridge-color-warning - Balance-loading notice text.
 * @cssprop --bridge-color-warning-bg - Balance-loading notice background.
 * @cssprop --bridge-radius - Trigger and dialog corners.
 * @cssprop --bridge-radius-small - Option and search corners.
 * @cssprop --bridge-spacing - Base spacing.
 */
export class TokenPicker extends PickerElement {
  static override properties: PropertyDeclarations = {
    tokens: { attribute: false },
    balancesLoading: { type: Boolean, attribute: 'balances-loading' },
    balancesPartial: { type: Boolean, attribute: 'balances-partial' },
    hasMore: { type: Boolean, attribute: 'has-more' },
    loading: { type: Boolean },
  };

  /** Tokens of the chosen chain, in any order. */
  tokens: TokenOption[] = [];

  /** Balances are being fetched: rows without a balance show a placeholder. */
  balancesLoading = false;

  /** Only some balances have arrived. */
  balancesPartial = false;

  /** `tokens` is not the whole list: scrolling near its end fires `bw-token-more`. */
  hasMore = false;

  /** A search or a further page is on its way: announced, and shown instead of "no match". */
  loading = false;

  protected get selectKey(): StringKey {
    return 'picker.selectToken';
  }

  protected async loadDialog(context: PickerContext): Promise<OpenedDialog> {
    const { TokenPickerDialog } = await import('./token-picker-dialog.js');
    return new TokenPickerDialog(this, context);
  }

  protected triggerView(): TriggerView | undefined {
    const key = normalise(this.selected ?? '');
    const token = this.tokens.find((t) => normalise(t.address) === key);
    if (token) return { text: token.symbol, logo: tokenLogo(token.logoURI, token.symbol, 24) };
    // A selection missing from the list: its shortened address.
    return this.selected ? { text: shortenHex(this.selected), title: this.selected } : undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-token-picker': TokenPicker;
  }
}
