import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import { ChainPicker, type ChainOption } from '../../../src/components/chain-picker/chain-picker.js';
import { untilAnimationsSettle } from '../helpers/dom.js';
import { PickerHarness } from '../harness/picker.js';

if (!customElements.get('bw-chain-picker')) customElements.define('bw-chain-picker', ChainPicker);

const CHAINS: ChainOption[] = [
  { chainId: '1', name: 'Ethereum', family: 'evm', availability: 'available' },
  { chainId: '8453', name: 'Base', family: 'evm', availability: 'available' },
  { chainId: '42161', name: 'Arbitrum One', family: 'evm', availability: 'available' },
  { chainId: '1329', name: 'Sei EVM', family: 'evm', availability: 'unconfirmed' },
  { chainId: 'cataclysm-1', name: 'Nibiru', family: 'cosmos', availability: 'unconfirmed' },
  {
    chainId: 'osmosis-1',
    name: 'Osmosis',
    family: 'cosmos',
    availability: 'informational',
    note: 'Can’t send to this network yet',
  },
  { chainId: 'sui-mainnet', name: 'Sui', family: 'sui', availability: 'informational' },
  { chainId: '10', name: 'Optimism', family: 'evm', availability: 'unavailable', note: 'Same as the source chain' },
];

function ui(el: ChainPicker) {
  const picker = new PickerHarness(el);
  return {
    trigger: () => picker.trigger!,
    dialog: () => picker.dialog,
    search: () => picker.search,
    options: () => picker.options,
    names: () => picker.options.map((o) => o.querySelector('.option-title')!.textContent),
    option: (name: string) => picker.option(name)!,
    group: () => picker.root.querySelector<HTMLElement>('[role="group"]'),
    active: () => picker.activeOption,
    status: () => picker.root.querySelector<HTMLElement>('.empty')!.textContent,
    focused: () => picker.focused,
  };
}

async function open(el: ChainPicker) {
  ui(el).trigger().click();
  await el.updateComplete;
  await waitUntil(() => !!ui(el).search() && ui(el).focused() === ui(el).search(), 'search field focused on open');
}

async function search(el: ChainPicker, text: string) {
  const input = ui(el).search()!;
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true }));
  await el.updateComplete;
}

function captureSelect(el: HTMLElement): Array<{ chainId: string }> {
  const seen: Array<{ chainId: string }> = [];
  el.addEventListener('bw-chain-select', (e) => seen.push(e.detail));
  return seen;
}

describe('<bw-chain-picker>', () => {
  it('shows "Select chain" without a selection and the chain when selected; accessible closed', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker label="From" .chains=${CHAINS}></bw-chain-picker>`);
    expect(ui(el).trigger().textContent).to.contain('Select chain');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
    el.selected = '8453';
    await el.updateComplete;
    expect(ui(el).trigger().textContent!.trim()).to.equal('Base');
    expect(ui(el).dialog()).to.equal(null);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('opens with routable chains first and listed-only chains in their own group; accessible open', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker label="To" .chains=${CHAINS} selected="1"></bw-chain-picker>`);
    await open(el);
    const { names, group, option, active } = ui(el);
    expect(names()).to.deep.equal(['Ethereum', 'Base', 'Arbitrum One', 'Sei EVM', 'Nibiru', 'Optimism', 'Osmosis', 'Sui']);
    expect(group()!.textContent).to.contain('Not available as a destination');
    expect(group()!.contains(option('Osmosis'))).to.equal(true);
    expect(group()!.contains(option('Base'))).to.equal(false);
    expect(option('Osmosis').getAttribute('aria-disabled')).to.equal('true');
    expect(option('Osmosis').textContent).to.contain('Can’t send to this network yet');
    expect(option('Optimism').getAttribute('aria-disabled')).to.equal('true');
    expect(option('Optimism').textContent).to.contain('Same as the source chain');
    expect(option('Sei EVM').getAttribute('aria-disabled')).to.equal('false');
    // Plain words that say what to do, not jargon.
    expect(option('Sei EVM').textContent).to.contain('Enter an amount to check it');
    expect(option('Ethereum').getAttribute('aria-selected')).to.equal('true');
    expect(active()).to.equal(option('Ethereum'));
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('does not select an informational chain by click or keyboard', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${CHAINS}></bw-chain-picker>`);
    const seen = captureSelect(el);
    await open(el);
    ui(el).option('Osmosis').click();
    await el.updateComplete;
    expect(seen).to.have.length(0);
    expect(ui(el).dialog()).not.to.equal(null);
    await search(el, 'sui');
    expect(ui(el).names()).to.deep.equal(['Sui']);
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(seen).to.have.length(0);
    expect(ui(el).dialog()).not.to.equal(null);
  });

  it('selects an unconfirmed chain by click', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${CHAINS}></bw-chain-picker>`);
    const seen = captureSelect(el);
    await open(el);
    ui(el).option('Nibiru').click();
    await el.updateComplete;
    expect(seen).to.deep.equal([{ chainId: 'cataclysm-1' }]);
    expect(ui(el).dialog()).to.equal(null);
  });

  it('searches by name or chain ID, best match first', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${CHAINS}></bw-chain-picker>`);
    await open(el);
    await search(el, '8453');
    expect(ui(el).names()).to.deep.equal(['Base']);
    await search(el, 'CATACLYSM');
    expect(ui(el).names()).to.deep.equal(['Nibiru']);
    await search(el, 'e');
    expect(ui(el).names()[0]).to.equal('Ethereum');
    await search(el, 'xyz');
    expect(ui(el).options()).to.have.length(0);
    expect(ui(el).status()).to.equal('No chains match “xyz”');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('works with the keyboard only: Space opens, type, Enter selects, focus returns', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${CHAINS}></bw-chain-picker>`);
    const seen = captureSelect(el);
    const { trigger, search: searchField, focused, dialog } = ui(el);
    trigger().focus();
    await sendKeys({ press: 'Space' });
    await waitUntil(() => focused() === searchField(), 'search focused after Space on the trigger');
    await sendKeys({ type: 'ar' });
    await el.updateComplete;
    expect(ui(el).names()[0]).to.equal('Arbitrum One');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(seen).to.deep.equal([{ chainId: '42161' }]);
    expect(dialog()).to.equal(null);
    await waitUntil(() => focused() === trigger(), 'focus back on the trigger');
  });

  it('moves with ArrowDown/ArrowUp/Home/End', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${CHAINS}></bw-chain-picker>`);
    const seen = captureSelect(el);
    await open(el);
    const { active } = ui(el);
    expect(active()!.textContent).to.contain('Ethereum');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    expect(active()!.querySelector('.option-title')!.textContent).to.equal('Arbitrum One');
    await sendKeys({ press: 'ArrowUp' });
    await el.updateComplete;
    expect(active()!.querySelector('.option-title')!.textContent).to.equal('Base');
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    expect(active()!.querySelector('.option-title')!.textContent).to.equal('Sui');
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    expect(seen).to.deep.equal([{ chainId: '8453' }]);
  });

  it('scrolls a long list to keep the keyboard-active chain visible', async () => {
    const many: ChainOption[] = Array.from({ length: 60 }, (_, i) => ({
      chainId: String(i + 1),
      name: `Chain ${String(i + 1).padStart(2, '0')}`,
      family: 'evm' as const,
      availability: 'available' as const,
    }));
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${many}></bw-chain-picker>`);
    await open(el);
    const list = el.shadowRoot!.querySelector<HTMLElement>('[role="listbox"]')!;
    expect(list.scrollHeight).to.be.greaterThan(list.clientHeight);
    await sendKeys({ press: 'End' });
    await el.updateComplete;
    const active = ui(el).active()!;
    expect(active.textContent).to.contain('Chain 60');
    const listBox = list.getBoundingClientRect();
    const activeBox = active.getBoundingClientRect();
    expect(activeBox.bottom).to.be.at.most(listBox.bottom + 1);
    expect(activeBox.top).to.be.at.least(listBox.top - 1);
    await sendKeys({ press: 'Home' });
    await el.updateComplete;
    expect(list.scrollTop).to.equal(0);
  });

  it('Escape closes and returns focus; Tab stays off the page behind the modal dialog', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${CHAINS}></bw-chain-picker>`);
    await open(el);
    const dialog = ui(el).dialog()!;
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      // Past the last control, focus goes to the browser (a showModal() dialog), never to the page.
      if (document.activeElement === document.body || !document.activeElement) continue;
      expect(dialog.contains(ui(el).focused())).to.equal(true);
    }
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(dialog.contains(ui(el).focused())).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(ui(el).dialog()).to.equal(null);
    await waitUntil(() => ui(el).focused() === ui(el).trigger(), 'focus back on the trigger');
  });

  it('uses the letter fallback for a script icon URL and escapes names', async () => {
    const chains: ChainOption[] = [
      {
        chainId: '666',
        name: '<img src=x onerror=alert(1)>',
        iconUrl: 'javascript:alert(1)',
        family: 'other',
        availability: 'available',
      },
    ];
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${chains} selected="666"></bw-chain-picker>`);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(ui(el).trigger().textContent!.trim()).to.equal('<img src=x onerror=alert(1)>');
    await open(el);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(ui(el).options()[0]!.querySelector('.initials')!.getAttribute('data-initials')).to.equal('IM');
  });

  it('stays closed while disabled and explains why', async () => {
    const el = await fixture<ChainPicker>(
      html`<bw-chain-picker
        .chains=${CHAINS}
        selected="1"
        disabled
        disabled-reason="This page only sends from Ethereum"
      ></bw-chain-picker>`,
    );
    const trigger = ui(el).trigger();
    expect(trigger.title).to.equal('This page only sends from Ethereum');
    trigger.click();
    await el.updateComplete;
    expect(ui(el).dialog()).to.equal(null);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('closes when it becomes disabled while open', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker .chains=${CHAINS}></bw-chain-picker>`);
    await open(el);
    el.disabled = true;
    await el.updateComplete;
    await el.updateComplete;
    expect(ui(el).dialog()).to.equal(null);
  });
});
