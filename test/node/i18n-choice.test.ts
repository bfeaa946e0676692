/**
 * Which language a widget shows and how it writes values, without a DOM: the
 * order of the sources (attribute, `lang`, `navigator.languages`, English),
 * region and script fallbacks, direction, placeholders with the locale's
 * numbers and isolates, CLDR plural forms, and amounts, percentages and
 * durations through `Intl` with no digit lost.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseLocale, directionOf } from '../../src/i18n/choose.js';
import { en } from '../../src/i18n/en.js';
import { fill, fillParts, LOCALES, matchLanguage, plural, registerLocale, resolveLocale, type Strings } from '../../src/i18n/strings.js';
import { formatAmount, formatUsd, parseAmountInput } from '../../src/format/amount.js';
import { formatNumber, formatPercent, percentAffix } from '../../src/format/number.js';
import { formatDuration, formatEstimate, formatRelative } from '../../src/format/duration.js';
import ar from '../../src/i18n/ar.js';
import pl from '../../src/i18n/pl.js';
import ru from '../../src/i18n/ru.js';
import he from '../../src/i18n/he.js';

const choose = (sources: { attribute?: string; lang?: string[]; languages?: string[] }) => {
  const { key, tag } = chooseLocale({ attribute: sources.attribute ?? '', lang: sources.lang ?? [], languages: sources.languages ?? [] });
  return `${key} ${tag}`;
};

describe('choosing the language', () => {
  it('the locale attribute decides, even for a language the widget lacks (English texts, that locale’s numbers)', () => {
    assert.equal(choose({ attribute: 'de-CH', lang: ['fr'], languages: ['ja'] }), 'de de-CH');
    assert.equal(choose({ attribute: 'sw', lang: ['fr'], languages: ['ja'] }), 'en sw');
    assert.equal(choose({ attribute: 'not a tag!', lang: ['fr'] }), 'fr fr', 'an unusable attribute counts as unset');
    assert.equal(choose({ attribute: 'xx-YY' }), 'en en', 'a tag Intl cannot format numbers for falls back to English numbers');
  });

  it('else the closest lang (the element’s own, its ancestors’, then <html>’s), skipping languages the widget lacks', () => {
    assert.equal(choose({ lang: ['ja-JP', 'de'], languages: ['fr'] }), 'ja ja-JP');
    assert.equal(choose({ lang: ['sw', 'nl-BE'], languages: ['fr'] }), 'nl nl-BE');
  });

  it('else the first of navigator.languages the widget has, else English', () => {
    assert.equal(choose({ languages: ['sw', 'fr-CA', 'en'] }), 'fr fr-CA');
    assert.equal(choose({ languages: ['sw', 'xh'] }), 'en en');
    assert.equal(choose({}), 'en en');
  });

  it('regions fall back to their language: pt-PT and pt-BR find Portuguese, de-AT German, iw (the old code) Hebrew', () => {
    assert.equal(choose({ attribute: 'pt-PT' }), 'pt pt-PT');
    assert.equal(choose({ attribute: 'pt-BR' }), 'pt pt-BR');
    assert.equal(choose({ lang: ['de-AT'] }), 'de de-AT');
    assert.equal(choose({ languages: ['iw-IL'] }), 'he he-IL');
  });

  it('Chinese: zh, zh-CN, zh-SG and zh-Hans find Simplified; zh-TW, zh-HK and zh-Hant do not, unless a host registered Traditional', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK']) assert.equal(choose({ lang: [tag] }).split(' ')[0], 'zh', tag);
    for (const tag of ['zh-TW', 'zh-HK', 'zh-Hant', 'zh-MO']) assert.equal(choose({ lang: [tag], languages: ['ja', 'en'] }), `ja ja`, tag);
    assert.equal(choose({ attribute: 'zh-TW' }), 'en zh-TW', 'asked for explicitly: English texts, Taiwanese numbers and dates');
    const has = (keys: string[]) => (key: string) => keys.includes(key);
    assert.equal(matchLanguage('zh-TW', has(['zh', 'zh-hant'])), 'zh-hant', 'a table registered as zh-Hant serves zh-TW');
    assert.equal(matchLanguage('zh-HK', has(['zh', 'zh-tw', 'zh-hant'])), 'zh-hant');
    assert.equal(matchLanguage('pt-PT', has(['pt', 'pt-pt'])), 'pt-pt', 'the most specific table wins');
  });

  it('a language a host registers is chosen like a built-in one; resolveLocale reports the registered table', () => {
    const sw: Strings = { ...en, 'box.send': 'Unatuma' };
    assert.equal(choose({ languages: ['sw-KE'] }), 'en en');
    registerLocale('sw', sw);
    assert.equal(choose({ languages: ['sw-KE'] }), 'sw sw-KE');
    assert.equal(resolveLocale('sw-TZ').table, sw);
    assert.deepEqual({ ...resolveLocale('xx'), table: undefined }, { language: 'en', intl: 'en', table: undefined });
    assert.equal(LOCALES['sw'], sw);
  });

  it('direction: right to left for the scripts written so (Arabic, Hebrew, Persian, Urdu, Kurdish in Arabic script)', () => {
    for (const tag of ['ar', 'ar-MA', 'he', 'fa', 'ur', 'ckb', 'ku-Arab', 'yi']) assert.equal(directionOf(tag), 'rtl', tag);
    for (const tag of ['en', 'de', 'zh', 'ja', 'ku', 'tr', 'not a tag']) assert.equal(directionOf(tag), 'ltr', tag);
  });
});

describe('filling strings', () => {
  it('writes numbers the locale’s way and, in a right-to-left language, isolates each value', () => {
    assert.equal(fill('Step {index} of {total}', { index: 1, total: 1234 }, { locale: 'de' }), 'Step 1 of 1.234');
    assert.equal(fill('{count}', { count: 3 }, { locale: 'ar-EG' }), '٣');
    assert.equal(
      fill(ar['status.summary'], { amount: '2 USDC', from: 'Sepolia', to: 'Base' }, { rtl: true }),
      '\u20682 USDC\u2069 من \u2068Sepolia\u2069 إلى \u2068Base\u2069',
    );
    assert.deepEqual(fillParts('a {x} b', { x: 42 }, { rtl: true }), ['a ', '\u2068', '42', '\u2069', ' b']);
    assert.equal(fill('Hello {who}', {}), 'Hello {who}', 'an unknown placeholder stays as written');
  });

  it('picks each CLDR plural form: Arabic zero/one/two/few/many/other, Polish and Russian one/few/many/other, Hebrew two', () => {
    const decimals = (table: Strings, locale: string, count: number) => plural(table, 'amount.decimals', count, locale, { token: 'T' });
    assert.deepEqual(
      [0, 1, 2, 3, 11, 100].map((n) => decimals(ar, 'ar', n)),
      [
        'لا يقبل T أي خانة عشرية',
        'يقبل T خانة عشرية واحدة كحدٍّ أقصى',
        'يقبل T خانتين عشريتين كحدٍّ أقصى',
        'يقبل T 3 خانات عشرية كحدٍّ أقصى',
        'يقبل T 11 خانة عشرية كحدٍّ أقصى',
        'يقبل T 100 خانة عشرية كحدٍّ أقصى',
      ],
    );
    assert.deepEqual(
      [1, 2, 5, 22, 1.5].map((n) => decimals(pl, 'pl', n)),
      [
        'T przyjmuje najwyżej 1 miejsce po przecinku',
        'T przyjmuje najwyżej 2 miejsca po przecinku',
        'T przyjmuje najwyżej 5 miejsc po przecinku',
        'T przyjmuje najwyżej 22 miejsca po przecinku',
        'T przyjmuje najwyżej 1,5 miejsca po przecinku',
      ],
    );
    assert.deepEqual(
      [1, 3, 6, 21].map((n) => decimals(ru, 'ru', n)),
      ['T: максимум 1 знак после запятой', 'T: максимум 3 знака после запятой', 'T: максимум 6 знаков после запятой', 'T: максимум 21 знак после запятой'],
    );
    assert.equal(decimals(he, 'he', 2), 'T מקבל עד שתי ספרות אחרי הנקודה');
    assert.equal(plural(undefined, 'amount.decimals', 1, 'en', { token: 'X' }), 'X has 1 decimal');
    assert.equal(
      plural({ 'amount.decimals': { other: '{count} places' } }, 'amount.decimals', 1, 'en'),
      '1 places',
      'a host override without the form falls back to other',
    );
  });
});

describe('numbers, amounts and durations by the locale', () => {
  it('this runtime formats a decimal string exactly (Intl.NumberFormat v3), which formatAmount relies on', () => {
    assert.equal(
      new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format('12345678901234567890.12345678901234567' as unknown as number),
      '12,345,678,901,234,567,890.12345678901234567',
    );
  });

  it('amounts: bigint in, the locale’s digits and separators out, never a digit lost or rounded up', () => {
    const max = 2n ** 256n - 1n;
    assert.equal(formatAmount(max, 0, { locale: 'en' }), max.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    assert.equal(
      formatAmount(max, 18, { locale: 'de', maxFractionDigits: 18 }).replace(/\./g, '').replace(',', '.'),
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
    assert.equal(formatAmount(1_999_999n, 6, { locale: 'en', maxFractionDigits: 2 }), '1.99', 'cut, never rounded up');
    assert.equal(formatAmount(1_234_500_000n, 6, { locale: 'ar-EG' }), '١٬٢٣٤٫٥');
    assert.equal(formatAmount(1_500_000n, 6, { locale: 'fa' }), '۱٫۵');
    assert.equal(formatAmount(1n, 18, { locale: 'en' }), '<0.00000001');
    assert.equal(formatAmount(1n, 18, { locale: 'de' }), '<0,00000001');
    assert.equal(formatAmount(-15n, 1, { locale: 'en' }), '-1.5');
  });

  it('one rule for digits: six significant digits by magnitude, cut, never rounded up; dollars with cents below $10,000', () => {
    const usdc = (text: string) => BigInt(text.replace('.', '')) * 10n ** BigInt(6 - (text.split('.')[1]?.length ?? 0));
    assert.equal(formatAmount(usdc('9982.998999'), 6, { locale: 'en' }), '9,982.99', 'the balance, in the form and the picker alike');
    assert.equal(formatAmount(usdc('1.49849'), 6, { locale: 'en' }), '1.49849');
    assert.equal(formatAmount(usdc('1.483505'), 6, { locale: 'en' }), '1.4835', 'the minimum beside it: as many significant digits');
    assert.equal(formatAmount(usdc('60000000'), 6, { locale: 'en' }), '60,000,000');
    assert.equal(
      formatAmount(12_345_678_901_234n, 18, { locale: 'en' }),
      '0.00001234',
      'small amounts: their significant digits, at most eight after the separator',
    );
    assert.equal(formatAmount(10n ** 13n, 18, { locale: 'en' }), '0.00001');
    assert.equal(formatAmount(12_345n, 6, { locale: 'en' }), '0.012345');
    assert.equal(formatUsd(60_000_000, 'en'), '$60,000,000');
    assert.equal(formatUsd(9_982.5, 'en'), '$9,982.50');
    assert.equal(formatUsd(4.5349, 'en'), '$4.53');
    assert.equal(formatUsd(12_345.67, 'en'), '$12,346');
  });

  it('typing accepts the locale’s digits and decimal separator (Arabic, Persian, full-width), and still refuses grouping', () => {
    for (const text of ['1.5', '1,5', '١٫٥', '۱٫۵', '１．５', ' 1.50 ']) assert.deepEqual(parseAmountInput(text, 6), { ok: true, value: 1_500_000n }, text);
    for (const text of ['1٬500', '1,500', '1.5e3']) assert.deepEqual(parseAmountInput(text, 6), { ok: false, problem: 'invalid' }, text);
  });

  it('percentages and counts: sign and spacing as the locale writes them', () => {
    assert.equal(formatPercent(0.5, 'en'), '0.5%');
    assert.equal(formatPercent(0.5, 'de'), '0,5\u00a0%');
    assert.equal(formatPercent(97, 'tr'), '%97');
    assert.equal(formatPercent(12.345, 'en'), '12.3%');
    assert.deepEqual(percentAffix('tr'), { sign: '%', before: true });
    assert.deepEqual(percentAffix('en'), { sign: '%', before: false });
    assert.equal(formatNumber(1234, 'fa'), '۱٬۲۳۴');
  });

  it('durations in the locale’s units: elapsed to the second, estimates in minutes, moments before and after now', () => {
    assert.deepEqual(
      [45_000, 125_000, 900_000, 3_725_000, -5].map((ms) => formatDuration(ms, 'en')),
      ['45 sec', '2 min, 05 sec', '15 min, 00 sec', '1 hr, 02 min', '0 sec'],
    );
    assert.deepEqual(
      [45, 150, 890, 3_890].map((s) => formatEstimate(s, 'en')),
      ['45 sec', '3 min', '15 min', '1 hr, 05 min'],
    );
    assert.equal(formatDuration(125_000, 'de'), '2 Min., 05 Sek.');
    assert.equal(formatRelative(12, 'en'), 'in 12 seconds');
    assert.equal(formatRelative(1, 'en'), 'in 1 second');
    assert.equal(formatRelative(-5, 'de'), 'vor 5 Sekunden');
    assert.equal(formatRelative(-125, 'ja'), '2 分前');
    assert.equal(formatRelative(-3, 'ru'), '3 секунды назад');
  });
});
