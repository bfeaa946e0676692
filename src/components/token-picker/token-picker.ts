import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import { cssProperties } from '../shared/css-properties.js';
import { formatAmount, formatUsd, shortenHex, usdValue } from '../../format/amount.js';
import { PickerElement } from '../shared/picker-dialog.js';
import { tokenLogo } from '../shared/token-logo.js';
import { ROW_HEIGHT, styles } from './token-picker.styles.js';

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

/** Rows rendered above and below the visible ones. */
const OVERSCAN = 4;
/** Visible rows assumed before the list has been measured. */
const FALLBACK_VISIBLE_ROWS = 9;

/** Addresses compare trimmed and case-insensitively. */
const normalise = (address: string): string => address.trim().toLowerCase();

/**
 * Search over a token list, built once per list (O(n log n) for the default
 * order) so that each keystroke is one linear pass with no sorting: matches
 * are bucketed by rank while walking the precomputed order, which keeps the
 * order within a rank.
 *
 * Ranks: exact symbol or exact address (case-insensitive, trimmed), then
 * symbol prefix, then name prefix, then substring of symbol or name. Within a
 * rank: tokens with a non-zero balance first (by USD value when priced, then
 * by amount), then alphabetical by symbol (`keepOrder`: in the list's order).
 */
export interface TokenSearch {
  readonly tokens: readonly TokenOption[];
  /** Within held and not held, the list's own order instead of alphabetical (a list still loading page by page). */
  readonly keepOrder: boolean;
  /** Indices into `tokens` of the matches, best first. */
  find(query: string): readonly number[];
}

export function createTokenSearch(tokens: readonly TokenOption[], keepOrder = false): TokenSearch {
  const keys = tokens.map((token) => {
    const { balance = 0n, decimals } = token;
    const held = balance > 0n;
    return {
      symbol: token.symbol.toLowerCase(),
      name: token.name.toLowerCase(),
      address: normalise(token.address),
      held,
      // -1 sorts a held but unpriced token after every priced one.
      usd: (held ? usdValue(balance, decimals, token.usdPrice) : undefined) ?? -1,
      amount: Number(balance) / 10 ** decimals,
    };
  });
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const order = keys.map((_, i) => i);
  order.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    return (
      +y.held - +x.held ||
      (x.held && (y.usd - x.usd || y.amount - x.amount)) ||
      (keepOrder && a - b) ||
      collator.compare(tokens[a]!.symbol, tokens[b]!.symbol) ||
      collator.compare(tokens[a]!.name, tokens[b]!.name) ||
      (x.address < y.address ? -1 : x.address > y.address ? 1 : 0)
    );
  });

  return {
    tokens,
    keepOrder,
    find(query: string): readonly number[] {
      const q = query.trim().toLowerCase();
      if (!q) return order;
      const ranks: number[][] = [[], [], [], []];
      for (const i of order) {
        const { symbol, name, address } = keys[i]!;
        const rank = symbol === q || address === q ? 0 : symbol.startsWith(q) ? 1 : name.startsWith(q) ? 2 : symbol.includes(q) || name.includes(q) ? 3 : -1;
        ranks[rank]?.push(i);
      }
      return ranks.flat();
    },
  };
}

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
 * @fires token-select - `CustomEvent<{ address: string }>` when a token is chosen. Bubbles, not composed. The element does not change `selected` itself.
 * @fires bw-token-search - `CustomEvent<{ query: string }>` when the search text changes. Bubbles, not composed.
 * @fires bw-token-more - `Event` when the list is scrolled near the end of `tokens` while `has-more` is set. Bubbles, not composed.
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
    listScrollTop: { state: true },
    viewportHeight: { state: true },
  };

  static override styles = [...PickerElement.styles, styles];

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

  private listScrollTop = 0;
  private viewportHeight = 0;

  protected get keys() {
    const loading = this.loading ? 'picker.loadingTokens' : undefined;
    return {
      select: 'picker.selectToken',
      search: 'picker.searchTokens',
      placeholder: 'picker.tokenPlaceholder',
      list: 'picker.tokens',
      noMatch: loading ?? 'picker.noTokenMatch',
      none: loading ?? 'picker.noTokens',
    } as const;
  }

  #search?: TokenSearch;
  #results?: { query: string; indices: readonly number[] };
  #scrollFrame = 0;
  #syncScroll = false;
  #resizeObserver?: ResizeObserver;
  #observedList?: HTMLElement;
  /** Last row rendered, and the list length a further page was asked at (once per length). */
  #last = 0;
  #askedAt = -1;
  #sentQuery = '';

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    cancelAnimationFrame(this.#scrollFrame);
    this.#scrollFrame = 0;
    this.#resizeObserver?.disconnect();
    this.#observedList = undefined;
  }

  /** Indices into `tokens` of the current matches, best first (memoised by array identity and query). */
  get #filtered(): readonly number[] {
    // A list still loading page by page keeps the service's order: a new page then extends it at the end instead of reshuffling it.
    if (this.#search?.tokens !== this.tokens || this.#search.keepOrder !== this.hasMore) {
      this.#search = createTokenSearch(this.tokens, this.hasMore);
      this.#results = undefined;
    }
    if (this.#results?.query !== this.query) this.#results = { query: this.query, indices: this.#search.find(this.query) };
    return this.#results.indices;
  }

  /** The selected address, normalised; '' (matching no token) when none. */
  get #selectedKey(): string {
    return normalise(this.selected ?? '');
  }

  protected get optionCount(): number {
    return this.#filtered.length;
  }

  protected selectedIndex(): number {
    const key = this.#selectedKey;
    return this.#filtered.findIndex((i) => normalise(this.tokens[i]!.address) === key);
  }

  protected emitSelect(index: number): void {
    const { address } = this.tokens[this.#filtered[index]!]!;
    this.dispatchEvent(new CustomEvent<TokenSelectDetail>('token-select', { detail: { address }, bubbles: true }));
  }

  protected override pageSize(): number {
    return Math.max(1, Math.floor(this.#visibleHeight() / ROW_HEIGHT) - 1);
  }

  /** Moves the window so the row is visible, before rendering (the row must exist to be referenced). */
  protected override reveal(index: number): void {
    if (index < 0) return;
    const height = this.#visibleHeight();
    const top = index * ROW_HEIGHT;
    let next = this.listScrollTop;
    if (top < next) next = top;
    else if (top + ROW_HEIGHT > next + height) next = top + ROW_HEIGHT - height;
    if (next !== this.listScrollTop) {
      this.listScrollTop = Math.max(0, next);
      this.#syncScroll = true;
    }
  }

  protected override onQueryChange(): void {
    this.listScrollTop = 0;
    this.#syncScroll = true;
    if (this.query !== this.#sentQuery) this.#fire('bw-token-search', { query: (this.#sentQuery = this.query) });
  }

  #fire(type: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (this.open && changed.has('tokens')) {
      const max = Math.max(0, this.#filtered.length * ROW_HEIGHT - this.#visibleHeight());
      if (this.listScrollTop > max) {
        this.listScrollTop = max;
        this.#syncScroll = true;
      }
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const list = this.open ? this.byId('listbox') : undefined;
    if (list !== this.#observedList) {
      this.#observedList = list;
      this.#resizeObserver ??= new ResizeObserver(() => {
        this.viewportHeight = this.#observedList?.clientHeight ?? 0;
      });
      this.#resizeObserver.disconnect();
      if (list) this.#resizeObserver.observe(list);
    }
    const count = this.optionCount;
    if (list && this.hasMore && !this.loading && !this.query.trim() && this.#last >= count - OVERSCAN - 1 && this.#askedAt !== count) {
      this.#askedAt = count;
      this.#fire('bw-token-more');
    }
    if (list && this.#syncScroll) {
      this.#syncScroll = false;
      if (list.scrollTop !== this.listScrollTop) list.scrollTop = this.listScrollTop;
    }
  }

  #visibleHeight(): number {
    return this.viewportHeight || FALLBACK_VISIBLE_ROWS * ROW_HEIGHT;
  }

  protected override onListScroll(): void {
    if (this.#scrollFrame) return;
    this.#scrollFrame = requestAnimationFrame(() => {
      this.#scrollFrame = 0;
      this.listScrollTop = this.byId('listbox')?.scrollTop ?? 0;
    });
  }

  protected override renderNotice(): TemplateResult {
    // With no rows the empty state says it (one announcement, not two).
    const key =
      this.loading && this.optionCount
        ? 'picker.loadingTokens'
        : this.balancesPartial
          ? 'picker.balancesPartial'
          : this.balancesLoading
            ? 'picker.balancesLoading'
            : '';
    const text = key && this.t(key);
    return html`<div class="notice" part="notice" role="status">${text}</div>`;
  }

  protected triggerView() {
    const key = this.#selectedKey;
    const token = this.tokens.find((t) => normalise(t.address) === key);
    if (token) return { text: token.symbol, logo: tokenLogo(token.logoURI, token.symbol, 24) };
    // A selection missing from the list: its shortened address.
    return this.selected ? { text: shortenHex(this.selected), title: this.selected } : undefined;
  }

  protected renderRows(): TemplateResult {
    const matches = this.#filtered;
    const count = matches.length;
    const height = this.#visibleHeight();
    const first = Math.max(0, Math.floor(this.listScrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = (this.#last = Math.min(count - 1, Math.ceil((this.listScrollTop + height) / ROW_HEIGHT) + OVERSCAN));
    const indices: number[] = [];
    for (let i = first; i <= last; i++) indices.push(i);
    // The active row stays rendered even when scrolled away, so that
    // aria-activedescendant always points at an element.
    const active = this.activeIndex;
    if (active >= 0 && active < count && (active < first || active > last)) indices.push(active);
    const key = this.#selectedKey;
    return html`<div class="spacer" role="presentation" style=${cssProperties({ height: `${count * ROW_HEIGHT}px` })}>
      ${indices.map((i) => this.#renderToken(this.tokens[matches[i]!]!, i, count, key))}
    </div>`;
  }

  #renderToken(token: TokenOption, index: number, count: number, selectedKey: string): TemplateResult {
    const { balance, decimals } = token;
    const locale = this.intl;
    const held = balance !== undefined && balance > 0n;
    const usd = held ? formatUsd(usdValue(balance, decimals, token.usdPrice), locale) : undefined;
    return this.renderOption(index, {
      selected: normalise(token.address) === selectedKey,
      logo: tokenLogo(token.logoURI, token.symbol, 32),
      title: token.symbol,
      meta: `${token.name} · ${shortenHex(token.address)}`,
      metaTitle: token.address,
      end: held
        ? html`<span class="amounts">
            <span class="balance">${formatAmount(balance, decimals, { maxFractionDigits: 4, locale })}</span>
            ${usd ? html`<span class="usd"><bdi dir="ltr">${usd}</bdi></span>` : nothing}
          </span>`
        : balance === undefined && this.balancesLoading
          ? html`<span class="skeleton" aria-hidden="true"></span>`
          : nothing,
      position: { setSize: count, top: index * ROW_HEIGHT },
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-token-picker': TokenPicker;
  }
  interface HTMLElementEventMap {
    'token-select': TokenSelectEvent;
    'bw-token-search': CustomEvent<{ query: string }>;
    'bw-token-more': CustomEvent<undefined>;
  }
}
