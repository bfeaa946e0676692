import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { DepositAddress, type DepositAddressView } from '../../../src/components/deposit-address/deposit-address.js';
import { QrCode } from '../../../src/components/qr-code/qr-code.js';
import { defineElements } from '../../../src/define-elements.js';
import { decodeQr } from '../helpers/qr.js';
import { deepText } from '../helpers/dom.js';
import { waitUntil } from '../helpers/wait.js';

defineElements({ 'bw-deposit-address': DepositAddress, 'bw-qr-code': QrCode });

const ADDRESS = '0x1B0Fd9Df9c444A4CeEC9863B88e1D7Cb3db621c0';
const REQUEST = `ethereum:0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A@11155111/transfer?address=${ADDRESS}&uint256=2500000`;
const view = (over: Partial<DepositAddressView> = {}): DepositAddressView => ({
  address: ADDRESS,
  paymentRequest: REQUEST,
  amountText: '2.5 USDC',
  amountPlain: '2.5',
  symbol: 'USDC',
  chainName: 'Sepolia',
  senderText: '0x90F79b…93b906',
  expiresAt: Date.now() + 15 * 60_000,
  ...over,
});

describe('<bw-deposit-address>', () => {
  it('shows where to send what, on which network, for how long; its QR code is the payment request', async () => {
    const el = await fixture<DepositAddress>(html`<bw-deposit-address .view=${view()}></bw-deposit-address>`);
    const text = deepText(el);
    expect(text).to.include('Send 2.5 USDC to this address');
    expect(text).to.include('Send only USDC on Sepolia: anything else is lost.');
    expect(text).to.include(ADDRESS);
    expect(text).to.include('goes back to 0x90F79b…93b906');
    expect(text).to.match(/Time left: 1[45] min/);
    const qr = el.shadowRoot!.querySelector('bw-qr-code')!;
    await waitUntil(() => qr.shadowRoot?.querySelector('svg'), 'the QR code');
    expect(await decodeQr(qr)).to.equal(REQUEST);
    await expect(el).to.be.accessible();
  });

  it('without an expiry from the service it shows no time; once the time is up it says so and hides the QR code', async () => {
    const el = await fixture<DepositAddress>(html`<bw-deposit-address .view=${view({ expiresAt: undefined })}></bw-deposit-address>`);
    expect(el.shadowRoot!.querySelector('[part="time-left"]')).to.equal(null);
    el.view = view({ expiresAt: Date.now() - 1 });
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('bw-qr-code')).to.equal(null);
    expect(el.shadowRoot!.querySelector('[part="time-left"]')!.getAttribute('role')).to.equal('alert');
    expect(deepText(el)).to.include('This address has expired: do not send anything to it.');
    await expect(el).to.be.accessible();
  });

  it('copies the address and the plain amount', async function () {
    const el = await fixture<DepositAddress>(html`<bw-deposit-address .view=${view()}></bw-deposit-address>`);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
    // The part reads the clipboard when it connects: connect it again with the stand-in.
    el.remove();
    document.body.append(el);
    await el.updateComplete;
    const buttons = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="copy"]')];
    expect(buttons).to.have.length(2);
    buttons[0]!.click();
    buttons[1]!.click();
    await waitUntil(() => copied.length === 2, 'both copied');
    expect(copied).to.deep.equal([ADDRESS, '2.5']);
    el.remove();
  });

  it('fires bw-deposit-close from Close', async () => {
    const el = await fixture<DepositAddress>(html`<bw-deposit-address .view=${view()}></bw-deposit-address>`);
    setTimeout(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="close"]')!.click());
    const { detail } = await oneEvent(el, 'bw-deposit-close');
    expect(detail.address).to.equal(ADDRESS);
  });
});
