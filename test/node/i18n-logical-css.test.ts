/**
 * No style sheet of the widget hard-codes a side: every `css` template in
 * src/**\/*.styles.ts and src/components/shared/ uses logical properties
 * (`margin-inline-start`, `inset-inline`, `text-align: end`, `float:
 * inline-start`), so a right-to-left widget mirrors itself. The browser test
 * test/browser/i18n-rtl.e2e.test.ts checks the result on screen; this one
 * names the line that would break it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

const sheets = [
  ...files(path.join(root, 'src')).filter((file) => file.endsWith('.styles.ts')),
  ...files(path.join(root, 'src/components/shared')).filter((file) => file.endsWith('.ts')),
];

/** Top-level values of a declaration (`8px calc(var(--a) * 2) 8px` → 3). */
const valueCount = (value: string) =>
  value
    .replace(/\([^()]*(\([^()]*\))*[^()]*\)/g, '()')
    .trim()
    .split(/\s+/).length;

/** What makes a declaration physical, and why. */
const RULES: Array<[RegExp | ((declaration: string) => boolean), string]> = [
  [/(^|[^-\w])(left|right)\b/, 'a left or right keyword (use inline-start/inline-end, start/end)'],
  [/-(left|right|top|bottom)\b/, 'a physical property (use -inline-start, -block-end, …)'],
  [/^(top|bottom)\s*:/, 'a physical inset (use inset-block-start/-end)'],
  [
    (d) => /^(margin|padding|scroll-margin|scroll-padding)\s*:/.test(d) && valueCount(d.split(':')[1]!) > 2,
    'a shorthand with separate left and right (use -inline and -block)',
  ],
  [
    (d) => /^(inset|border-radius|border-width|border-color|border-style)\s*:/.test(d) && valueCount(d.split(':')[1]!) > 1,
    'a shorthand by physical sides or corners',
  ],
];

describe('logical CSS', () => {
  it(`finds the widget's style sheets (${sheets.length})`, () => {
    assert.ok(sheets.length >= 15, sheets.join(', '));
  });

  it('no style sheet hard-codes left, right, top or bottom', () => {
    const found: string[] = [];
    for (const file of sheets) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bcss`([\s\S]*?)`/g)) {
        const css = match[1]!.replace(/\/\*[\s\S]*?\*\//g, '');
        const firstLine = source.slice(0, match.index).split('\n').length;
        css.split('\n').forEach((line, i) => {
          for (const declaration of line.split(';').map((d) => d.trim().replace(/^[^{]*\{\s*/, ''))) {
            if (!declaration || declaration.startsWith('@')) continue;
            for (const [rule, why] of RULES) {
              const hit = typeof rule === 'function' ? rule(declaration) : rule.test(declaration);
              if (hit) found.push(`${path.relative(root, file)}:${firstLine + i}: "${declaration}": ${why}`);
            }
          }
        });
      }
    }
    assert.deepEqual(found, []);
  });

  it('would catch one (the rules themselves)', () => {
    const physical = [
      'margin-left: auto',
      'float: left',
      'text-align: right',
      'top: 0',
      'padding: 0 12px 0 36px',
      'border-bottom-left-radius: 0',
      'inset: 0 auto 0 0',
    ];
    const logical = [
      'margin-inline-start: auto',
      'float: inline-start',
      'text-align: end',
      'inset-block-start: 0',
      'padding: 0 12px',
      'inset: 0',
      'border-radius: 50%',
    ];
    const flagged = (d: string) => RULES.some(([rule]) => (typeof rule === 'function' ? rule(d) : rule.test(d)));
    assert.deepEqual(
      physical.filter((d) => !flagged(d)),
      [],
    );
    assert.deepEqual(logical.filter(flagged), []);
  });
});
