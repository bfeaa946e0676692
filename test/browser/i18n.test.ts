/**
 * Strings and locale in the browser: each language loaded by the widget the
 * first time it shows it (and only that one), host overrides through
 * `strings`, `locale` (or an ancestor's `lang`, followed as the page changes
 * it) picking the language with region fallbacks, numbers formatted by the
 * locale, the direction, and English for anything unknown. The tables
 * themselves are checked in test/node/i18n-tables.test.ts.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { en } from '../../src/i18n/en.js';
import { LOCALES, registerLocale, translate } from '../../src/i18n/strings.js';
import { humanFeeType } from '../../src/components/quote-panel/quote-breakdown.js';
import { formatAmount } from '../../src/format/amount.js';
import type { AmountInput } from '../../src/components/amount-input/amount-input.js';
import { devWallet, sandboxConfig, setFaults } from './helpers/sandbox.js';
import { openQuote, shadow } from './helpers/widget.js';
import { deepText, formReady, primaryText, waitFor, untilAnimationsSettle } from './helpers/dom.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { PickerHarness } from './harness/picker.js';
import { e2eSuite } from './helpers/e2e.js';

async function mount(attrs: { locale?: string; amount?: string; token?: string; lang?: string } = {}, wallet = true): Promise<BridgeWidget> {
  const { token } = attrs;
  const attributes = { locale: attrs.locale ?? '', theme: 'light', 'from-token': token, 'to-token': token, amount: attrs.amount ?? '' };
  const box: Record<string, string> = attrs.lang ? { lang: attrs.lang } : {};
  if (!wallet) return (await mountWidget({ attributes, box, wallet: false })).widget;
  return (await mountWidget({ attributes, box, wallet: { account: 0 } })).widget;
}

/** Resolves once the widget shows `language`'s table (its add-on loaded on demand). */
const showing = (w: BridgeWidget, language: string) =>
  waitFor(() => shadow(w).querySelector('[part~="base"]')?.getAttribute('lang') === language, `the widget in ${language}`);
/** The two cards' labels ("You send", "You receive"). */
const legends = (w: BridgeWidget) => [
  shadow(shadow(w).querySelector('bw-amount-input')!).querySelector('label')?.textContent?.trim(),
  shadow(w).querySelector('.side-label')?.textContent?.trim(),
];
const part = (w: BridgeWidget, tag: string) => shadow(w).querySelector(tag)!;
const label = (w: BridgeWidget, tag: string) => shadow(part(w, tag)).querySelector('label, .label')?.textContent?.replace(/\s+/g, ' ').trim();

describe('strings and locale', function () {
  e2eSuite(this, { timeout: 90_000 });

  describe('the table', () => {
    it('this Chromium formats a decimal string exactly, so an amount never loses a digit (bigint in, string out)', () => {
      expect(new Intl.NumberFormat('en', { maximumFractionDigits: 20 }).format('12345678901234567890.12345678901234567' as unknown as number)).to.equal(
        '12,345,678,901,234,567,890.12345678901234567',
      );
      const max = 2n ** 256n - 1n;
      expect(formatAmount(max, 18, { locale: 'de', maxFractionDigits: 18 }).replace(/\./g, '').replace(',', '.')).to.equal(
        '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
      );
    });

    it('falls back to English key by key, and names fees from the table', () => {
      expect(translate({ 'form.amount': 'You pay' }, 'form.amount')).to.equal('You pay');
      expect(translate({ 'form.amount': 'You pay' }, 'box.receive')).to.equal('You receive');
      expect(humanFeeType('gas', { 'fee.gas': 'Gasgebühr' })).to.equal('Gasgebühr');
      expect(humanFeeType('express_delivery', { 'fee.other': 'Gebühr: {name}' })).to.equal('Gebühr: Express delivery');
      expect(humanFeeType('serviceFee')).to.equal('Service fee');
    });
  });

  describe('<bridge-widget>', () => {
    it('locale="de" shows German labels and German numbers (1.234,5)', async () => {
      const widget = await mount({ locale: 'de', amount: '1234.5' });
      await formReady(widget);
      await showing(widget, 'de');
      expect(shadow(widget).querySelector('h2')?.textContent?.trim()).to.equal('Bridge');
      expect(shadow(widget).querySelector('[part~="base"]')!.getAttribute('lang')).to.equal('de', 'screen readers pronounce it as German');
      expect(legends(widget)).to.deep.equal(['Sie senden', 'Sie erhalten']);
      expect(label(widget, 'bw-amount-input')).to.equal('Sie senden');
      shadow(widget).querySelector<HTMLButtonElement>('.recipient-toggle')!.click();
      await waitFor(() => shadow(widget).querySelector('bw-recipient-input')?.shadowRoot?.querySelector('input'), 'the recipient field (a chunk)');
      await shadow(widget).querySelector('bw-recipient-input')!.updateComplete;
      expect(label(widget, 'bw-recipient-input')).to.equal('Empfänger (optional)');
      const pickers = [...shadow(widget).querySelectorAll('bw-asset-picker')].map((p) => shadow(p).querySelector('.label')?.textContent);
      expect(pickers).to.deep.equal(['Sie senden', 'Sie erhalten']);
      await waitFor(() => primaryText(widget) === '1.234,5 USDC überweisen', `a German bridge button (it says “${primaryText(widget)}”)`);
      const amount = shadow(part(widget, 'bw-amount-input'));
      // Other tests may have spent some of this account's USDC: any balance, grouped the German way.
      await waitFor(
        () => /Guthaben: \d{1,3}(\.\d{3})+(,\d+)? USDC/.test(amount.textContent ?? ''),
        `the balance in German format (${amount.textContent?.replace(/\s+/g, ' ')})`,
      );
      expect(amount.querySelector('.usd')?.textContent).to.match(/^1\.234,50\s\$$/);
      const quote = await openQuote(widget);
      await waitFor(() => /Sie erhalten/.test(deepText(quote)), 'the quote in German');
      expect(deepText(quote)).to.match(/Mindestens erhalten [\d.]+,\d+ USDC/);
      // The slippage is behind the gear, in the settings.
      const settings = shadow(widget).querySelector('bw-swap-settings')!;
      // Its dialog is a chunk of its own, fetched while the page is idle.
      await settings.show();
      await waitFor(() => deepText(settings).includes('Max. Slippage'), 'the settings in German');
      expect(deepText(settings)).to.contain('0,5 %', 'percentages the German way');
      settings.hide();
      await untilAnimationsSettle(widget);
      await expect(widget).to.be.accessible();
    });

    it('a host override of one string shows up, over English and over German', async () => {
      const widget = await mount({ amount: '2' });
      widget.strings = { 'box.send': 'You pay', 'action.bridge': 'Send {amount} {symbol} now' };
      await formReady(widget);
      expect(label(widget, 'bw-amount-input')).to.equal('You pay');
      // The account's own quote, not the price before connecting ("You receive (estimate)") that may show while the wallet connects.
      await waitFor(() => primaryText(widget) === 'Send 2 USDC now', `the overridden button (it says “${primaryText(widget)}”)`);
      expect(legends(widget)).to.deep.equal(['You pay', 'You receive']);
      widget.locale = 'de';
      await showing(widget, 'de');
      expect(legends(widget)).to.deep.equal(['You pay', 'Sie erhalten']);
      expect(label(widget, 'bw-amount-input')).to.equal('You pay');
    });

    it('an unknown locale falls back to English', async () => {
      const widget = await mount({ locale: 'xx-YY', amount: '1234.5' });
      await formReady(widget);
      // The account's own quote, not the price before connecting ("You receive (estimate)") that may show while the wallet connects.
      await waitFor(() => primaryText(widget) === 'Bridge 1,234.5 USDC', `an English button (it says “${primaryText(widget)}”)`);
      expect(legends(widget)).to.deep.equal(['You send', 'You receive']);
      expect(label(widget, 'bw-amount-input')).to.equal('You send');
      expect(shadow(widget).querySelector('[part~="base"]')!.getAttribute('lang')).to.equal('en');
    });

    it('locale="de": the open picker dialog, whose English travels with its chunk, speaks German', async () => {
      const widget = await mount({ locale: 'de' });
      await formReady(widget);
      await showing(widget, 'de');
      const picker = new PickerHarness(shadow(widget).querySelector('bw-asset-picker')!);
      await picker.open();
      expect(picker.search!.placeholder).to.equal(LOCALES['de']!['picker.tokenPlaceholder']);
      expect(picker.search!.getAttribute('aria-label')).to.equal('Token durchsuchen');
      // The list it asked for is in before the widget is taken off the page.
      await waitFor(() => picker.optionTitles.length > 0, 'the token list');
      await picker.element.hide();
    });

    it('without a locale attribute, follows the closest ancestor’s lang', async () => {
      const widget = await mount({ lang: 'de' }, false);
      await formReady(widget);
      await showing(widget, 'de');
      expect(legends(widget)).to.deep.equal(['Sie senden', 'Sie erhalten']);
      // Without a provider the widget offers the browser's wallets.
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
      await waitFor(
        () => shadow(widget).querySelector('[role="alert"]')?.textContent?.includes('Diese Überweisung ist nicht möglich. Es wurde nichts gesendet.'),
        'the refusal, in German',
      );
    });

    it('a language registered after the widget rendered (an add-on that loaded late) takes over at once', async () => {
      const widget = await mount({ locale: 'eo' }, false);
      await formReady(widget);
      expect(legends(widget)).to.deep.equal(['You send', 'You receive'], 'English while Esperanto is not registered');
      registerLocale('eo', { ...en, 'box.send': 'Vi sendas', 'box.receive': 'Vi ricevas' });
      await widget.updateComplete;
      expect(legends(widget)).to.deep.equal(['Vi sendas', 'Vi ricevas']);
      expect(shadow(widget).querySelector('[part~="base"]')!.getAttribute('lang')).to.equal('eo');
    });

    it('loads the language it shows, and no other, the first time it shows it', async () => {
      // An observer sees every fetch, however full the page's resource timing buffer already is.
      const fetched: string[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const code = /\/src\/i18n\/([a-z]{2,3})\.ts$/.exec(new URL(entry.name).pathname)?.[1];
          if (code) fetched.push(code);
        }
      });
      observer.observe({ type: 'resource' });
      expect(LOCALES['it'], 'Italian was not loaded before').to.equal(undefined);
      const widget = await mount({ locale: 'it' }, false);
      await showing(widget, 'it');
      expect(legends(widget)).to.deep.equal(['Invii', 'Ricevi']);
      await waitFor(() => fetched.length > 0, 'the fetch of the Italian table');
      observer.disconnect();
      expect(fetched).to.deep.equal(['it'], 'only the Italian table was fetched');
    });

    it('region fallbacks: pt-PT shows Portuguese; zh-TW shows English with Taiwanese numbers (no Traditional table ships)', async () => {
      const portuguese = await mount({ lang: 'pt-PT', amount: '1234.5' }, false);
      await showing(portuguese, 'pt');
      // No wallet, an amount: the price before connecting, labelled an estimate in Portuguese.
      await waitFor(() => legends(portuguese)[1] === 'Você recebe (estimativa)', 'the preview quote, an estimate');
      expect(legends(portuguese)).to.deep.equal(['Você envia', 'Você recebe (estimativa)']);
      const chinese = await mount({ locale: 'zh-TW' }, false);
      await formReady(chinese);
      expect(legends(chinese)).to.deep.equal(['You send', 'You receive']);
      expect(shadow(chinese).querySelector('[part~="base"]')!.getAttribute('lang')).to.equal('en');
      const simplified = await mount({ locale: 'zh-CN' }, false);
      await showing(simplified, 'zh');
      expect(legends(simplified)).to.deep.equal(['您发送', '您将收到']);
    });

    it('follows the page when it changes its language (lang on an ancestor), and its direction', async () => {
      const widget = await mount({ lang: 'de' }, false);
      await showing(widget, 'de');
      const page = widget.parentElement!;
      page.setAttribute('lang', 'es');
      await showing(widget, 'es');
      expect(legends(widget)).to.deep.equal(['Envías', 'Recibes']);
      const card = shadow(widget).querySelector('[part~="base"]')!;
      expect(getComputedStyle(card).direction).to.equal('ltr');
      page.setAttribute('lang', 'he');
      await showing(widget, 'he');
      expect(getComputedStyle(card).direction, 'Hebrew runs right to left').to.equal('rtl');
    });

    it('dir="rtl" on an ancestor lays even an English widget out right to left; dir on the element itself wins', async () => {
      const widget = await mount({ lang: 'en' }, false);
      widget.parentElement!.setAttribute('dir', 'rtl');
      await waitFor(() => shadow(widget).querySelector('[part~="base"]')?.getAttribute('dir') === 'rtl', 'the widget right to left');
      expect(legends(widget)).to.deep.equal(['You send', 'You receive']);
      widget.setAttribute('dir', 'ltr');
      widget.locale = 'ar';
      await showing(widget, 'ar');
      expect(getComputedStyle(shadow(widget).querySelector('[part~="base"]')!).direction, 'the host asked for left to right').to.equal('ltr');
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
