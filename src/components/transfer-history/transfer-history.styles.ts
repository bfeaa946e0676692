import { css } from 'lit';

export const styles = css`
  :host {
    display: grid;
    gap: 8px;
  }
  .row {
    display: flex;
    justify-content: flex-end;
  }
  .link-button {
    border: 0;
    background: none;
    padding: 2px 4px;
    font-size: var(--_fs-s);
    color: var(--bridge-color-accent);
    text-decoration: underline;
  }
  .history {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
    font-size: var(--_fs-s);
  }
  .history li {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    padding: 8px 10px;
    background: var(--bridge-color-surface);
    border-radius: var(--bridge-radius-small);
  }
  .history .state {
    font-weight: 600;
  }
  .open {
    display: grid;
    padding: 0;
    font-size: 1em;
    text-align: start;
  }
`;
