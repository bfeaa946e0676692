import { css } from 'lit';
import { iconButtonStyles } from './icon-button.js';
import { dialogSurface } from './dialog-surface.styles.js';

/**
 * Styles of the pickers' dialogs: the modal (its surface shared with every
 * dialog, ./dialog-surface.styles.ts), search, list and options. They
 * come with the dialog's chunk and are added to a picker's shadow root when
 * the dialog first loads (./picker.ts); the trigger's are ./picker.styles.ts.
 * Public tokens are read through the private `--_*` aliases of
 * `partTokens` (shared/styles.ts).
 */
export const dialogStyles = css`
  /* Dialog: the platform's modal <dialog> (top layer), a centred card; a sheet from the bottom edge on a narrow screen. */
  .dialog {
    flex-direction: column;
    width: min(420px, calc(100% - 32px));
    max-width: none;
    max-height: min(640px, calc(100% - 32px));
    margin: auto;
    padding: 0;
    overflow: hidden;
    box-shadow:
      0 2px 6px rgb(0 0 0 / 0.08),
      0 16px 48px rgb(0 0 0 / 0.22);
    animation: bw-pop 0.15s ease-out;
  }
  .dialog[open] {
    display: flex;
  }
  ${dialogSurface}
  ${iconButtonStyles}
  .dialog::backdrop {
    animation: bw-fade 0.15s ease-out;
  }
  @keyframes bw-fade {
    from {
      opacity: 0;
    }
  }
  @keyframes bw-pop {
    from {
      opacity: 0;
      transform: translateY(8px) scale(0.98);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .dialog,
    .dialog::backdrop {
      animation: none;
    }
  }
  /* A phone: the sheet (./dialog-surface.styles.ts) fills the height. */
  @media (max-width: 480px) {
    .dialog {
      height: calc(100% - 24px);
      max-height: none;
      animation-name: bw-sheet;
    }
  }
  @keyframes bw-sheet {
    from {
      transform: translateY(24px);
      opacity: 0;
    }
  }
  .header {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: 8px;
    padding-block: 16px 8px;
    padding-inline: 16px 12px;
  }
  .eyebrow,
  .group-label {
    font-size: var(--_fs-xs);
    font-weight: 600;
    letter-spacing: 0.03em;
    text-transform: uppercase;
    color: var(--_muted);
  }
  .eyebrow {
    margin: 0;
    margin-block-end: 2px;
  }
  .heading {
    margin: 0;
    font-size: var(--_fs-m);
    font-weight: 650;
    line-height: 1.3;
  }
  /* A little smaller than the other dialogs' (./icon-button.ts), level with the heading's first line. */
  .close {
    flex: none;
    width: 32px;
    height: 32px;
    margin-block-start: -4px;
  }
  .close svg {
    width: 18px;
    height: 18px;
  }
  .search-wrap {
    position: relative;
    margin-block: 0 8px;
    margin-inline: 16px;
  }
  .search-icon {
    position: absolute;
    inset-block-start: 50%;
    inset-inline-start: 12px;
    width: 16px;
    height: 16px;
    color: var(--_muted);
    stroke-width: 1.5;
    transform: translateY(-50%);
    pointer-events: none;
  }
  .search {
    width: 100%;
    height: 44px;
    margin: 0;
    padding-block: 0;
    padding-inline: 36px 12px;
    border: 1px solid var(--_control);
    border-radius: var(--_radius-s);
    background: var(--_surface);
    color: var(--_text);
    outline-offset: -1px;
  }
  .search:focus {
    border-color: var(--_accent);
    background: var(--_bg);
  }
  .search::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  .search::-webkit-search-cancel-button {
    cursor: pointer;
  }
  .notice {
    margin-block: 0 8px;
    margin-inline: 16px;
    padding: 6px 10px;
    border-radius: var(--_radius-s);
    background: var(--_warning-bg);
    color: var(--_warning);
    font-size: var(--_fs-s);
  }
  .notice:empty {
    display: none;
  }

  /* List */
  .list {
    position: relative;
    flex: 1 1 auto;
    min-height: 0;
    padding-block: 0 8px;
    padding-inline: 8px;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  .option {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: 8px;
    border-radius: var(--_radius-s);
    cursor: pointer;
    user-select: none;
  }
  .option:hover {
    background: var(--_surface);
  }
  .option.active {
    background: color-mix(in srgb, var(--_accent) 12%, var(--_bg));
  }
  .option[aria-disabled='true'] {
    cursor: default;
  }
  .option-text {
    display: flex;
    flex: 1;
    flex-direction: column;
    min-width: 0;
  }
  .option-title,
  .option-meta {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .option-title {
    font-weight: 600;
  }
  .option-meta {
    font-size: var(--_fs-xs);
    color: var(--_muted);
  }
  .option[aria-disabled='true'] .option-title {
    font-weight: 500;
    color: var(--_muted);
  }
  .check {
    flex: none;
    width: 16px;
    height: 16px;
    color: var(--_accent);
    stroke-width: 2;
    visibility: hidden;
  }
  .option[aria-selected='true'] .check {
    visibility: visible;
  }
  .group-label {
    padding-block: 12px 4px;
    padding-inline: 8px;
  }
  .empty {
    padding-block: 32px 40px;
    padding-inline: 16px;
    text-align: center;
    color: var(--_muted);
    overflow-wrap: anywhere;
  }
  .empty:empty {
    display: none;
  }
`;
