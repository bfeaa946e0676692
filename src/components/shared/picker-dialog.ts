/**
 * A picker's dialog, a chunk of its own (see ./picker.ts): loaded on the
 * picker's first open, or earlier while the page is idle, and rendered by the
 * picker inside its own shadow root, so that ids, `aria-activedescendant` and
 * the CSS parts stay the picker's.
 */
import { html, nothing, type CSSResult, type PropertyValues, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { onBackdrop } from './backdrop.js';
import { cssProperties } from './css-properties.js';
import { closeIcon } from './icon-button.js';
import type { PickerElement } from './picker.js';
import type { DialogKeys, OpenedDialog, PickerContext } from './picker-contract.js';
import { dialogStyles } from './picker-dialog.styles.js';
import { enPicker } from '../../i18n/en/picker.js';
import { addEnglish } from '../../i18n/strings.js';

// The open dialog's English travels with this chunk; it is here before any dialog renders.
addEnglish(enPicker);

// Stroke icons: colour, width and line caps come from the trigger's style sheet (`.icon`).
const checkIcon = html`<svg class="icon check" viewBox="0 0 16 16" aria-hidden="true"><path d="M3.5 8.5l3 3 6-7" /></svg>`;
const searchIcon = html`<svg class="icon search-icon" viewBox="0 0 16 16" aria-hidden="true"><circle cx="7" cy="7" r="4.75" /><path d="M10.5 10.5L14 14" /></svg>`;

/** What one option row shows; the dialog adds the id, the active state and the check mark. */
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
 * The modal dialog of a picker: a search field (a combobox whose
 * `aria-activedescendant` points at the active option) and keyboard navigation
 * of the listbox, in the platform's modal `<dialog>` (`showModal()`: top layer,
 * the page inert behind it, Escape, no hand-written focus trap). Subclasses supply the options and render
 * each one through `renderOption`. The picker calls `opening` before it opens
 * the dialog, and the update hooks while it is on the page.
 */
export abstract class PickerDialog<P extends PickerElement = PickerElement> implements OpenedDialog {
  /** Added to the picker's shadow root when the dialog loads. */
  static styles: readonly CSSResult[] = [dialogStyles];

  protected query = '';
  /** Index among the filtered options; -1 when there is none. */
  protected activeIndex = -1;

  #revealPending = false;

  /** This dialog class's `styles` (a subclass adds its own). */
  get styles(): readonly CSSResult[] {
    return (this.constructor as typeof PickerDialog).styles;
  }

  constructor(
    protected readonly picker: P,
    protected readonly context: PickerContext,
  ) {}

  /** The search field's, the list's and the empty states' strings now (the token dialog's change while its picker loads). */
  protected abstract keys(): DialogKeys;
  /** Number of options after filtering by `query`. */
  protected abstract get optionCount(): number;
  /** Fires the picker's selection event for the option at `index`. */
  protected abstract emitSelect(index: number): void;
  /** Index of the selected option among the filtered ones, or -1. */
  protected abstract selectedIndex(): number;
  /** The listbox's content: the options, each from `renderOption`. */
  protected abstract renderRows(): unknown;

  protected isSelectable(_index: number): boolean {
    return true;
  }

  /** Optional line between the search field and the list. */
  /** Below the list: what the picker offers besides its options (the wallet chooser's other ways to pay); nothing by default. */
  protected renderFooter(): unknown {
    return nothing;
  }

  protected renderNotice(): unknown {
    return nothing;
  }

  /** The element of the picker's shadow root with this id (`search`, `close`, `listbox`), once rendered. */
  protected byId<T extends HTMLElement>(id: string): T | undefined {
    return ((this.picker.renderRoot as ShadowRoot).getElementById?.(id) as T | null) ?? undefined;
  }

  /** The state of a fresh opening: an empty search, the selection active and in view. */
  opening(): void {
    this.query = '';
    this.onQueryChange();
    const selected = this.selectedIndex();
    this.activeIndex = selected >= 0 ? selected : this.optionCount > 0 ? 0 : -1;
    this.reveal(this.activeIndex);
  }

  /** Before the picker renders while open: the active option stays within the (maybe shorter) list. */
  willUpdate(_changed: PropertyValues): void {
    const count = this.optionCount;
    if (this.activeIndex >= count) this.activeIndex = count - 1;
    if (this.activeIndex < 0 && count > 0) this.activeIndex = 0;
  }

  /** After the picker rendered, open or not: the <dialog> goes to the top layer (the page behind it inert) once it is on the page. */
  updated(open: boolean): void {
    const dialog = open ? this.byId<HTMLDialogElement>('dialog') : undefined;
    if (dialog && !dialog.open && dialog.isConnected) dialog.showModal();
    if (this.#revealPending && open) {
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

  /** The picker left the page: stop what runs. */
  disconnected(): void {}

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

  /** Scroll listener of the listbox. */
  protected onListScroll(): void {}

  /** The picker renders again with this dialog's new state. */
  protected changed(): void {
    this.picker.requestUpdate();
  }

  #moveActive(index: number): void {
    const count = this.optionCount;
    if (count === 0) return;
    this.activeIndex = Math.max(0, Math.min(count - 1, index));
    this.reveal(this.activeIndex);
    this.changed();
  }

  #choose(index: number): void {
    if (index < 0 || index >= this.optionCount || !this.isSelectable(index)) return;
    this.emitSelect(index);
    void this.picker.hide();
  }

  #onDismiss = (): void => {
    void this.picker.hide();
  };

  /** Escape (the platform's `cancel`): the picker closes itself, so its state and the focus stay its own. */
  #onCancel = (event: Event): void => {
    event.preventDefault();
    void this.picker.hide();
  };

  /** Escape in the search field would first clear it (a search input's own Escape): it closes the dialog at once, as the platform's `cancel` does elsewhere. */
  #onDialogKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    void this.picker.hide();
  };

  /** A click on the backdrop lands on the <dialog> itself (its content covers the rest). */
  #onDialogClick = (event: MouseEvent): void => {
    if (onBackdrop(event)) void this.picker.hide();
  };

  #onSearchInput = (event: Event): void => {
    this.query = (event.target as HTMLInputElement).value;
    this.activeIndex = 0;
    this.onQueryChange();
    this.changed();
  };

  #onSearchKeydown = (event: KeyboardEvent): void => {
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
  };

  #onListClick = (event: Event): void => {
    const index = this.#indexFromEvent(event);
    if (index !== undefined) this.#choose(index);
  };

  /** Pointer movement (not mere hovering while the list scrolls under it) makes an option active. */
  #onListPointerMove = (event: Event): void => {
    const index = this.#indexFromEvent(event);
    if (index !== undefined && index !== this.activeIndex) {
      this.activeIndex = index;
      this.changed();
    }
  };

  #onListScroll = (): void => this.onListScroll();

  #indexFromEvent(event: Event): number | undefined {
    const option = (event.target as Element | null)?.closest?.('[data-index]');
    const index = option ? Number(option.getAttribute('data-index')) : NaN;
    return Number.isInteger(index) ? index : undefined;
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

  render(): TemplateResult {
    const { activeIndex } = this;
    const { t } = this.context;
    const keys = this.keys();
    const label = this.picker.label;
    const count = this.optionCount;
    const query = this.query.trim();
    return html`<dialog
        id="dialog"
        class="dialog"
        part="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby=${label ? 'dialog-eyebrow dialog-heading' : 'dialog-heading'}
        @cancel=${this.#onCancel}
        @keydown=${this.#onDialogKeydown}
        @click=${this.#onDialogClick}
      >
        <div class="header">
          <div>
            ${label ? html`<p id="dialog-eyebrow" class="eyebrow">${label}</p>` : nothing}
            <h2 id="dialog-heading" class="heading">${t(this.context.selectKey())}</h2>
          </div>
          <button id="close" class="close icon-button" part="close" type="button" aria-label=${t('picker.close')} @click=${this.#onDismiss}>${closeIcon}</button>
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
            aria-label=${t(keys.search)}
            placeholder=${t(keys.placeholder)}
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
          aria-label=${t(keys.list)}
          ?hidden=${count === 0}
          @scroll=${this.#onListScroll}
          @click=${this.#onListClick}
          @pointermove=${this.#onListPointerMove}
        >
          ${this.renderRows()}
        </div>
        <div class="empty" role="status">${count ? '' : query ? t(keys.noMatch, { query }) : t(keys.none)}</div>
        ${this.renderFooter()}
      </dialog>`;
  }
}
