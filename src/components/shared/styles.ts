import { css, unsafeCSS } from 'lit';

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
    /*
     * The type scale, the only font sizes the widget and its parts use: five, each a whole number of pixels from the
     * base size (12, 14, 15, 20 and 28 px at the default 15 px). Fine print, secondary text, body, titles, amounts.
     */
    --_fs-m: var(--bridge-font-size, 15px);
    --_fs-xs: calc(var(--_fs-m) - 3px);
    --_fs-s: calc(var(--_fs-m) - 1px);
    --_fs-l: calc(var(--_fs-m) + 5px);
    --_fs-xl: calc(var(--_fs-m) + 13px);
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  [hidden] {
    display: none !important;
  }
  /* Rounded buttons and chips (slippage choices, copy, retry): each part sets only what differs. */
  .pill {
    min-height: 30px;
    padding: 2px 10px;
    border: 1px solid var(--_control);
    border-radius: 999px;
    background: var(--_raised);
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
 * Every public token with its light default, and the private alias the parts
 * read it through (the `--_*` names their style sheets use). Values are
 * written exactly as a host reads them back with `getPropertyValue`.
 */
type Token = readonly [name: string, value: string, alias?: string];

/** The colours: <bridge-widget>'s dark theme replaces these. */
const COLOR_TOKENS: readonly Token[] = [
  ['color-bg', '#ffffff', 'bg'],
  ['color-surface', '#f4f5f7', 'surface'],
  ['color-surface-raised', '#ffffff', 'raised'],
  ['color-border', '#d9dce1', 'border'],
  ['color-border-strong', '#858c97', 'control'],
  ['color-backdrop', 'rgb(10 12 16 / 0.5)'],
  ['color-text', '#14161a', 'text'],
  ['color-text-muted', '#565c66', 'muted'],
  ['color-accent', '#3b5bdb', 'accent'],
  ['color-accent-text', '#ffffff', 'accent-text'],
  ['color-focus', '#3b5bdb', 'focus'],
  ['color-success', '#1e7a3c', 'success'],
  ['color-warning', '#8a5a00', 'warning'],
  ['color-warning-bg', '#fff4d6', 'warning-bg'],
  ['color-danger', '#b42318', 'danger'],
  ['color-danger-bg', '#fdecea', 'danger-bg'],
];

/** Shape, type and layout. */
const TOKENS: readonly Token[] = [
  ...COLOR_TOKENS,
  ['radius', '12px', 'radius'],
  ['radius-small', '8px', 'radius-s'],
  ['spacing', '12px', 'space'],
  ['font', "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"],
  ['font-mono', 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'],
  ['font-size', '15px'],
  ['max-width', '440px'],
  ['z-index', '10'],
];

const hostRule = (declarations: string[]) => unsafeCSS(`:host{${declarations.join(';')}}`);

/**
 * The parts' private aliases of the public tokens, with the light defaults as
 * fallbacks, so a part looks right on its own and still follows the theme
 * <bridge-widget> sets (a part must not declare the `--bridge-*` defaults
 * itself: that would shadow the inherited theme). One sheet, shared by every
 * part through adoptedStyleSheets.
 */
export const partTokens = hostRule(TOKENS.filter((token) => token[2]).map(([name, value, alias]) => `--_${alias}:var(--bridge-${name},${value})`));

/**
 * Light-theme defaults of every public token; <bridge-widget> swaps the
 * colours for the dark set. A host overrides them on the element itself
 * (`bridge-widget { --bridge-color-accent: … }`): rules on the element beat
 * these `:host` defaults, values set on an ancestor do not.
 */
export const tokenDefaults = hostRule(TOKENS.map(([name, value]) => `--bridge-${name}:${value}`));

/** The turning icon of a step in progress (`class="spin"` on an SVG shape); still for users who ask for reduced motion. */
export const spinStyles = css`
  .spin {
    animation: spin 0.9s linear infinite;
    transform-origin: 50% 50%;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spin {
      animation: none;
    }
  }
`;
