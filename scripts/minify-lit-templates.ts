/**
 * The template minifier of the script-tag build: Lit's own Rollup plugin,
 * `@lit-labs/rollup-plugin-minify-html-literals` (html-minifier-next for the
 * static text of `html`/`svg` templates, Lightning CSS for `css` templates),
 * over our sources; the expressions between the strings are never touched.
 * A maintained library rather than a hand-written trimmer: it minifies more
 * (CHANGELOG.md has the measurements). The alternatives: `minify-literals`
 * 2.2 declares Node >= 22 (the project supports 20.19);
 * `@literals/rollup-plugin-html-css-minifier` 4.0 saves about the same and
 * is not Lit's own; `rollup-plugin-minify-html-literals` is unmaintained.
 *
 * Whitespace is collapsed conservatively (html-minifier-next's
 * `conservativeCollapse`): a run of spaces and line breaks becomes one space,
 * never none. A browser reads it the same way, so the build shows the text
 * the sources show; without it, the space before an inline part that starts a
 * template or follows a tag went ("Fees $4.53· ≈ 30 sec").
 * test/browser/script-tag-text.e2e.test.ts compares the two, state by state.
 *
 * A `css` template that holds declarations only (no rule: the dark theme's
 * tokens in bridge-widget.styles.ts, interpolated into two rules) is left as
 * written: Lightning CSS reads a template as a style sheet, and a bare
 * declaration list is not one ("Invalid qualified rule").
 */
import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';
import type { Plugin } from 'rollup';

interface Template {
  tag?: string;
  parts: { text: string }[];
}

/** A `css` tagged template with at least one rule (a `{`): what Lightning CSS can read. */
export function isCssStyleSheet(template: Template): boolean {
  return !!template.tag && template.tag.toLowerCase().includes('css') && template.parts.some((part) => part.text.includes('{'));
}

export function minifyLitTemplatesPlugin(): Plugin {
  return minifyHtmlLiterals({
    include: ['**/src/**/*.ts'],
    failOnError: true,
    options: { shouldMinifyCSS: isCssStyleSheet, minifyOptions: { conservativeCollapse: true } },
  }) as Plugin;
}
