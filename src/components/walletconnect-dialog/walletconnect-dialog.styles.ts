import { css } from 'lit';

export const styles = css`
  .dialog {
    width: min(380px, calc(100% - 32px));
    padding: var(--_space, 16px);
  }
  .dialog[open] {
    display: grid;
    gap: 14px;
    justify-items: stretch;
  }
  .head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }
  h2 {
    margin: 0;
    font-size: 1.0625em;
    font-weight: 650;
  }
  .icon {
    width: 18px;
    height: 18px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.6;
    stroke-linecap: round;
  }
  p {
    margin: 0;
  }
  .lead {
    color: var(--_muted);
  }
  bw-qr-code {
    justify-self: center;
    inline-size: min(240px, 100%);
  }
  .apps {
    display: grid;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .app,
  .action {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 44px;
    padding: 8px 14px;
    border: 1px solid var(--_control, var(--_border));
    border-radius: var(--_radius-s);
    background: var(--_raised);
    color: inherit;
    font: inherit;
    font-weight: 600;
    text-decoration: none;
    cursor: pointer;
  }
  .app:hover,
  .action:hover {
    background: var(--_surface);
  }
  .action.primary {
    border-color: transparent;
    background: var(--_accent);
    color: var(--_accent-text);
  }
  .status {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 44px;
  }
  .spinner {
    width: 16px;
    height: 16px;
    border-radius: 50%;
    border: 2px solid var(--_border);
    border-block-start-color: var(--_accent);
    animation: bw-spin 0.8s linear infinite;
    flex: none;
  }
  @keyframes bw-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }
  .problem {
    padding: 10px 12px;
    border-radius: var(--_radius-s);
    background: var(--_danger-bg);
    color: var(--_danger);
    overflow-wrap: anywhere;
  }
`;
