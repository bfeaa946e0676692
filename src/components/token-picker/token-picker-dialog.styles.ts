import { css } from 'lit';

export const ROW_HEIGHT = 56;

export const styles = css`
  .dialog {
    height: min(640px, 100%);
  }
  @media (max-width: 480px) {
    .dialog {
      height: 92%;
    }
  }
  .spacer {
    position: relative;
    width: 100%;
  }
  .option {
    position: absolute;
    inset-block-start: 0;
    inset-inline: 0;
    height: ${ROW_HEIGHT}px;
    will-change: transform;
  }
  .amounts {
    display: flex;
    flex: none;
    flex-direction: column;
    align-items: flex-end;
    max-width: 45%;
    text-align: end;
  }
  .balance,
  .usd {
    max-width: 100%;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    font-variant-numeric: tabular-nums;
  }
  .balance {
    font-weight: 500;
  }
  .usd {
    font-size: var(--_fs-xs);
    color: var(--_muted);
  }
  .skeleton {
    background: var(--_surface);
    border-radius: 5px;
    width: 56px;
    height: 10px;
    animation: bw-pulse 1.2s ease-in-out infinite;
  }
  @keyframes bw-pulse {
    50% {
      opacity: 0.5;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
  }
`;
