import { css } from 'lit';

export const styles = css`
  ol {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .step {
    display: grid;
    gap: 6px;
    padding: 10px var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
    font-size: var(--_fs-s);
  }
  .step.failed,
  .step.rejected {
    border-color: var(--_danger);
  }
  .step.done,
  .step.sufficient {
    border-color: var(--_success);
  }

  /* The badge is a flex item of .top: blockified, so flex is inline-flex here. */
  .top,
  .badge,
  .details {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .top,
  .details {
    justify-content: space-between;
  }
  .number,
  .badge {
    color: var(--_muted);
  }
  .number {
    font-size: var(--_fs-xs);
  }
  .title,
  .message {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .address {
    font-family: var(--bridge-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-size: var(--_fs-s);
  }

  /* A lone approval: its state at the end of its line. */
  .line {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .line .badge {
    display: inline-flex;
    vertical-align: middle;
  }
  .badge {
    gap: 4px;
    flex: none;
    padding: 2px 8px;
    border-radius: 999px;
    background: var(--_surface);
    font-size: var(--_fs-xs);
    font-weight: 600;
    white-space: nowrap;
  }
  .badge.needed,
  .badge.waiting-wallet {
    background: var(--_warning-bg);
    color: var(--_warning);
  }
  .badge.done,
  .badge.sufficient {
    color: var(--_success);
  }
  .badge.failed,
  .badge.rejected {
    background: var(--_danger-bg);
    color: var(--_danger);
  }
  svg {
    width: 14px;
    height: 14px;
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
  }
  path {
    stroke-linecap: round;
    stroke-linejoin: round;
  }

  .details {
    flex-wrap: wrap;
    min-height: 1.4em;
  }
  a {
    color: var(--_accent);
  }
  .message {
    color: var(--_danger);
  }
  .retry {
    padding-inline: 12px;
    border-color: var(--_accent);
    color: var(--_accent);
    font-weight: 600;
  }
`;
