/**
 * Strings and locale: one table per bundled language, host overrides through
 * `strings`, `locale` (or an ancestor's `lang`) picking the language, numbers
 * formatted by the locale, and English for anything unknown.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { en, fill, fillParts, plural, registerLocale, resolveLocale, translate } from '../../src/i18n/strings.js';
import { de } from '../../src/i18n/de.js';
import { formatDuration } from '../../src/components/status-tracker/status-tracker.js';
import { humanFeeType } from '../../src/components/quote-panel/quote-panel.js';
import type { AmountInput } from '../../src/components/amount-input/amount-input.js';
import { devWallet, resetSandbox, sandboxConfig, setFaults } from './helpers/sandbox.js';
import { shadow } from './helpers/widget.js';
import { deepText, formReady, primaryText, waitFor, untilAnimationsSettle } from './helpers/dom.js';

const SRC = 11155111;
const DST = 84532;

async function mount(attrs: { locale?: string; amount?: string; token?: string; lang?: string } = {}, wallet = true): Promise<BridgeWidget> {
  const { proxyUrl } = await sandboxConfig();
  const box = await fixture<HTMLDivElement>(html`<div lang=${attrs.lang ?? ''}>
    <bridge-widget
      proxy-url=${proxyUrl}
      locale=${attrs.locale ?? ''}
      theme="light"
      from-chain=${String(SRC)}
      to-chain=${String(DST)}
      from-token=${attrs.token ?? 'USDC'}
      to-token=${attrs.token ?? 'USDC'}
      amount=${attrs.amount ?? ''}
    ></bridge-widget>
  </div>`);
  if (!attrs.lang) box.removeAttribute('lang');
  const widget = box.querySelector('bridge-widget')!;
  if (wallet) widget.provider = await devWallet({ account: 0, chainId: DST });
  return widget;
}

const legends = (w: BridgeWidget) => [...shadow(w).querySelectorAll('legend')].map((l) => l.textContent?.trim());
const part = (w: BridgeWidget, tag: string) => shadow(w).querySelector(tag)!;
const label = (w: BridgeWidget, tag: string) => shadow(part(w, tag)).querySelector('label, .label')?.textContent?.replace(/\s+/g, ' ').trim();

describe('strings and locale', function () {
  this.timeout(90_000);

  beforeEach(async () => {
    localStorage.clear();
    await resetSandbox();
  });

  describe('the table', () => {
    it('bundles a complete German table with the same keys and placeholders as English', () => {
      expect(Object.keys(de).sort()).to.deep.equal(Object.keys(en).sort());
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(de[key].trim(), key).to.not.equal('');
        const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(names(de[key]), `placeholders of ${key}`).to.deep.equal(names(en[key]));
      }
    });

    it('fills {name} placeholders, keeps unknown ones, and falls back to English key by key', () => {
      expect(fill('Bridge {amount} {symbol}', { amount: '2', symbol: 'USDC' })).to.equal('Bridge 2 USDC');
      expect(fill('Hello {who}', {})).to.equal('Hello {who}');
      expect(fillParts('a {x} b', { x: 42 })).to.deep.equal(['a ', 42, ' b']);
      expect(translate({ 'form.amount': 'You pay' }, 'form.amount')).to.equal('You pay');
      expect(translate({ 'form.amount': 'You pay' }, 'form.to')).to.equal('To');
    });

    it('picks plural forms by the locale’s rules', () => {
      expect(plural(undefined, 'amount.decimals', 1, 'en', { token: 'X' })).to.equal('X has 1 decimal');
      expect(plural(undefined, 'amount.decimals', 6, 'en', { token: 'X' })).to.equal('X has 6 decimals');
      expect(plural(de, 'amount.decimals', 1, 'de', { token: 'X' })).to.equal('X hat 1 Nachkommastelle');
      expect(plural(de, 'amount.decimals', 18, 'de', { token: 'X' })).to.equal('X hat 18 Nachkommastellen');
    });

    it('resolves locales: registered by primary language, English otherwise, numbers by the requested locale when valid', () => {
      expect(resolveLocale('de')).to.include({ language: 'de', intl: 'de' });
      expect(resolveLocale('de-CH')).to.include({ language: 'de', intl: 'de-CH' });
      expect(resolveLocale('fr')).to.include({ language: 'en', intl: 'fr' });
      expect(resolveLocale('xx')).to.include({ language: 'en', intl: 'en' });
      expect(resolveLocale('not a locale!')).to.include({ language: 'en', intl: 'en' });
      expect(resolveLocale('')).to.include({ language: 'en', intl: 'en' });
      expect(resolveLocale(undefined).table).to.equal(en);
    });

    it('translates durations and fee names', () => {
      expect(formatDuration(125_000, de)).to.equal('2 min 05 s');
      expect(humanFeeType('gas', de)).to.equal('Gasgebühr');
      expect(humanFeeType('express_delivery', de)).to.equal('Gebühr: Express delivery');
      expect(humanFeeType('serviceFee')).to.equal('Service fee');
    });
  });

  describe('<bridge-widget>', () => {
    it('locale="de" shows German labels and German numbers (1.234,5)', async () => {
      const widget = await mount({ locale: 'de', amount: '1234.5' });
      await formReady(widget);
      expect(shadow(widget).querySelector('h2')?.textContent?.trim()).to.equal('Bridge');
      expect(shadow(widget).querySelector('[part~="base"]')!.getAttribute('lang')).to.equal('de', 'screen readers pronounce it as German');
      expect(legends(widget)).to.deep.equal(['Von', 'Nach']);
      expect(label(widget, 'bw-amount-input')).to.equal('Betrag');
      expect(label(widget, 'bw-recipient-input')).to.equal('Empfänger (optional)');
      const pickers = [...shadow(widget).querySelectorAll('bw-chain-picker, bw-token-picker')].map((p) => shadow(p).querySelector('.label')?.textContent);
      expect(pickers).to.deep.equal(['Von Chain', 'Zu sendender Token', 'Nach Chain', 'Zu empfangender Token']);
      await waitFor(() => primaryText(widget) === '1.234,5 USDC überweisen', `a German bridge button (it says “${primaryText(widget)}”)`);
      const amount = shadow(part(widget, 'bw-amount-input'));
      // Other tests may have spent some of this account's USDC: any balance, grouped the German way.
      await waitFor(
        () => /Guthaben: \d{1,3}(\.\d{3})+(,\d+)? USDC/.test(amount.textContent ?? ''),
        `the balance in German format (${amount.textContent?.replace(/\s+/g, ' ')})`,
      );
      expect(amount.querySelector('.usd')?.textContent).to.match(/≈ 1\.234,50\s\$/);
      const quote = part(widget, 'bw-quote-panel');
      await waitFor(() => /Sie erhalten/.test(deepText(quote)), 'the quote in German');
      expect(deepText(quote)).to.match(/Mindestens erhalten [\d.]+,\d+ USDC/);
      expect(deepText(quote)).to.contain('Max. Slippage');
      expect(deepText(quote)).to.contain('0,5 %');
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
    });

    it('a host override of one string shows up, over English and over German', async () => {
      const widget = await mount({ amount: '2' });
      widget.strings = { 'form.amount': 'You pay', 'action.bridge': 'Send {amount} {symbol} now' };
      await formReady(widget);
      expect(label(widget, 'bw-amount-input')).to.equal('You pay');
      expect(legends(widget)).to.deep.equal(['From', 'To']);
      await waitFor(() => primaryText(widget) === 'Send 2 USDC now', `the overridden button (it says “${primaryText(widget)}”)`);
      widget.locale = 'de';
      await widget.updateComplete;
      expect(legends(widget)).to.deep.equal(['Von', 'Nach']);
      expect(label(widget, 'bw-amount-input')).to.equal('You pay');
    });

    it('an unknown locale falls back to English', async () => {
      const widget = await mount({ locale: 'xx-YY', amount: '1234.5' });
      await formReady(widget);
      expect(legends(widget)).to.deep.equal(['From', 'To']);
      expect(label(widget, 'bw-amount-input')).to.equal('Amount');
      expect(shadow(widget).querySelector('[part~="base"]')!.getAttribute('lang')).to.equal('en');
      await waitFor(() => primaryText(widget) === 'Bridge 1,234.5 USDC', `an English button (it says “${primaryText(widget)}”)`);
    });

    it('without a locale attribute, follows the closest ancestor’s lang', async () => {
      const widget = await mount({ lang: 'de' }, false);
      await formReady(widget);
      expect(legends(widget)).to.deep.equal(['Von', 'Nach']);
      // Without a provider the widget offers the browser's wallets (issue 14).
      expect(primaryText(widget)).to.equal('Wallet verbinden');
    });

    it('explains errors in the widget’s language (a refused quote)', async () => {
      const { account } = await sandboxConfig();
      await setFaults({ flaggedAddresses: [account.address] });
      const { proxyUrl } = await sandboxConfig();
      const widget = await fixture<BridgeWidget>(
        html`<bridge-widget proxy-url=${proxyUrl} locale="de" from-chain=${String(SRC)} to-chain=${String(DST)} from-token="USDC" to-token="USDC" amount="2"></bridge-widget>`,
      );
      widget.provider = await devWallet({ chainId: DST });
      await waitFor(() => shadow(widget).querySelector('[role="alert"]'), 'the refusal');
      expect(shadow(widget).querySelector('[role="alert"]')!.textContent).to.contain('Für diese Überweisung gibt es kein Angebot. Es wurde nichts gesendet.');
    });

    it('a language registered after the widget rendered (an add-on that loaded late) takes over at once', async () => {
      const widget = await mount({ locale: 'eo' }, false);
      await formReady(widget);
      expect(legends(widget)).to.deep.equal(['From', 'To'], 'English while Esperanto is not registered');
      registerLocale('eo', { ...en, 'form.from': 'El', 'form.to': 'Al' });
      await widget.updateComplete;
      expect(legends(widget)).to.deep.equal(['El', 'Al']);
      expect(shadow(widget).querySelector('[part~="base"]')!.getAttribute('lang')).to.equal('eo');
    });

    it('parts used on their own take a locale and a partial table', async () => {
      const el = await fixture<AmountInput>(
        html`<bw-amount-input locale="de" .strings=${{ 'amount.max': 'Alles' }} symbol="USDC" decimals="6" .balance=${1234500000n}></bw-amount-input>`,
      );
      expect(shadow(el).querySelector('.balance-text')?.textContent).to.equal('Balance: 1.234,5 USDC');
      expect(shadow(el).querySelector('.max')?.textContent).to.equal('Alles');
    });
  });
});
