import { css } from 'lit';

export const styles = css`
  label {
    display: flex;
    align-items: baseline;
    gap: 6px;
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
    font-size: var(--_fs-s);
    /* An address runs left to right (dir="ltr") and starts where the layout starts: the right in a right-to-left widget. */
    text-align: match-parent;
    text-overflow: ellipsis;
    appearance: none;
    transition: border-color 0.15s ease;
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

  .message {
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
`;
