import { css } from 'lit';

export const styles = css`
  .control {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 0 var(--_space);
    min-height: 56px;
    background: var(--_surface);
    border: 1px solid var(--_control);
    border-radius: var(--_radius);
    transition: border-color 0.15s ease;
  }
  .control:focus-within {
    border-color: var(--_focus);
    outline: 1px solid var(--_focus);
    outline-offset: 0;
  }
  .control.invalid {
    border-color: var(--_danger);
  }
  .control.invalid:focus-within {
    outline-color: var(--_danger);
  }

  input {
    flex: 1 1 auto;
    min-width: 0;
    width: 100%;
    margin: 0;
    padding: 10px 0;
    border: 0;
    outline: none;
    background: transparent;
    font-size: var(--_fs-xl);
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    /* The number runs left to right (dir="ltr") and starts where the layout starts: the right in a right-to-left widget. */
    text-align: match-parent;
    appearance: none;
  }
  /* The box around the input shows focus (.control:focus-within): one ring, not two. */
  input:focus-visible {
    outline: none;
  }

  :host([has-asset]) .symbol {
    display: none;
  }
  slot[name='asset'] {
    display: contents;
  }
  .symbol {
    flex: none;
    max-width: 8em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 600;
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    min-height: 28px;
    font-size: var(--_fs-s);
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .usd {
    flex: none;
    white-space: nowrap;
  }
  .balance {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    margin-inline-start: auto;
    min-width: 0;
  }
  .balance-text {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .max {
    flex: none;
    padding: 2px 10px;
    min-height: 24px;
    border: 1px solid var(--_accent);
    border-radius: 999px;
    background: transparent;
    color: var(--_accent);
    font-size: var(--_fs-s);
    font-weight: 600;
  }
  .max:hover:not(:disabled) {
    background: var(--_accent);
    color: var(--bridge-color-accent-text, #ffffff);
  }
  .max:disabled {
    border-color: var(--_border);
    color: var(--_muted);
  }

  .message.info {
    color: var(--_muted);
  }
  .message.warning {
    color: var(--_warning);
  }
`;
