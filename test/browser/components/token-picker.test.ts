import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait.js';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { TokenPicker, type TokenOption } from '../../../src/components/token-picker/token-picker.js';
import { untilAnimationsSettle } from '../helpers/dom.js';
import { PickerHarness } from '../harness/picker.js';

if (!customElements.get('bw-token-picker')) customElements.define('bw-token-picker', TokenPicker);

const USDC: TokenOption = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  chainId: '1',
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  usdPrice: 1,
};
const USDT: TokenOption = {
  address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  chainId: '1',
  symbol: 'USDT',
  name: 'Tether USD',
  decimals: 6,
  usdPrice: 1,
};
const DAI: TokenOption = {
  address: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
  chainId: '1',
  symbol: 'DAI',
  name: 'Dai Stablecoin',
  decimals: 18,
  usdPrice: 1,
};
const SDAI: TokenOption = {
  address: '0x83F20F44975D03b1b09e64809B757c47f942BEeA',
  chainId: '1',
  symbol: 'sDAI',
  name: 'Savings Dai',
  decimals: 18,
  usdPrice: 1.1,
};
const WETH: TokenOption = {
  address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  chainId: '1',
  symbol: 'WETH',
  name: 'Wrapped Ether',
  decimals: 18,
  usdPrice: 3000,
};
const AAVE: TokenOption = {
  address: '0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9',
  chainId: '1',
  symbol: 'AAVE',
  name: 'Aave',
  decimals: 18,
  usdPrice: null,
};
const BASIC = [USDC, USDT, DAI, SDAI, WETH, AAVE];

/** Small harness: finds the picker's parts by role and part name. */
function ui(el: TokenPicker) {
  const picker = new PickerHarness(el);
  return {
    root: el.shadowRoot!,
    trigger: () => picker.trigger!,
    dialog: () => picker.dialog,
    search: () => picker.search,
    list: () => picker.list!,
    options: () => picker.options,
    /** Symbols of the rendered rows, in list order. */
    symbols: () => picker.options.map((o) => o.querySelector('.option-title')!.textContent),
    option: (symbol: string) => picker.option(symbol),
    active: () => picker.activeOption,
    status: () => picker.root.querySelector<HTMLElement>('.empty')!.textContent,
    focused: () => picker.focused,
  };
}

async function open(el: TokenPicker) {
  ui(el).trigger().click();
  await el.updateComplete;
  await waitUntil(() => !!ui(el).search() && ui(el).focused() === ui(el).search(), 'search field focused on open');
}

async function search(el: TokenPicker, text: string) {
  const input = ui(el).search()!;
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true }));
  await el.updateComplete;
}

function captureSelect(el: HTMLElement): Array<{ address: string }> {
  const seen: Array<{ address: string }> = [];
  el.addEventListener('bw-token-select', (e) => seen.push(e.detail));
  return seen;
}

describe('<bw-token-picker>', () => {
  it('shows a placeholder when nothing is selected, and is accessible closed', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker label="From" .tokens=${BASIC}></bw-token-picker>`);
    const { trigger, dialog } = ui(el);
    expect(trigger().textContent).to.contain('Select token');
    expect(trigger().getAttribute('aria-expanded')).to.equal('false');
    expect(dialog()).to.equal(null);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('shows the selected token (matched case-insensitively) and names the trigger with the label', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker label="From" .tokens=${BASIC} selected=${USDC.address.toLowerCase()}></bw-token-picker>`);
    const trigger = ui(el).trigger();
    expect(trigger.textContent).to.contain('USDC');
    const name = trigger
      .getAttribute('aria-labelledby')!
      .split(' ')
      .map((id) => el.shadowRoot!.getElementById(id)!.textContent!.trim())
      .join(' ');
    expect(name).to.equal('From USDC');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('opens a labelled modal dialog with the search focused, and is accessible open', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker label="From" .tokens=${BASIC} selected=${WETH.address}></bw-token-picker>`);
    await open(el);
    const { dialog, search, trigger, active, option } = ui(el);
    expect(dialog()!.getAttribute('aria-modal')).to.equal('true');
    const heading = el.shadowRoot!.getElementById('dialog-heading')!;
    expect(dialog()!.getAttribute('aria-labelledby')).to.contain('dialog-heading');
    expect(heading.textContent).to.equal('Select token');
    expect(trigger().getAttribute('aria-expanded')).to.equal('true');
    // The selected token is marked and starts as the active option.
    expect(option('WETH')!.getAttribute('aria-selected')).to.equal('true');
    expect(option('USDC')!.getAttribute('aria-selected')).to.equal('false');
    expect(active()).to.equal(option('WETH'));
    expect(search()!.getAttribute('role')).to.equal('combobox');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('selects by click, closes and returns focus to the trigger', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC}></bw-token-picker>`);
    const seen = captureSelect(el);
    await open(el);
    ui(el).option('WETH')!.click();
    await el.updateComplete;
    expect(seen).to.deep.equal([{ address: WETH.address }]);
    expect(ui(el).dialog()).to.equal(null);
    await waitUntil(() => ui(el).focused() === ui(el).trigger(), 'focus back on the trigger');
  });

  it('can be used with the keyboard only: Enter opens, type, ArrowDown, Enter selects', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC}></bw-token-picker>`);
    const seen = captureSelect(el);
    const { trigger, search, active, dialog, focused } = ui(el);
    trigger().focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => focused() === search(), 'search focused after Enter on the trigger');
    await sendKeys({ type: 'dai' });
    await el.updateComplete;
    // Exact symbol first, substring ("sDAI") after.
    expect(ui(el).symbols()).to.deep.equal(['DAI', 'sDAI']);
    expect(active()!.textContent).to.contain('DAI');
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(active()!.querySelector('.option-title')!.textContent).to.equal('sDAI');
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(seen).to.deep.equal([{ address: SDAI.address }]);
    expect(dialog()).to.equal(null);
    await waitUntil(() => focused() === trigger(), 'focus back on the trigger');
  });

  it('Home and End move to the first and last option', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC}></bw-token-picker>`);
    await open(el);
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(ui(el).active()!.getAttribute('aria-posinset')).to.equal(String(BASIC.length));
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(ui(el).active()!.getAttribute('aria-posinset')).to.equal('1');
  });

  it('Escape closes and focus returns to the trigger; nothing is selected', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC}></bw-token-picker>`);
    const seen = captureSelect(el);
    await open(el);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(ui(el).dialog()).to.equal(null);
    await waitUntil(() => ui(el).focused() === ui(el).trigger(), 'focus back on the trigger');
    expect(document.activeElement).to.equal(el);
    expect(seen).to.have.length(0);
  });

  it('closes on a backdrop click, not on a click inside its edge, and on the close button', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC}></bw-token-picker>`);
    await open(el);
    const dialog = el.shadowRoot!.querySelector<HTMLElement>('dialog')!;
    const box = dialog.getBoundingClientRect();
    // The dialog is the click's target where none of its content is (its padding, the gaps between its rows), as on its
    // backdrop: a real click on such a point inside the card keeps it open.
    const inside = [...Array(Math.floor(box.height / 4)).keys()]
      .flatMap((row) => [...Array(Math.floor(box.width / 4)).keys()].map((column) => [box.left + 2 + column * 4, box.top + 2 + row * 4] as const))
      .find(([x, y]) => el.shadowRoot!.elementFromPoint(x, y) === dialog);
    expect(inside, 'a point of the card where the dialog itself is hit').to.not.equal(undefined);
    await sendMouse({ type: 'click', position: [Math.round(inside![0]), Math.round(inside![1])] });
    await el.updateComplete;
    expect(ui(el).dialog(), 'a click inside the edge').to.not.equal(null);
    await sendMouse({ type: 'click', position: [Math.max(1, Math.round(box.left - 8)), Math.round(box.top + box.height / 2)] });
    await waitUntil(() => ui(el).dialog() === null, 'closed by a click on the backdrop');
    await open(el);
    el.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click();
    await el.updateComplete;
    expect(ui(el).dialog()).to.equal(null);
  });

  it('keeps Tab and Shift+Tab off the page behind the modal dialog', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC}></bw-token-picker>`);
    await open(el);
    const dialog = ui(el).dialog()!;
    const visited = new Set<Element>();
    for (const press of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      if (press === 'Shift+Tab') {
        await sendKeys({ down: 'Shift' });
        await sendKeys({ press: 'Tab' });
        await sendKeys({ up: 'Shift' });
      } else {
        await sendKeys({ press });
      }
      // Past the dialog's last control focus goes to the browser (the platform's modal dialog), never to the page behind it.
      if (document.activeElement === document.body || !document.activeElement) continue;
      const focused = ui(el).focused();
      expect(document.activeElement, `after ${press}`).to.equal(el);
      expect(focused && dialog.contains(focused), `after ${press}`).to.equal(true);
      visited.add(focused!);
    }
    // Both the close button and the search field are reachable.
    expect(visited.size).to.equal(2);
  });

  it('lists held tokens first (by USD value), then alphabetically, and shows balance and value', async () => {
    const tokens: TokenOption[] = [
      { ...AAVE },
      { ...USDC, balance: 500_000_000n }, // $500
      { ...USDT, balance: 0n }, // zero counts as not held
      { ...DAI, usdPrice: null, balance: 10_000n * 10n ** 18n }, // held, no price
      { ...WETH, balance: 10n ** 18n }, // $3,000
      { ...SDAI },
    ];
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${tokens} locale="en-US"></bw-token-picker>`);
    await open(el);
    expect(ui(el).symbols()).to.deep.equal(['WETH', 'USDC', 'DAI', 'AAVE', 'sDAI', 'USDT']);
    const weth = ui(el).option('WETH')!;
    expect(weth.querySelector('.balance')!.textContent).to.equal('1');
    expect(weth.querySelector('.usd')!.textContent).to.equal('$3,000.00');
    expect(ui(el).option('DAI')!.querySelector('.balance')!.textContent).to.equal('10,000');
    expect(ui(el).option('DAI')!.querySelector('.usd')).to.equal(null);
    expect(ui(el).option('USDT')!.querySelector('.balance')).to.equal(null);

    // Within one rank (symbol prefix "usd") the held token comes first even though it sorts later alphabetically.
    const held = [USDC, { ...USDT, balance: 7_000_000n }];
    el.tokens = held;
    await el.updateComplete;
    await search(el, 'usd');
    expect(ui(el).symbols()).to.deep.equal(['USDT', 'USDC']);
  });

  it('ranks exact symbol, then prefix, then name prefix, then substring', async () => {
    const tokens: TokenOption[] = [
      { ...USDC, symbol: 'XETH', name: 'Some ETH', address: '0x01' },
      { ...USDC, symbol: 'ETHX', name: 'ETH plus', address: '0x02' },
      { ...USDC, symbol: 'ABC', name: 'Ethereum Classic', address: '0x03' },
      { ...USDC, symbol: 'ETH', name: 'Ether', address: '0x04' },
    ];
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${tokens}></bw-token-picker>`);
    await open(el);
    await search(el, '  Eth ');
    expect(ui(el).symbols()).to.deep.equal(['ETH', 'ETHX', 'ABC', 'XETH']);
  });

  it('finds a token by a pasted address, ignoring case and surrounding whitespace', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC}></bw-token-picker>`);
    const seen = captureSelect(el);
    await open(el);
    await search(el, `  ${USDC.address.toLowerCase()}\n`);
    expect(ui(el).symbols()).to.deep.equal(['USDC']);
    await sendKeys({ press: 'Enter' });
    expect(seen).to.deep.equal([{ address: USDC.address }]);
  });

  it('shows an empty state naming the search, and stays accessible', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker label="To" .tokens=${BASIC}></bw-token-picker>`);
    const seen = captureSelect(el);
    await open(el);
    await search(el, 'xyz');
    expect(ui(el).options()).to.have.length(0);
    expect(ui(el).status()).to.equal('No tokens match “xyz”');
    expect(ui(el).search()!.hasAttribute('aria-activedescendant')).to.equal(false);
    await sendKeys({ press: 'Enter' });
    expect(seen).to.have.length(0);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('renders hostile names and symbols as text and drops script logos', async () => {
    const hostile: TokenOption = {
      address: '0xbad',
      chainId: '1',
      symbol: '<img src=x onerror=alert(1)>',
      name: '<script>alert(2)</script>',
      decimals: 18,
      logoURI: 'javascript:alert(1)',
    };
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${[hostile]}></bw-token-picker>`);
    await open(el);
    const row = ui(el).options()[0]!;
    expect(row.querySelector('.option-title')!.textContent).to.equal('<img src=x onerror=alert(1)>');
    expect(row.textContent).to.contain('<script>alert(2)</script>');
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(el.shadowRoot!.querySelector('script')).to.equal(null);
    // Fallback logo: letters of the symbol on a coloured circle.
    expect(row.querySelector('.initials')!.getAttribute('data-initials')).to.equal('IM');
  });

  it('falls back to letters when a logo fails to load', async () => {
    const broken: TokenOption = { ...WETH, logoURI: new URL('/no-such-logo.png', location.href).href };
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${[broken]}></bw-token-picker>`);
    await open(el);
    const row = ui(el).options()[0]!;
    const img = row.querySelector('img')!;
    expect(img.getAttribute('alt')).to.equal('');
    expect(img.getAttribute('loading')).to.equal('lazy');
    expect(img.getAttribute('width')).to.equal('32');
    await waitUntil(() => img.hidden, 'broken image hidden');
    const initials = row.querySelector<HTMLElement>('.initials')!;
    expect(initials.getAttribute('data-initials')).to.equal('WE');
    expect(getComputedStyle(initials).visibility).to.equal('visible');
  });

  it('renders only the visible rows of 10,000 tokens and still finds one deep in the list', async () => {
    const tokens: TokenOption[] = Array.from({ length: 10_000 }, (_, i) => ({
      address: `0x${i.toString(16).padStart(40, '0')}`,
      chainId: '1',
      symbol: `TK${String(i).padStart(5, '0')}`,
      name: `Token number ${i}`,
      decimals: 18,
    }));
    tokens[9_321] = { ...tokens[9_321]!, symbol: 'ZORRO', name: 'Zorro Finance' };
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${tokens}></bw-token-picker>`);
    await open(el);
    const rows = ui(el).options();
    expect(rows.length).to.be.greaterThan(5);
    expect(rows.length).to.be.lessThan(60);
    expect(rows[0]!.getAttribute('aria-setsize')).to.equal('10000');

    // Scrolling renders the rows now in view, still only a window of them.
    const list = ui(el).list();
    list.scrollTop = 5_000 * 56;
    list.dispatchEvent(new Event('scroll'));
    await nextFrame();
    await el.updateComplete;
    const positions = ui(el)
      .options()
      .map((o) => Number(o.getAttribute('aria-posinset')));
    expect(positions).to.include(5_001);
    expect(positions.length).to.be.lessThan(60);

    // End jumps to the last token; it is rendered and scrolled into view.
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(ui(el).active()!.getAttribute('aria-posinset')).to.equal('10000');
    expect(list.scrollTop).to.be.greaterThan(9_000 * 56);

    await sendKeys({ type: 'zorro' });
    await el.updateComplete;
    expect(ui(el).symbols()).to.deep.equal(['ZORRO']);
    expect(list.scrollTop).to.equal(0);

    // Reopening with a token deep in the list selected shows it.
    await sendKeys({ press: 'Escape' });
    el.selected = tokens[5_000]!.address;
    await el.updateComplete;
    await open(el);
    const active = ui(el).active()!;
    expect(active.getAttribute('aria-selected')).to.equal('true');
    expect(active.getAttribute('aria-posinset')).to.equal('5001');
    const reopened = ui(el).list();
    expect(reopened.scrollTop).to.be.greaterThan(4_900 * 56);
    const listBox = reopened.getBoundingClientRect();
    const activeBox = active.getBoundingClientRect();
    expect(activeBox.top).to.be.at.least(listBox.top - 1);
    expect(activeBox.bottom).to.be.at.most(listBox.bottom + 1);
  });

  it('announces balances still loading', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC} balances-loading balances-partial></bw-token-picker>`);
    await open(el);
    expect(el.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.equal('Some balances are still loading');
    el.balancesPartial = false;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.equal('Loading balances…');
    el.balancesLoading = false;
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.equal('');
  });

  it('reports each change of the search text, and says a search is running instead of "no match"', async () => {
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${BASIC}></bw-token-picker>`);
    const queries: string[] = [];
    el.addEventListener('bw-token-search', (e) => queries.push(e.detail.query));
    await open(el);
    expect(queries).to.deep.equal([], 'opening with an empty text reports nothing');
    await search(el, 'zz');
    await search(el, 'zz');
    expect(queries).to.deep.equal(['zz'], 'the same text once');
    el.loading = true;
    await el.updateComplete;
    expect(ui(el).status()).to.equal('Loading tokens…');
    expect(el.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.equal('', 'said once, by the empty state');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
    el.loading = false;
    await el.updateComplete;
    expect(ui(el).status()).to.equal('No tokens match “zz”');
    await search(el, 'us');
    el.loading = true;
    await el.updateComplete;
    expect(ui(el).symbols()).to.include('USDC', 'local matches show while the service is asked');
    expect(el.shadowRoot!.querySelector('[part~="notice"]')!.textContent).to.equal('Loading tokens…');
    await search(el, '');
    expect(queries).to.deep.equal(['zz', 'us', '']);
  });

  it('with has-more, asks for the next page once per list length when scrolled near the end; never while searching', async () => {
    const make = (from: number, count: number): TokenOption[] =>
      Array.from({ length: count }, (_, i) => ({
        address: `0x${(from + i).toString(16).padStart(40, '0')}`,
        chainId: '1',
        symbol: `TK${from + i}`,
        name: `Token ${from + i}`,
        decimals: 18,
      }));
    const el = await fixture<TokenPicker>(html`<bw-token-picker .tokens=${make(0, 100)} has-more></bw-token-picker>`);
    let asked = 0;
    el.addEventListener('bw-token-more', () => asked++);
    await open(el);
    expect(asked).to.equal(0, 'the top of a long list asks for nothing');
    const toBottom = async () => {
      ui(el).list().scrollTop = ui(el).list().scrollHeight;
      await nextFrame();
      await nextFrame();
      await el.updateComplete;
    };
    await toBottom();
    await waitUntil(() => asked === 1, 'asked for the next page');
    await toBottom();
    expect(asked).to.equal(1, 'not again for the same list');
    el.tokens = [...el.tokens, ...make(100, 50)];
    await el.updateComplete;
    await toBottom();
    await waitUntil(() => asked === 2, 'asked again once the page arrived');
    expect(ui(el).options().length).to.be.lessThan(40, 'still only the visible rows');
    el.tokens = [...el.tokens, ...make(150, 50)];
    await search(el, 'tk');
    await toBottom();
    expect(asked).to.equal(2, 'a search result is not paged this way');
    el.hasMore = false;
    await search(el, '');
    await toBottom();
    expect(asked).to.equal(2, 'a complete list asks for nothing');
  });

  it('does not open while disabled, and says why', async () => {
    const el = await fixture<TokenPicker>(
      html`<bw-token-picker
        .tokens=${BASIC}
        selected=${USDC.address}
        disabled
        disabled-reason="The token is fixed by this page"
      ></bw-token-picker>`,
    );
    const trigger = ui(el).trigger();
    expect(trigger.getAttribute('aria-disabled')).to.equal('true');
    expect(trigger.title).to.equal('The token is fixed by this page');
    const described = el.shadowRoot!.getElementById(trigger.getAttribute('aria-describedby')!)!;
    expect(described.textContent).to.equal('The token is fixed by this page');
    trigger.click();
    await el.updateComplete;
    expect(ui(el).dialog()).to.equal(null);
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(ui(el).dialog()).to.equal(null);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });
});
