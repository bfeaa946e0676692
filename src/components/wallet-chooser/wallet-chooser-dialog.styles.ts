import { css } from 'lit';

export const styles = css`
  .option {
    min-height: 52px;
  }
  .empty {
    line-height: 1.5;
  }
  .ways {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding-block: 8px 12px;
    padding-inline: 12px;
    border-block-start: 1px solid var(--_border);
  }
  .ways-heading {
    margin-block: 4px 2px;
    margin-inline: 4px;
    font-size: inherit;
    font-weight: 600;
    color: var(--_muted);
  }
  .way {
    display: flex;
    align-items: center;
    min-height: 48px;
    padding: 6px 12px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-s);
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    text-decoration: none;
    cursor: pointer;
  }
  .way:hover {
    background: var(--_surface);
  }
  /* A way is a sentence, not a wallet's name: it wraps rather than losing its end ("… or an exchange") at 390 px. */
  .way .option-title,
  .way .option-meta {
    white-space: normal;
  }

`;
