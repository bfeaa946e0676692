import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import {
  WalletChooser,
  type WalletOption,
  type WalletSelectEvent,
  type WayOption,
  type WaySelectEvent,
} from '../../../src/components/wallet-chooser/wallet-chooser.js';
import { PickerHarness } from '../harness/picker.js';
import { untilAnimationsSettle } from '../helpers/dom.js';

if (!customElements.get('bw-wallet-chooser')) customElements.define('bw-wallet-chooser', WalletChooser);

const SVG_ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#3355ff"/></svg>')}`;
// Script inside an SVG shown through <img> never runs: the icon is allowed and must stay inert.
const SVG_WITH_SCRIPT = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" onload="top.__walletPwned=1"><script>top.__walletPwned=1</script></svg>')}`;

const PNG_ICON = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const WALLETS: WalletOption[] = [
  { id: 'a', name: 'Alpha Wallet', icon: SVG_ICON, rdns: 'com.example.alpha' },
  { id: 'b', name: 'Beta Wallet', icon: PNG_ICON, rdns: 'com.example.beta' },
  { id: 'c', name: 'Gamma Wallet', icon: SVG_WITH_SCRIPT, rdns: 'com.example.gamma' },
];

const HOSTILE: WalletOption[] = [
  { id: 'h1', name: '<img src=x onerror="top.__walletPwned=1">Evil', icon: 'javascript:top.__walletPwned=1', rdns: 'com.example.evil' },
  { id: 'h2', name: 'Html Wallet', icon: 'data:text/html,<script>top.__walletPwned=1</script>', rdns: 'com.example.html' },
  { id: 'h3', name: 'Markup Wallet', icon: '<svg onload="top.__walletPwned=1"></svg>', rdns: 'com.example.markup' },
  { id: 'h4', name: 'Plain Http', icon: 'http://wallet.example/icon.png', rdns: 'com.example.http' },
];

function ui(el: WalletChooser) {
  const picker = new PickerHarness(el);
  return {
    dialog: () => picker.dialog,
    search: () => picker.search,
    options: () => picker.options,
    names: () => picker.options.map((o) => o.querySelector('.option-title')!.textContent),
    status: () => picker.root.querySelector<HTMLElement>('.empty')!.textContent?.trim(),
  };
}

/** The chooser next to the button that opens it, as the shell places them. */
async function mount(wallets: WalletOption[], ways: WayOption[] = []) {
  const wrapper = await fixture<HTMLDivElement>(html`<div>
    <button id="opener">Connect wallet</button>
    <bw-wallet-chooser .wallets=${wallets} .ways=${ways}></bw-wallet-chooser>
  </div>`);
  const el = wrapper.querySelector('bw-wallet-chooser')!;
  const opener = wrapper.querySelector<HTMLButtonElement>('#opener')!;
  opener.addEventListener('click', () => void el.show(opener));
  return { el, opener };
}

async function open(el: WalletChooser, opener: HTMLButtonElement) {
  opener.focus();
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => !!ui(el).search() && el.shadowRoot!.activeElement === ui(el).search(), 'the search field has focus once the chooser is open');
}

/** Axe reads colours: wait for the opening animation to end rather than check a fading dialog. */
async function accessible(el: WalletChooser) {
  await untilAnimationsSettle(el);
  await expect(el).to.be.accessible();
}

describe('<bw-wallet-chooser>', () => {
  afterEach(() => {
    delete (window as { __walletPwned?: unknown }).__walletPwned;
  });

  it("renders nothing until opened: the opener is the shell's button", async () => {
    const { el } = await mount(WALLETS);
    expect(ui(el).dialog()).to.equal(null);
    expect(el.shadowRoot!.querySelector('button')).to.equal(null);
  });

  it('lists each wallet by name with its rdns, in a modal dialog that passes axe', async () => {
    const { el, opener } = await mount(WALLETS);
    await open(el, opener);
    expect(ui(el).dialog()!.getAttribute('aria-modal')).to.equal('true');
    expect(ui(el).dialog()!.textContent).to.include('Connect a wallet');
    expect(ui(el).names()).to.deep.equal(['Alpha Wallet', 'Beta Wallet', 'Gamma Wallet']);
    expect(ui(el).options()[1]!.textContent).to.include('com.example.beta');
    await accessible(el);
  });

  it('shows icons only through <img> (data:image URIs here; https URLs: test/node/safe-url.test.ts); an SVG with script stays inert', async () => {
    const { el, opener } = await mount(WALLETS);
    await open(el, opener);
    const srcs = ui(el)
      .options()
      .map((o) => o.querySelector('img')?.getAttribute('src'));
    expect(srcs).to.deep.equal([SVG_ICON, PNG_ICON, SVG_WITH_SCRIPT]);
    const first = ui(el).options()[0]!.querySelector('img')!;
    await waitUntil(() => first.complete, 'the data: icon loads');
    expect(first.naturalWidth).to.be.greaterThan(0);
    const scripted = ui(el).options()[2]!.querySelector('img')!;
    await waitUntil(() => scripted.complete, 'the scripted SVG icon settles');
    expect((window as { __walletPwned?: unknown }).__walletPwned).to.equal(undefined);
  });

  it("renders hostile names as text and hostile icons as the name's letters, never as markup or a link", async () => {
    const { el, opener } = await mount(HOSTILE);
    await open(el, opener);
    const options = ui(el).options();
    expect(ui(el).names()).to.deep.equal(['<img src=x onerror="top.__walletPwned=1">Evil', 'Html Wallet', 'Markup Wallet', 'Plain Http']);
    for (const option of options) {
      expect(option.querySelector('img'), option.textContent!).to.equal(null);
      expect(option.querySelector('svg:not(.icon)')).to.equal(null);
      expect(option.querySelector('.initials')!.getAttribute('data-initials')).to.match(/^[A-Z0-9]{1,2}$/);
    }
    expect(el.shadowRoot!.querySelector('a, iframe, object, embed, script')).to.equal(null);
    expect((window as { __walletPwned?: unknown }).__walletPwned).to.equal(undefined);
    await accessible(el);
  });

  it('is chosen with the keyboard alone, and returns focus to the opener', async () => {
    const { el, opener } = await mount(WALLETS);
    await open(el, opener);
    const chosen = oneEvent(el, 'bw-wallet-select') as Promise<WalletSelectEvent>;
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    expect((await chosen).detail).to.deep.equal({ id: 'b' });
    await waitUntil(() => ui(el).dialog() === null, 'the chooser closes after a choice');
    expect(document.activeElement === opener, 'focus is back on the opener').to.equal(true);
  });

  it('closes on Escape without a choice, returning focus to the opener', async () => {
    const { el, opener } = await mount(WALLETS);
    let chosen = 0;
    el.addEventListener('bw-wallet-select', () => chosen++);
    await open(el, opener);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => ui(el).dialog() === null, 'Escape closes the chooser');
    expect(document.activeElement === opener, 'focus is back on the opener').to.equal(true);
    expect(chosen).to.equal(0);
  });

  it('keeps focus off the page behind the modal dialog on Tab', async () => {
    const { el, opener } = await mount(WALLETS);
    await open(el, opener);
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      // Past the last control, focus goes to the browser (a showModal() dialog), never to the page.
      if (document.activeElement === document.body || !document.activeElement) continue;
      expect(document.activeElement === el, 'focus stays in the chooser').to.equal(true);
      expect(ui(el).dialog()!.contains(el.shadowRoot!.activeElement)).to.equal(true);
    }
  });

  it("without any wallet says so and suggests a wallet app's built-in browser", async () => {
    const { el, opener } = await mount([]);
    await open(el, opener);
    expect(ui(el).options()).to.have.length(0);
    expect(ui(el).status()).to.equal('No wallet found in this browser. On a phone, open this page in your wallet app’s built-in browser.');
    await accessible(el);
  });

  describe('other ways to pay, under the list', () => {
    const WAYS: WayOption[] = [
      { id: 'walletconnect', title: 'A wallet on your phone', detail: 'Scan a QR code' },
      { id: 'app', title: 'Open in MetaMask', href: 'https://metamask.app.link/dapp/shop.example/' },
    ];

    it('offers each way under its heading: a button fires bw-way-select and leaves the dialog open; a link is a link', async () => {
      const { el, opener } = await mount([], WAYS);
      await open(el, opener);
      const group = el.shadowRoot!.querySelector<HTMLElement>('[part="ways"]')!;
      expect(group.getAttribute('role')).to.equal('group');
      expect(group.querySelector('h3')!.textContent).to.equal('Other ways to pay');
      const [button, link] = [...group.querySelectorAll<HTMLElement>('[part="way"]')];
      expect(button!.tagName).to.equal('BUTTON');
      expect(button!.textContent).to.include('A wallet on your phone');
      expect(button!.textContent).to.include('Scan a QR code');
      expect(link!.tagName).to.equal('A');
      expect(link!.getAttribute('href')).to.equal('https://metamask.app.link/dapp/shop.example/');
      const chosen = oneEvent(el, 'bw-way-select') as Promise<WaySelectEvent>;
      button!.click();
      expect((await chosen).detail).to.deep.equal({ id: 'walletconnect' });
      expect(ui(el).dialog()!.open).to.equal(true);
      await accessible(el);
    });

    it('shows a long way whole, wrapped rather than cut ("… or an exchange" stays readable)', async () => {
      const title = 'Send from another wallet or an exchange, from any account you hold anywhere else at all';
      const { el, opener } = await mount([], [{ id: 'deposit', title }]);
      await open(el, opener);
      const shown = el.shadowRoot!.querySelector<HTMLElement>('[part="way"] .option-title')!;
      expect(shown.textContent).to.equal(title);
      expect(shown.scrollWidth, 'no text overflows its line').to.be.at.most(shown.clientWidth);
      expect(shown.getBoundingClientRect().height, 'it wraps onto more lines').to.be.greaterThan(parseFloat(getComputedStyle(shown).lineHeight) * 1.5);
    });

    it('shows no heading and no group without other ways', async () => {
      const { el, opener } = await mount(WALLETS);
      await open(el, opener);
      expect(el.shadowRoot!.querySelector('[part="ways"]')).to.equal(null);
    });
  });
});
