/**
 * How the widget fetches a language the first time it shows it: one dynamic
 * `import()` per add-on, each a literal relative path, so every bundler (the
 * package's users' and our own script-tag build) turns it into a chunk of its
 * own, resolved against this module's URL, never the page's. A language
 * module is data only (its table as the default export, which also keeps it
 * free of any import a bundler would have to share with the entry); this
 * module registers it.
 */
import type { LocaleAddOn } from './add-ons.js';
import { registerLocale, type Strings } from './strings.js';

/** Exactly the codes of LOCALE_ADD_ONS: the type check fails on a missing or extra one. */
const LOADERS: Record<LocaleAddOn, () => Promise<{ default: Strings }>> = {
  ar: () => import('./ar.js'),
  de: () => import('./de.js'),
  es: () => import('./es.js'),
  fa: () => import('./fa.js'),
  fr: () => import('./fr.js'),
  he: () => import('./he.js'),
  id: () => import('./id.js'),
  it: () => import('./it.js'),
  ja: () => import('./ja.js'),
  ko: () => import('./ko.js'),
  nl: () => import('./nl.js'),
  pl: () => import('./pl.js'),
  pt: () => import('./pt.js'),
  ru: () => import('./ru.js'),
  tr: () => import('./tr.js'),
  uk: () => import('./uk.js'),
  vi: () => import('./vi.js'),
  zh: () => import('./zh.js'),
};

/** Whether `code` is a language the widget can load (a key of LOADERS: the same list as LOCALE_ADD_ONS, without shipping it twice). */
export const isAddOn = (code: string): code is LocaleAddOn => Object.hasOwn(LOADERS, code);

const loading = new Map<string, Promise<void>>();
const failed = new Set<string>();

/**
 * Loads the add-on for `code` once per page (later calls share the promise).
 * Resolves when its module ran, that is when its table is registered. A
 * failed load (offline, a CDN without the file) is reported once on the
 * console and not retried on this page: `failedLocale` then says so, and the
 * language choice moves on to the next source (in the end, English).
 */
export function loadLocale(code: LocaleAddOn): Promise<void> {
  let promise = loading.get(code);
  if (!promise) {
    promise = LOADERS[code]().then(
      (module) => registerLocale(code, module.default),
      (error: unknown) => {
        failed.add(code);
        console.warn(`bridge-widget: the “${code}” language could not be loaded; showing another.`, error);
      },
    );
    loading.set(code, promise);
  }
  return promise;
}

/** Whether loading `code` failed on this page. */
export function failedLocale(code: string): boolean {
  return failed.has(code);
}
