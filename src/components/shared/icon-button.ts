/**
 * The widget's round, borderless icon button in its muted colour: the
 * settings gear, and the close button in the corner of each dialog (the
 * pickers', the swap settings', WalletConnect's) with its cross. A button
 * sized otherwise says so after these rules; the icon is a stroke icon whose
 * width and colour come from the part's `.icon` rule.
 */
import { css, html } from 'lit';

export const iconButtonStyles = css`
  .icon-button {
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
  .icon-button:hover {
    background: var(--_surface);
    color: var(--_text);
  }
`;

export const closeIcon = html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" /></svg>`;
