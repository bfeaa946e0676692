import { css } from 'lit';

/**
 * The surface every dialog of the widget shares, the pickers' (./picker-dialog.styles.ts)
 * and the swap settings' (../swap-settings/swap-settings-dialog.ts): the platform's
 * modal `<dialog class="dialog">`, a card in the part's tokens over a dimmed
 * backdrop, a sheet from the bottom edge on a phone. A dialog puts its own size
 * before it, so that the phone's full width wins.
 */
export const dialogSurface = css`
  .dialog {
    box-sizing: border-box;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: var(--_text);
    font-family: var(--bridge-font, system-ui, sans-serif);
    font-size: var(--bridge-font-size, 15px);
    line-height: 1.4;
  }
  .dialog::backdrop {
    background: var(--bridge-color-backdrop, rgb(10 12 16 / 0.5));
  }
  @media (max-width: 480px) {
    .dialog {
      width: 100%;
      max-width: none;
      margin-block-end: 0;
      border-end-start-radius: 0;
      border-end-end-radius: 0;
    }
  }
`;
