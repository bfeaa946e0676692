/**
 * The one table of user-visible strings, per registered language, and the
 * small helpers that read it. No DOM: safe to import anywhere.
 *
 * - English is the reference (./en.ts); `Strings` has exactly its keys, so
 *   another language that misses one does not compile. The widget holds the
 *   English it has so far (`english`): the first load's part from the start,
 *   a later moment's part once that moment's chunk ran (`addEnglish`), so the
 *   English of the review, the tracker, the history and the wallet chooser
 *   travels with their chunks (./en.ts lists the parts).
 * - Other languages are add-ons that register themselves when they run: the
 *   widget loads the one it shows (./loaders.ts), so a page pays only for
 *   what it shows.
 * - `{name}` placeholders are filled by `fill` (text) or `fillParts`
 *   (values may be templates, for strings that wrap markup). Numbers are
 *   written the locale's way; in a right-to-left text each value is a
 *   directional isolate, so an address or an amount keeps its own order.
 * - A plural string is an object of CLDR plural forms (`one`, `few`, …,
 *   always `other`), picked by `Intl.PluralRules` in `plural`.
 * - Hosts override any subset through `<bridge-widget>.strings`; the parts take
 *   a (possibly partial) table and fall back to English key by key.
 */
import type { en } from './en.js';
import { enForm } from './en/form.js';
import { cachedIntl } from '../format/intl.js';
import { formatNumber } from '../format/number.js';

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** The forms of a plural string: `other` always, the rest as the language's `Intl.PluralRules` uses them. */
export type PluralForms = { readonly other: string } & { readonly [C in Exclude<PluralCategory, 'other'>]?: string };

type English = typeof en;
/** Keys of plain strings (what `t` takes). */
export type StringKey = { [K in keyof English]: English[K] extends string ? K : never }[keyof English];
/** Keys of plural strings (what `plural` takes). */
export type PluralKey = Exclude<keyof English, StringKey>;
export type Strings = { readonly [K in StringKey]: string } & { readonly [K in PluralKey]: PluralForms };
/** What a host passes to `strings`: any subset of the keys. */
export type StringOverrides = Partial<Strings>;
export type Vars = Readonly<Record<string, string | number>>;

/** How `fill` writes values: numbers in `locale`, each value isolated when the text runs right to left. */
export interface FillOptions {
  locale?: string | undefined;
  rtl?: boolean | undefined;
}

/**
 * The English strings here so far: the first load's (./en/form.ts, typed
 * exactly, so code of the first load that reads English directly can only
 * name those), and each later moment's once `addEnglish` added it.
 */
export const english: typeof enForm & Partial<Strings> = { ...enForm };

/**
 * Adds a later moment's English strings (./en/review.ts, …): its chunk calls
 * this when it runs, before anything of it renders, and a part that shows
 * them (a route review used on its own) when it connects. Adding a part again
 * changes nothing.
 */
export function addEnglish(part: Partial<Strings>): void {
  Object.assign(english, part);
}

/** `key` in English, as far as its part is here; the key itself when it is not (a part that forgot to add its English shows its keys, never a blank). */
export function englishText<K extends StringKey | PluralKey>(key: K): Strings[K] {
  return (english[key] ?? key) as Strings[K];
}

/** Registered tables; `en` is `english`, complete once every moment ran (lookups fall back to it key by key anyway). */
const registered: Record<string, Strings> = { en: english as Strings };
const listeners = new Set<() => void>();

/** Registered languages, by table key (lower case: `de`, `pt`, or a whole tag such as `zh-hant` a host registered). */
export const LOCALES: Readonly<Record<string, Strings>> = registered;

/**
 * Makes a language available to every widget on the page, under a primary
 * subtag (`de`) or a whole tag (`zh-Hant`, `pt-PT`). Widgets already showing
 * that language's fallback re-render, so a table may arrive after the widget.
 * A table registered before the widget needs a language stops it from
 * loading its own add-on for it.
 */
export function registerLocale(language: string, table: Strings): void {
  registered[language.toLowerCase()] = table;
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a language is registered; returns the unsubscribe. */
export function onLocaleRegistered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Placeholders next to each other (`{amount} {symbol}`) are one value to the
 * reader: in a right-to-left text the run is one isolate, so "2 USDC" keeps
 * its order instead of becoming "USDC 2".
 */
const RUN = /(\{\w+\}(?:[ \u00a0]+\{\w+\})*)/;
/** First strong isolate … pop directional isolate: a value keeps its own direction inside a right-to-left sentence. */
const [FSI, PDI] = ['\u2068', '\u2069'];

/** Replaces `{name}` with `vars.name`; unknown placeholders stay as written. */
export function fill(template: string, vars?: Vars, options: FillOptions = {}): string {
  if (!vars) return template;
  return fillParts(template, vars, options).join('');
}

/** Like `fill`, but values may be anything Lit renders (templates); returns the pieces in order. */
export function fillParts(template: string, vars: Readonly<Record<string, unknown>>, options: FillOptions = {}): unknown[] {
  return template.split(RUN).flatMap((piece, index) => {
    // split() with a capture group: odd pieces are the runs of placeholders.
    if (index % 2 === 0) return piece ? [piece] : [];
    const values = piece.split(/(\{\w+\})/).flatMap((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined || !(name in vars)) return part ? [part] : [];
      const value = vars[name];
      return [typeof value === 'number' ? formatNumber(value, options.locale) : value];
    });
    return options.rtl ? [FSI, ...values, PDI] : values;
  });
}

/** Looks a key up in a (partial) table, falling back to English. */
export function translate(strings: StringOverrides | undefined, key: StringKey, vars?: Vars, options?: FillOptions): string {
  return fill(strings?.[key] ?? englishText(key), vars, options);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `count` in `locale` (English rules when the locale is unusable). */
export function pluralCategory(count: number, locale: string | undefined): PluralCategory {
  const rules = cachedIntl(pluralRules, locale, (tag) => new Intl.PluralRules(tag), 'en');
  return rules.select(count);
}

/**
 * `plural(strings, 'amount.decimals', 2, 'pl', vars)` picks the form of the
 * table for `count` by the locale's plural rules (`few` in Polish), `other`
 * when the table has no such form; `count` is also a variable, written the
 * locale's way.
 */
export function plural(
  strings: StringOverrides | undefined,
  key: PluralKey,
  count: number,
  locale: string | undefined,
  vars: Vars = {},
  rtl?: boolean,
): string {
  const found: PluralForms | string = strings?.[key] ?? englishText(key);
  const forms: PluralForms = typeof found === 'string' ? { other: found } : found;
  const template = forms[pluralCategory(count, locale)] ?? forms.other;
  return fill(template, { count, ...vars }, { locale, rtl });
}

export interface ResolvedLocale {
  /** Table shown: the language chosen once its table is registered, else English. */
  language: string;
  /** BCP 47 tag for `Intl` number, date and plural formatting: the requested one when valid, else `language`. */
  intl: string;
  table: Strings;
}

/**
 * The registered table for a requested locale (`de`, `de-CH`, `pt-PT`): see
 * `matchLanguage` below; English when none is registered. Number
 * formatting follows the requested locale whenever `Intl` accepts it, so a
 * host can ship its own translations through `strings` and still get, say,
 * Swahili numbers.
 */
export function resolveLocale(requested: string | null | undefined): ResolvedLocale {
  const tag = canonicalTag(requested);
  const match = tag ? matchLanguage(tag, (key) => Object.hasOwn(registered, key)) : undefined;
  const language = match ?? 'en';
  return { language, intl: tag && formatsNumbers(tag) ? tag : language, table: registered[language] ?? (english as Strings) };
}

/** `requested` as `Intl` writes it (`pt-br` → `pt-BR`), or undefined when it is not a language tag. */
export function canonicalTag(requested: string | null | undefined): string | undefined {
  try {
    return requested?.trim() ? Intl.getCanonicalLocales(requested.trim())[0] : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `Intl` formats numbers for `tag` itself (not only by falling back to the browser's default). */
export function formatsNumbers(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0;
  } catch {
    return false;
  }
}

/**
 * The table key a tag selects among those for which `has(key)` is true, most
 * specific first: the whole tag (`pt-pt`), its language and script
 * (`zh-hant`), then its language alone when the tag's script is that
 * language's usual one. So `pt-PT` and `pt-BR` find `pt`, `de-CH` finds `de`,
 * `zh-CN` and `zh-SG` find `zh` (Simplified), and `zh-TW`, `zh-HK` and
 * `zh-Hant` do not: as in CLDR's own fallback (the parent of `zh_Hant` is the
 * root, not `zh`), a reader of Traditional characters is not handed
 * Simplified ones; the choice moves on to the next source.
 */
export function matchLanguage(tag: string, has: (key: string) => boolean): string | undefined {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return undefined;
  }
  const { language } = locale;
  const script = locale.maximize().script;
  const candidates = [locale.baseName, `${language}-${script}`];
  if (script === new Intl.Locale(language).maximize().script) candidates.push(language);
  return candidates.map((candidate) => candidate.toLowerCase()).find(has);
}
