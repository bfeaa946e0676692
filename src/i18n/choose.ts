/**
 * Which language a widget shows, from what the page and the browser say, and
 * which way it runs. No DOM: the locale controller reads the sources.
 */
import type { LocaleAddOn } from './add-ons.js';
import { failedLocale, isAddOn } from './loaders.js';
import { LOCALES, canonicalTag, formatsNumbers, matchLanguage } from './strings.js';

/** Where a language can come from, in the order they count. */
export interface LocaleSources {
  /** The `locale` attribute or property; when set it decides, supported or not. */
  attribute: string;
  /** `lang` of the element and its ancestors, closest first, up to `<html>` (across shadow roots). */
  lang: readonly string[];
  /** `navigator.languages`, the user's preference order. */
  languages: readonly string[];
}

export interface LocaleChoice {
  /** Table key: a registered language or an add-on (`pt`); `en` when nothing matched. */
  key: string;
  /** BCP 47 tag for numbers, dates and plural rules: the tag that chose `key` (`pt-PT`), or the attribute's when it chose English. */
  tag: string;
  /** The add-on to load first, when `key` is one that is not registered yet. */
  load?: LocaleAddOn | undefined;
}

const available = (key: string) => Object.hasOwn(LOCALES, key) || (isAddOn(key) && !failedLocale(key));

const choice = (key: string, tag: string): LocaleChoice => ({ key, tag, load: !Object.hasOwn(LOCALES, key) && isAddOn(key) ? key : undefined });

/**
 * The `locale` attribute, else the first `lang` (closest first) that names a
 * language the widget has, else the first such entry of `navigator.languages`,
 * else English. Region and script fall back as `matchLanguage` says
 * (`pt-PT` → `pt`; `zh-TW` → the next source). An attribute naming a
 * language the widget lacks shows English texts with that locale's numbers,
 * for hosts that bring their own through `strings`.
 */
export function chooseLocale(sources: LocaleSources): LocaleChoice {
  const attribute = canonicalTag(sources.attribute);
  if (attribute) {
    const key = matchLanguage(attribute, available);
    return key ? choice(key, attribute) : choice('en', formatsNumbers(attribute) ? attribute : 'en');
  }
  for (const requested of [...sources.lang, ...sources.languages]) {
    const tag = canonicalTag(requested);
    const key = tag && matchLanguage(tag, available);
    if (tag && key) return choice(key, tag);
  }
  return choice('en', 'en');
}

/** Scripts written right to left (Unicode's Bidi_Class R/AL scripts that have a CLDR locale). */
const RTL_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand']);

/** `rtl` for a tag whose likely script runs right to left (`ar`, `he`, `fa`, `ur`, `ku-Arab`), else `ltr`. */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  try {
    return RTL_SCRIPTS.has(new Intl.Locale(tag).maximize().script ?? '') ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}
