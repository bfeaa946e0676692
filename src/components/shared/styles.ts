import { css } from 'lit';

/**
 * Shared host reset and design tokens. Every public `--bridge-*` custom
 * property has its default here, on `:host`, so a host page can override any
 * of them on the element and nothing is ever written to the page's `:root`.
 * Parts inherit the tokens through the shadow boundary from <bridge-widget>.
 */
export const hostStyles = css`
  :host {
    box-sizing: border-box;
    display: block;
    font-family: var(--bridge-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: var(--bridge-font-size, 15px);
    line-height: 1.4;
    color: var(--bridge-color-text, #14161a);
    -webkit-font-smoothing: antialiased;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  [hidden] {
    display: none !important;
  }
  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }
  button {
    cursor: pointer;
  }
  button:disabled {
    cursor: not-allowed;
  }
  :focus-visible {
    outline: 2px solid var(--bridge-color-focus, #3b5bdb);
    outline-offset: 2px;
  }
  /* Headings and status lines that receive focus programmatically (when a view replaces the focused control). */
  [tabindex='-1']:focus {
    outline: none;
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
    border: 0;
  }
`;

/**
 * The parts' private aliases of the public tokens, with the light defaults as
 * fallbacks, so a part looks right on its own and still follows the theme
 * <bridge-widget> sets (a part must not declare the `--bridge-*` defaults
 * itself: that would shadow the inherited theme). One sheet, shared by every
 * part through adoptedStyleSheets.
 */
export const partTokens = css`
  :host {
    --_bg: var(--bridge-color-bg, #ffffff);
    --_surface: var(--bridge-color-surface, #f4f5f7);
    --_raised: var(--bridge-color-surface-raised, #ffffff);
    --_border: var(--bridge-color-border, #d9dce1);
    --_control: var(--bridge-color-border-strong, #858c97);
    --_text: var(--bridge-color-text, #14161a);
    --_muted: var(--bridge-color-text-muted, #565c66);
    --_accent: var(--bridge-color-accent, #3b5bdb);
    --_accent-text: var(--bridge-color-accent-text, #ffffff);
    --_focus: var(--bridge-color-focus, #3b5bdb);
    --_success: var(--bridge-color-success, #1e7a3c);
    --_danger: var(--bridge-color-danger, #b42318);
    --_danger-bg: var(--bridge-color-danger-bg, #fdecea);
    --_warning: var(--bridge-color-warning, #8a5a00);
    --_warning-bg: var(--bridge-color-warning-bg, #fff4d6);
    --_radius: var(--bridge-radius, 12px);
    --_radius-s: var(--bridge-radius-small, 8px);
    --_space: var(--bridge-spacing, 12px);
  }
`;

/**
 * Light-theme defaults of every public token; <bridge-widget> swaps the
 * colours for the dark set. A host overrides them on the element itself
 * (`bridge-widget { --bridge-color-accent: … }`): rules on the element beat
 * these `:host` defaults, values set on an ancestor do not.
 */
export const tokenDefaults = css`
  :host {
    --bridge-color-bg: #ffffff;
    --bridge-color-surface: #f4f5f7;
    --bridge-color-surface-raised: #ffffff;
    --bridge-color-border: #d9dce1;
    --bridge-color-border-strong: #858c97;
    --bridge-color-backdrop: rgb(10 12 16 / 0.5);
    --bridge-color-text: #14161a;
    --bridge-color-text-muted: #565c66;
    --bridge-color-accent: #3b5bdb;
    --bridge-color-accent-text: #ffffff;
    --bridge-color-focus: #3b5bdb;
    --bridge-color-success: #1e7a3c;
    --bridge-color-warning: #8a5a00;
    --bridge-color-warning-bg: #fff4d6;
    --bridge-color-danger: #b42318;
    --bridge-color-danger-bg: #fdecea;
    --bridge-radius: 12px;
    --bridge-radius-small: 8px;
    --bridge-spacing: 12px;
    --bridge-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    --bridge-font-mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    --bridge-font-size: 15px;
    --bridge-max-width: 440px;
    --bridge-z-index: 10;
  }
`;
