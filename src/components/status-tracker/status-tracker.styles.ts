import { css } from 'lit';

export const styles = css`
  .tracker {
    display: grid;
    gap: 14px;
    font-size: var(--_fs-s);
  }
  p,
  h2,
  h3,
  ol,
  dl,
  dd {
    margin: 0;
  }
  .summary,
  .timing {
    margin-block-start: 4px;
  }
  .summary,
  .timing,
  .marker,
  .todo .label,
  .detail,
  dt {
    color: var(--_muted);
  }
  .summary,
  .detail,
  .notice,
  code {
    overflow-wrap: anywhere;
  }

  .heading {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: var(--_fs-l);
    line-height: 1.3;
  }
  .heading svg {
    width: 22px;
    height: 22px;
    flex: none;
  }
  svg {
    fill: none;
    stroke: currentColor;
    stroke-width: 2.2;
  }
  path {
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  /* Done: what arrived, large (the type scale's amount size). */
  .received {
    margin: 0;
    font-size: var(--_fs-xl);
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .heading.success {
    color: var(--_success);
  }
  .heading.failed,
  .heading.disputed {
    color: var(--_danger);
  }
  .timing {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    min-height: 1.4em;
    font-variant-numeric: tabular-nums;
  }

  ol {
    padding: 0;
    list-style: none;
  }
  .step {
    position: relative;
    display: grid;
    grid-template-columns: 24px 1fr;
    column-gap: 10px;
    padding-block-end: 14px;
  }
  .step:last-child {
    padding-block-end: 0;
  }
  .step:not(:last-child)::before {
    content: '';
    position: absolute;
    inset-inline-start: 11px;
    inset-block: 26px 2px;
    width: 2px;
    background: var(--_border);
  }
  .step.done:not(:last-child)::before {
    background: var(--_success);
  }
  .marker {
    display: grid;
    place-items: center;
    width: 24px;
    height: 24px;
    border: 2px solid var(--_border);
    border-radius: 50%;
    background: var(--_raised);
  }
  .marker svg {
    width: 14px;
    height: 14px;
  }
  .done .marker {
    border-color: var(--_success);
    background: var(--_success);
  }
  .failed .marker {
    border-color: var(--_danger);
    background: var(--_danger);
  }
  .done .marker,
  .failed .marker,
  .primary {
    color: var(--_accent-text);
  }
  .current .marker {
    border-color: var(--_accent);
  }
  .current .marker,
  a {
    color: var(--_accent);
  }
  .label {
    font-weight: 600;
    line-height: 24px;
  }
  .todo .label {
    font-weight: 400;
  }
  .detail {
    grid-column: 2;
  }

  .notice,
  .support {
    padding: 10px var(--_space);
    border-radius: var(--_radius-s);
  }
  .notice {
    background: var(--_surface);
  }
  .notice p + p {
    margin-block-start: 6px;
  }
  .notice.warning {
    background: var(--_warning-bg);
    color: var(--_warning);
  }
  .notice.danger {
    background: var(--_danger-bg);
    color: var(--_danger);
  }

  .support {
    border: 1px solid var(--_border);
  }
  .support summary {
    cursor: pointer;
  }
  .support h3 {
    display: inline;
    font-size: var(--_fs-s);
  }
  .support[open] summary {
    margin-block-end: 6px;
  }
  dl {
    display: grid;
    gap: 6px;
  }
  dt,
  code,
  .copy {
    font-size: var(--_fs-xs);
  }
  dd,
  .actions {
    display: flex;
    gap: 8px;
  }
  dd {
    align-items: center;
    justify-content: space-between;
  }
  code {
    font-family: var(--bridge-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    user-select: all;
  }
  .copy {
    min-width: 4.5em;
    border-color: var(--_border);
  }

  .actions {
    flex-wrap: wrap;
    justify-content: flex-end;
  }
  .actions button {
    min-height: 40px;
    padding: 8px 16px;
    border-radius: var(--_radius-s);
    font-weight: 600;
  }
  .primary {
    border: 1px solid var(--_accent);
    background: var(--_accent);
  }
  .secondary {
    border: 1px solid var(--_control);
    background: var(--_raised);
  }
`;
