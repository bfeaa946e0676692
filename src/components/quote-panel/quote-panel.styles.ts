import { css } from 'lit';

export const styles = css`
  .panel {
    display: grid;
    gap: 10px;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    font-size: var(--_fs-s);
    font-variant-numeric: tabular-nums;
  }
  p,
  dl,
  dd {
    margin: 0;
  }

  /* The breakdown's header and rows have their styles in ./quote-breakdown.ts, the slippage row's in ./slippage-control.ts. */
  .usd {
    display: inline-block;
    font-size: var(--_fs-s);
    font-weight: 400;
    color: var(--_muted);
  }
  .value-loss {
    color: var(--_warning);
  }

  .busy {
    padding: 8px 10px;
    border-radius: var(--_radius-s);
    background: var(--_surface);
    color: var(--_muted);
  }

  .value-loss {
    display: grid;
    gap: 8px;
    padding: 10px var(--_space);
    border-radius: var(--_radius-s);
    background: var(--_warning-bg);
  }
  .confirm {
    display: flex;
    align-items: flex-start;
    gap: 8px;
    font-weight: 600;
    cursor: pointer;
  }
  .confirm input {
    margin: 0;
    margin-block-start: 3px;
    width: 16px;
    height: 16px;
    accent-color: var(--_warning);
  }

  .spinner {
    display: inline-block;
    width: 12px;
    height: 12px;
    border: 2px solid var(--_border);
    border-block-start-color: var(--_accent);
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }

  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }

  /* The swap box's summary line: one row under the cards, opening to the breakdown. */
  .panel.summary {
    gap: 8px;
    padding-block: 6px;
    padding-inline: var(--_space);
  }
  .summary-line {
    display: flex;
    align-items: center;
    gap: 8px;
    width: 100%;
    min-height: 32px;
    margin: 0;
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .summary-line:disabled {
    cursor: default;
    color: var(--_muted);
  }
  .summary-text {
    flex: 1;
    min-width: 0;
  }
  .summary-line .chevron {
    flex: none;
    width: 16px;
    height: 16px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.75;
    stroke-linecap: round;
    stroke-linejoin: round;
    color: var(--_muted);
    transition: transform 0.15s ease;
  }
  .summary-line[aria-expanded='true'] .chevron {
    transform: rotate(180deg);
  }
  .summary-line:disabled .chevron {
    visibility: hidden;
  }
  .breakdown {
    display: grid;
    gap: 10px;
  }
`;
