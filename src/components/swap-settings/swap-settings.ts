import { css, html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { formatPercent } from '../../format/number.js';
import { PartElement } from '../shared/part.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles as quoteStyles } from '../quote-panel/quote-panel.styles.js';
import { SlippageControl } from '../quote-panel/slippage-control.js';
import type { SlippageChangeDetail } from '../quote-panel/quote-panel.js';

const gearIcon = html`<svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
  <circle cx="10" cy="10" r="2.75" />
  <path
    d="M10 1.75v2.1M10 16.15v2.1M1.75 10h2.1M16.15 10h2.1M4.17 4.17l1.49 1.49M14.34 14.34l1.49 1.49M4.17 15.83l1.49-1.49M14.34 5.66l1.49-1.49"
  />
  <circle cx="10" cy="10" r="5.5" />
</svg>`;
const closeIcon = html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" /></svg>`;

/**
 * @summary The swap box's settings: a gear button in the header opening a modal dialog with the slippage (presets and a custom value); the gear carries a mark while a setting differs from its default.
 *
 * @fires slippage-change - `CustomEvent<SlippageChangeDetail>` when a preset is picked or a valid custom value is typed. Bubbles, not composed.
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
  };

  static override styles = [
    hostStyles,
    partTokens,
    quoteStyles,
    css`
      :host {
        display: inline-flex;
      }
      .gear,
      .close {
        position: relative;
        display: grid;
        place-items: center;
        width: 36px;
        height: 36px;
        margin: 0;
        padding: 0;
        border: 0;
        border-radius: 50%;
        background: transparent;
        color: var(--_muted);
      }
      .gear:hover,
      .close:hover {
        background: var(--_surface);
        color: var(--_text);
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
      dialog {
        box-sizing: border-box;
        width: min(380px, calc(100% - 32px));
        padding: var(--_space);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_bg);
        color: var(--_text);
        font-family: var(--bridge-font, system-ui, sans-serif);
        font-size: var(--bridge-font-size, 15px);
        line-height: 1.4;
      }
      dialog::backdrop {
        background: var(--bridge-color-backdrop, rgb(10 12 16 / 0.5));
      }
      dialog[open] {
        display: grid;
        gap: 12px;
      }
      /* The label on its own line, the four choices on one row below it. */
      .slippage-label {
        flex-basis: 100%;
      }
      .head {
        display: flex;
        align-items: center;
        justify-content: space-between;
      }
      h2 {
        margin: 0;
        font-size: 1.0625em;
        font-weight: 650;
      }
      @media (max-width: 480px) {
        dialog {
          width: 100%;
          max-width: none;
          margin-block-end: 0;
          border-end-start-radius: 0;
          border-end-end-radius: 0;
        }
      }
    `,
  ];

  /** Slippage tolerance in percent. */
  slippage = 1;
  /** The slippage the host set (or the widget's default): the gear shows a mark while `slippage` differs. */
  defaultSlippage = 1;

  readonly #control = new SlippageControl(this, {
    slippage: () => this.slippage,
    set: (value) => {
      if (value === this.slippage) return;
      this.slippage = value;
      this.dispatchEvent(new CustomEvent<SlippageChangeDetail>('slippage-change', { detail: { slippage: value }, bubbles: true, composed: false }));
    },
    t: (key, vars) => this.t(key, vars),
    percent: (value) => formatPercent(value, this.intl),
    intl: () => this.intl,
  });

  get #dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** Opens the settings dialog. */
  show(): void {
    this.#dialog?.showModal();
  }

  /** Closes it; focus returns to the gear (the platform's dialog does that). */
  hide(): void {
    this.#dialog?.close();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('slippage')) this.#control.sync(this.slippage);
  }

  #onDialogClick(event: MouseEvent): void {
    if (event.target === event.currentTarget) this.hide();
  }

  override render() {
    const changed = this.slippage !== this.defaultSlippage;
    const label = this.t(changed ? 'box.settingsChanged' : 'box.settings');
    return html`<button class="gear" part="gear" type="button" aria-haspopup="dialog" aria-label=${label} title=${label} @click=${this.show}>
        ${gearIcon}${changed ? html`<span class="mark" aria-hidden="true"></span>` : nothing}
      </button>
      <dialog part="dialog" aria-labelledby="settings-heading" @click=${this.#onDialogClick}>
        <div class="head">
          <h2 id="settings-heading">${this.t('box.settings')}</h2>
          <button class="close" type="button" aria-label=${this.t('picker.close')} @click=${this.hide}>${closeIcon}</button>
        </div>
        ${this.#control.render()}
      </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-swap-settings': SwapSettings;
  }
}
