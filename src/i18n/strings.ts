/**
 * The one table of user-visible strings, per registered language, and the
 * small helpers that read it. No DOM: safe to import anywhere.
 *
 * - `en` is the reference and always there; `Strings` has exactly its keys,
 *   so another language that misses one does not compile.
 * - Other languages are add-ons that register themselves
 *   (the module `bridge-widget/locales/de`, or the `bridge-widget.de.js` script
 *   next to the script-tag build), so a page pays only for what it shows.
 * - `{name}` placeholders are filled by `fill` (text) or `fillParts`
 *   (values may be templates, for strings that wrap markup).
 * - Plural forms are two keys, `x.one` and `x.other`, chosen by `plural`.
 * - Hosts override any subset through `<bridge-widget>.strings`; the parts take
 *   a (possibly partial) table and fall back to English key by key.
 */
import { en } from './en.js';

export { en } from './en.js';

export type StringKey = keyof typeof en;
export type Strings = { readonly [K in StringKey]: string };
/** What a host passes to `strings`: any subset of the keys. */
export type StringOverrides = Partial<Strings>;
export type Vars = Readonly<Record<string, string | number>>;

const registered: Record<string, Strings> = { en };
const listeners = new Set<() => void>();

/** Registered languages, by primary language subtag. */
export const LOCALES: Readonly<Record<string, Strings>> = registered;

/**
 * Makes a language available to every widget on the page, by primary subtag
 * (`de`). Widgets already showing that language's fallback re-render, so the
 * add-on may load after the widget.
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

/** Replaces `{name}` with `vars.name`; unknown placeholders stay as written. */
export function fill(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

/** Like `fill`, but values may be anything Lit renders (templates); returns the pieces in order. */
export function fillParts(template: string, vars: Readonly<Record<string, unknown>>): unknown[] {
  return template.split(/(\{\w+\})/).map((piece) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    return name !== undefined && name in vars ? vars[name] : piece;
  });
}

/** Looks a key up in a (partial) table, falling back to English. */
export function translate(strings: StringOverrides | undefined, key: StringKey, vars?: Vars): string {
  return fill(strings?.[key] ?? en[key], vars);
}

export type PluralBase = { [K in StringKey]: K extends `${infer B}.one` ? (`${B}.other` extends StringKey ? B : never) : never }[StringKey];

/** `plural(strings, 'amount.decimals', 2, 'de', vars)` picks `amount.decimals.one` or `.other` by the locale's plural rules; `count` is also a variable. */
export function plural(strings: StringOverrides | undefined, base: PluralBase, count: number, locale: string | undefined, vars: Vars = {}): string {
  let form = 'other';
  try {
    form = new Intl.PluralRules(locale).select(count);
  } catch {
    form = count === 1 ? 'one' : 'other';
  }
  const key = `${base}.${form === 'one' ? 'one' : 'other'}` as StringKey;
  return translate(strings, key, { count, ...vars });
}

export interface ResolvedLocale {
  /** Registered table chosen: the requested language, else English. */
  language: string;
  /** BCP 47 tag for `Intl` number and date formatting: the requested one when valid, else `language`. */
  intl: string;
  table: Strings;
}

/**
 * Picks the registered table for a requested locale (`de`, `de-CH`, `en-GB`):
 * by primary language, English when none matches. Number formatting follows
 * the requested locale whenever `Intl` accepts it, so a host can ship its own
 * translations through `strings` and still get, say, French numbers.
 */
export function resolveLocale(requested: string | null | undefined): ResolvedLocale {
  let canonical: string | undefined;
  try {
    canonical = requested ? Intl.getCanonicalLocales(requested.trim())[0] : undefined;
  } catch {
    canonical = undefined;
  }
  const primary = canonical?.split('-')[0]?.toLowerCase() ?? '';
  const language = Object.hasOwn(LOCALES, primary) ? primary : 'en';
  let intl = language;
  if (canonical) {
    try {
      if (Intl.NumberFormat.supportedLocalesOf([canonical]).length > 0) intl = canonical;
    } catch {
      // keep `language`
    }
  }
  return { language, intl, table: LOCALES[language] ?? en };
}
