import { css, html, type PropertyDeclarations, type TemplateResult } from 'lit';
import { PartElement } from './part.js';
import { hostStyles, partTokens } from './styles.js';

/**
 * The frame of the text-field parts (amount, recipient): the label, the
 * control, and a message line whose space is always reserved, announced
 * politely. Parts `base`, `label` and `message`; the control is the input `id`.
 */
export function field(inputId: string, label: unknown, control: unknown, message: unknown, messageKind = ''): TemplateResult {
  return html`<div class="field" part="base">
    <label part="label" for=${inputId}>${label}</label>
    ${control}
    <p id="message" part="message" class="message ${messageKind}" aria-live="polite">${message}</p>
  </div>`;
}

/** Styles of `field` and of the inputs in it. */
export const fieldStyles = css`
  .field {
    display: grid;
    gap: 6px;
  }
  label {
    font-size: var(--_fs-s);
    font-weight: 600;
    color: var(--_muted);
  }
  input::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  input:disabled {
    cursor: not-allowed;
    color: var(--_muted);
  }
  .message {
    margin: 0;
    min-height: 1.4em;
    font-size: var(--_fs-s);
  }
  .message.error {
    color: var(--_danger);
  }
`;

/**
 * Base of the text-field parts (amount, recipient): what every field has, a
 * label, the text in it, and a lock. Each part names its own default label.
 */
export class FieldElement extends PartElement {
  static override properties: PropertyDeclarations = {
    label: {},
    value: {},
    disabled: { type: Boolean, reflect: true },
  };

  static override styles = [hostStyles, partTokens, fieldStyles];

  /** Visible label; the part's own string (the amount's `form.amount`, the recipient's label) when empty. */
  label = '';

  /** The text in the input, exactly as typed; the host may set it too. */
  value = '';

  /** Locks the field (a value preset and locked by the page). */
  disabled = false;
}
