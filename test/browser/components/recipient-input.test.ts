import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import { bech32 } from '@scure/base';
import { RecipientInput, type RecipientChangeDetail } from '../../../src/components/recipient-input/recipient-input.js';
import { untilAnimationsSettle } from '../helpers/dom.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

if (!customElements.get('bw-recipient-input')) customElements.define('bw-recipient-input', RecipientInput);

const EVM_VALID = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EVM_BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const SOLANA_VALID = 'So11111111111111111111111111111111111111112';
const bytes20 = Uint8Array.from({ length: 20 }, (_, i) => i + 1);
const CATACLYSM_VALID = bech32.encode('cataclysm', bech32.toWords(bytes20));
const COSMOS_HUB = bech32.encode('cosmos', bech32.toWords(bytes20));

async function mount(props: Partial<Pick<RecipientInput, 'family' | 'required' | 'bech32Prefix' | 'value' | 'disabled' | 'placeholder'>> = {}) {
  const el = await fixture<RecipientInput>(html`<bw-recipient-input></bw-recipient-input>`);
  Object.assign(el, props);
  await el.updateComplete;
  const events: RecipientChangeDetail[] = [];
  el.addEventListener('bw-recipient-change', (e) => events.push(e.detail));
  return { el, events };
}

const input = (el: RecipientInput) => el.shadowRoot!.querySelector('input')!;
const message = (el: RecipientInput) => el.shadowRoot!.querySelector('[part="message"]')!.textContent!.trim();
const invalid = (el: RecipientInput) => input(el).getAttribute('aria-invalid') === 'true';

async function type(el: RecipientInput, text: string) {
  input(el).focus();
  await sendKeys({ type: text });
  await el.updateComplete;
}

async function paste(el: RecipientInput, text: string) {
  // A paste lands as one input event carrying the whole value.
  input(el).focus();
  input(el).value = text;
  input(el).dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await el.updateComplete;
}

async function blur(el: RecipientInput) {
  input(el).blur();
  await el.updateComplete;
}

describe('<bw-recipient-input>', () => {
  it('when optional, says it defaults to the wallet address and is accessible', async () => {
    const { el } = await mount();
    expect(message(el)).to.equal('Optional: defaults to your wallet address');
    expect(input(el).required).to.equal(false);
    expect(input(el).labels?.[0]?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Recipient address (optional)');
    expect(input(el).getAttribute('aria-describedby')).to.equal(el.shadowRoot!.querySelector('[part="message"]')!.id);
    expect(input(el).getAttribute('autocomplete')).to.equal('off');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('when required, marks the field required and says which address is needed', async () => {
    const { el, events } = await mount({ family: 'solana', required: true });
    expect(input(el).required).to.equal(true);
    expect(message(el)).to.equal('Enter the Solana address that receives the funds');
    await type(el, 'S');
    expect(events.at(-1)).to.deep.equal({ value: 'S', valid: false });
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('stays quiet while the first characters are typed, then explains the problem on blur', async () => {
    const { el, events } = await mount();
    await type(el, '0x12');
    expect(invalid(el)).to.equal(false);
    expect(message(el)).to.equal('Optional: defaults to your wallet address');
    expect(events.map((e) => e.value)).to.deep.equal(['0', '0x', '0x1', '0x12']);
    expect(events.every((e) => e.valid === false)).to.equal(true);
    await blur(el);
    expect(invalid(el)).to.equal(true);
    expect(message(el)).to.equal('Not a valid EVM address (0x followed by 40 hex characters)');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('accepts a valid checksummed EVM address once its checksum is checked (the code arrives on demand), with no error meanwhile', async () => {
    const { el, events } = await mount();
    await paste(el, EVM_VALID);
    // The first mixed-case address of the page: the hint stays while the checksum code loads, then the value is told valid.
    expect(invalid(el)).to.equal(false);
    await waitUntil(() => events.at(-1)?.valid === true, 'the checksum is checked');
    expect(events.at(-1)).to.deep.equal({ value: EVM_VALID, valid: true });
    expect(invalid(el)).to.equal(false);
    await blur(el);
    expect(invalid(el)).to.equal(false);
  });

  it('flags a checksum mismatch as soon as the address is complete, without waiting for blur', async () => {
    const { el, events } = await mount();
    await type(el, EVM_BAD_CHECKSUM.slice(0, 41));
    expect(invalid(el)).to.equal(false);
    await type(el, EVM_BAD_CHECKSUM.slice(41));
    await waitUntil(() => invalid(el), 'the checksum is checked');
    expect(events.at(-1)).to.deep.equal({ value: EVM_BAD_CHECKSUM, valid: false });
    expect(invalid(el)).to.equal(true);
    expect(message(el)).to.equal('The capital letters do not match the address checksum: check it for typos');
  });

  it('never trims: surrounding whitespace is shown as an error at once and reported as invalid', async () => {
    const { el, events } = await mount();
    await paste(el, `${EVM_VALID} `);
    expect(events.at(-1)).to.deep.equal({ value: `${EVM_VALID} `, valid: false });
    expect(input(el).value).to.equal(`${EVM_VALID} `);
    expect(invalid(el)).to.equal(true);
    expect(message(el)).to.equal('Remove the spaces or line breaks from the address');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('expects the configured bech32 prefix for Cosmos destinations', async () => {
    const { el, events } = await mount({ family: 'cosmos', bech32Prefix: 'cataclysm', required: true });
    expect(input(el).placeholder).to.equal('cataclysm1…');
    await paste(el, COSMOS_HUB);
    expect(events.at(-1)).to.deep.equal({ value: COSMOS_HUB, valid: false });
    expect(message(el)).to.equal('Expected a cataclysm1… address');
    await paste(el, CATACLYSM_VALID);
    expect(events.at(-1)).to.deep.equal({ value: CATACLYSM_VALID, valid: true });
    expect(invalid(el)).to.equal(false);
  });

  it('explains a malformed Solana address', async () => {
    const { el, events } = await mount({ family: 'solana', required: true });
    await paste(el, '0x' + 'a'.repeat(42));
    expect(events.at(-1)?.valid).to.equal(false);
    expect(message(el)).to.equal('Not a valid Solana address');
    await paste(el, SOLANA_VALID);
    expect(events.at(-1)).to.deep.equal({ value: SOLANA_VALID, valid: true });
    expect(invalid(el)).to.equal(false);
  });

  it('a required field left empty asks for the address after blur; an optional one accepts empty', async () => {
    const required = await mount({ family: 'solana', required: true });
    input(required.el).focus();
    await blur(required.el);
    expect(message(required.el)).to.equal('Enter the recipient address');
    expect(invalid(required.el)).to.equal(true);
    expect(required.el.valid).to.equal(false);

    const optional = await mount();
    await type(optional.el, 'a');
    await sendKeys({ press: 'Backspace' });
    await optional.el.updateComplete;
    await blur(optional.el);
    expect(optional.events.at(-1)).to.deep.equal({ value: '', valid: true });
    expect(invalid(optional.el)).to.equal(false);
  });

  it('re-checks when the destination family changes', async () => {
    const { el } = await mount({ value: EVM_VALID });
    expect(el.valid).to.equal(true);
    el.family = 'solana';
    el.required = true;
    await el.updateComplete;
    expect(el.valid).to.equal(false);
    expect(message(el)).to.equal('Not a valid Solana address');
  });

  it('disables the input when disabled', async () => {
    const { el } = await mount({ disabled: true });
    expect(input(el).disabled).to.equal(true);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });
});
