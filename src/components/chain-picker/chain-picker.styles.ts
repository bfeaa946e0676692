import { css } from 'lit';

export const styles = css`
  .option {
    min-height: 52px;
  }
  .group {
    margin-top: 4px;
    padding-top: 4px;
    border-top: 1px solid var(--_border);
  }
  .badge {
    display: inline-block;
    margin-left: 6px;
    padding: 0 6px;
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_muted);
    font-size: 0.9em;
    line-height: 1.5;
    white-space: nowrap;
  }
  .option.active .badge {
    background: var(--_bg);
  }
`;
