import { css } from 'lit';

/** The dark set of the public colour tokens (light defaults: `tokenDefaults` in components/shared/styles.ts). */
const darkTokens = css`
  --_bw-scheme: dark;
  --bridge-color-bg: #16181d;
  --bridge-color-surface: #1f2229;
  --bridge-color-surface-raised: #262a33;
  --bridge-color-border: #3a3f4b;
  --bridge-color-border-strong: #7b8394;
  --bridge-color-text: #eef0f3;
  --bridge-color-text-muted: #a9b0bc;
  --bridge-color-accent: #8ea2ff;
  --bridge-color-accent-text: #0d1020;
  --bridge-color-focus: #8ea2ff;
  --bridge-color-success: #6fd08f;
  --bridge-color-warning: #f2c66d;
  --bridge-color-warning-bg: #3a2f14;
  --bridge-color-danger: #ff8a80;
  --bridge-color-danger-bg: #3b1d1b;
  --bridge-color-backdrop: rgb(0 0 0 / 0.6);
`;

// Every --bridge-* token has its default on :host (tokenDefaults), so var() needs no fallback here.
export const styles = css`
  :host {
    max-width: var(--bridge-max-width);
    --_bw-scheme: light;
  }
  :host([hidden]) {
    display: none;
  }
  :host([theme='dark']) {
    ${darkTokens}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']),
    :host(:not([theme])) {
      ${darkTokens}
    }
  }
  /*
   * The card resets every property, inherited ones included, and sets its own
   * base: a host page's reset (Tailwind preflight, \`* { all: unset }\`, an odd
   * root font size) reaches the host element but not the widget's look.
   * Only the --bridge-* custom properties pass through.
   */
  .card {
    all: initial;
    box-sizing: border-box;
    display: grid;
    gap: var(--bridge-spacing);
    position: relative;
    max-width: var(--bridge-max-width);
    font-family: var(--bridge-font);
    font-size: var(--bridge-font-size);
    line-height: 1.4;
    color: var(--bridge-color-text);
    color-scheme: var(--_bw-scheme);
    -webkit-font-smoothing: antialiased;
    background: var(--bridge-color-bg);
    border: 1px solid var(--bridge-color-border);
    border-radius: var(--bridge-radius);
    padding: calc(var(--bridge-spacing) * 1.5);
  }
  /* min-width: the account's pill gives way (its network cut short) rather than widen the card. */
  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--bridge-spacing);
    min-width: 0;
  }
  h2 {
    margin: 0;
    font-size: var(--_fs-l);
    font-weight: 650;
  }
  .header-end {
    display: flex;
    align-items: center;
    gap: 4px;
    min-width: 0;
  }
  /* The swap box: two cards, the swap button over the seam between them. */
  .box {
    display: grid;
    gap: 4px;
  }
  .side {
    display: grid;
    gap: 2px;
    min-width: 0;
    padding-block: 10px 8px;
    padding-inline: var(--bridge-spacing);
    background: var(--bridge-color-surface);
    border: 1px solid transparent;
    border-radius: var(--bridge-radius);
  }
  .side:focus-within {
    border-color: var(--bridge-color-border-strong);
  }
  /* The amount field is the card's content: its own box gives way to the card's. */
  .send bw-amount-input::part(control) {
    min-height: 48px;
    padding: 0;
    gap: 8px;
    background: transparent;
    border: 0;
    outline: none;
  }
  .send bw-amount-input::part(input) {
    padding-block: 4px;
  }
  .send bw-amount-input::part(message) {
    min-height: 0;
  }
  .send bw-amount-input::part(label),
  .side-label {
    font-size: var(--_fs-s);
    font-weight: 600;
    color: var(--bridge-color-text-muted);
  }
  bw-asset-picker {
    flex: none;
    max-width: 60%;
  }
  bw-asset-picker::part(label) {
    display: none;
  }
  .side-row {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 48px;
  }
  .received {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: var(--_fs-xl);
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    text-align: match-parent;
  }
  .received.placeholder {
    color: var(--bridge-color-text-muted);
  }
  .side-meta {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 4px 8px;
    min-height: 1.4em;
    font-size: var(--_fs-s);
    color: var(--bridge-color-text-muted);
  }
  .swap-row {
    position: relative;
    height: 0;
    display: flex;
    justify-content: center;
    z-index: 1;
  }
  .swap {
    position: absolute;
    top: -20px;
    display: grid;
    place-items: center;
    width: 36px;
    height: 36px;
    padding: 0;
    border: 3px solid var(--bridge-color-bg);
    border-radius: 12px;
    background: var(--bridge-color-surface-raised);
    color: var(--bridge-color-text);
    box-shadow: inset 0 0 0 1px var(--bridge-color-border);
    cursor: pointer;
  }
  .swap svg {
    width: 18px;
    height: 18px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.75;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .swap:hover:not([aria-disabled='true']) {
    color: var(--bridge-color-accent);
  }
  .swap[aria-disabled='true'] {
    color: var(--bridge-color-text-muted);
    cursor: not-allowed;
  }
  /* The account's pill is a chunk: until it is defined its place is kept (its 44 px). */
  bw-account-pill:not(:defined) {
    min-height: 44px;
  }
  /* The recipient field is a chunk: until it is defined its place is kept (the label and message lines, 1.4 times the small size, one pixel under the base; the 44 px input, the field's two 6 px gaps). */
  bw-recipient-input:not(:defined) {
    display: block;
    min-height: calc(2.8 * (var(--bridge-font-size, 15px) - 1px) + 56px);
  }
  .link {
    justify-self: start;
    min-height: 24px;
    padding: 2px 0;
    border: 0;
    background: none;
    color: var(--bridge-color-accent);
    font: inherit;
    font-size: var(--_fs-s);
    text-decoration: underline;
    text-underline-offset: 2px;
    cursor: pointer;
  }
  .primary {
    width: 100%;
    min-height: 48px;
    border: 0;
    border-radius: var(--bridge-radius);
    background: var(--bridge-color-accent);
    color: var(--bridge-color-accent-text);
    font-weight: 650;
  }
  .primary:hover:not(:disabled) {
    background: color-mix(in srgb, var(--bridge-color-accent) 88%, var(--bridge-color-text));
  }
  /* Disabled, the button still says what is missing: readable, not faded. */
  .primary:disabled {
    background: var(--bridge-color-surface);
    color: var(--bridge-color-text-muted);
    box-shadow: inset 0 0 0 1px var(--bridge-color-border);
  }
  .secondary {
    border: 1px solid var(--bridge-color-border-strong);
    background: var(--bridge-color-surface-raised);
    border-radius: var(--bridge-radius-small);
    padding: 6px 12px;
    font-size: var(--_fs-s);
  }
  .notice {
    border-radius: var(--bridge-radius-small);
    padding: 10px 12px;
    font-size: var(--_fs-s);
    margin: 0;
  }
  /* Support details (the request id) on a line of their own, not inside the sentence. */
  .notice .request {
    display: block;
    margin-block-start: 4px;
    font-size: var(--_fs-xs);
    opacity: 0.85;
    overflow-wrap: anywhere;
  }
  .notice.error {
    background: var(--bridge-color-danger-bg);
    color: var(--bridge-color-danger);
  }
  .notice.info {
    background: var(--bridge-color-surface);
    color: var(--bridge-color-text-muted);
  }
  .notice.warning {
    background: var(--bridge-color-warning-bg);
    color: var(--bridge-color-warning);
  }
  .notice button {
    margin-inline-start: 8px;
  }
  .phase {
    display: flex;
    align-items: center;
    gap: 10px;
    margin: 0;
    font-weight: 600;
  }
  .spinner {
    width: 16px;
    height: 16px;
    border-radius: 50%;
    border: 2px solid var(--bridge-color-border);
    border-block-start-color: var(--bridge-color-accent);
    animation: spin 0.8s linear infinite;
    flex: none;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }
  /* The quote line's place while its chunk is on its way: the line's box (.panel.summary in src/components/quote-panel/quote-panel.styles.ts) in its "finding" state, its chevron's room kept, so nothing moves when the line arrives. */
  .quote-line {
    display: flex;
    align-items: center;
    gap: 8px;
    box-sizing: content-box;
    min-height: 32px;
    padding-block: 6px;
    padding-inline: var(--bridge-spacing) calc(var(--bridge-spacing) + 24px);
    border: 1px solid var(--bridge-color-border);
    border-radius: var(--bridge-radius);
    font-size: var(--_fs-s);
    color: var(--bridge-color-text-muted);
  }
  .quote-line-text {
    flex: 1;
    min-width: 0;
  }
  .quote-line .spinner {
    width: 12px;
    height: 12px;
  }
  /* The review in the swap box's frame: what must be seen before signing stays on screen at a phone's width. */
  .moment {
    display: grid;
    gap: 4px;
  }
  .moment > .notice {
    padding-block: 6px;
  }
  /* The step and Cancel on one line. */
  .status-row {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }
  .route-info,
  .prompts {
    margin: 0;
    font-size: var(--_fs-s);
    color: var(--bridge-color-text-muted);
  }
`;
