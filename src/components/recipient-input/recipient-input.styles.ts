import { css } from 'lit';

export const styles = css`
  .field {
    display: grid;
    gap: 6px;
  }

  label {
    display: flex;
    align-items: baseline;
    gap: 6px;
    font-size: 0.875em;
    font-weight: 600;
    color: var(--_muted);
  }
  .requirement {
    font-weight: 400;
  }

  input {
    width: 100%;
    min-height: 44px;
    margin: 0;
    padding: 10px var(--_space);
    background: var(--_surface);
    border: 1px solid var(--_control);
    border-radius: var(--_radius);
    font-family: var(--bridge-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-size: 0.9em;
    appearance: none;
    transition: border-color 0.15s ease;
  }
  input::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  input:focus-visible {
    border-color: var(--_focus);
    outline: 1px solid var(--_focus);
    outline-offset: 0;
  }
  input[aria-invalid='true'] {
    border-color: var(--_danger);
  }
  input[aria-invalid='true']:focus-visible {
    outline-color: var(--_danger);
  }
  input:disabled {
    cursor: not-allowed;
    color: var(--_muted);
  }

  .message {
    margin: 0;
    min-height: 1.4em;
    font-size: 0.875em;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .message.error {
    color: var(--_danger);
  }
`;
