// What each screenshot in docs/ shows, as the source files that draw it, and a hash of them: `npm run screenshots -- --docs`
// writes the hashes it shot with into docs/screenshots.json; test/node/screenshots-fresh.test.ts computes them again and
// fails when a screenshot is older than the components it shows.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RECORD = 'docs/screenshots.json';

/** The swap box and the shell around every state. */
const FORM = [
  'src/bridge-widget/bridge-widget.ts',
  'src/bridge-widget/bridge-widget.styles.ts',
  'src/bridge-widget/moments/form.ts',
  'src/bridge-widget/notices.ts',
  'src/components/shared',
  'src/components/amount-input',
  'src/components/asset-picker',
  'src/components/account-pill',
  'src/components/swap-settings/swap-settings.ts',
  'src/format',
  'src/i18n/en/form.ts',
];
/** The sources of each state the README and the docs show. */
const STATES = {
  '1-form': FORM,
  '2-quote': [...FORM, 'src/components/quote-panel', 'src/bridge-widget/moments/quote.ts', 'src/i18n/en/quote.ts'],
  '5-review': [...FORM, 'src/components/route-review', 'src/components/approval-steps', 'src/bridge-widget/moments/review.ts', 'src/i18n/en/review.ts'],
  '6-in-transit': [...FORM, 'src/components/status-tracker', 'src/bridge-widget/moments/tracking.ts', 'src/i18n/en/tracking.ts'],
  '12-deposit-address': [...FORM, 'src/components/deposit-address', 'src/components/qr-code', 'src/bridge-widget/moments/deposit.ts', 'src/i18n/en/deposit.ts'],
};
/** The wallet chooser on a page without a wallet, at a phone's height, over the demo's phone page. */
const CHOOSER = [
  ...FORM,
  'src/components/wallet-chooser',
  'src/bridge-widget/moments/wallets.ts',
  'src/bridge-widget/moments/wallet-ways.ts',
  'src/wallet/wallet-apps.ts',
  'src/wallet/phone.ts',
  'src/i18n/en/wallets.ts',
  'src/i18n/en/walletways.ts',
  'demo/pages/phone.html',
];
/** The ways to pay on a page without a wallet (README: the chooser light and dark, WalletConnect's dialog light). */
const WAYS = {
  'wallet-chooser': { sources: CHOOSER, themes: ['light', 'dark'] },
  walletconnect: {
    sources: [
      ...CHOOSER,
      'src/components/walletconnect-dialog',
      'src/components/qr-code',
      'src/bridge-widget/moments/walletconnect.ts',
      'src/i18n/en/walletconnect.ts',
    ],
    themes: ['light'],
  },
};
export const WAYS_STATES = Object.keys(WAYS);
/** The variants: a theme in English, or a language (its table on top). */
export const VARIANTS = { light: [], dark: [], ar: ['src/i18n/ar.ts'] };

/** Every screenshot in docs/ with the sources it shows. */
export function screenshotSources() {
  const shots = {};
  for (const [variant, extra] of Object.entries(VARIANTS))
    for (const [state, sources] of Object.entries(STATES)) shots[`docs/swap-box-${variant}-${state}.png`] = [...sources, ...extra];
  for (const [state, { sources, themes }] of Object.entries(WAYS)) for (const theme of themes) shots[`docs/${state}-${theme}.png`] = sources;
  shots['docs/playground.png'] = [...STATES['2-quote'], 'src/i18n/de.ts', 'demo/playground.html', 'demo/playground'];
  return shots;
}

function files(entry) {
  const full = path.join(ROOT, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

/** A hash of the sources' contents (each file's path and text, in a stable order). */
export function sourcesHash(sources) {
  const hash = createHash('sha256');
  for (const file of [...new Set(sources.flatMap(files))].sort()) hash.update(`${file}\n`).update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}
