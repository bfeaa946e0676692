/**
 * Every language table, one test each: the keys of English, every
 * `{placeholder}` kept, exactly the plural forms the language's CLDR rules use
 * (`Intl.PluralRules`), arrows that point the way the language is written,
 * and the table the widget's loader registers under that language.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LOCALE_ADD_ONS, type LocaleAddOn } from '../../src/i18n/add-ons.js';
import { loadLocale } from '../../src/i18n/loaders.js';
import { directionOf } from '../../src/i18n/choose.js';
import { en, ENGLISH_PARTS } from '../../src/i18n/en.js';
import { LOCALES, type PluralForms, type Strings } from '../../src/i18n/strings.js';

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();
const isPlural = (value: unknown): value is PluralForms => typeof value === 'object' && value !== null;
const englishKeys = Object.keys(en).sort();

async function table(code: LocaleAddOn): Promise<Strings> {
  const module = (await import(`../../src/i18n/${code}.ts`)) as { default: Strings } & Record<string, Strings>;
  assert.equal(module[code], module.default, `src/i18n/${code}.ts exports its table as \`${code}\` and as the default`);
  return module.default;
}

describe('the English reference table', () => {
  it('is its parts joined, each string written in exactly one part (the moment that shows it)', () => {
    const keys = Object.values(ENGLISH_PARTS).flatMap((part) => Object.keys(part));
    assert.deepEqual(keys.slice().sort(), englishKeys, 'every key is in a part');
    assert.deepEqual(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      [],
      'no key is in two parts',
    );
  });

  it('has plural forms for one and other only, with the same placeholders', () => {
    for (const [key, value] of Object.entries(en)) {
      if (!isPlural(value)) continue;
      assert.deepEqual(Object.keys(value).sort(), new Intl.PluralRules('en').resolvedOptions().pluralCategories.slice().sort(), key);
    }
  });
});

for (const code of LOCALE_ADD_ONS) {
  describe(`the ${code} table (${new Intl.DisplayNames('en', { type: 'language' }).of(code)})`, () => {
    it('has every key of English, every placeholder, the CLDR plural forms, and reads the way the language is written', async () => {
      const strings = await table(code);
      assert.deepEqual(Object.keys(strings).sort(), englishKeys, 'the same keys as en');
      const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories.slice().sort();
      const rtl = directionOf(code) === 'rtl';
      for (const key of englishKeys) {
        const reference: string | PluralForms = en[key as keyof typeof en];
        const value = strings[key as keyof Strings];
        if (isPlural(reference)) {
          const english = reference;
          assert.ok(isPlural(value), `${key} is a plural string`);
          assert.deepEqual(Object.keys(value).sort(), categories, `${key}: exactly the plural forms of ${code} (${categories.join(', ')})`);
          const names = placeholders(english.other);
          assert.deepEqual(placeholders(value.other), names, `${key}.other keeps ${names.join(' ')}`);
          for (const [form, text] of Object.entries(value)) {
            // A form for one number may spell it out ("ספרה אחת"); every other placeholder stays.
            assert.deepEqual(
              placeholders(text).filter((name) => name !== '{count}'),
              names.filter((name) => name !== '{count}'),
              `${key}.${form} keeps the placeholders`,
            );
            assert.ok(text.trim() && text === text.trim(), `${key}.${form} is written, without outer spaces`);
          }
          continue;
        }
        const english = reference;
        assert.equal(typeof value, 'string', `${key} is a plain string`);
        const text = value as string;
        assert.ok(text.trim() && text === text.trim(), `${key} is written, without outer spaces`);
        assert.deepEqual(placeholders(text), placeholders(english), `${key} keeps its placeholders`);
        assert.ok(!text.includes('...'), `${key}: an ellipsis (…), not three dots`);
        if (english.includes('→'))
          assert.ok(text.includes(rtl ? '←' : '→') && !text.includes(rtl ? '→' : '←'), `${key}: the arrow points the way ${code} is read`);
      }
      // Written in the language, not left in English: only short labels may match English (Bridge, Max, Token).
      const words = (text: string) => text.replace(/\{\w+\}/g, '').replace(/[^\p{L}]/gu, '').length;
      const untranslated = englishKeys.filter((key) => {
        const english = en[key as keyof typeof en];
        return typeof english === 'string' && words(english) > 20 && strings[key as keyof Strings] === english;
      });
      assert.deepEqual(untranslated, [], 'sentences are translated');
    });

    it('is what the widget registers when it loads the language', async () => {
      await loadLocale(code);
      assert.equal(LOCALES[code], await table(code));
    });
  });
}
