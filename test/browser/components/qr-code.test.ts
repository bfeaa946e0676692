import { expect, fixture, html } from '@open-wc/testing';
import { QrCode } from '../../../src/components/qr-code/qr-code.js';
import { defineElements } from '../../../src/define-elements.js';
import { decodeQr } from '../helpers/qr.js';

defineElements({ 'bw-qr-code': QrCode });

describe('<bw-qr-code>', () => {
  it('draws a code a camera reads back as the exact text, with its label as the accessible name', async () => {
    const value = 'ethereum:0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238@11155111/transfer?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&uint256=2500000';
    const el = await fixture<QrCode>(html`<bw-qr-code .value=${value} label="Deposit address as a QR code"></bw-qr-code>`);
    expect(await decodeQr(el)).to.equal(value);
    const svg = el.shadowRoot!.querySelector('svg')!;
    expect(svg.getAttribute('role')).to.equal('img');
    expect(svg.getAttribute('aria-label')).to.equal('Deposit address as a QR code');
    await expect(el).to.be.accessible();
  });

  it('draws a new code when the text changes, and nothing without one', async () => {
    const el = await fixture<QrCode>(html`<bw-qr-code value="wc:abc@2?relay-protocol=irn&symKey=00" label="Pairing code"></bw-qr-code>`);
    expect(await decodeQr(el)).to.equal('wc:abc@2?relay-protocol=irn&symKey=00');
    el.value = 'wc:def@2?relay-protocol=irn&symKey=11';
    await el.updateComplete;
    expect(await decodeQr(el)).to.equal('wc:def@2?relay-protocol=irn&symKey=11');
    el.value = '';
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('svg')).to.equal(null);
  });
});
