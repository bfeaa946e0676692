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

  .header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 4px 8px;
    min-height: 24px;
  }
  .provider {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 8px;
    min-width: 0;
  }
  .provider-name {
    min-width: 0;
    max-width: 100%;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .reliability {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    color: var(--_muted);
    white-space: nowrap;
  }
  .meter {
    display: inline-block;
    width: 40px;
    height: 6px;
    border-radius: 3px;
    background: var(--_border);
    overflow: hidden;
  }
  .meter > span {
    display: block;
    height: 100%;
    background: var(--_success);
  }
  .refresh {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    margin-left: auto;
    color: var(--_muted);
    font-size: 0.9em;
    white-space: nowrap;
  }

  dl {
    display: grid;
    gap: 6px;
    margin: 0;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0 12px;
    min-height: 1.4em;
  }
  .row > * {
    min-width: 0;
  }
  dt {
    flex: none;
    max-width: 55%;
    color: var(--_muted);
  }
  /* A value too wide for its row moves under its label, whole, rather than breaking inside a number. */
  dd {
    margin: 0 0 0 auto;
    text-align: right;
    overflow-wrap: break-word;
  }
  .primary dd {
    font-size: 1.15em;
    font-weight: 600;
  }
  .usd {
    color: var(--_muted);
    font-weight: 400;
    font-size: 0.9em;
  }
  .fee dt {
    padding-left: 12px;
  }
  .fees-heading dd {
    color: var(--_muted);
  }
  .total {
    border-top: 1px solid var(--_border);
    padding-top: 6px;
  }
  .stale dd {
    color: var(--_muted);
  }

  .slippage {
    display: grid;
    gap: 6px;
    border-top: 1px solid var(--_border);
    padding-top: 10px;
  }
  .slippage-controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
  }
  .slippage-label {
    color: var(--_muted);
    margin-right: auto;
  }
  .preset {
    min-height: 30px;
    min-width: 48px;
    padding: 2px 10px;
    border: 1px solid var(--_control);
    border-radius: 999px;
    background: var(--_raised);
  }
  .preset[aria-pressed='true'] {
    border-color: var(--_accent);
    background: var(--_accent);
    color: var(--_accent-text);
    font-weight: 600;
  }
  .custom {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    min-height: 30px;
    padding: 0 10px;
    border: 1px solid var(--_control);
    border-radius: 999px;
    background: var(--_raised);
  }
  .custom:focus-within {
    border-color: var(--_focus);
    outline: 1px solid var(--_focus);
    outline-offset: 0;
  }
  .custom input:focus-visible {
    outline: none;
  }
  .custom.invalid {
    border-color: var(--_danger);
  }
  .custom input {
    width: 4.5em;
    border: 0;
    padding: 4px 0;
    background: transparent;
    text-align: right;
    outline: none;
  }
  .custom input::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  .slippage-message {
    margin: 0;
    min-height: 1.4em;
    font-size: 0.9em;
  }
  .slippage-message.error {
    color: var(--_danger);
  }
  .slippage-message.warning {
    color: var(--_warning);
  }

  .value-loss {
    display: grid;
    gap: 8px;
    padding: 10px var(--_space);
    border-radius: var(--_radius-s);
    background: var(--_warning-bg);
    color: var(--_warning);
  }
  .value-loss p {
    margin: 0;
  }
  .value-loss strong {
    font-weight: 700;
  }
  .confirm {
    display: flex;
    align-items: flex-start;
    gap: 8px;
    font-weight: 600;
    cursor: pointer;
  }
  .confirm input {
    margin: 3px 0 0;
    width: 16px;
    height: 16px;
    accent-color: var(--_warning);
  }

  .empty {
    margin: 0;
    color: var(--_muted);
    text-align: center;
    padding: 24px 0;
  }

  .bar {
    display: inline-block;
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
    display: inline-block;
    width: 12px;
    height: 12px;
    border: 2px solid var(--_border);
    border-top-color: var(--_accent);
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
  @media (prefers-reduced-motion: reduce) {
    .spinner,
    .bar {
      animation: none;
    }
  }
`;
