import { css } from 'lit';

export const styles = css`
  .option {
    min-height: 52px;
  }
  .group {
    margin-block-start: 4px;
    padding-block-start: 4px;
    border-block-start: 1px solid var(--_border);
  }
  .badge {
    display: inline-block;
    margin-inline-start: 6px;
    padding: 0 6px;
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_muted);
    font-size: var(--_fs-s);
    line-height: 1.5;
    white-space: nowrap;
  }
  .option.active .badge {
    background: var(--_bg);
  }
`;
