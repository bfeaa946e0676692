import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { sendKeys } from '@web/test-runner-commands';
import { AssetPicker } from '../../../src/components/asset-picker/asset-picker.js';
import type { ChainOption, ChainSelectDetail } from '../../../src/components/chain-picker/chain-picker.js';
import type { OpenedDialog } from '../../../src/components/shared/picker.js';
import type { TokenOption, TokenSelectDetail } from '../../../src/components/token-picker/token-picker.js';
import { en } from '../../../src/i18n/en.js';
import { PickerHarness } from '../harness/picker.js';
import { untilAnimationsSettle } from '../helpers/dom.js';
import { THEMES, themeBoxStyle, type Theme } from '../helpers/theme.js';
import { waitUntil } from '../helpers/wait.js';

if (!customElements.get('bw-asset-picker')) customElements.define('bw-asset-picker', AssetPicker);

/** An asset picker whose dialog's chunk is not on the server, as when a CDN fails or the page went offline. */
class UnreachableAssetPicker extends AssetPicker {
  protected override loadDialog(): Promise<OpenedDialog> {
    return import(/* @vite-ignore */ `./missing-chunk-${Math.random().toString(36).slice(2)}.js`);
  }
}
customElements.define('bw-unreachable-asset-picker', UnreachableAssetPicker);

/** Logo URLs on the test server (not found there: the logo falls back to letters, its URL stays on the image). */
const logo = (name: string) => new URL(`/logos/${name}.png`, location.href).href;

const CHAINS: ChainOption[] = [
  { chainId: '1', name: 'Ethereum', family: 'evm', availability: 'available', iconUrl: logo('ethereum') },
  { chainId: '8453', name: 'Base', family: 'evm', availability: 'available', iconUrl: logo('base') },
  { chainId: '42161', name: 'Arbitrum One', family: 'evm', availability: 'unconfirmed' },
  { chainId: 'osmosis-1', name: 'Osmosis', family: 'cosmos', availability: 'informational', note: 'No route to this chain yet' },
];

const token = (chainId: string, symbol: string, name: string, address: string, logoURI?: string): TokenOption => ({
  address,
  chainId,
  symbol,
  name,
  decimals: 18,
  ...(logoURI ? { logoURI } : {}),
});

/** Each chain's tokens, as the host hands them to the picker when its chain is chosen. */
const TOKENS: Record<string, TokenOption[]> = {
  '1': [
    token('1', 'USDC', 'USD Coin', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', logo('usdc')),
    token('1', 'WETH', 'Wrapped Ether', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'),
    token('1', 'ARB', 'Arbitrum', '0xB50721BCf8d664c30412Cfbc6cf7a15145234ad1'),
  ],
  '8453': [
    token('8453', 'USDC', 'USD Coin', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', logo('usdc')),
    token('8453', 'cbETH', 'Coinbase Wrapped Staked ETH', '0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22'),
  ],
  '42161': [
    token('42161', 'USDC', 'USD Coin', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'),
    token('42161', 'GMX', 'GMX', '0xfc5A1A6EB076a2C7aD06eD22C90d7E710E35ad0a'),
  ],
};
const [USDC_ETHEREUM, WETH] = TOKENS['1']!;
const USDC_BASE = TOKENS['8453']![0]!;

interface Seen {
  chains: ChainSelectDetail[];
  tokens: TokenSelectDetail[];
  queries: string[];
}

/**
 * The picker as a host uses it: it hears the choices and, on a chain choice,
 * sets that chain and its tokens (the element is controlled: it changes
 * neither itself). Returns what the picker fired.
 */
function host(el: AssetPicker): Seen {
  const seen: Seen = { chains: [], tokens: [], queries: [] };
  el.addEventListener('bw-chain-select', (e) => {
    seen.chains.push(e.detail);
    el.chain = e.detail.chainId;
    el.tokens = TOKENS[e.detail.chainId] ?? [];
  });
  el.addEventListener('bw-token-select', (e) => seen.tokens.push(e.detail));
  el.addEventListener('bw-token-search', (e) => seen.queries.push(e.detail.query));
  return seen;
}

/** The picker on the chain `chain` with its tokens, `selected` chosen, and its other attributes. */
async function mount(options: { chain?: string; selected?: string; label?: string; theme?: Theme; locks?: 'chain' | 'token' | 'both'; reason?: string } = {}) {
  const { chain, selected, label = 'From', theme = 'light', locks, reason } = options;
  const box = await fixture<HTMLDivElement>(html`<div style=${themeBoxStyle(theme)}>
    <bw-asset-picker
      label=${label}
      .chains=${CHAINS}
      .tokens=${chain ? (TOKENS[chain] ?? []) : []}
      .chain=${chain}
      .selected=${selected}
      ?chain-locked=${locks === 'chain' || locks === 'both'}
      ?token-locked=${locks === 'token' || locks === 'both'}
      ?disabled=${locks === 'both'}
      disabled-reason=${ifDefined(reason)}
    ></bw-asset-picker>
  </div>`);
  const el = box.querySelector('bw-asset-picker')!;
  await el.updateComplete;
  return { el, picker: new PickerHarness(el), seen: host(el) };
}

/** Opens the dialog and waits for the search field to have focus and the opening animation to end. */
async function open(picker: PickerHarness): Promise<void> {
  await picker.open();
  await waitUntil(() => picker.focused === picker.search, 'the search field has focus once the dialog is open');
}

async function accessible(el: AssetPicker): Promise<void> {
  await untilAnimationsSettle(el);
  await expect(el).to.be.accessible();
}

describe('<bw-asset-picker>', () => {
  describe('the asset button', () => {
    it('without a token shows the placeholder, with the chain under it once a chain is chosen', async () => {
      const { el, picker } = await mount();
      expect(picker.triggerText).to.equal('Select chain and token');
      expect(picker.triggerDetail).to.equal('');
      expect(picker.triggerName).to.equal('From Select chain and token');
      expect(picker.triggerLogos).to.deep.equal({ token: undefined, badge: undefined });
      expect(picker.trigger!.getAttribute('aria-expanded')).to.equal('false');
      await accessible(el);

      el.chain = '8453';
      await el.updateComplete;
      expect(picker.triggerText).to.equal('Select chain and token');
      expect(picker.triggerDetail).to.equal('Base');
      expect(picker.triggerName).to.equal('From Select chain and token Base');
      expect(picker.triggerLogos.token, 'no logo without a token').to.equal(undefined);
      await accessible(el);
    });

    it("shows the token's symbol with the chain's name under it, and the token's logo with the chain's as a badge", async () => {
      const { el, picker } = await mount({ chain: '8453', selected: USDC_BASE.address.toLowerCase() });
      expect(picker.triggerText).to.equal('USDC');
      expect(picker.triggerDetail).to.equal('Base');
      expect(picker.triggerName).to.equal('From USDC Base');
      expect(picker.root.querySelector('#trigger-value')!.getAttribute('title')).to.equal('USDC · Base');
      expect(picker.triggerLogos).to.deep.equal({
        token: { src: USDC_BASE.logoURI, initials: 'US' },
        badge: { src: logo('base'), initials: 'BA' },
      });

      // The same symbol on another chain: the chain's name and badge tell them apart.
      el.chain = '42161';
      el.tokens = TOKENS['42161']!;
      el.selected = TOKENS['42161']![0]!.address;
      await el.updateComplete;
      expect(picker.triggerText).to.equal('USDC');
      expect(picker.triggerDetail).to.equal('Arbitrum One');
      expect(picker.triggerLogos).to.deep.equal({ token: { src: null, initials: 'US' }, badge: { src: null, initials: 'AR' } });
      await accessible(el);
    });

    it('shows a token missing from the list by its shortened address, still with its chain', async () => {
      const address = '0x1111111111111111111111111111111111112222';
      const { picker } = await mount({ chain: '1', selected: address });
      expect(picker.triggerText).to.equal('0x1111…2222');
      expect(picker.triggerDetail).to.equal('Ethereum');
      expect(picker.root.querySelector('#trigger-value')!.getAttribute('title')).to.equal(address);
    });
  });

  describe('the dialog', () => {
    it("opens on a click into a labelled modal dialog: the chains, the chosen one pressed, above that chain's tokens", async () => {
      const { el, picker } = await mount({ chain: '1', selected: WETH!.address });
      await open(picker);
      const dialog = picker.dialog!;
      expect(dialog.matches(':modal')).to.equal(true);
      expect(dialog.getAttribute('aria-labelledby')).to.equal('dialog-eyebrow dialog-heading');
      expect(picker.root.getElementById('dialog-eyebrow')!.textContent).to.equal('From');
      expect(picker.root.getElementById('dialog-heading')!.textContent).to.equal('Select chain and token');
      expect(picker.trigger!.getAttribute('aria-expanded')).to.equal('true');
      expect(picker.chains.map(({ title, pressed, disabled }) => ({ title, pressed, disabled }))).to.deep.equal([
        { title: 'Ethereum', pressed: true, disabled: false },
        { title: 'Base', pressed: false, disabled: false },
        { title: 'Arbitrum One', pressed: false, disabled: false },
        { title: 'Osmosis', pressed: false, disabled: true },
      ]);
      // What the chain picker says under a chain's name.
      expect(picker.chains[2]!.meta).to.equal('42161 · Enter an amount to check it');
      expect(picker.chains[3]!.meta).to.equal('No route to this chain yet');
      expect(picker.root.querySelector('[part="chains"] legend')!.textContent).to.equal('Chains');
      expect(picker.optionTitles).to.have.members(['USDC', 'WETH', 'ARB']);
      expect(picker.option('WETH')!.getAttribute('aria-selected')).to.equal('true');
      expect(picker.activeOption).to.equal(picker.option('WETH'));
      await accessible(el);
    });

    it('opens with Enter and with Space on the button', async () => {
      const { picker } = await mount({ chain: '1' });
      for (const key of ['Enter', 'Space']) {
        picker.trigger!.focus();
        await sendKeys({ press: key });
        await waitUntil(() => picker.dialog && picker.focused === picker.search, `${key} opens the dialog with the search focused`);
        await sendKeys({ press: 'Escape' });
        await waitUntil(() => !picker.dialog && picker.focused === picker.trigger, 'closed again, focus on the button');
      }
    });

    it("choosing a chain fires bw-chain-select and keeps the dialog open on that chain's tokens", async () => {
      const { el, picker, seen } = await mount({ chain: '1', selected: USDC_ETHEREUM!.address });
      await open(picker);
      await picker.chooseChain('Base');
      expect(seen.chains).to.deep.equal([{ chainId: '8453' }]);
      expect(picker.dialog, 'still open').to.not.equal(null);
      await waitUntil(() => picker.chains.find((c) => c.title === 'Base')?.pressed, 'Base pressed');
      expect(picker.chains.filter((c) => c.pressed).map((c) => c.title)).to.deep.equal(['Base']);
      expect(picker.optionTitles).to.have.members(['USDC', 'cbETH']);
      expect(picker.activeOption, 'the first of its tokens is active').to.equal(picker.options[0]);
      expect(picker.triggerDetail, 'the button behind says the new chain').to.equal('Base');
      expect(seen.tokens, 'no token chosen yet').to.deep.equal([]);

      // The chosen chain again, or a chain without a route: nothing to choose.
      await picker.chooseChain('Base');
      await picker.chooseChain('Osmosis');
      expect(seen.chains).to.deep.equal([{ chainId: '8453' }]);
      expect(picker.dialog).to.not.equal(null);
      await accessible(el);
    });

    it('a long list scrolled down starts at the top on another chain, its first token active and in view', async () => {
      const many = (chainId: string) =>
        Array.from({ length: 200 }, (_, i) => token(chainId, `T${i}`, `Token ${i}`, `0x${(i + 1).toString(16).padStart(40, '0')}`));
      const { el, picker } = await mount({ chain: '1' });
      el.tokens = many('1');
      el.addEventListener('bw-chain-select', (e) => (el.tokens = many(e.detail.chainId)));
      await open(picker);
      await waitUntil(() => picker.optionTitles.includes('T0'), 'the first chain listed');
      picker.list!.scrollTop = 5_600;
      await waitUntil(() => picker.optionTitles.includes('T100'), 'scrolled far down the first chain');
      await picker.chooseChain('Base');
      await waitUntil(() => picker.list!.scrollTop === 0 && picker.optionTitles.includes('T1'), 'the new chain from its top');
      const list = picker.list!.getBoundingClientRect();
      const active = picker.activeOption!.getBoundingClientRect();
      expect(picker.activeOption!.textContent).to.include('T0');
      expect(active.top >= list.top && active.bottom <= list.bottom, 'the active token is in view').to.equal(true);
    });

    it("with has-more, asks for the chain's next page when its list is scrolled near the end; another chain's list asks anew", async () => {
      const page = (chainId: string, from: number, count: number) =>
        Array.from({ length: count }, (_, i) => token(chainId, `T${from + i}`, `Token ${from + i}`, `0x${(from + i + 1).toString(16).padStart(40, '0')}`));
      const { el, picker } = await mount({ chain: '1' });
      el.tokens = page('1', 0, 100);
      el.hasMore = true;
      let asked = 0;
      el.addEventListener('bw-token-more', () => asked++);
      el.addEventListener('bw-chain-select', (e) => (el.tokens = page(e.detail.chainId, 0, 100)));
      await open(picker);
      expect(asked).to.equal(0, 'the top of a long list asks for nothing');
      const toBottom = () => (picker.list!.scrollTop = picker.list!.scrollHeight);
      toBottom();
      await waitUntil(() => asked === 1, 'the next page asked for');
      el.tokens = [...el.tokens, ...page('1', 100, 50)];
      await el.updateComplete;
      toBottom();
      await waitUntil(() => asked === 2, 'asked again once that page arrived');
      await picker.chooseChain('Base');
      await waitUntil(() => picker.list!.scrollTop === 0 && picker.optionTitles.includes('T0'), "Base's list from its top");
      expect(asked).to.equal(2, 'the top of the new list asks for nothing');
      toBottom();
      await waitUntil(() => asked === 3, "Base's next page asked for");
    });

    it('choosing a token fires bw-token-select, closes the dialog and puts focus back on the button', async () => {
      const { picker, seen } = await mount({ chain: '1' });
      picker.trigger!.focus();
      await open(picker);
      await picker.choose('WETH');
      expect(seen.tokens).to.deep.equal([{ address: WETH!.address }]);
      expect(seen.chains).to.deep.equal([]);
      expect(picker.trigger!.getAttribute('aria-expanded')).to.equal('false');
      await waitUntil(() => picker.focused === picker.trigger, 'focus back on the button');
    });

    it('a token of another chain: choose the chain, then the token', async () => {
      const { picker, seen } = await mount({ chain: '1' });
      await open(picker);
      await picker.chooseChain('Arbitrum One');
      await picker.choose('GMX');
      expect(seen.chains).to.deep.equal([{ chainId: '42161' }]);
      expect(seen.tokens).to.deep.equal([{ address: TOKENS['42161']![1]!.address }]);
    });

    it('search: reports its text, filters the tokens and narrows the chains to those it names', async () => {
      const { el, picker, seen } = await mount({ chain: '1' });
      await open(picker);
      expect(seen.queries, 'opening reports nothing').to.deep.equal([]);

      await picker.type('usd');
      expect(seen.queries).to.deep.equal(['usd']);
      expect(picker.optionTitles).to.deep.equal(['USDC']);
      expect(
        picker.chains.map((c) => c.title),
        'no chain is named: all stay',
      ).to.deep.equal(['Ethereum', 'Base', 'Arbitrum One', 'Osmosis']);

      // A chain's name finds the chain, and the tokens of this chain that match it.
      await picker.type('arb');
      expect(picker.chains.map((c) => c.title)).to.deep.equal(['Arbitrum One']);
      expect(picker.optionTitles).to.deep.equal(['ARB']);
      await picker.type('8453');
      expect(
        picker.chains.map((c) => c.title),
        'a chain id finds its chain',
      ).to.deep.equal(['Base']);

      await picker.type('zzz');
      expect(picker.options).to.have.length(0);
      expect(picker.emptyText).to.equal('No tokens match “zzz”');
      expect(picker.chains).to.have.length(4);
      await accessible(el);
      expect(seen.queries).to.deep.equal(['usd', 'arb', '8453', 'zzz']);
    });

    it("choosing a chain found by its name clears the search, onto all that chain's tokens; a token search stays", async () => {
      const { picker, seen } = await mount({ chain: '1' });
      await open(picker);
      await picker.type('arbit');
      await picker.chooseChain('Arbitrum One');
      expect(seen.chains).to.deep.equal([{ chainId: '42161' }]);
      expect(picker.search!.value).to.equal('');
      expect(seen.queries).to.deep.equal(['arbit', '']);
      await waitUntil(() => picker.optionTitles.length === 2, "Arbitrum One's tokens");
      expect(picker.optionTitles).to.have.members(['USDC', 'GMX']);

      // A token's name is no chain's: the search stays, on the new chain's tokens.
      await picker.type('usd');
      await picker.chooseChain('Base');
      expect(picker.search!.value).to.equal('usd');
      expect(seen.queries).to.deep.equal(['arbit', '', 'usd']);
      await waitUntil(() => picker.optionTitles.join() === 'USDC' && picker.option('USDC')!.textContent!.includes('0x8335'), "Base's USDC");
    });

    it('with the keyboard alone: Space opens, Tab reaches the chains, Space chooses one, back to the search, Enter chooses the token', async () => {
      const { el, picker, seen } = await mount({ chain: '1' });
      picker.trigger!.focus();
      await sendKeys({ press: 'Space' });
      await waitUntil(() => picker.focused === picker.search, 'the search field has focus');
      await sendKeys({ press: 'Tab' });
      expect(picker.focused, 'Tab goes from the search to the first chain').to.equal(picker.chains[0]!.button);
      await sendKeys({ press: 'Tab' });
      expect(picker.focused).to.equal(picker.chains[1]!.button);
      await sendKeys({ press: 'Space' });
      await el.updateComplete;
      expect(seen.chains).to.deep.equal([{ chainId: '8453' }]);
      expect(picker.dialog).to.not.equal(null);
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(picker.focused, 'Shift+Tab back to the search').to.equal(picker.search);
      await sendKeys({ type: 'cb' });
      await waitUntil(() => picker.activeOption?.querySelector('.option-title')?.textContent === 'cbETH', 'cbETH active');
      await sendKeys({ press: 'Enter' });
      expect(seen.tokens).to.deep.equal([{ address: TOKENS['8453']![1]!.address }]);
      await waitUntil(() => !picker.dialog && picker.focused === picker.trigger, 'closed, focus back on the button');
    });

    it('Escape closes without a choice, from the search field and from a chain button; so does the close button', async () => {
      const { picker, seen } = await mount({ chain: '1' });
      picker.trigger!.focus();
      await open(picker);
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !picker.dialog && picker.focused === picker.trigger, 'closed from the search field, focus on the button');

      await open(picker);
      picker.chains[1]!.button.focus();
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !picker.dialog && picker.focused === picker.trigger, 'closed from a chain button, focus on the button');

      await open(picker);
      picker.root.querySelector<HTMLButtonElement>('[part="close"]')!.click();
      await waitUntil(() => !picker.dialog && picker.focused === picker.trigger, 'closed by its close button, focus on the button');
      expect(seen).to.deep.equal({ chains: [], tokens: [], queries: [] });
    });

    for (const theme of THEMES) {
      it(`passes axe in the ${theme} theme, closed and open`, async () => {
        const { el, picker } = await mount({ chain: '8453', selected: USDC_BASE.address, theme });
        await accessible(el);
        await open(picker);
        await accessible(el);
        await picker.type('zzz');
        await accessible(el);
      });
    }
  });

  describe('locked by the host', () => {
    const reason = 'This page sends from Ethereum only';

    it('chain-locked: the dialog shows only that chain, pressed and locked, with the reason; its tokens can still be chosen', async () => {
      const { el, picker, seen } = await mount({ chain: '1', locks: 'chain', reason });
      expect(picker.locked, 'the button itself is not locked').to.equal(false);
      await open(picker);
      expect(picker.chains.map(({ title, pressed, disabled }) => ({ title, pressed, disabled }))).to.deep.equal([
        { title: 'Ethereum', pressed: true, disabled: true },
      ]);
      expect(picker.chains[0]!.button.querySelector('.lock'), 'a lock on the chain').to.not.equal(null);
      expect(picker.lockReason).to.equal(reason);
      picker.chains[0]!.button.click();
      await picker.type('base');
      expect(
        picker.chains.map((c) => c.title),
        'another chain is not offered, even by name',
      ).to.deep.equal(['Ethereum']);
      await accessible(el);
      await picker.type('');
      await picker.choose('WETH');
      expect(seen.tokens).to.deep.equal([{ address: WETH!.address }]);
      expect(seen.chains).to.deep.equal([]);
    });

    it('token-locked: no token can be chosen, by click or Enter, and the dialog says why; a chain still can', async () => {
      const tokenReason = 'This page sends USDC only';
      const { el, picker, seen } = await mount({ chain: '1', selected: USDC_ETHEREUM!.address, locks: 'token', reason: tokenReason });
      expect(picker.locked).to.equal(false);
      await open(picker);
      expect(picker.lockReason).to.equal(tokenReason);
      expect(picker.options.map((o) => o.getAttribute('aria-disabled'))).to.deep.equal(['true', 'true', 'true']);
      picker.option('WETH')!.click();
      await el.updateComplete;
      picker.search!.focus();
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(seen.tokens).to.deep.equal([]);
      expect(picker.dialog, 'still open').to.not.equal(null);
      await accessible(el);
      await picker.chooseChain('Base');
      expect(seen.chains).to.deep.equal([{ chainId: '8453' }]);
    });

    it('both locked and disabled: the button is locked and says why; a click, Enter or Space opens nothing', async () => {
      const { el, picker } = await mount({ chain: '1', selected: USDC_ETHEREUM!.address, locks: 'both', reason });
      expect(picker.triggerText).to.equal('USDC');
      expect(picker.triggerDetail).to.equal('Ethereum');
      expect(picker.locked).to.equal(true);
      expect(picker.trigger!.title).to.equal(reason);
      expect(picker.triggerDescription).to.equal(reason);
      picker.trigger!.click();
      picker.trigger!.focus();
      await sendKeys({ press: 'Enter' });
      await sendKeys({ press: 'Space' });
      await el.updateComplete;
      expect(picker.dialog).to.equal(null);
      expect(picker.trigger!.getAttribute('aria-expanded')).to.equal('false');
      expect(picker.focused, 'the button keeps focus').to.equal(picker.trigger);
      await accessible(el);
    });
  });

  it('says so on the button when its dialog cannot be loaded, instead of doing nothing', async () => {
    const box = await fixture<HTMLDivElement>(html`<div>
      <bw-unreachable-asset-picker label="To" .chains=${CHAINS} .tokens=${TOKENS['1']} chain="1"></bw-unreachable-asset-picker>
    </div>`);
    const el = box.querySelector<UnreachableAssetPicker>('bw-unreachable-asset-picker')!;
    const picker = new PickerHarness(el);
    picker.trigger!.focus();
    await sendKeys({ press: 'Enter' });
    const alert = () => picker.root.querySelector<HTMLElement>('[role="alert"]');
    await waitUntil(() => alert(), 'the button says the dialog could not be loaded');
    expect(alert()!.textContent!.trim()).to.equal(en['error.chunk-load']);
    expect(picker.triggerDescription).to.equal(en['error.chunk-load']);
    expect(picker.focused).to.equal(picker.trigger);
    expect(picker.dialog).to.equal(null);
    expect(picker.trigger!.getAttribute('aria-expanded')).to.equal('false');
    await accessible(el);
  });
});
