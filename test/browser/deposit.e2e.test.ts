/**
 * Paying from anywhere: <bridge-widget> with no wallet, "Send from another
 * wallet or an exchange", the sandbox's deposit address on the real chains.
 * The other wallet (another of the sandbox's funded accounts) pays in as a
 * user would from any wallet or an exchange; the QR code is read as a phone's
 * camera would; every refusal of the answer shows nothing to pay into.
 */
import { expect } from '@open-wc/testing';
import { encodeFunctionData, erc20Abi } from 'viem';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeErrorDetail, BridgeSuccessDetail } from '../../src/bridge-widget/events.js';
import { devWallet, erc20Balance, fetchesOf, freshPage, sandboxConfig, setFaults, tokenAddress } from './helpers/sandbox.js';
import { nextEvent, shadow } from './helpers/widget.js';
import { deepText, untilAnimationsSettle, waitFor } from './helpers/dom.js';
import { decodeQr } from './helpers/qr.js';
import { waitUntil } from './helpers/wait.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { DEPOSIT_REFUSALS } from '../fixtures/deposit-refusals.js';
import { e2eSuite } from './helpers/e2e.js';

const DEPOSITS_KEY_SUFFIX = ':deposits';

/** Types into a field part's input, as a user does. */
function type(field: Element, value: string): void {
  const input = field.shadowRoot!.querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

const depositButton = (widget: BridgeWidget) => shadow(widget).querySelector<HTMLButtonElement>('[part="primary-button"]');
const depositView = (widget: BridgeWidget) => shadow(widget).querySelector('bw-deposit-address');
const shownAddress = (widget: BridgeWidget) => depositView(widget)?.shadowRoot?.querySelector('[part="address"]')?.textContent?.trim();
const savedDeposits = () => Object.keys(localStorage).filter((key) => key.endsWith(DEPOSITS_KEY_SUFFIX));

/** The widget with no wallet, switched to paying into a deposit address, the sender (extra account #`payer`) and the recipient typed, quoted. */
async function depositForm(payer = 0, attributes: Record<string, string | null | undefined> = {}): Promise<BridgeWidget> {
  const { widget } = await mountWidget({ wallet: false, attributes });
  const config = await sandboxConfig();
  await waitFor(() => shadow(widget).querySelector('[part="deposit-toggle"]'), 'the way to pay from another wallet, beside Connect');
  shadow(widget).querySelector<HTMLButtonElement>('[part="deposit-toggle"]')!.click();
  await waitFor(() => shadow(widget).querySelector('#sender')?.shadowRoot?.querySelector('input'), "the sender's field");
  type(shadow(widget).querySelector('#sender')!, config.extraAccounts[payer]!.address);
  await waitFor(() => shadow(widget).querySelector('#recipient')?.shadowRoot?.querySelector('input'), 'the recipient field, required');
  type(shadow(widget).querySelector('#recipient')!, config.extraAccounts[3]!.address);
  await waitUntil(() => depositButton(widget)?.textContent?.includes('Show the address to pay 2 USDC into') && !depositButton(widget)!.disabled, 'quoted');
  return widget;
}

/** The other wallet sends `amount` USDC on the source chain to `to`. */
async function payUsdc(payer: number, to: string, amount: bigint): Promise<void> {
  const wallet = await devWallet({ account: payer, chainId: SRC });
  const usdc = await tokenAddress(SRC, 'USDC');
  await wallet.request({
    method: 'eth_sendTransaction',
    params: [{ from: wallet.address, to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as `0x${string}`, amount] }) }],
  });
}

describe('paying into a deposit address against the sandbox', function () {
  e2eSuite(this);

  beforeEach(() => setFaults({ forceProvider: 'swiftbridge' }));

  // First in this file: the page has fetched no moment yet.
  it('its chunk is fetched only on that choice: never while the page is idle, with or without a wallet', async () => {
    await freshPage();
    const { widget } = await mountWidget({ wallet: false });
    await waitFor(() => shadow(widget).querySelector('[part="deposit-toggle"]'), 'the way beside Connect');
    // The later moments a transfer needs are fetched when idle (the tracker's among them); this one is not.
    await waitUntil(() => fetchesOf('bridge-widget/moments/tracking.ts').length > 0, 'the idle prefetch');
    expect(fetchesOf('bridge-widget/moments/deposit.ts')).to.have.length(0);
    expect(fetchesOf('flow/deposit.ts')).to.have.length(0);
    shadow(widget).querySelector<HTMLButtonElement>('[part="deposit-toggle"]')!.click();
    await waitUntil(() => fetchesOf('bridge-widget/moments/deposit.ts').length === 1 && fetchesOf('flow/deposit.ts').length === 1, 'fetched on the choice');
  });

  it('completes when the other wallet pays in; the QR code is the EIP-681 request with the token, chain and amount', async () => {
    const widget = await depositForm(0);
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
    depositButton(widget)!.click();
    await waitUntil(() => shownAddress(widget), 'the deposit address');
    const address = shownAddress(widget)!;
    expect(address).to.match(/^0x[0-9a-fA-F]{40}$/);
    expect(savedDeposits(), 'saved').to.have.length(1);
    const view = depositView(widget)!;
    expect(deepText(view)).to.include('Send only USDC on Sepolia Sandbox: anything else is lost.');
    expect(deepText(view)).to.match(/Time left: 1[45] min/);
    const usdc = await tokenAddress(SRC, 'USDC');
    const qr = view.shadowRoot!.querySelector('bw-qr-code')!;
    await waitUntil(() => qr.shadowRoot?.querySelector('svg'), 'the QR code drawn');
    expect(await decodeQr(qr)).to.equal(`ethereum:${usdc}@${SRC}/transfer?address=${address}&uint256=2000000`);
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();

    const recipient = (await sandboxConfig()).extraAccounts[3]!.address;
    const usdcDst = await tokenAddress(DST, 'USDC');
    const before = await erc20Balance(DST, usdcDst, recipient);
    const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    await payUsdc(0, address, 2_000_000n);
    const { detail } = await success;
    expect(detail.arrival).to.equal('checked');
    expect((await erc20Balance(DST, usdcDst, recipient)) - before).to.equal(detail.toAmount);
    const tracker = () => shadow(widget).querySelector('bw-status-tracker');
    await waitUntil(() => tracker() && deepText(tracker()!).includes('Transfer complete'), 'the tracker says complete');
  });

  it('an underpaid one ends refunded to the sender, and the user is told', async () => {
    const widget = await depositForm(1);
    const config = await sandboxConfig();
    const usdc = await tokenAddress(SRC, 'USDC');
    const sender = config.extraAccounts[1]!.address;
    depositButton(widget)!.click();
    await waitUntil(() => shownAddress(widget), 'the deposit address');
    const before = await erc20Balance(SRC, usdc, sender);
    const failed = nextEvent(widget, 'bridge-failed');
    await payUsdc(1, shownAddress(widget)!, 1_000_000n);
    await failed;
    const tracker = () => shadow(widget).querySelector('bw-status-tracker');
    const short = `${sender.slice(0, 8)}…${sender.slice(-6)}`;
    await waitUntil(
      () => tracker() && deepText(tracker()!).includes(`The transfer failed. What reached the deposit address goes back to ${short} on Sepolia Sandbox.`),
      'the tracker says what goes back, and where',
    );
    await waitUntil(async () => (await erc20Balance(SRC, usdc, sender)) === before, 'the sender has the 1 USDC back');
  });

  it('each refusal of the answer shows nothing to pay into, saves nothing and says why', async () => {
    const widget = await depositForm(2);
    for (const [mode, rule] of DEPOSIT_REFUSALS) {
      await setFaults({ hostile: mode });
      const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
      depositButton(widget)!.click();
      const { detail } = await error;
      expect([detail.kind, detail.rule], mode).to.deep.equal(['deposit-refused', rule]);
      await waitUntil(() => shadow(widget).querySelector('[role="alert"]')?.textContent?.includes('there is nothing to pay into'), `${mode}: said`);
      expect(depositView(widget), mode).to.equal(null);
      expect(savedDeposits(), mode).to.have.length(0);
      await waitUntil(() => depositButton(widget) && !depositButton(widget)!.disabled, `${mode}: the button back`);
    }
  });

  it('a reload shows the same address and the time left', async () => {
    const first = await depositForm(2);
    depositButton(first)!.click();
    await waitUntil(() => shownAddress(first), 'the deposit address');
    const address = shownAddress(first)!;
    first.remove();
    const { widget } = await mountWidget({ wallet: false });
    await waitUntil(() => shownAddress(widget), 'the deposit address after the reload', { timeout: 30_000 });
    expect(shownAddress(widget)).to.equal(address);
    expect(deepText(depositView(widget)!)).to.match(/Time left: 1[45] min/);
  });

  it('a route the service offers no deposit address for says so in place of the button', async () => {
    const widget = await depositForm(2);
    await setFaults({ forceProvider: 'slowlane' });
    depositButton(widget)!.click();
    await waitUntil(
      () => shadow(widget).querySelector('[part~="notice-warning"]')?.textContent?.includes('offers no deposit address for this route'),
      'the reason',
    );
    expect(depositButton(widget)).to.equal(null);
    // Back to a wallet: Connect again.
    shadow(widget).querySelector<HTMLButtonElement>('[part="deposit-toggle"]')!.click();
    await waitUntil(() => depositButton(widget)?.textContent?.includes('Connect wallet'), 'Connect again');
  });

  it('offers a source no wallet here signs on (the simulated Cosmos chain) only while paying into a deposit address', async () => {
    const { widget } = await mountWidget({ wallet: false });
    const sourceChains = async () => {
      const picker = shadow(widget).querySelector('bw-asset-picker')!;
      picker.shadowRoot!.querySelector<HTMLButtonElement>('#trigger')!.click();
      await waitUntil(() => picker.shadowRoot!.querySelector('dialog[open] [part="chain-option"]'), 'the source chains');
      const names = [...picker.shadowRoot!.querySelectorAll('[part="chain-option"]')].map((b) => b.textContent?.trim() ?? '');
      picker.shadowRoot!.querySelector('dialog[open]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await waitUntil(() => !picker.shadowRoot!.querySelector('dialog[open]'), 'the picker closed');
      return names.join(' | ');
    };
    await waitFor(() => shadow(widget).querySelector('[part="deposit-toggle"]'), 'the way beside Connect');
    expect(await sourceChains()).to.not.include('Cataclysm');
    shadow(widget).querySelector<HTMLButtonElement>('[part="deposit-toggle"]')!.click();
    await waitFor(() => shadow(widget).querySelector('#sender'), "the sender's field");
    expect(await sourceChains()).to.include('Cataclysm');
  });

  it('is offered in the wallet chooser too, which closes as the form turns to it', async () => {
    const { widget } = await mountWidget({ wallet: false });
    await waitFor(() => depositButton(widget)?.textContent?.includes('Connect wallet'), 'Connect');
    depositButton(widget)!.click();
    const chooser = () => shadow(widget).querySelector('bw-wallet-chooser');
    await waitUntil(() => chooser()?.shadowRoot?.querySelector('[part="way"]'), 'the other ways to pay in the chooser');
    const way = chooser()!.shadowRoot!.querySelector<HTMLButtonElement>('[part="way"]')!;
    expect(way.textContent).to.include('Send from another wallet or an exchange');
    way.click();
    await waitFor(() => shadow(widget).querySelector('#sender'), "the sender's field");
    await waitUntil(() => !chooser()?.shadowRoot?.querySelector('dialog[open]'), 'the chooser closed');
  });
});
