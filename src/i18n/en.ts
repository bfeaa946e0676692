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
 * ./en/tracking.ts, ./en/history.ts, ./en/wallets.ts, ./en/walletways.ts, ./en/account.ts, ./en/walletconnect.ts, ./en/unknown.ts, ./en/deposit.ts. This module
 * joins them into the whole
 * table, for the types, the translators' XLIFF (scripts/i18n-xliff.ts), the
 * tests, and `import { en } from 'bridge-widget'` (and `bridge-widget/elements`).
 * The widget's own code never imports it: src/i18n/strings.ts holds the
 * English it has so far.
 */
import { enAccount } from './en/account.js';
import { enDeposit } from './en/deposit.js';
import { enForm } from './en/form.js';
import { enHistory } from './en/history.js';
import { enPicker } from './en/picker.js';
import { enQuote } from './en/quote.js';
import { enRecipient } from './en/recipient.js';
import { enReview } from './en/review.js';
import { enSettings } from './en/settings.js';
import { enTracking } from './en/tracking.js';
import { enUnknown } from './en/unknown.js';
import { enWalletConnect } from './en/walletconnect.js';
import { enWalletWays } from './en/walletways.js';
import { enWallets } from './en/wallets.js';

/**
 * The English parts, by the moment that shows them (the keys of one part are in no other). Typed by reference to
 * each part, so that the declarations carry every string once (in ./en/*.d.ts), not again here.
 */
export const ENGLISH_PARTS: {
  form: typeof enForm;
  picker: typeof enPicker;
  quote: typeof enQuote;
  recipient: typeof enRecipient;
  settings: typeof enSettings;
  review: typeof enReview;
  tracking: typeof enTracking;
  history: typeof enHistory;
  wallets: typeof enWallets;
  walletways: typeof enWalletWays;
  account: typeof enAccount;
  walletconnect: typeof enWalletConnect;
  unknown: typeof enUnknown;
  deposit: typeof enDeposit;
} = {
  form: enForm,
  picker: enPicker,
  quote: enQuote,
  recipient: enRecipient,
  settings: enSettings,
  review: enReview,
  tracking: enTracking,
  history: enHistory,
  wallets: enWallets,
  walletways: enWalletWays,
  account: enAccount,
  walletconnect: enWalletConnect,
  unknown: enUnknown,
  deposit: enDeposit,
};

/** The whole English table: every part's strings. */
export type English = typeof enForm &
  typeof enPicker &
  typeof enQuote &
  typeof enRecipient &
  typeof enSettings &
  typeof enReview &
  typeof enTracking &
  typeof enHistory &
  typeof enWallets &
  typeof enWalletWays &
  typeof enAccount &
  typeof enWalletConnect &
  typeof enUnknown &
  typeof enDeposit;

export const en: English = {
  ...enForm,
  ...enPicker,
  ...enQuote,
  ...enRecipient,
  ...enSettings,
  ...enReview,
  ...enTracking,
  ...enHistory,
  ...enWallets,
  ...enWalletWays,
  ...enAccount,
  ...enWalletConnect,
  ...enUnknown,
  ...enDeposit,
};
