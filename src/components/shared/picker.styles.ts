import { css } from 'lit';

/**
 * Styles of a picker's trigger: the label, the button with the selection's
 * name and logo, the chevron, and the line saying the dialog could not be
 * loaded. Part of the first load; the dialog's own styles come with the dialog
 * (./picker-dialog.styles.ts). Public tokens are read through the private
 * `--_*` aliases of `partTokens` (shared/styles.ts).
 */
export const triggerStyles = css`
  .label {
    display: block;
    margin-block-end: 4px;
    font-size: var(--_fs-s);
    font-weight: 500;
    color: var(--_muted);
  }
  .trigger {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) * 0.67);
    width: 100%;
    min-height: 48px;
    margin: 0;
    padding-block: 8px;
    padding-inline: var(--_space) calc(var(--_space) * 0.67);
    border: 1px solid var(--_control);
    border-radius: var(--_radius);
    background: var(--_raised);
    color: var(--_text);
    text-align: start;
    transition:
      border-color 0.15s ease,
      background-color 0.15s ease;
  }
  .trigger:hover:not([aria-disabled='true']) {
    border-color: var(--_accent);
  }
  .trigger:active:not([aria-disabled='true']) {
    background: var(--_surface);
  }
  .trigger[aria-disabled='true'] {
    cursor: not-allowed;
    background: var(--_surface);
  }
  .trigger[aria-disabled='true'] .chevron {
    visibility: hidden;
  }
  .trigger-value {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    font-weight: 600;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .trigger-value.placeholder {
    font-weight: 500;
    color: var(--_muted);
  }
  .icon {
    fill: none;
    stroke: currentColor;
    stroke-width: 1.75;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .chevron {
    flex: none;
    width: 16px;
    height: 16px;
    color: var(--_muted);
  }

  .chunk-error {
    display: block;
    margin-block-start: 4px;
    color: var(--_danger);
    font-size: var(--_fs-s);
  }
`;
