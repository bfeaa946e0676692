import { html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { PartElement } from './part.js';

export const chevronIcon = html`<svg class="chevron" viewBox="0 0 16 16" aria-hidden="true" fill="none">
  ${svg`<path d="M4 6l4 4 4-4" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" />`}
</svg>`;

export const checkIcon = html`<svg class="check" viewBox="0 0 16 16" aria-hidden="true" fill="none">
  ${svg`<path d="M3.5 8.5l3 3 6-7" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />`}
</svg>`;

const closeIcon = html`<svg viewBox="0 0 16 16" aria-hidden="true" fill="none">
  ${svg`<path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" />`}
</svg>`;

const searchIcon = html`<svg class="search-icon" viewBox="0 0 16 16" aria-hidden="true" fill="none">
  ${svg`<circle cx="7" cy="7" r="4.75" stroke="currentColor" stroke-width="1.5" /><path d="M10.5 10.5L14 14" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" />`}
</svg>`;

/**
 * Behaviour shared by `<bw-chain-picker>` and `<bw-token-picker>`: a trigger
 * button opening a modal dialog inside the shadow root, with a search field
 * (a combobox whose `aria-activedescendant` points at the active option),
 * keyboard navigation of the listbox, a focus trap, and focus restored to
 * the trigger on close. Subclasses supply the options and how to render them.
 *
 * The element is controlled: choosing an option fires the subclass's event
 * and closes the dialog; the host then sets `selected`.
 *
 * Option elements must carry `data-index` (their position among the filtered
 * options) and `id=${this.optionId(index)}` inside an element with
 * `id="listbox"`, and wire `@click=${this.onListClick}` and
 * `@pointermove=${this.onListPointerMove}` on it.
 */
export abstract class PickerElement extends PartElement {
  /** Visible label above the trigger ("From", "To"); also part of the trigger's and the dialog's accessible names. */
  @property() label = '';

  /** Locks the picker (for example a landing page that fixes the route); the trigger stays focusable and explains why. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Why the picker is locked: the trigger's tooltip and accessible description while `disabled`. */
  @property({ attribute: 'disabled-reason' }) disabledReason?: string;

  @state() protected open = false;
  @state() protected query = '';
  /** Index among the filtered options; -1 when there is none. */
  @state() protected activeIndex = -1;

  @query('#trigger') protected triggerEl?: HTMLButtonElement;
  @query('#search') protected searchEl?: HTMLInputElement;
  @query('#listbox') protected listEl?: HTMLElement;

  private revealPending = false;

  /** Dialog heading and trigger placeholder: "Select chain". */
  protected abstract get selectText(): string;
  /** Accessible name of the search field. */
  protected abstract get searchLabel(): string;
  protected abstract get searchPlaceholder(): string;
  /** What the dialog says when no option matches `query` (empty when there is no query). */
  protected abstract emptyText(query: string): string;

  /** Number of options after filtering by `query`. */
  protected abstract get optionCount(): number;
  protected abstract isSelectable(index: number): boolean;
  /** Fires the selection event for the option at `index`. */
  protected abstract emitSelect(index: number): void;
  /** Index of the selected option among the filtered ones, or -1. */
  protected abstract selectedIndex(): number;
  /** Content of the trigger; must contain an element with `id="trigger-value"`. */
  protected abstract renderTriggerValue(): TemplateResult;
  protected abstract renderList(): TemplateResult;
  /** Optional line between the search field and the list. */
  protected renderNotice(): TemplateResult | typeof nothing {
    return nothing;
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
    this.searchEl?.focus();
  }

  /** Closes the dialog and returns focus to the trigger. */
  async hide(restoreFocus = true): Promise<void> {
    if (!this.open) return;
    this.open = false;
    await this.updateComplete;
    if (restoreFocus) this.triggerEl?.focus();
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
    if (this.revealPending && this.open) {
      this.revealPending = false;
      this.scrollOptionIntoView(this.activeIndex);
    }
  }

  /** DOM id of the option at `index`; unique within the shadow root. */
  protected optionId(index: number): string {
    return `option-${index}`;
  }

  /**
   * Makes the option at `index` visible after the next render. The default
   * scrolls the rendered option element; a windowed list overrides this to
   * move its window before rendering.
   */
  protected reveal(index: number): void {
    if (index >= 0) this.revealPending = true;
  }

  protected scrollOptionIntoView(index: number): void {
    const list = this.listEl;
    const option = list?.querySelector<HTMLElement>(`#${this.optionId(index)}`);
    if (!list || !option) return;
    const top = option.offsetTop;
    const bottom = top + option.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }

  /** Rows a PageUp/PageDown moves by. */
  protected pageSize(): number {
    return 8;
  }

  private moveActive(index: number): void {
    const count = this.optionCount;
    if (count === 0) return;
    this.activeIndex = Math.max(0, Math.min(count - 1, index));
    this.reveal(this.activeIndex);
  }

  private choose(index: number): void {
    if (index < 0 || index >= this.optionCount || !this.isSelectable(index)) return;
    this.emitSelect(index);
    void this.hide();
  }

  private focusables(): HTMLElement[] {
    const dialog = this.renderRoot.querySelector('.dialog');
    if (!dialog) return [];
    return Array.from(dialog.querySelectorAll<HTMLElement>('button, input, [tabindex]:not([tabindex="-1"])')).filter(
      (el) => !el.hasAttribute('disabled') && el.getClientRects().length > 0,
    );
  }

  private readonly onTriggerClick = (): void => {
    if (this.disabled) return;
    void this.show();
  };

  private readonly onBackdropClick = (): void => {
    void this.hide();
  };

  private readonly onCloseClick = (): void => {
    void this.hide();
  };

  private readonly onDialogKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      void this.hide();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = this.focusables();
    if (items.length === 0) return;
    const current = items.indexOf(this.shadowRoot?.activeElement as HTMLElement);
    const last = items.length - 1;
    const next = event.shiftKey ? (current <= 0 ? last : current - 1) : current === -1 || current === last ? 0 : current + 1;
    event.preventDefault();
    items[next]?.focus();
  };

  private readonly onSearchInput = (event: Event): void => {
    this.query = (event.target as HTMLInputElement).value;
    this.activeIndex = 0;
    this.onQueryChange();
  };

  /** Hook for subclasses when the search text changes (the active option is reset to the first). */
  protected onQueryChange(): void {}

  private readonly onSearchKeydown = (event: KeyboardEvent): void => {
    if (event.isComposing) return;
    const count = this.optionCount;
    switch (event.key) {
      case 'ArrowDown':
        this.moveActive(this.activeIndex + 1);
        break;
      case 'ArrowUp':
        this.moveActive(this.activeIndex - 1);
        break;
      case 'Home':
        this.moveActive(0);
        break;
      case 'End':
        this.moveActive(count - 1);
        break;
      case 'PageDown':
        this.moveActive(this.activeIndex + this.pageSize());
        break;
      case 'PageUp':
        this.moveActive(this.activeIndex - this.pageSize());
        break;
      case 'Enter':
        this.choose(this.activeIndex);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  protected readonly onListClick = (event: Event): void => {
    const index = this.indexFromEvent(event);
    if (index !== undefined) this.choose(index);
  };

  /** Pointer movement (not mere hovering while the list scrolls under it) makes an option active. */
  protected readonly onListPointerMove = (event: Event): void => {
    const index = this.indexFromEvent(event);
    if (index !== undefined && index !== this.activeIndex) this.activeIndex = index;
  };

  private indexFromEvent(event: Event): number | undefined {
    const option = (event.target as Element | null)?.closest?.('[data-index]');
    const index = option ? Number(option.getAttribute('data-index')) : NaN;
    return Number.isInteger(index) ? index : undefined;
  }

  override render(): TemplateResult {
    const reason = this.disabled ? this.disabledReason : undefined;
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
        aria-describedby=${ifDefined(reason ? 'disabled-reason' : undefined)}
        title=${ifDefined(reason)}
        @click=${this.onTriggerClick}
      >
        ${this.renderTriggerValue()} ${chevronIcon}
      </button>
      ${reason ? html`<span id="disabled-reason" class="visually-hidden">${reason}</span>` : nothing}
      ${this.open ? this.renderDialog() : nothing}`;
  }

  private renderDialog(): TemplateResult {
    const count = this.optionCount;
    const active = this.activeIndex >= 0 && this.activeIndex < count ? this.optionId(this.activeIndex) : undefined;
    const trimmed = this.query.trim();
    const empty = count > 0 ? '' : this.emptyText(trimmed);
    return html`<div class="overlay">
      <div class="backdrop" @click=${this.onBackdropClick}></div>
      <div
        class="dialog"
        part="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby=${this.label ? 'dialog-eyebrow dialog-heading' : 'dialog-heading'}
        @keydown=${this.onDialogKeydown}
      >
        <div class="header">
          <div>
            ${this.label ? html`<p id="dialog-eyebrow" class="eyebrow">${this.label}</p>` : nothing}
            <h2 id="dialog-heading" class="heading">${this.selectText}</h2>
          </div>
          <button class="close" part="close" type="button" aria-label=${this.t('picker.close')} @click=${this.onCloseClick}>${closeIcon}</button>
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
            aria-activedescendant=${ifDefined(active)}
            aria-label=${this.searchLabel}
            placeholder=${this.searchPlaceholder}
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="done"
            .value=${this.query}
            @input=${this.onSearchInput}
            @keydown=${this.onSearchKeydown}
          />
        </div>
        ${this.renderNotice()} ${this.renderList()}
        <div class="empty" role="status">${empty}</div>
      </div>
    </div>`;
  }
}
