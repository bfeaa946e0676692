/**
 * The token picker's dialog, a chunk of its own (see ../shared/picker.ts): a
 * windowed list (only the visible rows are in the DOM, so 10,000+ tokens stay
 * fast), searched by ./token-search.ts, asking for further pages and
 * reporting the search text to the host.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { formatAmount, formatUsd, shortenHex, usdValue } from '../../format/amount.js';
import { cssProperties } from '../shared/css-properties.js';
import type { DialogKeys } from '../shared/picker-contract.js';
import { PickerDialog } from '../shared/picker-dialog.js';
import { tokenLogo } from '../shared/token-logo.js';
import { TokenMoreEvent, TokenSearchEvent, TokenSelectEvent } from './token-events.js';
import { normalise, type TokenList, type TokenOption } from './token-option.js';
import { ROW_HEIGHT, styles } from './token-picker-dialog.styles.js';
import { createTokenSearch, type TokenSearch } from './token-search.js';

/** Rows rendered above and below the visible ones. */
const OVERSCAN = 4;
/** Visible rows assumed before the list has been measured. */
const FALLBACK_VISIBLE_ROWS = 9;

export class TokenPickerDialog<Picker extends TokenList = TokenList> extends PickerDialog<Picker> {
  static override styles = [...PickerDialog.styles, styles];

  private listScrollTop = 0;
  private viewportHeight = 0;

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

  protected keys(): DialogKeys {
    const loading = this.picker.loading ? 'picker.loadingTokens' : undefined;
    return {
      search: 'picker.searchTokens',
      placeholder: 'picker.tokenPlaceholder',
      list: 'picker.tokens',
      noMatch: loading ?? 'picker.noTokenMatch',
      none: loading ?? 'picker.noTokens',
    };
  }

  override disconnected(): void {
    cancelAnimationFrame(this.#scrollFrame);
    this.#scrollFrame = 0;
    this.#resizeObserver?.disconnect();
    this.#observedList = undefined;
  }

  /** Indices into `tokens` of the current matches, best first (memoised by array identity and query). */
  get #filtered(): readonly number[] {
    const { tokens, hasMore } = this.picker;
    // A list still loading page by page keeps the service's order: a new page then extends it at the end instead of reshuffling it.
    if (this.#search?.tokens !== tokens || this.#search.keepOrder !== hasMore) {
      this.#search = createTokenSearch(tokens, hasMore);
      this.#results = undefined;
    }
    if (this.#results?.query !== this.query) this.#results = { query: this.query, indices: this.#search.find(this.query) };
    return this.#results.indices;
  }

  /** The selected address, normalised; '' (matching no token) when none. */
  get #selectedKey(): string {
    return normalise(this.picker.selected ?? '');
  }

  protected get optionCount(): number {
    return this.#filtered.length;
  }

  protected selectedIndex(): number {
    const key = this.#selectedKey;
    return this.#filtered.findIndex((i) => normalise(this.picker.tokens[i]!.address) === key);
  }

  protected emitSelect(index: number): void {
    const { address } = this.picker.tokens[this.#filtered[index]!]!;
    this.picker.dispatchEvent(new TokenSelectEvent({ address }));
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
    if (this.query !== this.#sentQuery) this.picker.dispatchEvent(new TokenSearchEvent({ query: (this.#sentQuery = this.query) }));
  }

  override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('tokens')) {
      const max = Math.max(0, this.#filtered.length * ROW_HEIGHT - this.#visibleHeight());
      if (this.listScrollTop > max) {
        this.listScrollTop = max;
        this.#syncScroll = true;
      }
    }
  }

  override updated(open: boolean): void {
    super.updated(open);
    const list = open ? this.byId('listbox') : undefined;
    if (list !== this.#observedList) {
      this.#observedList = list;
      this.#resizeObserver ??= new ResizeObserver(() => {
        const height = this.#observedList?.clientHeight ?? 0;
        if (height !== this.viewportHeight) {
          this.viewportHeight = height;
          this.changed();
        }
      });
      this.#resizeObserver.disconnect();
      if (list) this.#resizeObserver.observe(list);
    }
    const count = this.optionCount;
    const { hasMore, loading } = this.picker;
    if (list && hasMore && !loading && !this.query.trim() && this.#last >= count - OVERSCAN - 1 && this.#askedAt !== count) {
      this.#askedAt = count;
      this.picker.dispatchEvent(new TokenMoreEvent());
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
      const top = this.byId('listbox')?.scrollTop ?? 0;
      if (top !== this.listScrollTop) {
        this.listScrollTop = top;
        this.changed();
      }
    });
  }

  protected override renderNotice(): TemplateResult {
    const { loading, balancesPartial, balancesLoading } = this.picker;
    // With no rows the empty state says it (one announcement, not two).
    const key =
      loading && this.optionCount ? 'picker.loadingTokens' : balancesPartial ? 'picker.balancesPartial' : balancesLoading ? 'picker.balancesLoading' : '';
    const text = key && this.context.t(key);
    return html`<div class="notice" part="notice" role="status">${text}</div>`;
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
      ${indices.map((i) => this.#renderToken(this.picker.tokens[matches[i]!]!, i, count, key))}
    </div>`;
  }

  #renderToken(token: TokenOption, index: number, count: number, selectedKey: string): TemplateResult {
    const { balance, decimals } = token;
    const locale = this.context.intl();
    const held = balance !== undefined && balance > 0n;
    const usd = held ? formatUsd(usdValue(balance, decimals, token.usdPrice), locale) : undefined;
    return this.renderOption(index, {
      selected: normalise(token.address) === selectedKey,
      disabled: !this.isSelectable(index),
      logo: tokenLogo(token.logoURI, token.symbol, 32),
      title: token.symbol,
      meta: `${token.name} · ${shortenHex(token.address)}`,
      metaTitle: token.address,
      end: held
        ? html`<span class="amounts">
            <span class="balance">${formatAmount(balance, decimals, { locale })}</span>
            ${usd ? html`<span class="usd"><bdi dir="ltr">${usd}</bdi></span>` : nothing}
          </span>`
        : balance === undefined && this.picker.balancesLoading
          ? html`<span class="skeleton" aria-hidden="true"></span>`
          : nothing,
      position: { setSize: count, top: index * ROW_HEIGHT },
    });
  }
}
