import { css } from 'lit';

export const styles = css`
  section {
    display: grid;
    gap: 8px;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
  }
  section.terms {
    border-color: var(--_warning);
  }
  h3,
  p,
  dl,
  dd {
    margin: 0;
  }
  h3 {
    font-size: 1em;
  }
  h3:focus {
    outline: none;
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 4px 12px;
  }
  dt,
  th[scope='row'] {
    color: var(--_muted);
    font-weight: normal;
    text-align: start;
  }
  dd {
    overflow-wrap: anywhere;
  }
  .address {
    font-family: var(--bridge-font-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
  }
  .alert {
    padding: 8px;
    border-radius: var(--_radius-s);
    background: var(--_warning-bg);
    color: var(--_warning);
    font-weight: 600;
  }
  table {
    border-collapse: collapse;
  }
  th,
  td {
    padding: 2px 12px 2px 0;
    text-align: end;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  button {
    min-height: 36px;
    padding: 4px 14px;
    border: 1px solid var(--_accent);
    border-radius: var(--_radius-s);
    background: var(--_raised);
    color: var(--_accent);
    font: inherit;
    font-weight: 600;
  }
  .confirm {
    background: var(--_accent);
    color: var(--_accent-text);
  }
  button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
`;
