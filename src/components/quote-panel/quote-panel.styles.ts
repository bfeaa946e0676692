import { css } from 'lit';

export const styles = css`
  .panel {
    display: grid;
    gap: 10px;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
  }
  p,
  dl,
  dd {
    margin: 0;
  }

  /* Children of a flex row are blockified: they need no inline-flex. The breakdown's header and rows have their styles in ./quote-breakdown.ts. */
  .slippage-controls,
  .custom {
    display: flex;
    align-items: center;
    gap: 6px;
  }
  .slippage-controls {
    flex-wrap: wrap;
  }
  .usd,
  .slippage-label,
  .custom input::placeholder {
    color: var(--_muted);
  }
  .usd,
  .slippage-message {
    font-size: 0.9em;
  }
  .slippage-message {
    min-height: 1.4em;
  }
  .usd {
    display: inline-block;
    font-weight: 400;
  }

  .slippage {
    display: grid;
    gap: 6px;
    border-block-start: 1px solid var(--_border);
    padding-block-start: 10px;
  }
  /* The label on a line of its own: the four choices then fit one row down to a 320 px widget. */
  .slippage-label {
    flex-basis: 100%;
  }
  .slippage-controls {
    gap: 4px;
  }
  .pill {
    padding-inline: 7px;
  }
  .preset {
    min-width: 40px;
  }
  .preset[aria-pressed='true'] {
    border-color: var(--_accent);
    background: var(--_accent);
    color: var(--_accent-text);
    font-weight: 600;
  }
  .custom {
    gap: 4px;
    padding-block: 0;
    text-align: end;
  }
  .custom:focus-within {
    border-color: var(--_focus);
    outline: 1px solid var(--_focus);
  }
  .custom input {
    width: 4em;
    border: 0;
    padding: 4px 0;
    background: transparent;
    /* The number runs left to right (dir="ltr") but sits against the percent sign: the end of the row. */
    text-align: match-parent;
    outline: none;
  }
  .custom input::placeholder {
    opacity: 1;
  }
  /* A locale that writes the sign first (Turkish: %0,5): the number follows it. */
  .custom.sign-first {
    text-align: start;
  }
  .custom.invalid {
    border-color: var(--_danger);
  }
  .error {
    color: var(--_danger);
  }
  .warning,
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
