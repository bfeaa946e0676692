/**
 * Wallet discovery (EIP-6963) end to end: development wallets announce
 * themselves as browser extensions do, the widget offers them, signs with the
 * one the user chose against the sandbox's real chains, remembers it, and
 * always gives way to the host's own `provider`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeSuccessDetail, BridgeWalletDetail } from '../../src/bridge-widget/events.js';
import type { WalletChooser } from '../../src/components/wallet-chooser/wallet-chooser.js';
import { announceWallet, createDevWallet, type DevWallet, type Eip6963Info } from '../../demo/dev-wallet.js';
import { devWallet, erc20Balance, fetchesOf, sandboxConfig, setFaults, tokenAddress } from './helpers/sandbox.js';
import { nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { deepActiveElement, formReady, primaryText, untilAnimationsSettle, waitFor } from './helpers/dom.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

const icon = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="${colour}"/></svg>`)}`;
const ALPHA: Eip6963Info = { uuid: '0b5d7e1c-0000-4000-8000-00000000000a', name: 'Alpha Dev Wallet', icon: icon('#3355ff'), rdns: 'dev.example.alpha' };
const BETA: Eip6963Info = { uuid: '0b5d7e1c-0000-4000-8000-00000000000b', name: 'Beta Dev Wallet', icon: icon('#ff5533'), rdns: 'dev.example.beta' };
const GAMMA: Eip6963Info = { uuid: '0b5d7e1c-0000-4000-8000-00000000000c', name: 'Gamma Dev Wallet', icon: icon('#33aa55'), rdns: 'dev.example.gamma' };
const TWIN: Eip6963Info = { uuid: '0b5d7e1c-0000-4000-8000-0000000000ff', name: 'Twin Wallet', icon: icon('#777777'), rdns: 'dev.example.twin' };
const HOSTILE: Eip6963Info = {
  uuid: '0b5d7e1c-0000-4000-8000-00000000000d',
  name: '<img src=x onerror="top.__walletPwned=1">Hostile',
  icon: 'data:text/html,<script>top.__walletPwned=1</script>',
  rdns: 'dev.example.hostile',
};

const stops: (() => void)[] = [];
/** Stands in for an installed extension: announces now and on every request, until the test ends. */
function install(wallet: DevWallet, info: Eip6963Info): DevWallet {
  stops.push(announceWallet(wallet, info));
  return wallet;
}

/** A development wallet for a funded sandbox account (`undefined`: the main one), not yet connected to the site, on the destination chain. */
async function extensionWallet(account?: number): Promise<DevWallet> {
  const c = await sandboxConfig();
  const key = account === undefined ? c.account : c.extraAccounts[account]!;
  return createDevWallet({
    privateKey: key.privateKey,
    chains: c.chains.map((ch) => ({ chainId: ch.chainId, rpcUrl: ch.rpcUrl, name: ch.name })),
    chainId: DST,
  });
}

async function mount(options: { discovery?: 'off' } = {}): Promise<BridgeWidget> {
  const { widget } = await mountWidget({ attributes: { 'wallet-discovery': options.discovery ?? 'on' }, wallet: false });
  await formReady(widget);
  return widget;
}

const chooserOf = (widget: BridgeWidget) => shadow(widget).querySelector<WalletChooser>('bw-wallet-chooser');
const dialogOf = (widget: BridgeWidget) => chooserOf(widget)?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
const optionsOf = (widget: BridgeWidget) => [...(chooserOf(widget)?.shadowRoot?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
const namesOf = (widget: BridgeWidget) => optionsOf(widget).map((o) => o.querySelector('.option-title')!.textContent);
const pillOf = (widget: BridgeWidget) => shadow(widget).querySelector('bw-account-pill')?.shadowRoot ?? null;
const accountText = (widget: BridgeWidget) => pillOf(widget)?.querySelector('[part="pill"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** An action of the account's menu, the menu opened from the pill as a user would. */
async function walletAction(widget: BridgeWidget, label: string): Promise<HTMLButtonElement | undefined> {
  const pill = pillOf(widget);
  if (!pill) return undefined;
  const menu = () => pill.querySelector<HTMLElement>('[part="menu"]');
  if (!menu()?.matches(':popover-open')) {
    pill.querySelector<HTMLButtonElement>('[part="pill"]')!.click();
    await waitFor(() => menu()?.matches(':popover-open'), 'the account menu opens');
  }
  return [...menu()!.querySelectorAll<HTMLButtonElement>('[part~="menu-item"]')].find((b) => b.textContent?.trim() === label);
}

async function openChooser(widget: BridgeWidget): Promise<void> {
  await waitForText(widget, (t) => t === 'Connect wallet', 'the Connect button');
  primaryButton(widget).click();
  await waitFor(() => dialogOf(widget), 'the wallet chooser opens');
  const chooser = chooserOf(widget)!;
  await untilAnimationsSettle(chooser);
}

async function choose(widget: BridgeWidget, name: string, wallet: DevWallet): Promise<void> {
  await openChooser(widget);
  optionsOf(widget)
    .find((o) => o.querySelector('.option-title')!.textContent === name)!
    .click();
  await waitFor(() => accountText(widget).includes(wallet.address.slice(0, 6)), `the account area shows ${name}'s account`);
}

/** `bridge-wallet` events reaching the document, until the test ends. */
function walletEvents(): BridgeWalletDetail[] {
  const seen: BridgeWalletDetail[] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent<BridgeWalletDetail>).detail);
  document.addEventListener('bridge-wallet', listener);
  stops.push(() => document.removeEventListener('bridge-wallet', listener));
  return seen;
}

describe('<bridge-widget> wallet discovery (EIP-6963)', function () {
  e2eSuite(this);

  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    delete (window as { ethereum?: unknown }).ethereum;
    delete (window as { __walletPwned?: unknown }).__walletPwned;
  });

  it('lists the announced wallets by name (a late one too); a uuid claimed by two providers and window.ethereum are not offered; hostile names and icons stay inert; axe passes', async () => {
    const alpha = install(await extensionWallet(), ALPHA);
    // The same wallet announcing twice is listed once.
    stops.push(announceWallet(alpha, ALPHA));
    const beta = install(await extensionWallet(0), BETA);
    const hostile = install(await extensionWallet(1), HOSTILE);
    // A script impersonating a wallet under its uuid: neither is offered.
    const twin = install(await extensionWallet(2), TWIN);
    const impostor = install(await extensionWallet(1), { ...TWIN, name: 'Twin impostor' });
    (window as { ethereum?: unknown }).ethereum = beta;
    performance.setResourceTimingBufferSize(10_000);
    const widget = await mount();
    expect(chooserOf(widget), 'the chooser is there, closed').to.not.equal(null);
    expect(dialogOf(widget)).to.equal(null);

    await openChooser(widget);
    expect(namesOf(widget)).to.deep.equal(['Alpha Dev Wallet', 'Beta Dev Wallet', '<img src=x onerror="top.__walletPwned=1">Hostile']);
    const hostileRow = optionsOf(widget)[2]!;
    expect(hostileRow.querySelector('img'), 'a data:text/html icon is not loaded').to.equal(null);
    expect(hostileRow.querySelector('.initials')!.getAttribute('data-initials')).to.equal('IM');
    expect(optionsOf(widget)[0]!.querySelector('img')!.getAttribute('src')).to.equal(ALPHA.icon);

    // First in this file: a browser with wallets fetches nothing for the ways to a wallet elsewhere (the chunk is left out
    // of the complete transfer's budget for that reason: scripts/bench/graph.ts).
    expect(fetchesOf('bridge-widget/moments/wallet-ways.ts')).to.have.length(0);

    const gamma = install(await extensionWallet(2), GAMMA);
    await waitFor(() => namesOf(widget).length === 4, 'the late wallet appears');
    expect(namesOf(widget)[3]).to.equal('Gamma Dev Wallet');
    await untilAnimationsSettle(chooserOf(widget)!);
    await expect(widget).to.be.accessible();
    expect((window as { __walletPwned?: unknown }).__walletPwned).to.equal(undefined);
    // Listing wallets asks none of them anything.
    for (const wallet of [alpha, beta, hostile, gamma, twin, impostor]) expect(wallet.requests).to.deep.equal([]);
  });

  it('choosing the second wallet sends every request to it and none to the others, through a whole transfer', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const alpha = install(await extensionWallet(), ALPHA);
    const beta = install(await extensionWallet(0), BETA);
    const events = walletEvents();
    const widget = await mount();
    await choose(widget, 'Beta Dev Wallet', beta);
    expect(events).to.deep.equal([{ state: 'connected', name: 'Beta Dev Wallet', rdns: 'dev.example.beta', address: beta.address }]);
    expect(JSON.stringify(events)).to.not.include('data:image');

    const usdcDst = await tokenAddress(DST, 'USDC');
    const before = await erc20Balance(DST, usdcDst, beta.address);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote for 2 USDC');
    primaryButton(widget).click();
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    expect((await erc20Balance(DST, usdcDst, beta.address)) - before).to.equal(success.detail.toAmount);

    expect(beta.requests).to.include.members(['eth_requestAccounts', 'wallet_switchEthereumChain', 'eth_sendTransaction']);
    expect(
      beta.requests.filter((m) => m === 'eth_sendTransaction'),
      'the approval and the transfer',
    ).to.have.length(2);
    expect(alpha.requests).to.deep.equal([]);
  });

  it('a reload reconnects to the remembered wallet without a prompt; Disconnect forgets it', async () => {
    const alpha = install(await extensionWallet(), ALPHA);
    const beta = install(await extensionWallet(0), BETA);
    const first = await mount();
    await choose(first, 'Beta Dev Wallet', beta);
    first.remove();
    beta.requests.length = 0;

    const events = walletEvents();
    const second = await mount();
    await waitFor(() => accountText(second).includes(beta.address.slice(0, 6)), 'the remembered wallet is connected again');
    expect(beta.requests).to.include('eth_accounts');
    expect(beta.requests).to.not.include('eth_requestAccounts');
    expect(alpha.requests).to.deep.equal([]);
    expect(dialogOf(second)).to.equal(null);
    expect(events).to.deep.equal([{ state: 'connected', name: 'Beta Dev Wallet', rdns: 'dev.example.beta', address: beta.address }]);

    (await walletAction(second, 'Disconnect'))!.click();
    await waitForText(second, (t) => t === 'Connect wallet', 'Connect again after Disconnect');
    expect(accountText(second)).to.equal('');
    expect(events.at(-1)).to.deep.equal({ state: 'disconnected', name: 'Beta Dev Wallet', rdns: 'dev.example.beta', address: undefined });
    second.remove();
    beta.requests.length = 0;

    const third = await mount();
    await waitForText(third, (t) => t === 'Connect wallet', 'a forgotten wallet is not reconnected');
    expect(beta.requests).to.deep.equal([]);
  });

  it("the host's provider takes over at once and removes the chooser; provider = undefined returns to discovery", async () => {
    install(await extensionWallet(), ALPHA);
    const beta = install(await extensionWallet(0), BETA);
    const events = walletEvents();
    const widget = await mount();
    await choose(widget, 'Beta Dev Wallet', beta);
    (await walletAction(widget, 'Change wallet'))!.click();
    await waitFor(() => dialogOf(widget), 'Change wallet opens the chooser');
    const asked = beta.requests.length;

    const host = await devWallet({ account: 1, chainId: DST });
    widget.provider = host;
    await widget.updateComplete;
    expect(chooserOf(widget), 'the chooser is gone at once').to.equal(null);
    expect(await walletAction(widget, 'Disconnect')).to.equal(undefined);
    expect(events.at(-1)).to.deep.equal({ state: 'disconnected', name: 'Beta Dev Wallet', rdns: 'dev.example.beta', address: undefined });
    await waitFor(() => accountText(widget).includes(host.address.slice(0, 6)), "the host's account");
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), "a quote for the host's account");
    expect(beta.requests.length, 'nothing more goes to the discovered wallet').to.equal(asked);

    widget.provider = undefined;
    await waitForText(widget, (t) => t === 'Connect wallet', 'back to discovery');
    await openChooser(widget);
    expect(namesOf(widget)).to.deep.equal(['Alpha Dev Wallet', 'Beta Dev Wallet']);
  });

  it('a remembered wallet never replaces a provider the host sets from the start', async () => {
    const beta = install(await extensionWallet(0), BETA);
    const first = await mount();
    await choose(first, 'Beta Dev Wallet', beta);
    first.remove();
    beta.requests.length = 0;

    const host = await devWallet({ account: 1, chainId: DST });
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(
      html`<bridge-widget proxy-url=${proxyUrl} from-chain=${String(SRC)} to-chain=${String(DST)} from-token="USDC" to-token="USDC" amount="2" .provider=${host}></bridge-widget>`,
    );
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), "a quote for the host's account");
    expect(accountText(widget)).to.include(host.address.slice(0, 6));
    expect(chooserOf(widget)).to.equal(null);
    expect(beta.requests).to.deep.equal([]);
  });

  it('wallet-discovery="off" shows no chooser and asks no wallet anything, not even a remembered one; Connect stays for the host', async () => {
    const beta = install(await extensionWallet(0), BETA);
    const first = await mount();
    await choose(first, 'Beta Dev Wallet', beta);
    first.remove();
    beta.requests.length = 0;

    const widget = await mount({ discovery: 'off' });
    expect(primaryText(widget)).to.equal('Connect wallet');
    expect(primaryButton(widget).disabled).to.equal(false, 'live: it fires bridge-connect-request for the host (test/browser/integrators.test.ts)');
    expect(chooserOf(widget)).to.equal(null);
    expect(beta.requests).to.deep.equal([]);
    await expect(widget).to.be.accessible();
  });

  it('a prevented bridge-connect-request opens nothing; the host then sets provider', async () => {
    const alpha = install(await extensionWallet(), ALPHA);
    const widget = await mount();
    const host = await devWallet({ account: 1, chainId: DST });
    let requests = 0;
    widget.addEventListener('bridge-connect-request', (event) => {
      requests++;
      event.preventDefault();
      // A host's own modal (WalletConnect, a wallet kit) would run here.
      widget.provider = host;
    });
    await waitForText(widget, (t) => t === 'Connect wallet', 'the Connect button');
    primaryButton(widget).click();
    await widget.updateComplete;
    expect(requests).to.equal(1);
    expect(dialogOf(widget)).to.equal(null);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), "the host's wallet in use");
    expect(alpha.requests).to.deep.equal([]);
  });

  it('works with the keyboard alone: Enter opens, arrows and Enter choose, focus stays in the widget', async () => {
    const alpha = install(await extensionWallet(), ALPHA);
    const beta = install(await extensionWallet(0), BETA);
    const widget = await mount();
    await waitForText(widget, (t) => t === 'Connect wallet', 'the Connect button');
    primaryButton(widget).focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActiveElement()?.getAttribute('part') === 'search', 'focus in the chooser');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => accountText(widget).includes(beta.address.slice(0, 6)), 'the second wallet is connected');
    expect(dialogOf(widget)).to.equal(null);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote for the chosen wallet');
    // Focus went back to the main button; while it was disabled (quoting) it moved to the amount, never to the page.
    const focused = deepActiveElement();
    expect(
      widget.matches(':focus-within') && (focused === primaryButton(widget) || focused?.getAttribute('part') === 'input'),
      `focus stays in the widget, not on ${focused?.tagName}`,
    ).to.equal(true);
    expect(beta.requests).to.include('eth_requestAccounts');
    expect(alpha.requests).to.deep.equal([]);
  });

  it('offers window.ethereum as "Browser wallet" only when nothing announces, and says plainly when there is no wallet at all', async () => {
    const empty = await mount();
    await openChooser(empty);
    expect(optionsOf(empty)).to.have.length(0);
    // No dead end on a desktop either: the way that needs no wallet here is under the sentence that points to it.
    expect(chooserOf(empty)!.shadowRoot!.querySelector('.empty')!.textContent).to.include('No wallet found in this browser. Pay with one of the ways below.');
    expect([...chooserOf(empty)!.shadowRoot!.querySelectorAll('[part~="way"]')].map((way) => way.querySelector('.option-title')?.textContent)).to.deep.equal([
      'Send from another wallet or an exchange',
    ]);
    await expect(empty).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialogOf(empty), 'Escape closes the chooser');
    empty.remove();

    const injected = await extensionWallet(0);
    (window as { ethereum?: unknown }).ethereum = injected;
    const events = walletEvents();
    const widget = await mount();
    await openChooser(widget);
    expect(namesOf(widget)).to.deep.equal(['Browser wallet']);
    optionsOf(widget)[0]!.click();
    await waitFor(() => accountText(widget).includes(injected.address.slice(0, 6)), 'the browser wallet is connected');
    expect(events).to.deep.equal([{ state: 'connected', name: 'Browser wallet', rdns: undefined, address: injected.address }]);
  });
});
