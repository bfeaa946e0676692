import { css } from 'lit';

/** The pill: the shared `.pill` (components/shared/styles.ts) at the 44 px an account needs. */
export const styles = css`
  :host {
    display: inline-flex;
    min-width: 0;
  }
  .pill {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-width: 0;
    min-height: 44px;
    padding-inline: 14px 10px;
    font-size: var(--_fs-s);
  }
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  svg {
    flex: none;
    width: 14px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.75;
  }
`;
