/**
 * The tables for translators: `npm run i18n:export` writes XLIFF 2.0,
 * `npm run i18n:import` reads it back. Round trip: every language exported
 * and imported again is byte for byte the module in src/i18n; a translator's
 * edits come through; a file with a lost placeholder, key or plural form is
 * refused with each problem named; a new language starts with empty targets.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALE_ADD_ONS } from '../../src/i18n/add-ons.js';
import { en } from '../../src/i18n/en.js';
import { exportXliff, importXliff, ROOT, tableModule } from '../../scripts/i18n-xliff.js';
import fr from '../../src/i18n/fr.js';
import ar from '../../src/i18n/ar.js';

/** Strings with plural forms (objects in the English table): each is one unit per form the language uses. */
const PLURAL_KEYS = Object.values(en).filter((value) => typeof value === 'object').length;

let dir: string;

/** The npm scripts' command, run as `npm run i18n:export -- …` runs it. */
function cli(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/i18n-xliff.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bridge-widget-xliff-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('XLIFF export and import', { timeout: 120_000 }, () => {
  it('round trip: every language exported and imported again is the module in src/i18n, byte for byte', () => {
    const exported = cli('export', '--out', path.join(dir, 'xlf'));
    assert.equal(exported.code, 0, exported.err);
    assert.deepEqual(readdirSync(path.join(dir, 'xlf')).sort(), LOCALE_ADD_ONS.map((code) => `${code}.xlf`).sort());
    const files = LOCALE_ADD_ONS.map((code) => path.join(dir, 'xlf', `${code}.xlf`));
    const imported = cli('import', '--into', path.join(dir, 'ts'), ...files);
    assert.equal(imported.code, 0, imported.err);
    for (const code of LOCALE_ADD_ONS) {
      assert.equal(readFileSync(path.join(dir, 'ts', `${code}.ts`), 'utf8'), readFileSync(path.join(ROOT, 'src/i18n', `${code}.ts`), 'utf8'), `${code}.ts`);
    }
  });

  it('the file is XLIFF 2.0 a tool can read: English sources, placeholders as inline codes, one unit per plural form with example numbers', () => {
    const xml = exportXliff('ar', ar);
    assert.match(
      xml,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ar">/,
    );
    assert.equal((xml.match(/<unit /g) ?? []).length, Object.keys(en).length + PLURAL_KEYS * (6 - 1), 'one unit per key, six for each Arabic plural');
    assert.match(
      xml,
      /<source>Bridge <ph id="amount" equiv="\{amount\}" disp="\{amount\}"\/> <ph id="symbol" equiv="\{symbol\}" disp="\{symbol\}"\/><\/source>/,
    );
    assert.match(
      xml,
      /<unit id="amount\.decimals:few">\s*<notes>\s*<note>Plural form "few" of amount\.decimals: used for 3, 4, 5, 6, 7, 8, 9, 10, …\.<\/note>/,
    );
  });

  it('a translator’s edits come through, markup characters included', async () => {
    const xml = exportXliff('fr', fr)
      .replace('<target>Montant</target>', '<target>Somme &amp; frais &lt;max&gt; "x"</target>')
      .replace(
        /(<unit id="amount\.decimals:one">[\s\S]*?<target>)[\s\S]*?(<\/target>)/,
        '$1<ph id="token" equiv="{token}" disp="{token}"/> : une seule décimale<![CDATA[ <ok> ]]>$2',
      );
    const { table, problems, language } = importXliff(xml);
    assert.deepEqual(problems, []);
    assert.equal(language, 'fr');
    assert.equal(table['form.amount'], 'Somme & frais <max> "x"');
    assert.deepEqual(table['amount.decimals'], { ...fr['amount.decimals'], one: '{token} : une seule décimale <ok> ' });
    const module = await tableModule('fr', table, readFileSync(path.join(ROOT, 'src/i18n/fr.ts'), 'utf8'));
    assert.ok(module.includes(`'form.amount': 'Somme & frais <max> "x"',`));
  });

  it('refuses a file with a placeholder lost, a key missing or a plural form missing, naming each, and writes nothing', () => {
    const broken = exportXliff('ar', ar)
      .replace(/(<unit id="action\.bridge">[\s\S]*?<target>)[\s\S]*?(<\/target>)/, '$1تحويل<ph id="amount" equiv="{amount}" disp="{amount}"/>$2')
      .replace(/<unit id="form\.amount">[\s\S]*?<\/unit>/, '')
      .replace(/<unit id="amount\.decimals:two">[\s\S]*?<\/unit>/, '');
    const { problems } = importXliff(broken);
    assert.deepEqual(problems, [
      'form.amount: no translation',
      'action.bridge: placeholders {amount} instead of {amount} {symbol}',
      'amount.decimals:two: no translation (the plural form ar uses for 2)',
    ]);
    const file = path.join(dir, 'broken-ar.xlf');
    writeFileSync(file, broken);
    const run = cli('import', '--into', path.join(dir, 'refused'), file);
    assert.equal(run.code, 1);
    assert.match(run.err, /not imported \(3 problems\)/);
    assert.ok(!existsSync(path.join(dir, 'refused', 'ar.ts')), 'nothing written');
  });

  it('a new language: exported with empty targets and its own plural forms; once translated, imported as a module to add', async () => {
    const run = cli('export', '--locale', 'sw', '--out', path.join(dir, 'new'));
    assert.equal(run.code, 0, run.err);
    const xml = readFileSync(path.join(dir, 'new', 'sw.xlf'), 'utf8');
    assert.ok(!xml.includes('<target>'), 'nothing translated yet');
    assert.deepEqual(
      [...xml.matchAll(/<unit id="amount\.decimals:(\w+)">/g)].map((m) => m[1]),
      ['one', 'other'],
    );
    assert.equal(importXliff(xml).problems.length, Object.keys(en).length + PLURAL_KEYS * (2 - 1));
    // The translator fills every target (here, with the English source).
    const filled = xml.replace(/(<source>([\s\S]*?)<\/source>)/g, '$1\n        <target>$2</target>');
    const file = path.join(dir, 'new', 'sw-filled.xlf');
    writeFileSync(file, filled);
    const imported = cli('import', '--into', path.join(dir, 'new'), file);
    assert.equal(imported.code, 0, imported.err);
    assert.match(imported.out, /new language: add 'sw' to src\/i18n\/add-ons\.ts/);
    const module = readFileSync(path.join(dir, 'new', 'sw.ts'), 'utf8');
    assert.match(module, /^\/\*\*\n \* Swahili, a language add-on/);
    assert.match(module, /export const sw: Strings = \{/);
    assert.match(module, /'amount\.decimals': \{\n {4}one: '\{token\} has \{count\} decimal',\n {4}other: '\{token\} has \{count\} decimals',\n {2}\},/);
  });
});
