/**
 * German for <bridge-widget>: importing `bridge-widget/locales/de` registers
 * the table, after which `locale="de"` (or `lang="de"` on an ancestor) shows
 * German. Kept out of the main entry so pages that never show German do not
 * load it.
 */
import { de } from '../i18n/de.js';
import { registerLocale } from '../i18n/strings.js';

registerLocale('de', de);

export { de };
