/**
 * The close button in the corner of each of the widget's dialogs (the
 * pickers', the swap settings', WalletConnect's): its cross, and its round,
 * muted look at 36 px; a dialog that sizes it otherwise says so after these
 * rules. The cross is a stroke icon: its width and colour come from the
 * dialog's `.icon` rule.
 */
import { css, html } from 'lit';

export const closeIcon = html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" /></svg>`;

export const closeButtonStyles = css`
  .close {
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
  .close:hover {
    background: var(--_surface);
    color: var(--_text);
  }
`;
