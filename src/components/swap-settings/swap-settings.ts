import { adoptStyles, css, html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { formatPercent } from '../../format/number.js';
import { lazy } from '../../model/lazy.js';
import { PartElement } from '../shared/part.js';
import { iconButtonStyles } from '../shared/icon-button.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { SlippageChangeEvent } from '../quote-panel/slippage-change.js';
import type { SwapSettingsDialog } from './swap-settings-dialog.js';

const gearIcon = html`<svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
  <circle cx="10" cy="10" r="2.75" />
  <path
    d="M10 1.75v2.1M10 16.15v2.1M1.75 10h2.1M16.15 10h2.1M4.17 4.17l1.49 1.49M14.34 14.34l1.49 1.49M4.17 15.83l1.49-1.49M14.34 5.66l1.49-1.49"
  />
  <circle cx="10" cy="10" r="5.5" />
</svg>`;

/**
 * @summary The swap box's settings: a gear button in the header opening a modal dialog with the slippage (presets and a custom value); the gear carries a mark while a setting differs from its default.
 *
 * The dialog is a chunk of its own (./swap-settings-dialog.ts), imported on
 * the first click; inside `<bridge-widget>` it is fetched before that, while
 * the page is idle once the form is interactive (the shell's `settings`
 * moment, src/bridge-widget/controllers/moment-controller.ts), so that
 * neither the click waits on the network nor start-up's requests on it.
 *
 * @fires {SlippageChangeEvent} bw-slippage-change - `CustomEvent<SlippageChangeDetail>` when a preset is picked or a valid custom value is typed. Bubbles, not composed.
 *
 * @csspart gear - The gear button.
 * @csspart dialog - The settings dialog.
 * @csspart slippage-option - A slippage preset button.
 * @csspart slippage-input - The custom slippage input.
 */
export class SwapSettings extends PartElement {
  static override properties: PropertyDeclarations = {
    slippage: { type: Number },
    defaultSlippage: { type: Number, attribute: 'default-slippage' },
    chunkFailed: { state: true },
  };

  static override styles = [
    hostStyles,
    partTokens,
    iconButtonStyles,
    css`
      :host {
        display: inline-flex;
      }
      .gear {
        position: relative;
      }
      .icon {
        width: 20px;
        height: 20px;
        fill: none;
        stroke: currentColor;
        stroke-width: 1.6;
        stroke-linecap: round;
      }
      .mark {
        position: absolute;
        inset-block-start: 6px;
        inset-inline-end: 6px;
        width: 8px;
        height: 8px;
        border-radius: 50%;
        background: var(--_accent);
        box-shadow: 0 0 0 2px var(--_bg);
      }
    `,
  ];

  /** Slippage tolerance in percent. */
  slippage = 1;
  /** The slippage the host set (or the widget's default): the gear shows a mark while `slippage` differs. */
  defaultSlippage = 1;

  /** The dialog's chunk could not be fetched (offline, a CDN error): the gear says so instead of doing nothing. */
  private chunkFailed = false;

  #dialog: SwapSettingsDialog | undefined;

  get #dialogElement(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** Opens the settings dialog (loading it first, the first time; at once when the shell fetched it while idle). */
  async show(): Promise<void> {
    // A chunk that could not be fetched is asked for again on the next click; meanwhile the gear says why nothing opened.
    const dialog = this.#dialog ?? (await this.#dialogLoad.load().catch(() => undefined));
    this.chunkFailed = !dialog;
    if (!dialog || !this.isConnected) return;
    await this.updateComplete;
    const element = this.#dialogElement;
    if (element && !element.open) element.showModal();
  }

  /** Closes it; focus returns to the gear (the platform's dialog does that). */
  hide(): void {
    this.#dialogElement?.close();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('slippage')) this.#dialog?.sync(this.slippage);
  }

  #setSlippage(value: number): void {
    if (value === this.slippage) return;
    this.slippage = value;
    this.dispatchEvent(new SlippageChangeEvent({ slippage: value }));
  }

  /** The dialog's chunk (./swap-settings-dialog.ts); a subclass may load it otherwise. */
  protected loadDialog(): Promise<typeof import('./swap-settings-dialog.js')> {
    return import('./swap-settings-dialog.js');
  }

  /** Once per element: the dialog, its styles added to this shadow root; a failed fetch is tried again on the next need (../../model/lazy.ts). */
  readonly #dialogLoad = lazy(() =>
    this.loadDialog().then(({ SwapSettingsDialog }) => {
      const root = this.renderRoot;
      if (root instanceof ShadowRoot) adoptStyles(root, [...(this.constructor as typeof SwapSettings).elementStyles, ...SwapSettingsDialog.styles]);
      this.#dialog = new SwapSettingsDialog(this, {
        slippage: () => this.slippage,
        set: (value) => this.#setSlippage(value),
        t: (key, vars) => this.t(key, vars),
        percent: (value) => formatPercent(value, this.intl),
        intl: () => this.intl,
        hide: () => this.hide(),
      });
      this.requestUpdate();
      return this.#dialog;
    }),
  );

  override render() {
    const changed = this.slippage !== this.defaultSlippage;
    const label = this.t(changed ? 'box.settingsChanged' : 'box.settings');
    return html`<button class="gear icon-button" part="gear" type="button" aria-haspopup="dialog" aria-label=${label} title=${label} @click=${() => void this.show()}>
        ${gearIcon}${changed ? html`<span class="mark" aria-hidden="true"></span>` : nothing}
      </button>
      ${this.chunkFailed ? html`<span class="visually-hidden" role="alert">${this.t('error.chunk-load')}</span>` : nothing}
      ${this.#dialog?.render() ?? nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-swap-settings': SwapSettings;
  }
}
