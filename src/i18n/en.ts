/**
 * English: the reference table. Every user-visible string of <bridge-widget>
 * and its parts is English first; other languages must have the same keys
 * (the `Strings` type, read from this table, enforces it). `{name}` is
 * replaced by a value (numbers, amounts and percentages arrive written the
 * locale's way). A value that is an object holds plural forms, chosen with
 * `Intl.PluralRules`: English uses `one` and `other`; each language has
 * exactly the categories its rules use.
 *
 * Each string is written once, in the part of the moment that shows it, so
 * that a page loads the English of a later moment with that moment's chunk:
 * ./en/form.ts (the first load), ./en/picker.ts, ./en/quote.ts, ./en/recipient.ts, ./en/settings.ts, ./en/review.ts,
 * ./en/tracking.ts, ./en/history.ts, ./en/wallets.ts, ./en/account.ts, ./en/unknown.ts. This module joins them into the whole
 * table, for the types, the translators' XLIFF (scripts/i18n-xliff.ts), the
 * tests, and `import { en } from 'bridge-widget'` (and `bridge-widget/elements`).
 * The widget's own code never imports it: src/i18n/strings.ts holds the
 * English it has so far.
 */
import { enAccount } from './en/account.js';
import { enForm } from './en/form.js';
import { enHistory } from './en/history.js';
import { enPicker } from './en/picker.js';
import { enQuote } from './en/quote.js';
import { enRecipient } from './en/recipient.js';
import { enReview } from './en/review.js';
import { enSettings } from './en/settings.js';
import { enTracking } from './en/tracking.js';
import { enUnknown } from './en/unknown.js';
import { enWallets } from './en/wallets.js';

/** The English parts, by the moment that shows them (the keys of one part are in no other). */
export const ENGLISH_PARTS = {
  form: enForm,
  picker: enPicker,
  quote: enQuote,
  recipient: enRecipient,
  settings: enSettings,
  review: enReview,
  tracking: enTracking,
  history: enHistory,
  wallets: enWallets,
  account: enAccount,
  unknown: enUnknown,
} as const;

export const en = {
  ...enForm,
  ...enPicker,
  ...enQuote,
  ...enRecipient,
  ...enSettings,
  ...enReview,
  ...enTracking,
  ...enHistory,
  ...enWallets,
  ...enAccount,
  ...enUnknown,
} as const;
