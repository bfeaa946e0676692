import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import { live } from 'lit/directives/live.js';
import type { StringKey } from '../../i18n/strings.js';
import { cssProperties } from './css-properties.js';
import { PartElement } from './part.js';
import { pickerStyles } from './picker-dialog.styles.js';
import { hostStyles, partTokens } from './styles.js';
import { tokenLogoStyles } from './token-logo.js';

// Stroke icons: colour, width and line caps come from the style sheet (`.icon`).
const chevronIcon = html`<svg class="icon chevron" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 6l4 4 4-4" /></svg>`;
const checkIcon = html`<svg class="icon check" viewBox="0 0 16 16" aria-hidden="true"><path d="M3.5 8.5l3 3 6-7" /></svg>`;
const closeIcon = html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" /></svg>`;
const searchIcon = html`<svg class="icon search-icon" viewBox="0 0 16 16" aria-hidden="true"><circle cx="7" cy="7" r="4.75" /><path d="M10.5 10.5L14 14" /></svg>`;

/** The strings a picker shows, as keys of the string table. */
export interface PickerKeys {
  /** Dialog heading and trigger placeholder: "Select chain". */
  select: StringKey;
  /** Accessible name of the search field. */
  search: StringKey;
  placeholder: StringKey;
  /** Accessible name of the listbox. */
  list: StringKey;
  /** Empty state for a search that matches nothing (`{query}`). */
  noMatch: StringKey;
  /** Empty state without any option. */
  none: StringKey;
}

/** What one option row shows; the picker adds the id, the active state and the check mark. */
export interface OptionView {
  selected: boolean;
  disabled?: boolean;
  /** Logo or icon (a `tokenLogo`). */
  logo: unknown;
  title: string;
  meta: unknown;
  metaTitle?: string;
  /** Content after the text (the token picker's balance). */
  end?: unknown;
  /** Position in a windowed list: sets `aria-posinset`/`aria-setsize` and the row's offset. */
  position?: { setSize: number; top: number };
}

/**
 * Behaviour shared by `<bw-chain-picker>` and `<bw-token-picker>`: a trigger
 * button opening a modal dialog inside the shadow root, with a search field
 * (a combobox whose `aria-activedescendant` points at the active option),
 * keyboard navigation of the listbox, a focus trap, and focus restored to
 * the trigger on close. Subclasses supply the options and render each one
 * through `renderOption`.
 *
 * The element is controlled: choosing an option fires the subclass's event
 * and closes the dialog; the host then sets `selected`.
 */
export abstract class PickerElement extends PartElement {
  static override properties: PropertyDeclarations = {
    label: {},
    disabled: { type: Boolean, reflect: true },
    disabledReason: { attribute: 'disabled-reason' },
    selected: {},
    open: { state: true },
    query: { state: true },
    activeIndex: { state: true },
  };

  static override styles = [hostStyles, partTokens, pickerStyles, tokenLogoStyles];

  /** Visible label above the trigger ("From", "To"); also part of the trigger's and the dialog's accessible names. */
  label = '';

  /** Locks the picker (for example a landing page that fixes the route); the trigger stays focusable and explains why. */
  disabled = false;

  /** Why the picker is locked: the trigger's tooltip and accessible description while `disabled`. */
  disabledReason?: string;

  /** Id of the selected option: a chain id, a token address (compared case-insensitively), a wallet's id. */
  selected?: string;

  protected open = false;
  protected query = '';
  /** Index among the filtered options; -1 when there is none. */
  protected activeIndex = -1;

  #revealPending = false;

  protected abstract readonly keys: PickerKeys;

  /** Number of options after filtering by `query`. */
  protected abstract get optionCount(): number;
  /** Fires the selection event for the option at `index`. */
  protected abstract emitSelect(index: number): void;
  /** Index of the selected option among the filtered ones, or -1. */
  protected abstract selectedIndex(): number;
  /** The selection's name and logo for the trigger; undefined shows the placeholder. */
  protected abstract triggerView(): { text: string; logo?: unknown; title?: string } | undefined;
  /** The listbox's content: the options, each from `renderOption`. */
  protected abstract renderRows(): unknown;

  protected isSelectable(_index: number): boolean {
    return true;
  }

  /** Optional line between the search field and the list. */
  protected renderNotice(): unknown {
    return nothing;
  }

  /** The element of the shadow root with this id (`trigger`, `search`, `close`, `listbox`), once rendered. */
  protected byId<T extends HTMLElement>(id: string): T | undefined {
    return (this.shadowRoot?.getElementById(id) as T | null) ?? undefined;
  }

  /** Opens the dialog and focuses its search field. Does nothing while `disabled`. */
  async show(): Promise<void> {
    if (this.disabled || this.open) return;
    this.query = '';
    this.open = true;
    this.onQueryChange();
    const selected = this.selectedIndex();
    this.activeIndex = selected >= 0 ? selected : this.optionCount > 0 ? 0 : -1;
    this.reveal(this.activeIndex);
    await this.updateComplete;
    this.byId('search')?.focus();
  }

  /** Closes the dialog and returns focus to the trigger. */
  async hide(restoreFocus = true): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await this.updateComplete;
    if (restoreFocus) this.byId('trigger')?.focus();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.open = false;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('disabled') && this.disabled && this.open) void this.hide();
    if (this.open) {
      const count = this.optionCount;
      if (this.activeIndex >= count) this.activeIndex = count - 1;
      if (this.activeIndex < 0 && count > 0) this.activeIndex = 0;
    }
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (this.#revealPending && this.open) {
      this.#revealPending = false;
      const list = this.byId('listbox');
      const option = list?.querySelector<HTMLElement>(`#option-${this.activeIndex}`);
      if (!list || !option) return;
      const top = option.offsetTop;
      const bottom = top + option.offsetHeight;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
    }
  }

  /**
   * Makes the option at `index` visible after the next render. The default
   * scrolls the rendered option element; a windowed list overrides this to
   * move its window before rendering.
   */
  protected reveal(index: number): void {
    if (index >= 0) this.#revealPending = true;
  }

  /** Rows a PageUp/PageDown moves by. */
  protected pageSize(): number {
    return 8;
  }

  /** Hook for subclasses when the search text changes (the active option is reset to the first). */
  protected onQueryChange(): void {}

  /** Scroll listener of the listbox (Lit calls it with the element as `this`). */
  protected onListScroll(): void {}

  #moveActive(index: number): void {
    const count = this.optionCount;
    if (count === 0) return;
    this.activeIndex = Math.max(0, Math.min(count - 1, index));
    this.reveal(this.activeIndex);
  }

  #choose(index: number): void {
    if (index < 0 || index >= this.optionCount || !this.isSelectable(index)) return;
    this.emitSelect(index);
    void this.hide();
  }

  #onTriggerClick(): void {
    void this.show();
  }

  #onDismiss(): void {
    void this.hide();
  }

  #onDialogKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      void this.hide();
    } else if (event.key === 'Tab') {
      // Focus trap over whatever the dialog holds that takes focus (the list's
      // options are reached with the arrow keys, not Tab).
      const items = [
        ...(this.renderRoot.querySelector('.dialog')?.querySelectorAll<HTMLElement>('button, input, [tabindex]:not([tabindex="-1"])') ?? []),
      ].filter((el) => !el.hasAttribute('disabled') && el.getClientRects().length > 0);
      if (items.length === 0) return;
      const current = items.indexOf(this.shadowRoot?.activeElement as HTMLElement);
      const last = items.length - 1;
      event.preventDefault();
      items[event.shiftKey ? (current <= 0 ? last : current - 1) : current === -1 || current === last ? 0 : current + 1]?.focus();
    }
  }

  #onSearchInput(event: Event): void {
    this.query = (event.target as HTMLInputElement).value;
    this.activeIndex = 0;
    this.onQueryChange();
  }

  #onSearchKeydown(event: KeyboardEvent): void {
    if (event.isComposing) return;
    const active = this.activeIndex;
    const moves: Partial<Record<string, number>> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: this.optionCount - 1,
      PageDown: active + this.pageSize(),
      PageUp: active - this.pageSize(),
    };
    // `typeof`, not `in`: the object's prototype has keys too.
    const move = moves[event.key];
    if (event.key === 'Enter') this.#choose(active);
    else if (typeof move === 'number') this.#moveActive(move);
    else return;
    event.preventDefault();
  }

  #onListClick(event: Event): void {
    const index = this.#indexFromEvent(event);
    if (index !== undefined) this.#choose(index);
  }

  /** Pointer movement (not mere hovering while the list scrolls under it) makes an option active. */
  #onListPointerMove(event: Event): void {
    const index = this.#indexFromEvent(event);
    if (index !== undefined) this.activeIndex = index;
  }

  #indexFromEvent(event: Event): number | undefined {
    const option = (event.target as Element | null)?.closest?.('[data-index]');
    const index = option ? Number(option.getAttribute('data-index')) : NaN;
    return Number.isInteger(index) ? index : undefined;
  }

  override render(): TemplateResult {
    const reason = this.disabled ? this.disabledReason : undefined;
    const view = this.triggerView();
    return html`${this.label ? html`<span id="label" class="label" part="label">${this.label}</span>` : nothing}
      <button
        id="trigger"
        class="trigger"
        part="trigger"
        type="button"
        aria-haspopup="dialog"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-labelledby=${this.label ? 'label trigger-value' : 'trigger-value'}
        aria-disabled=${this.disabled ? 'true' : 'false'}
        aria-describedby=${reason ? 'disabled-reason' : nothing}
        title=${reason ?? nothing}
        @click=${this.#onTriggerClick}
      >
        ${view?.logo ?? nothing}<span
          id="trigger-value"
          class=${view ? 'trigger-value' : 'trigger-value placeholder'}
          title=${view?.title ?? nothing}
          >${view ? view.text : this.t(this.keys.select)}</span
        >
        ${chevronIcon}
      </button>
      ${reason ? html`<span id="disabled-reason" class="visually-hidden">${reason}</span>` : nothing}
      ${this.open ? this.renderDialog() : nothing}`;
  }

  /** One option row; `index` is its position among the filtered options. */
  protected renderOption(index: number, option: OptionView): TemplateResult {
    const position = option.position;
    return html`<div
      id="option-${index}"
      class=${index === this.activeIndex ? 'option active' : 'option'}
      part="option"
      role="option"
      data-index=${index}
      aria-selected=${option.selected ? 'true' : 'false'}
      aria-disabled=${option.disabled ? 'true' : 'false'}
      aria-posinset=${position ? index + 1 : nothing}
      aria-setsize=${position?.setSize ?? nothing}
      style=${cssProperties(position ? { transform: `translateY(${position.top}px)` } : {})}
    >
      ${option.logo}
      <span class="option-text">
        <span class="option-title">${option.title}</span>
        <span class="option-meta" title=${option.metaTitle ?? nothing}>${option.meta}</span>
      </span>
      ${option.end ?? nothing} ${checkIcon}
    </div>`;
  }

  protected renderDialog(): TemplateResult {
    const { keys, activeIndex } = this;
    const count = this.optionCount;
    const query = this.query.trim();
    return html`<div class="overlay">
      <div class="backdrop" @click=${this.#onDismiss}></div>
      <div
        class="dialog"
        part="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby=${this.label ? 'dialog-eyebrow dialog-heading' : 'dialog-heading'}
        @keydown=${this.#onDialogKeydown}
      >
        <div class="header">
          <div>
            ${this.label ? html`<p id="dialog-eyebrow" class="eyebrow">${this.label}</p>` : nothing}
            <h2 id="dialog-heading" class="heading">${this.t(keys.select)}</h2>
          </div>
          <button id="close" class="close" part="close" type="button" aria-label=${this.t('picker.close')} @click=${this.#onDismiss}>${closeIcon}</button>
        </div>
        <div class="search-wrap">
          ${searchIcon}
          <input
            id="search"
            class="search"
            part="search"
            type="search"
            role="combobox"
            aria-expanded="true"
            aria-controls="listbox"
            aria-autocomplete="list"
            aria-activedescendant=${activeIndex >= 0 && activeIndex < count ? `option-${activeIndex}` : nothing}
            aria-label=${this.t(keys.search)}
            placeholder=${this.t(keys.placeholder)}
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="done"
            .value=${live(this.query)}
            @input=${this.#onSearchInput}
            @keydown=${this.#onSearchKeydown}
          />
        </div>
        ${this.renderNotice()}
        <div
          id="listbox"
          class="list"
          part="list"
          role="listbox"
          aria-label=${this.t(keys.list)}
          ?hidden=${count === 0}
          @scroll=${this.onListScroll}
          @click=${this.#onListClick}
          @pointermove=${this.#onListPointerMove}
        >
          ${this.renderRows()}
        </div>
        <div class="empty" role="status">${count ? '' : query ? this.t(keys.noMatch, { query }) : this.t(keys.none)}</div>
      </div>
    </div>`;
  }
}
