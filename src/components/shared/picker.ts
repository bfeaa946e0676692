/**
 * The part of a picker that draws with the form: its label and the trigger
 * (the selection's name and logo, the lock and its reason, the chevron). The
 * dialog (search, list, rows, keyboard, focus trap, empty states, windowing
 * and its styles) is a chunk of its own, ./picker-dialog.ts and each picker's
 * `*-dialog.ts`: a form draws its triggers long before anyone opens one, so
 * the dialog is imported on the first open, and earlier while the page is idle
 * (the shell's `pickers` moment, src/bridge-widget/controllers/moment-controller.ts), so
 * that the first open does not wait on the network.
 */
import { adoptStyles, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { lazy } from '../../model/lazy.js';
import { PartElement } from './part.js';
import type { StringKey } from '../../i18n/strings.js';
import type { OpenedDialog, PickerContext, TriggerView } from './picker-contract.js';
import { triggerStyles } from './picker.styles.js';
import { hostStyles, partTokens } from './styles.js';
import { tokenLogoStyles } from './token-logo.js';

export type { DialogKeys, OpenedDialog, PickerContext, TriggerView } from './picker-contract.js';

// A stroke icon: colour, width and line caps come from the style sheet (`.icon`).
const chevronIcon = html`<svg class="icon chevron" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 6l4 4 4-4" /></svg>`;

/**
 * Behaviour shared by `<bw-chain-picker>`, `<bw-token-picker>` and
 * `<bw-wallet-chooser>`: a trigger button opening a modal dialog inside the
 * shadow root, and focus restored to the trigger on close. Subclasses say how
 * to load their dialog (`loadDialog`) and what the trigger shows.
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
    chunkFailed: { state: true },
  };

  static override styles = [hostStyles, partTokens, triggerStyles, tokenLogoStyles];

  /** Visible label above the trigger ("From", "To"); also part of the trigger's and the dialog's accessible names. */
  label = '';

  /** Locks the picker (for example a landing page that fixes the route); the trigger stays focusable and explains why. */
  disabled = false;

  /** Why the picker is locked: the trigger's tooltip and accessible description while `disabled`. */
  disabledReason?: string;

  /** Id of the selected option: a chain id, a token address (compared case-insensitively), a wallet's id. */
  selected?: string;

  protected open = false;

  /** The dialog's chunk could not be fetched (offline, a CDN error): the trigger says so instead of doing nothing. */
  private chunkFailed = false;

  #dialog: OpenedDialog | undefined;

  /** The trigger's placeholder and the dialog's heading ("Select chain"); the dialog names its other strings itself. */
  protected abstract readonly selectKey: StringKey;

  /** The selection's name and logo for the trigger; undefined shows the placeholder. */
  protected abstract triggerView(): TriggerView | undefined;

  /** Imports this picker's dialog (a chunk of its own) and makes one for this element. */
  protected abstract loadDialog(context: PickerContext): Promise<OpenedDialog>;

  /** The element of the shadow root with this id (`trigger`, `search`, `close`, `listbox`), once rendered. */
  protected byId<T extends HTMLElement>(id: string): T | undefined {
    return (this.shadowRoot?.getElementById(id) as T | null) ?? undefined;
  }

  /** Opens the dialog (loading it first, the first time) and focuses its search field. Does nothing while `disabled`. */
  async show(): Promise<void> {
    if (this.disabled || this.open) return;
    // Once loaded, the dialog opens in the same task as the click. A chunk that could not be fetched is asked for again on the next click; meanwhile the trigger says why nothing opened.
    const dialog = this.#dialog ?? (await this.#dialogLoad.load().catch(() => undefined));
    this.chunkFailed = !dialog;
    // Locked, opened or taken off the page while the chunk was on its way.
    if (!dialog || this.disabled || this.open || !this.isConnected) return;
    dialog.opening();
    this.open = true;
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
    this.#dialog?.disconnected();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('disabled') && this.disabled && this.open) void this.hide();
    if (this.open) this.#dialog?.willUpdate(changed);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.#dialog?.updated(this.open);
  }

  /** Once per element: the dialog's chunk, its styles added to this shadow root; a failed fetch is tried again on the next need (../../model/lazy.ts). */
  readonly #dialogLoad = lazy(() =>
    this.loadDialog({ t: (key, vars) => this.t(key, vars), intl: () => this.intl, selectKey: () => this.selectKey }).then((dialog) => {
      const root = this.renderRoot;
      if (root instanceof ShadowRoot) adoptStyles(root, [...(this.constructor as typeof PickerElement).elementStyles, ...dialog.styles]);
      return (this.#dialog = dialog);
    }),
  );

  #onTriggerClick(): void {
    void this.show();
  }

  override render(): TemplateResult {
    const reason = this.disabled ? this.disabledReason : undefined;
    const described = [reason ? 'disabled-reason' : '', this.chunkFailed ? 'chunk-error' : ''].filter(Boolean).join(' ');
    const view = this.triggerView();
    return html`${this.label ? html`<span id="label" class="label" part="label">${this.label}</span>` : nothing}
      <button
        id="trigger"
        class="trigger"
        part="trigger"
        type="button"
        aria-haspopup="dialog"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-labelledby=${[this.label ? 'label' : '', 'trigger-value', view?.detail === undefined ? '' : 'trigger-detail'].filter(Boolean).join(' ')}
        aria-disabled=${this.disabled ? 'true' : 'false'}
        aria-describedby=${described || nothing}
        title=${reason ?? nothing}
        @click=${this.#onTriggerClick}
      >
        ${view?.logo ?? nothing}${
          view?.detail === undefined
            ? this.#renderValue(view)
            : html`<span class="trigger-text">${this.#renderValue(view)} <span id="trigger-detail" class="trigger-detail" part="chain-name" dir="auto">${view.detail}</span></span>`
        }
        ${chevronIcon}
      </button>
      ${reason ? html`<span id="disabled-reason" class="visually-hidden">${reason}</span>` : nothing} ${this.renderChunkError()}
      ${this.renderDialog()}`;
  }

  #renderValue(view: { text: string; title?: string } | undefined): TemplateResult {
    return html`<span id="trigger-value" class=${view ? 'trigger-value' : 'trigger-value placeholder'} title=${view?.title ?? nothing}
      >${view ? view.text : this.t(this.selectKey)}</span
    >`;
  }

  /** Why opening did nothing: the dialog's chunk could not be loaded. */
  protected renderChunkError(): unknown {
    return this.chunkFailed ? html`<span id="chunk-error" class="chunk-error" role="alert">${this.t('error.chunk-load')}</span>` : nothing;
  }

  /** The dialog while open. */
  protected renderDialog(): unknown {
    return this.open && this.#dialog ? this.#dialog.render() : nothing;
  }
}
