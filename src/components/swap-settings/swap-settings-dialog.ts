/**
 * The dialog of `<bw-swap-settings>` (the slippage presets and custom value),
 * a chunk of its own: the gear is in the first load, what it opens is loaded
 * while the page is idle, or on the first click if that comes sooner
 * (./swap-settings.ts).
 */
import { css, html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { StringKey } from '../../i18n/strings.js';
import { onBackdrop } from '../shared/backdrop.js';
import { iconButtonStyles, closeIcon } from '../shared/icon-button.js';
import { dialogSurface } from '../shared/dialog-surface.styles.js';
import { SlippageControl, slippageStyles, type SlippageHost } from '../quote-panel/slippage-control.js';

export class SwapSettingsDialog {
  static readonly styles = [
    slippageStyles,
    css`
      .dialog {
        width: min(380px, calc(100% - 32px));
        padding: var(--_space);
      }
      .dialog[open] {
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
        font-size: var(--_fs-m);
        font-weight: 650;
      }
    `,
    dialogSurface,
    iconButtonStyles,
  ];

  readonly #control: SlippageControl;

  constructor(
    host: ReactiveControllerHost,
    private readonly io: SlippageHost & { hide(): void },
  ) {
    this.#control = new SlippageControl(host, io);
    this.#control.sync(io.slippage());
  }

  /** A slippage set from outside replaces the custom text. */
  sync(slippage: number): void {
    this.#control.sync(slippage);
  }

  render(): TemplateResult {
    const t = (key: StringKey) => this.io.t(key);
    return html`<dialog class="dialog" part="dialog" aria-labelledby="settings-heading" @click=${(event: MouseEvent) => onBackdrop(event) && this.io.hide()}>
      <div class="head">
        <h2 id="settings-heading">${t('box.settings')}</h2>
        <button class="close icon-button" type="button" aria-label=${t('picker.close')} @click=${() => this.io.hide()}>${closeIcon}</button>
      </div>
      ${this.#control.render()}
    </dialog>`;
  }
}
