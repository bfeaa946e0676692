/**
 * The locale add-ons, by table key (a primary language subtag; `pt` is
 * Brazilian Portuguese, `zh` Simplified Chinese). Each one is a table in
 * `src/i18n/<code>.ts` (its default export); the widget loads it with a
 * dynamic `import()` (./loaders.ts) the first time it shows that language and
 * registers it. The builds publish it as `bridge-widget/locales/<code>`
 * (package: `import { de } from 'bridge-widget/locales/de'` for a host that
 * registers or extends a table itself) and `bridge-widget.<code>.js` (the
 * script-tag build's chunk, next to its entry bridge-widget.js).
 *
 * Adding a language: write its table (or `npm run i18n:import` one), add its
 * code here and one line to ./loaders.ts (the type check asks for it).
 * Read by vite.config.ts, the tests and the language choice; imports nothing.
 */
export const LOCALE_ADD_ONS = ['ar', 'de', 'es', 'fa', 'fr', 'he', 'id', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'tr', 'uk', 'vi', 'zh'] as const;

export type LocaleAddOn = (typeof LOCALE_ADD_ONS)[number];
