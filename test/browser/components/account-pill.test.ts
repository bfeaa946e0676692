import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { AccountPill } from '../../../src/components/account-pill/account-pill.js';
import { defineElements } from '../../../src/define-elements.js';
import { deepActiveElement, waitFor } from '../helpers/dom.js';

defineElements({ 'bw-account-pill': AccountPill });

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const pillOf = (el: AccountPill) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="pill"]')!;
const menuOf = (el: AccountPill) => el.shadowRoot!.querySelector<HTMLElement>('[part="menu"]');
const items = (el: AccountPill) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="menu-item"]')].map((b) => b.textContent!.trim());

async function open(el: AccountPill): Promise<void> {
  pillOf(el).click();
  await waitFor(() => menuOf(el)?.matches(':popover-open'), 'the menu opens');
}

describe('<bw-account-pill>', () => {
  it('shows the account shortened with its network, whole in its title; its menu changes and disconnects a wallet chosen in the widget', async () => {
    const el = await fixture<AccountPill>(html`<bw-account-pill .address=${ADDRESS} network="Sepolia" wallet="Dev Wallet"></bw-account-pill>`);
    expect(pillOf(el).textContent!.replace(/\s+/g, ' ').trim()).to.equal('0xf39F…2266 · Sepolia');
    expect(pillOf(el).title).to.equal(ADDRESS);
    await open(el);
    expect(items(el)).to.deep.equal(['Copy address', 'Change wallet', 'Disconnect']);
    await waitFor(() => deepActiveElement()?.textContent?.trim() === 'Copy address', 'the first action has focus');
    await expect(el).to.be.accessible();
    const changed = oneEvent(el, 'bw-account-change');
    el.shadowRoot!.querySelector<HTMLButtonElement>('.change')!.click();
    await changed;
    expect(menuOf(el)!.matches(':popover-open'), 'a chosen action closes the menu').to.equal(false);
    await open(el);
    const dropped = oneEvent(el, 'bw-account-disconnect');
    el.shadowRoot!.querySelector<HTMLButtonElement>('.disconnect')!.click();
    await dropped;
  });

  it('offers only Copy for a wallet the page owns; Escape closes the menu and gives focus back to the pill', async () => {
    const el = await fixture<AccountPill>(html`<bw-account-pill .address=${ADDRESS} network="Sepolia"></bw-account-pill>`);
    pillOf(el).focus();
    await open(el);
    expect(items(el)).to.deep.equal(['Copy address']);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !menuOf(el)!.matches(':popover-open'), 'Escape closes the menu');
    expect(deepActiveElement() === pillOf(el), 'focus is back on the pill').to.equal(true);
    pillOf(el).click();
    expect(menuOf(el)!.matches(':popover-open'), 'the pill opens it again').to.equal(true);
  });

  it('is 44 px tall and its menu items too', async () => {
    const el = await fixture<AccountPill>(html`<bw-account-pill .address=${ADDRESS} network="Sepolia" wallet="Dev Wallet"></bw-account-pill>`);
    expect(pillOf(el).getBoundingClientRect().height).to.be.at.least(44);
    await open(el);
    for (const item of el.shadowRoot!.querySelectorAll('[part~="menu-item"]')) expect(item.getBoundingClientRect().height).to.be.at.least(44);
  });
});
