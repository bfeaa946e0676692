/**
 * The locale add-ons, by primary language subtag. Each one is a table in
 * `src/i18n/<code>.ts` that registers itself; the build turns it into
 * `bridge-widget/locales/<code>` (package) and `bridge-widget.<code>.js`
 * (script tags). Adding a language: write its table, add its code here.
 * Read by vite.config.ts and by the tests; nothing at runtime imports it.
 */
export const LOCALE_ADD_ONS = ['de'] as const;

export type LocaleAddOn = (typeof LOCALE_ADD_ONS)[number];
