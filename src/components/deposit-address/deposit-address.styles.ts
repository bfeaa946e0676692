import { css } from 'lit';

export const styles = css`
  .deposit {
    display: grid;
    gap: 12px;
    font-size: 0.9em;
  }
  h2,
  p,
  dl,
  dd {
    margin: 0;
  }
  h2 {
    font-size: 1.25em;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  bw-qr-code {
    justify-self: center;
    inline-size: min(220px, 100%);
  }
  .notice {
    padding: 10px var(--_space);
    border-radius: var(--_radius-s);
    font-weight: 600;
  }
  .notice.warning {
    background: var(--_warning-bg);
    color: var(--_warning);
  }
  dl {
    display: grid;
    gap: 8px;
  }
  dt,
  .exact,
  .time,
  .waiting {
    color: var(--_muted);
  }
  dt,
  .copy {
    font-size: 0.9em;
  }
  dd {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }
  code {
    font-family: var(--bridge-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    font-size: 1em;
    overflow-wrap: anywhere;
    user-select: all;
  }
  .copy {
    flex: none;
    min-width: 4.5em;
    border-color: var(--_border);
  }
  .time {
    font-variant-numeric: tabular-nums;
  }
  .time.expired {
    color: var(--_danger);
    font-weight: 600;
  }
  .waiting {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .spinner {
    inline-size: 14px;
    block-size: 14px;
    flex: none;
    border-radius: 50%;
    border: 2px solid var(--_border);
    border-block-start-color: var(--_accent);
    animation: spin 0.9s linear infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }
  .actions {
    display: flex;
    justify-content: flex-end;
  }
  .secondary {
    min-height: 40px;
    padding: 8px 16px;
    border: 1px solid var(--_control);
    border-radius: var(--_radius-s);
    background: var(--_raised);
    font-weight: 600;
  }
`;
