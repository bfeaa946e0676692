/**
 * The widget's themes for a part tested on its own. `<bridge-widget theme="dark">`
 * swaps the colour tokens on its host and the parts inside inherit them; a
 * part on its own inherits them from a box around it. The dark values are
 * read from the widget's own style sheet, so a change of the theme reaches
 * these tests too.
 */
import { styles } from '../../../src/bridge-widget/bridge-widget.styles.js';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The `style` of a box that gives the parts inside it the theme's colours (light: the parts' own defaults), and its background to the page around them. */
export function themeBoxStyle(theme: Theme): string {
  if (theme === 'light') return 'background: var(--bridge-color-bg, #ffffff)';
  const rule = /:host\(\[theme='dark'\]\)\s*\{([^}]*)\}/.exec(styles.cssText);
  if (!rule) throw new Error("the widget's style sheet has no :host([theme='dark']) rule");
  return `${rule[1]!.trim()} color-scheme: dark; background: var(--bridge-color-bg);`;
}
