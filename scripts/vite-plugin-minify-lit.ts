/**
 * Vite plugin for the script-tag build: shrinks the static text of Lit's
 * `html`, `svg` and `css` tagged templates in our own sources. Only the
 * template strings change, never the expressions between them; the templates
 * are found with the TypeScript parser, not with regular expressions.
 *
 * - html/svg: a run of whitespace that contains a line break becomes one line
 *   break (indentation goes; a line break renders like a space, and stays a
 *   line break under `white-space: pre-line`). Templates containing `<pre` or
 *   `<textarea` are left alone, as is any run without a line break.
 * - css: comments go, whitespace runs become one space, the spaces next to
 *   `{`, `}`, `;`, `,` and `>` and after `:` go, as do a `;` before `}`, the
 *   space before `!important`, the leading zero of `0.5` and the second digit
 *   of `#aabbcc`. Quoted strings and escapes are copied unchanged.
 *
 * Not safe for templates whose text relies on `white-space: pre`/`pre-wrap`;
 * the widget has none (there is a check in test/node/script-tag.test.ts).
 */
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

const TAGS = new Set(['html', 'svg', 'css']);

export function minifyHtmlText(text: string): string {
  if (/<(pre|textarea)\b/i.test(text)) return text;
  return text.replace(/[ \t\r\n\f]*\n[ \t\r\n\f]*/g, '\n');
}

export function minifyCssText(text: string): string {
  let out = '';
  let plain = '';
  // Outside strings and comments: whitespace runs become one space, and the
  // spaces next to `{`, `}`, `;` and `,` go.
  const flush = () => {
    out += plain
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};,>]) ?/g, '$1')
      // After a colon (declarations; a selector's pseudo-class never has a space after its colon).
      .replace(/: /g, ':')
      .replace(/ !important/g, '!important')
      .replace(/;}/g, '}')
      // 0.5 → .5 (a number, not part of a word or of a longer number).
      .replace(/(^|[^\w.#-])0\.(\d)/g, '$1.$2')
      // #aabbcc → #abc.
      .replace(/#([\da-f])\1([\da-f])\2([\da-f])\3\b/gi, '#$1$2$3');
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      // A quoted string is copied verbatim, backslash escapes included.
      let j = i + 1;
      while (j < text.length && text[j] !== ch) j += text[j] === '\\' ? 2 : 1;
      flush();
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '/' && text[i + 1] === '*') {
      // A comment separates tokens as whitespace does.
      const end = text.indexOf('*/', i + 2);
      plain += ' ';
      i = end < 0 ? text.length : end + 2;
    } else if (ch === '\\') {
      // An escape (in the template's source) is kept as it is.
      plain += text.slice(i, i + 2);
      i += 2;
    } else {
      plain += ch;
      i++;
    }
  }
  flush();
  return out;
}

/** Edits the static parts of `html`/`svg`/`css` tagged templates in a TypeScript or JavaScript module. */
export function minifyLitTemplates(code: string, id: string): { code: string; map: ReturnType<MagicString['generateMap']> } | undefined {
  if (!/\b(html|svg|css)`/.test(code)) return undefined;
  const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, id.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const output = new MagicString(code);
  let changed = false;
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && TAGS.has(node.tag.text)) {
      const minify = node.tag.text === 'css' ? minifyCssText : minifyHtmlText;
      const template = node.template;
      const literals: ts.Node[] = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      for (const literal of literals) {
        // Source text of the literal part: "`…`", "`…${", "}…${" or "}…`".
        const start = literal.getStart(source) + 1;
        const end = literal.getEnd() - (ts.isTemplateHead(literal) || ts.isTemplateMiddle(literal) ? 2 : 1);
        const text = code.slice(start, end);
        const minified = minify(text);
        if (minified !== text) {
          if (minified === '') output.remove(start, end);
          else output.overwrite(start, end, minified);
          changed = true;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!changed) return undefined;
  return { code: output.toString(), map: output.generateMap({ hires: true, source: id }) };
}

export function minifyLitTemplatesPlugin(): Plugin {
  return {
    name: 'bridge-widget:minify-lit-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id.split('?')[0]!)) return null;
      return minifyLitTemplates(code, id) ?? null;
    },
  };
}
