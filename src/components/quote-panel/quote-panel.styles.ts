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

  /* Children of a flex row are blockified: they need no inline-flex. */
  .header,
  .provider,
  .reliability,
  .refresh,
  .slippage-controls,
  .custom {
    display: flex;
    align-items: center;
    gap: 6px;
  }
  .header,
  .provider,
  .slippage-controls {
    flex-wrap: wrap;
  }
  .header,
  .provider {
    gap: 4px 8px;
  }
  .header {
    justify-content: space-between;
    min-height: 24px;
  }
  .provider {
    min-width: 0;
  }
  .provider-name,
  .reliability,
  .refresh {
    white-space: nowrap;
  }
  .provider-name {
    min-width: 0;
    max-width: 100%;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .reliability,
  .refresh,
  .usd,
  dt,
  .stale dd,
  .slippage-label,
  .custom input::placeholder,
  .empty {
    color: var(--_muted);
  }
  .meter {
    width: 40px;
    height: 6px;
    border-radius: 3px;
    background: var(--_border);
    overflow: hidden;
  }
  .meter,
  .bar,
  .spinner {
    display: inline-block;
  }
  .meter > span {
    display: block;
    height: 100%;
    background: var(--_success);
  }
  .refresh {
    margin-inline-start: auto;
  }
  .refresh,
  .usd,
  .slippage-message {
    font-size: 0.9em;
  }

  dl,
  .slippage {
    display: grid;
    gap: 6px;
  }
  .row {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 0 12px;
  }
  .row,
  .slippage-message {
    min-height: 1.4em;
  }
  .row > * {
    min-width: 0;
  }
  dt {
    flex: none;
    max-width: 55%;
  }
  /* Label and value stay on one row; a narrow row wraps the value's USD part under its amount, never a number. */
  dd {
    flex: 1 1 auto;
    text-align: end;
  }
  .primary dd {
    font-size: 1.15em;
    font-weight: 600;
  }
  .usd {
    display: inline-block;
    font-weight: 400;
  }
  .fee dt {
    padding-inline-start: 12px;
  }
  .total,
  .slippage {
    border-block-start: 1px solid var(--_border);
    padding-block-start: 6px;
  }

  .slippage {
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

  .empty {
    text-align: center;
    padding: 24px 0;
  }

  .bar {
    width: 7em;
    height: 0.9em;
    border-radius: 4px;
    vertical-align: middle;
    background: linear-gradient(90deg, var(--_surface) 25%, var(--_border) 50%, var(--_surface) 75%);
    background-size: 200% 100%;
    animation: shimmer 1.4s ease-in-out infinite;
  }
  .bar.short {
    width: 4em;
  }

  .spinner {
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
  @keyframes shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: -100% 0;
    }
  }
  /* The shimmer sweeps the way the text runs. */
  .bar:dir(rtl) {
    animation-direction: reverse;
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner,
    .bar {
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
