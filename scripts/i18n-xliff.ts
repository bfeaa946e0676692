/**
 * The string tables for translators, as XLIFF 2.0 (the OASIS exchange format
 * translation tools read: Crowdin, Lokalise, Phrase, Weblate, memoQ, Trados):
 *
 *   npm run i18n:export                        every language → translations/<code>.xlf
 *   npm run i18n:export -- --locale sw         one language; a new one gets empty targets
 *   npm run i18n:export -- --out some/dir
 *   npm run i18n:import -- translations/sw.xlf [more.xlf …]   → src/i18n/<code>.ts
 *   npm run i18n:import -- --into some/dir translations/*.xlf  (writes elsewhere)
 *
 * One `<unit>` per key, English as `<source>`; a plural string is one unit per
 * CLDR form the target language uses (`amount.decimals:few`), with a note
 * giving numbers that take that form. `{name}` placeholders travel as
 * `<ph equiv="{name}"/>`, so tools protect them. Import refuses a file with a
 * key missing, a placeholder lost or a plural form missing, names each
 * problem, and writes nothing for that file; it keeps the header comment of an
 * existing table and formats the result with Prettier.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { LOCALE_ADD_ONS } from '../src/i18n/add-ons.ts';
import { en } from '../src/i18n/en.ts';
import type { PluralCategory, PluralForms, Strings } from '../src/i18n/strings.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CATEGORIES: readonly PluralCategory[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

type Table = Record<string, string | PluralForms>;

/** What a translator should know about a value that fills a placeholder. */
const PLACEHOLDER_NOTES: Record<string, string> = {
  amount: 'an amount with its token symbol, e.g. "2 USDC" (kept left to right in right-to-left languages)',
  symbol: 'a token symbol, e.g. "USDC"',
  chain: 'a network name, e.g. "Base"',
  from: 'a network name, or a USD value in quote.lossDetail',
  to: 'a network name, or a USD value in quote.lossDetail',
  when: 'a moment written by the browser in this language, e.g. "in 12 seconds" or "5 seconds ago"',
  duration: 'a duration written by the browser in this language, e.g. "2 min, 05 sec"',
  percent: 'a percentage with its sign, written the language\u2019s way, e.g. "0.5%"',
  max: 'a percentage with its sign, e.g. "50%"',
  min: 'a percentage with its sign, e.g. "0%"',
  count: 'a number, written the language\u2019s way',
  spender: 'a contract address (shortened) or its name with the address',
  hash: 'a shortened transaction hash, e.g. "0x1a2b…9f0e"',
  label: 'the name of an id, e.g. "Request ID"',
  state: 'the state of an approval, e.g. "Approved"',
  token: 'a token symbol, or "This token"',
  family: 'an address family, e.g. "EVM", "Solana"',
  usd: 'a USD value, e.g. "$1.99"',
  provider: 'a bridge provider name',
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeXml(text).replace(/"/g, '&quot;');

/** Text with `{name}` placeholders as XLIFF inline codes (ids unique within the segment). */
function inline(text: string): string {
  const seen = new Map<string, number>();
  return text
    .split(/(\{\w+\})/)
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      if (!name) return escapeXml(piece);
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      return `<ph id="${name}${n > 1 ? `_${n}` : ''}" equiv="${escapeAttribute(piece)}" disp="${escapeAttribute(piece)}"/>`;
    })
    .join('');
}

/** Integers (0–200, then 1.5) that take `category` in `language`, for the translator's note. */
function examples(language: string, category: PluralCategory): string {
  const rules = new Intl.PluralRules(language);
  const found = [...Array.from({ length: 201 }, (_, i) => i), 1.5].filter((n) => rules.select(n) === category);
  return found.length > 8 ? `${found.slice(0, 8).join(', ')}, …` : found.join(', ');
}

const pluralCategories = (language: string) => CATEGORIES.filter((c) => new Intl.PluralRules(language).resolvedOptions().pluralCategories.includes(c));

function notes(source: string, extra: string[] = []): string {
  const names = [...new Set(source.match(/\{(\w+)\}/g) ?? [])].map((p) => p.slice(1, -1));
  const lines = [...extra, ...names.flatMap((name) => (PLACEHOLDER_NOTES[name] ? [`{${name}}: ${PLACEHOLDER_NOTES[name]}`] : []))];
  return lines.length ? `\n      <notes>\n${lines.map((l) => `        <note>${escapeXml(l)}</note>`).join('\n')}\n      </notes>` : '';
}

function unit(id: string, source: string, target: string | undefined, extraNotes: string[] = []): string {
  const state = target === undefined ? 'initial' : 'translated';
  const targetXml = target === undefined ? '' : `\n        <target>${inline(target)}</target>`;
  return `    <unit id="${escapeAttribute(id)}">${notes(source, extraNotes)}
      <segment state="${state}">
        <source>${inline(source)}</source>${targetXml}
      </segment>
    </unit>`;
}

/** The XLIFF 2.0 document of a language: English sources, the table's targets (none for a language not written yet). */
export function exportXliff(language: string, table: Table | undefined): string {
  const units: string[] = [];
  for (const [key, english] of Object.entries(en as Table)) {
    const target = table?.[key];
    if (typeof english === 'string') {
      units.push(unit(key, english, typeof target === 'string' ? target : undefined));
      continue;
    }
    for (const category of pluralCategories(language)) {
      const forms = typeof target === 'object' ? target : undefined;
      const source = english[category] ?? english.other;
      units.push(unit(`${key}:${category}`, source, forms?.[category], [`Plural form "${category}" of ${key}: used for ${examples(language, category)}.`]));
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="${escapeAttribute(language)}">
  <file id="bridge-widget" original="src/i18n/${escapeAttribute(language.toLowerCase())}.ts">
${units.join('\n')}
  </file>
</xliff>
`;
}

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const attribute = (attributes: string, name: string) => {
  const match = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? decode(match[2] ?? match[3] ?? '') : undefined;
};

/** A target's text: inline codes back to `{name}` (by `equiv`, else by id), entities decoded. */
function targetText(xml: string): string {
  // CDATA first: its text may hold anything, markup included.
  const withCodes = xml
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, raw: string) => escapeXml(raw))
    .replace(/<ph\b([^>]*?)\/>/g, (_, attributes: string) => {
      const equiv = attribute(attributes, 'equiv') ?? attribute(attributes, 'disp');
      if (equiv && /^\{\w+\}$/.test(equiv)) return escapeXml(equiv);
      return `{${(attribute(attributes, 'id') ?? '').replace(/_\d+$/, '')}}`;
    });
  return decode(withCodes.replace(/<[^>]+>/g, ''));
}

export interface Imported {
  language: string;
  table: Table;
  problems: string[];
}

/** Reads an XLIFF 2.0 document back into a table and lists what is wrong with it (nothing written). */
export function importXliff(xml: string): Imported {
  const language = attribute(/<xliff\b([^>]*)>/.exec(xml)?.[1] ?? '', 'trgLang') ?? '';
  const problems: string[] = [];
  if (!language) problems.push('the <xliff> element names no trgLang');
  const targets = new Map<string, string>();
  for (const match of xml.matchAll(/<unit\b([^>]*)>([\s\S]*?)<\/unit>/g)) {
    const id = attribute(match[1]!, 'id');
    const target = /<target\b[^>]*?(?:\/>|>([\s\S]*?)<\/target>)/.exec(match[2]!);
    if (id && target?.[1] !== undefined && target[1].trim() !== '') targets.set(id, targetText(target[1]));
  }
  const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort().join(' ');
  const table: Table = {};
  for (const [key, english] of Object.entries(en as Table)) {
    if (typeof english === 'string') {
      const text = targets.get(key);
      if (text === undefined) problems.push(`${key}: no translation`);
      else if (placeholders(text) !== placeholders(english))
        problems.push(`${key}: placeholders ${placeholders(text) || 'none'} instead of ${placeholders(english)}`);
      if (text !== undefined) table[key] = text;
      continue;
    }
    const forms: Partial<Record<PluralCategory, string>> = {};
    for (const category of language ? pluralCategories(language) : []) {
      const text = targets.get(`${key}:${category}`);
      const expected = placeholders(english.other)
        .split(' ')
        .filter((p) => p !== '{count}');
      if (text === undefined) problems.push(`${key}:${category}: no translation (the plural form ${language} uses for ${examples(language, category)})`);
      else if (!expected.every((p) => !p || text.includes(p)) || (category === 'other' && placeholders(text) !== placeholders(english.other)))
        problems.push(`${key}:${category}: placeholders ${placeholders(text) || 'none'} instead of ${placeholders(english.other)}`);
      if (text !== undefined) forms[category] = text;
    }
    table[key] = forms as PluralForms;
  }
  return { language, table, problems };
}

/** A string as a single-quoted TypeScript literal; invisible and bidi characters as \u escapes so an editor shows them. */
const literal = (text: string) =>
  `'${text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/[\u00a0\u061c\u200b-\u200f\u2028\u2029\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;

const identifier = (language: string) => language.toLowerCase().replace(/[^a-z0-9]/g, '_');

/**
 * The keys of a table in the order its module lists them: those of the
 * existing module where it has them (an import changes only what was
 * translated, never the order), then the others in English's order (the
 * English parts one after the other, src/i18n/en.ts).
 */
function keyOrder(existing: string | undefined): string[] {
  const english = Object.keys(en);
  const listed = [...(existing ?? '').matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1]!).filter((key) => Object.hasOwn(en, key));
  const known = new Set(listed);
  return [...listed, ...english.filter((key) => !known.has(key))];
}

/**
 * The TypeScript module of a table, formatted as the repository formats code.
 * `existing` (the current module, if any) keeps its header comment and its order of keys.
 */
export async function tableModule(language: string, table: Table, existing?: string): Promise<string> {
  const name = identifier(language);
  const header =
    existing?.slice(0, existing.indexOf('export const')).trimEnd() ??
    `/**\n * ${new Intl.DisplayNames('en', { type: 'language' }).of(language)}, a language add-on: the widget loads this module the first time it shows it.\n * Imported from XLIFF (npm run i18n:import).\n */\nimport type { Strings } from './strings.js';`;
  const entries = keyOrder(existing).map((key) => {
    const value = table[key]!;
    if (typeof value === 'string') return `  ${literal(key)}: ${literal(value)},`;
    const forms = CATEGORIES.filter((c) => value[c] !== undefined).map((c) => `    ${c}: ${literal(value[c]!)},`);
    return `  ${literal(key)}: {\n${forms.join('\n')}\n  },`;
  });
  const source = `${header}\n\nexport const ${name}: Strings = {\n${entries.join('\n')}\n};\n\nexport default ${name};\n`;
  const options = (await prettier.resolveConfig(path.join(ROOT, 'src/i18n/en.ts'))) ?? {};
  return prettier.format(source, { ...options, parser: 'typescript' });
}

/** Writes src/i18n/<code>.ts (or `<into>/<code>.ts`) from an XLIFF file; returns what was done. */
export async function importFile(file: string, into = path.join(ROOT, 'src/i18n')): Promise<{ language: string; written?: string; problems: string[] }> {
  const { language, table, problems } = importXliff(readFileSync(file, 'utf8'));
  if (problems.length) return { language, problems };
  const target = path.join(into, `${language.toLowerCase()}.ts`);
  const existingFile = path.join(ROOT, 'src/i18n', `${language.toLowerCase()}.ts`);
  const existing = existsSync(existingFile) ? readFileSync(existingFile, 'utf8') : undefined;
  mkdirSync(into, { recursive: true });
  writeFileSync(target, await tableModule(language, table, existing));
  return { language, written: target, problems };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const option = (name: string) => (rest.includes(name) ? rest.splice(rest.indexOf(name), 2)[1] : undefined);
  if (command === 'export') {
    const out = path.resolve(ROOT, option('--out') ?? 'translations');
    const only = option('--locale');
    mkdirSync(out, { recursive: true });
    for (const language of only ? [only] : LOCALE_ADD_ONS) {
      const code = language.toLowerCase();
      const module = existsSync(path.join(ROOT, 'src/i18n', `${code}.ts`)) ? ((await import(`../src/i18n/${code}.ts`)) as { default: Strings }) : undefined;
      const file = path.join(out, `${code}.xlf`);
      writeFileSync(file, exportXliff(language, module?.default as Table | undefined));
      console.log(`${path.relative(process.cwd(), file)}${module ? '' : ' (new language: targets empty)'}`);
    }
    return 0;
  }
  if (command === 'import') {
    const into = option('--into');
    let failed = 0;
    for (const file of rest) {
      const result = await importFile(file, into ? path.resolve(into) : undefined);
      if (result.problems.length) {
        failed++;
        console.error(`${file}: not imported (${result.problems.length} problem${result.problems.length > 1 ? 's' : ''}):\n  ${result.problems.join('\n  ')}`);
        continue;
      }
      console.log(`${file} → ${path.relative(process.cwd(), result.written!)}`);
      if (!(LOCALE_ADD_ONS as readonly string[]).includes(result.language.toLowerCase())) {
        console.log(
          `  new language: add '${result.language.toLowerCase()}' to src/i18n/add-ons.ts and \`${identifier(result.language)}: () => import('./${result.language.toLowerCase()}.js'),\` to src/i18n/loaders.ts`,
        );
      }
    }
    return failed ? 1 : 0;
  }
  console.error('usage: i18n-xliff.ts export [--locale <code>] [--out <dir>] | import [--into <dir>] <file.xlf>…');
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
