/**
 * A wallet on another device, end to end: the widget pairs through the
 * sandbox's WalletConnect relay (127.0.0.1) with the phone wallet, a real
 * `@walletconnect/sign-client` on the wallet's side signing on the sandbox's
 * anvil chains. The test is the phone's user: it reads the QR code as a
 * camera would, and approves or rejects on the phone (the sandbox's admin
 * API). Nothing here reaches the internet.
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeErrorDetail, BridgeSuccessDetail, BridgeTransactionDetail, BridgeWalletDetail } from '../../src/bridge-widget/events.js';
import type { WalletConnectDialog } from '../../src/components/walletconnect-dialog/walletconnect-dialog.js';
import type { WalletChooser } from '../../src/components/wallet-chooser/wallet-chooser.js';
import type { Address } from '../../src/wallet/hex.js';
import { decodeQr } from './helpers/qr.js';
import {
  erc20Balance,
  fetchesOf,
  freshPage,
  phone,
  phoneState,
  type PhoneState,
  sandboxConfig,
  setFaults,
  tokenAddress,
  transactionCount,
} from './helpers/sandbox.js';
import { waitUntil } from './helpers/wait.js';
import { nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { formReady, untilAnimationsSettle, waitFor } from './helpers/dom.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

const chooserOf = (widget: BridgeWidget) => shadow(widget).querySelector<WalletChooser>('bw-wallet-chooser');
const wayButtons = (widget: BridgeWidget) => [...(chooserOf(widget)?.shadowRoot?.querySelectorAll<HTMLElement>('[part="way"]') ?? [])];
const dialogOf = (widget: BridgeWidget) => shadow(widget).querySelector<WalletConnectDialog>('bw-walletconnect-dialog');
const dialogText = (widget: BridgeWidget) => dialogOf(widget)?.shadowRoot?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const pillOf = (widget: BridgeWidget) => shadow(widget).querySelector('bw-account-pill')?.shadowRoot ?? null;
const accountText = (widget: BridgeWidget) => pillOf(widget)?.querySelector('[part="pill"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const notices = (widget: BridgeWidget) => [...shadow(widget).querySelectorAll('[part~="notice"]')].map((n) => n.textContent?.replace(/\s+/g, ' ').trim() ?? '');

/** A widget with WalletConnect (the sandbox's project id and relay, unless `relay` names another) and no wallet in the browser. */
async function mount(options: { relay?: string; token?: string; amount?: string } = {}): Promise<BridgeWidget> {
  const { walletConnect } = await sandboxConfig();
  const { widget } = await mountWidget({
    attributes: {
      'walletconnect-project-id': walletConnect.projectId,
      'walletconnect-relay-url': options.relay ?? walletConnect.relayUrl,
      'from-token': options.token,
      'to-token': options.token,
      amount: options.amount,
    },
    wallet: false,
  });
  await formReady(widget);
  return widget;
}

/** Connect, then "WalletConnect" under the wallets: its dialog opens. */
async function pickWalletConnect(widget: BridgeWidget): Promise<void> {
  await waitForText(widget, (t) => t === 'Connect wallet', 'the Connect button');
  primaryButton(widget).click();
  await waitFor(() => wayButtons(widget).find((w) => w.textContent?.includes('WalletConnect')), 'WalletConnect under the wallets');
  wayButtons(widget)
    .find((w) => w.textContent?.includes('WalletConnect'))!
    .click();
  await waitFor(() => dialogOf(widget)?.shadowRoot?.querySelector('dialog[open]'), 'the WalletConnect dialog opens');
}

/** The QR code, read as the phone's camera reads it. */
async function scan(widget: BridgeWidget): Promise<string> {
  await waitFor(() => dialogOf(widget)?.shadowRoot?.querySelector('bw-qr-code')?.shadowRoot?.querySelector('svg'), 'the QR code');
  const uri = await decodeQr(dialogOf(widget)!.shadowRoot!.querySelector('bw-qr-code')!);
  if (!uri) throw new Error('the QR code does not decode');
  return uri;
}

/** What waits for an answer on the phone: a connection (`proposal`) or a request (`title`: its method). */
async function pending(kind: 'proposal' | 'request', title?: string, timeout = 30_000): Promise<PhoneState['pending'][number]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await phoneState()).pending.find((p) => p.kind === kind && (!title || p.title === title));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timeout: the phone was never asked about ${title ?? kind}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The phone scans the code and its user approves the connection; the phone's account, once the header shows it. */
async function pairPhone(widget: BridgeWidget): Promise<Address> {
  await phone('pair', { uri: await scan(widget) });
  await phone('respond', { id: (await pending('proposal')).id, approve: true });
  const { phoneAddress } = (await sandboxConfig()).walletConnect;
  await waitFor(() => accountText(widget).includes(phoneAddress.slice(0, 6)), 'the phone’s account in the header');
  return phoneAddress;
}

/** A widget connected to the phone wallet: mounted, WalletConnect picked, the code scanned and the connection approved. */
async function connectedToPhone(options: Parameters<typeof mount>[0] = {}): Promise<{ widget: BridgeWidget; phoneAddress: Address }> {
  const widget = await mount(options);
  await pickWalletConnect(widget);
  return { widget, phoneAddress: await pairPhone(widget) };
}

/** The notice the form shows, once it says `text`. */
async function noticeSaying(widget: BridgeWidget, text: string | RegExp): Promise<string> {
  const match = (n: string) => (typeof text === 'string' ? n.includes(text) : text.test(n));
  await waitFor(() => notices(widget).some(match), `the notice “${String(text)}”`);
  return notices(widget).find(match)!;
}

/** A phone user who changes nothing: every connection and request approved as it comes. */
const autoApprove = (settings: Record<string, unknown> = {}) => phone('settings', { approve: 'auto', ...settings });

describe('<bridge-widget> with a wallet on another device (WalletConnect)', function () {
  e2eSuite(this, { resetFaults: { hostile: null, forceProvider: null } });

  beforeEach(() => phone('reset'));
  afterEach(() => phone('reset'));

  // First in this file: the page has fetched no moment yet.
  it('its chunk is fetched only on that choice: never while the page is idle, nor to open the chooser', async () => {
    await freshPage();
    const widget = await mount();
    await waitUntil(() => fetchesOf('bridge-widget/moments/tracking.ts').length > 0, 'the idle prefetch');
    await waitForText(widget, (t) => t === 'Connect wallet', 'the Connect button');
    primaryButton(widget).click();
    await waitFor(() => wayButtons(widget).find((w) => w.textContent?.includes('WalletConnect')), 'WalletConnect under the wallets');
    expect(fetchesOf('bridge-widget/moments/walletconnect.ts')).to.have.length(0);
    expect(fetchesOf('wallet/walletconnect.ts')).to.have.length(0);
    wayButtons(widget)
      .find((w) => w.textContent?.includes('WalletConnect'))!
      .click();
    await waitUntil(
      () => fetchesOf('bridge-widget/moments/walletconnect.ts').length === 1 && fetchesOf('wallet/walletconnect.ts').length === 1,
      'fetched on the choice',
    );
  });

  it('pairs by the QR code (it decodes to the wc: URI); a transfer the phone signs through the relay completes', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    await phone('settings', { batching: false });
    // The client contacts the relay and nothing else: no frame of WalletConnect's Verify API, no request to any other host.
    performance.clearResourceTimings();
    const frames: string[] = [];
    const watch = new MutationObserver((records) =>
      records.flatMap((r) => [...r.addedNodes]).forEach((node) => node instanceof HTMLIFrameElement && frames.push(node.src)),
    );
    watch.observe(document, { childList: true, subtree: true });
    const widget = await mount();
    const wallets: BridgeWalletDetail[] = [];
    widget.addEventListener('bridge-wallet', (e) => wallets.push((e as CustomEvent<BridgeWalletDetail>).detail));
    await pickWalletConnect(widget);
    await untilAnimationsSettle(dialogOf(widget)!);
    const uri = await scan(widget);
    expect(uri).to.match(/^wc:[0-9a-f]{64}@2\?/);
    expect(uri).to.include('relay-protocol=irn').and.include('symKey=');
    expect(dialogText(widget)).to.include('Scan this code with your wallet app');
    await expect(dialogOf(widget)).to.be.accessible();
    await phone('pair', { uri });
    await phone('respond', { id: (await pending('proposal')).id, approve: true });
    const { phoneAddress } = (await sandboxConfig()).walletConnect;
    await waitFor(() => accountText(widget).includes(phoneAddress.slice(0, 6)), 'the phone’s account in the header');
    expect(dialogOf(widget)?.shadowRoot?.querySelector('dialog[open]'), 'the dialog closed').to.equal(null);
    await waitFor(() => wallets.length, 'bridge-wallet');
    expect(wallets[0]).to.deep.include({ state: 'connected', name: 'Sandbox Phone Wallet', rdns: 'walletconnect' });

    const usdcDst = await tokenAddress(DST, 'USDC');
    const before = await erc20Balance(DST, usdcDst, phoneAddress);
    await autoApprove();
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote for the phone’s account');
    primaryButton(widget).click();
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    expect((await erc20Balance(DST, usdcDst, phoneAddress)) - before).to.equal(success.detail.toAmount);
    const log = (await phoneState()).log;
    expect(log).to.include('Approved eth_sendTransaction');
    expect(log.filter((line) => line === 'Approved eth_sendTransaction')).to.have.length(2, 'the approval, then the transfer');
    watch.disconnect();
    expect(frames, 'no frame added to the page').to.deep.equal([]);
    const hosts = new Set((performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => new URL(entry.name).hostname));
    expect(
      [...hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost'),
      'requests only to this machine',
    ).to.deep.equal([]);
  });

  it('a phone wallet that runs EIP-5792 batches gets the approval and the transfer as one batch, one prompt', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget } = await connectedToPhone();
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(widget).click();
    const batch = await pending('request', 'wallet_sendCalls');
    expect(batch.detail).to.match(/^[2-9] calls$/);
    await waitFor(() => shadow(widget).querySelector('[part="prompts"]')?.textContent?.includes('as one batch'), 'the widget says: one prompt');
    await phone('respond', { id: batch.id, approve: true });
    await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    expect((await phoneState()).log.filter((line) => line.startsWith('Approved'))).to.deep.equal(['Approved wallet_sendCalls']);
  });

  it('a rejection on the phone: the widget says so, and nothing is sent', async () => {
    await phone('settings', { batching: false });
    const { widget, phoneAddress } = await connectedToPhone({ token: 'ETH', amount: '0.01' });
    const nonce = await transactionCount(SRC, phoneAddress);
    await waitForText(widget, (t) => t.startsWith('Bridge 0.01 ETH'), 'a quote');
    const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
    primaryButton(widget).click();
    await phone('respond', { id: (await pending('request', 'eth_sendTransaction')).id, approve: false });
    expect((await error).detail.kind).to.equal('wallet-rejected');
    await noticeSaying(widget, 'You cancelled in your wallet. Nothing was sent.');
    expect(await transactionCount(SRC, phoneAddress)).to.equal(nonce);
  });

  it('a chain outside the session: the phone is asked to switch, adds it, and the transfer completes', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    // The phone approves the connection for the destination's chain only.
    await phone('settings', { sessionChains: [DST], batching: false });
    const { widget } = await connectedToPhone();
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(widget).click();
    const switching = await pending('request', 'wallet_switchEthereumChain');
    expect(switching.detail).to.include('Sepolia');
    await autoApprove();
    await phone('respond', { id: switching.id, approve: true });
    await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    const session = (await phoneState()).sessions[0]!;
    expect(session.chains).to.include(`eip155:${SRC}`);
  });

  it('a phone that refuses the switch: the widget says so, and nothing is sent', async () => {
    await phone('settings', { sessionChains: [DST], batching: false });
    const { widget, phoneAddress } = await connectedToPhone({ token: 'ETH', amount: '0.01' });
    const nonces = [await transactionCount(SRC, phoneAddress), await transactionCount(DST, phoneAddress)];
    await waitForText(widget, (t) => t.startsWith('Bridge 0.01 ETH'), 'a quote');
    const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
    primaryButton(widget).click();
    await phone('respond', { id: (await pending('request', 'wallet_switchEthereumChain')).id, approve: false });
    expect((await error).detail.kind).to.equal('wallet-rejected');
    await noticeSaying(widget, 'You cancelled in your wallet. Nothing was sent.');
    expect([await transactionCount(SRC, phoneAddress), await transactionCount(DST, phoneAddress)]).to.deep.equal(nonces);
  });

  it('the session ended on the phone: the widget says so, stops using it and offers to connect again', async () => {
    const { widget } = await connectedToPhone();
    const wallets: BridgeWalletDetail[] = [];
    widget.addEventListener('bridge-wallet', (e) => wallets.push((e as CustomEvent<BridgeWalletDetail>).detail));
    await phone('disconnect');
    await noticeSaying(widget, 'Your wallet app ended the connection. Connect again to continue.');
    await waitForText(widget, (t) => t === 'Connect wallet', 'Connect, to connect again');
    expect(accountText(widget)).to.equal('');
    expect(wallets.map((w) => w.state)).to.deep.equal(['disconnected']);
    expect(localStorage.getItem('bridge-widget.wallet'), 'not resumed on the next visit').to.equal(null);
    // Connecting again pairs anew.
    await pickWalletConnect(widget);
    await pairPhone(widget);
  });

  it('"Disconnect" in the widget ends the session on the phone too', async () => {
    const { widget } = await connectedToPhone();
    const pill = pillOf(widget)!;
    pill.querySelector<HTMLButtonElement>('[part="pill"]')!.click();
    await waitFor(() => pill.querySelector('[part="menu"]')?.matches(':popover-open'), 'the account menu opens');
    [...pill.querySelectorAll<HTMLButtonElement>('[part~="menu-item"]')].find((b) => b.textContent?.trim() === 'Disconnect')!.click();
    await waitForText(widget, (t) => t === 'Connect wallet', 'Connect');
    await waitFor(async () => (await phoneState()).sessions.length === 0, 'the phone drops the session');
  });

  it('after a reload the session is resumed without a new code, and a transfer in flight goes on to success', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    await phone('settings', { batching: false });
    const first = await mount();
    await pickWalletConnect(first);
    await pairPhone(first);
    await autoApprove();
    await waitForText(first, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(first).click();
    const sent = await nextEvent<BridgeTransactionDetail>(first, 'bridge-transaction');
    first.remove();
    // The page again: the widget comes back with what this origin stored, and no one scans anything.
    const widget = await mount();
    const { phoneAddress } = (await sandboxConfig()).walletConnect;
    await waitFor(() => accountText(widget).includes(phoneAddress.slice(0, 6)), 'the phone’s account, resumed');
    expect(dialogOf(widget), 'no pairing dialog').to.equal(null);
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    expect(success.detail.intentId).to.equal(sent.detail.intentId);
  });

  it('a relay that cannot be reached is said within 10 s with "Try again", which pairs once it can be', async () => {
    const { walletConnect } = await sandboxConfig();
    const widget = await mount({ relay: walletConnect.silentRelayUrl });
    await pickWalletConnect(widget);
    const started = Date.now();
    await waitFor(() => dialogText(widget).includes('cannot be reached'), 'the relay is said unreachable', 10_000);
    expect(Date.now() - started).to.be.below(10_000);
    expect(dialogText(widget)).to.include(`The WalletConnect relay (${new URL(walletConnect.silentRelayUrl).host}) cannot be reached.`);
    await expect(dialogOf(widget)).to.be.accessible();
    const retry = () => dialogOf(widget)!.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!;
    expect(retry().textContent?.trim()).to.equal('Try again');
    // The network is back (here: the page's relay setting names the reachable one): Try again pairs.
    widget.setAttribute('walletconnect-relay-url', walletConnect.relayUrl);
    retry().click();
    await pairPhone(widget);
  });

  it('the route checks apply as to an injected wallet: a hostile route is refused before the phone is asked anything', async () => {
    await setFaults({ forceProvider: 'hopline', hostile: 'drain-calldata' });
    const { widget, phoneAddress } = await connectedToPhone();
    const nonce = await transactionCount(SRC, phoneAddress);
    await waitForText(widget, (t) => t.startsWith('Bridge'), 'a quote');
    const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
    primaryButton(widget).click();
    const { detail } = await error;
    expect(detail.kind).to.equal('route-rejected');
    expect(detail.rule).to.equal('transaction-target');
    expect(detail.message).to.equal('The route asks you to sign something other than this transfer. Nothing was signed.');
    const asked = (await phoneState()).log.filter((line) => /^(Approved|Declined) (eth_sendTransaction|wallet_sendCalls)/.test(line));
    expect(asked, 'the phone was asked to sign nothing').to.deep.equal([]);
    expect((await phoneState()).pending).to.deep.equal([]);
    expect(await transactionCount(SRC, phoneAddress)).to.equal(nonce);
  });
});

describe('<bridge-widget> on a phone with no wallet in the browser', function () {
  e2eSuite(this, { timeout: 60_000 });
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

  beforeEach(() => {
    Object.defineProperty(navigator, 'userAgent', { value: IPHONE, configurable: true });
  });

  afterEach(async () => {
    delete (navigator as { userAgent?: string }).userAgent;
    await phone('reset');
  });

  it('without a project id: "Open in" each wallet app, each link opening this page in the app’s browser; no dead end', async () => {
    const { widget } = await mountWidget({ wallet: false });
    await formReady(widget);
    await waitForText(widget, (t) => t === 'Connect wallet', 'Connect');
    primaryButton(widget).click();
    // The wallet apps come with their own chunk, after the way that is always there.
    await waitFor(() => wayButtons(widget).length === 6, 'the wallet apps and the deposit address');
    const links = wayButtons(widget) as HTMLAnchorElement[];
    expect(links.map((a) => a.querySelector('.option-title')?.textContent)).to.deep.equal([
      'Open in MetaMask',
      'Open in Coinbase Wallet',
      'Open in Trust Wallet',
      'Open in Rainbow',
      'Open in OKX Wallet',
      'Send from another wallet or an exchange',
    ]);
    const page = location.href.replace(/#.*$/, '');
    expect(links[0]!.href).to.equal(`https://link.metamask.io/dapp/${page.replace(/^https?:\/\//, '')}`);
    expect(new URL(links[1]!.href).searchParams.get('cb_url')).to.equal(page);
    expect(new URL(links[2]!.href).searchParams.get('url')).to.equal(page);
    expect(new URL(links[3]!.href).searchParams.get('url')).to.equal(page);
    expect(links.slice(0, 5).every((a) => a.tagName === 'A' && a.rel === 'noopener noreferrer')).to.equal(true);
    const chooser = chooserOf(widget)!;
    expect(chooser.shadowRoot!.textContent).to.include('No wallet found in this browser. Pay with one of the ways below.');
    await untilAnimationsSettle(chooser);
    await expect(chooser).to.be.accessible();
  });

  it('with a project id: WalletConnect, whose dialog hands the link to each wallet app (and copies it)', async () => {
    const widget = await mount();
    await pickWalletConnect(widget);
    await waitFor(() => dialogOf(widget)?.shadowRoot?.querySelector('[part="app"]'), 'the wallet apps');
    const apps = [...dialogOf(widget)!.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part="app"]')];
    expect(apps.map((a) => a.textContent?.trim())).to.deep.equal([
      'MetaMask',
      'Coinbase Wallet',
      'Trust Wallet',
      'Rainbow',
      'OKX Wallet',
      'Another wallet app',
    ]);
    const uri = apps.at(-1)!.getAttribute('href')!;
    expect(uri).to.match(/^wc:[0-9a-f]{64}@2\?/);
    expect(new URL(apps[2]!.href).searchParams.get('uri')).to.equal(uri);
    expect(dialogOf(widget)!.shadowRoot!.querySelector('bw-qr-code'), 'no code to scan on the phone itself').to.equal(null);
    await untilAnimationsSettle(dialogOf(widget)!);
    await expect(dialogOf(widget)).to.be.accessible();
    // The link works as the apps' would: the phone pairs with it.
    await phone('pair', { uri });
    await phone('respond', { id: (await pending('proposal')).id, approve: true });
    const { phoneAddress } = (await sandboxConfig()).walletConnect;
    await waitFor(() => accountText(widget).includes(phoneAddress.slice(0, 6)), 'connected');
  });
});
