import { css } from 'lit';

export const styles = css`
  section {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 6px;
    padding: 8px 10px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
    font-size: var(--_fs-s);
    line-height: 1.35;
    font-variant-numeric: tabular-nums;
  }
  h3,
  p,
  dl,
  table {
    grid-column: 1 / -1;
    margin: 0;
    font-size: 1em;
  }
  .terms {
    border-color: var(--_warning);
  }
  p {
    padding: 8px;
    background: var(--_warning-bg);
    color: var(--_warning);
    font-weight: 600;
  }
  p.note {
    padding: 0;
    background: none;
    color: var(--_muted);
    font-weight: normal;
  }
  dl {
    display: grid;
    gap: 2px;
  }
  dl > div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    column-gap: 10px;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    text-align: end;
  }
  dt,
  th {
    color: var(--_muted);
    font-weight: normal;
    text-align: start;
  }
  td {
    padding-inline-end: 12px;
  }
  button {
    min-height: 36px;
    border: 1px solid var(--_accent);
    border-radius: var(--_radius-s);
    background: var(--_raised);
    color: var(--_accent);
    font: inherit;
    font-weight: 600;
  }
  .whole {
    min-height: 24px;
    margin-inline-start: 6px;
    padding: 0 6px;
    border: 0;
    font-weight: 400;
    text-decoration: underline;
  }
  .confirm {
    background: var(--_accent);
    color: var(--_accent-text);
  }
`;
