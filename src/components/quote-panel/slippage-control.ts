/**
 * The slippage setting (presets and a custom field, its problem or warning
 * line), shared by the quote panel and the settings behind the widget's gear:
 * one place for how a typed slippage is read and what is said about it. A
 * controller: its host renders `render()` and calls `sync` when its
 * `slippage` changes from outside.
 */
import { css, html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { normaliseDigits } from '../../format/amount.js';
import { percentAffix } from '../../format/number.js';
import { enSettings } from '../../i18n/en/settings.js';
import { addEnglish, type StringKey, type Vars } from '../../i18n/strings.js';
import { SLIPPAGE_MAX } from '../../model/quote.js';

/**
 * The row's styles, with it in its chunk: the full quote panel adopts them when
 * the row arrives, the settings dialog has them in its own styles.
 */
export const slippageStyles = css`
  .slippage {
    display: grid;
    gap: 6px;
    border-block-start: 1px solid var(--_border);
    padding-block-start: 10px;
  }
  /* Children of a flex row are blockified: they need no inline-flex. */
  .slippage-controls,
  .custom {
    display: flex;
    align-items: center;
    gap: 4px;
  }
  .slippage-controls {
    flex-wrap: wrap;
  }
  /* The label on a line of its own: the four choices then fit one row down to a 320 px widget. */
  .slippage-label {
    flex-basis: 100%;
  }
  .slippage-label,
  .custom input::placeholder {
    color: var(--_muted);
  }
  .slippage-message {
    margin: 0;
    min-height: 1.4em;
    font-size: var(--_fs-s);
  }
  .pill {
    padding-inline: 7px;
  }
  .preset {
    min-width: 40px;
  }
  .preset[aria-pressed='true'] {
    border-color: var(--_accent);
    background: var(--_accent);
    color: var(--_accent-text);
    font-weight: 600;
  }
  .custom {
    padding-block: 0;
    text-align: end;
  }
  .custom:focus-within {
    border-color: var(--_focus);
    outline: 1px solid var(--_focus);
  }
  .custom input {
    width: 4em;
    border: 0;
    padding: 4px 0;
    background: transparent;
    /* The number runs left to right (dir="ltr") but sits against the percent sign: the end of the row. */
    text-align: match-parent;
    outline: none;
  }
  .custom input::placeholder {
    opacity: 1;
  }
  /* A locale that writes the sign first (Turkish: %0,5): the number follows it. */
  .custom.sign-first {
    text-align: start;
  }
  .custom.invalid {
    border-color: var(--_danger);
  }
  .error {
    color: var(--_danger);
  }
  .warning {
    color: var(--_warning);
  }
`;

/** Slippage presets, in percent. */
export const SLIPPAGE_PRESETS = [0.5, 1, 3] as const;
/** Above this, some providers reject the route (spec: Limits). */
export const SLIPPAGE_WARN_ABOVE = 3;

type SlippageProblem = 'invalid' | 'tooHigh' | 'tooLow';

/** The custom slippage typed, in percent; undefined when the field is empty, or what is wrong with it. */
export function parseSlippage(text: string): number | SlippageProblem | undefined {
  const trimmed = normaliseDigits(text).trim().replace(',', '.');
  if (!trimmed) return undefined;
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value >= SLIPPAGE_MAX ? 'tooHigh' : value > 0 ? value : 'tooLow';
}

/** What the control reads of its host. */
export interface SlippageHost {
  slippage(): number;
  /** A preset was picked or a valid custom value typed: the host keeps it and fires `bw-slippage-change`. */
  set(value: number): void;
  t(key: StringKey, vars?: Vars): string;
  percent(value: number): string;
  intl(): string | undefined;
}

export class SlippageControl {
  #customText = '';
  /** What is wrong with the typed custom slippage, if anything. */
  #problem: SlippageProblem | undefined;
  /** Whether the problem is said yet: "0" may be the start of "0.5", so "too low" waits for the field's change. */
  #problemShown = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly io: SlippageHost,
  ) {
    // The control's English is in its chunk, not in the first load (src/i18n/en.ts).
    addEnglish(enSettings);
  }

  /** A slippage set from outside (not the one just typed) replaces the custom text. */
  sync(slippage: number): void {
    if (parseSlippage(this.#customText) === slippage) return;
    this.#customText = (SLIPPAGE_PRESETS as readonly number[]).includes(slippage) ? '' : String(slippage);
    this.#problem = undefined;
  }

  #onPreset(value: number): void {
    this.#customText = '';
    this.#problem = undefined;
    this.io.set(value);
    this.host.requestUpdate();
  }

  #onCustomInput = (event: Event): void => {
    this.#customText = (event.target as HTMLInputElement).value;
    const typed = parseSlippage(this.#customText);
    if (typeof typed === 'number') this.io.set(typed);
    this.#problem = typeof typed === 'string' ? typed : undefined;
    this.#problemShown = typed !== 'tooLow';
    this.host.requestUpdate();
  };

  #onCustomChange = (): void => {
    this.#problemShown = true;
    this.host.requestUpdate();
  };

  render(): TemplateResult {
    const { t, percent: percentText } = this.io;
    const slippage = this.io.slippage();
    const problem = this.#problemShown ? this.#problem : undefined;
    const typed = parseSlippage(this.#customText);
    const effective = typeof typed === 'number' ? typed : slippage;
    // `slippage.invalid`, `slippage.tooHigh` and `slippage.tooLow` each use the variables they need.
    const percent = percentAffix(this.io.intl());
    const message = problem
      ? t(`slippage.${problem}`, { max: percentText(SLIPPAGE_MAX), min: percentText(0) })
      : effective > SLIPPAGE_WARN_ABOVE
        ? t('slippage.warn', { max: percentText(SLIPPAGE_WARN_ABOVE) })
        : '';
    return html`
      <div class="slippage" part="slippage">
        <div class="slippage-controls" role="group" aria-labelledby="slippage-label">
          <span class="slippage-label" id="slippage-label">${t('slippage.label')}</span>
          ${SLIPPAGE_PRESETS.map(
            (preset) => html`<button
              class="preset pill"
              part="slippage-option"
              type="button"
              aria-pressed=${String(!this.#customText && slippage === preset)}
              @click=${() => this.#onPreset(preset)}
            >
              ${percentText(preset)}
            </button>`,
          )}
          <span class="custom pill ${problem ? 'invalid' : ''} ${percent.before ? 'sign-first' : ''}">
            ${percent.before ? html`<span aria-hidden="true">${percent.sign}</span>` : nothing}
            <input
              part="slippage-input"
              dir="ltr"
              type="text"
              inputmode="decimal"
              autocomplete="off"
              placeholder=${t('slippage.custom')}
              aria-label=${t('slippage.customLabel')}
              aria-invalid=${String(!!problem)}
              aria-describedby="slippage-message"
              .value=${live(this.#customText)}
              @input=${this.#onCustomInput}
              @change=${this.#onCustomChange}
            />
            ${percent.before ? nothing : html`<span aria-hidden="true">${percent.sign}</span>`}
          </span>
        </div>
        <p id="slippage-message" part="slippage-message" class="slippage-message ${problem ? 'error' : message ? 'warning' : ''}" aria-live="polite">
          ${message}
        </p>
      </div>
    `;
  }
}
