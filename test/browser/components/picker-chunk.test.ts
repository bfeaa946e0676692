/**
 * The pickers' dialogs are a chunk of their own (src/components/shared/picker.ts),
 * imported on a picker's first open. This file runs in a page of its own, so
 * the chunk is not there before the first open here: the key press that
 * opens the picker is what fetches it, and the dialog opens once it arrives.
 * The module graph of the built script is tested in test/node/picker-chunks.test.ts.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import { ChainPicker, type ChainOption } from '../../../src/components/chain-picker/chain-picker.js';
import type { ChainPickerDialog } from '../../../src/components/chain-picker/chain-picker-dialog.js';
import { en } from '../../../src/i18n/en.js';
import { PickerHarness } from '../harness/picker.js';

if (!customElements.get('bw-chain-picker')) customElements.define('bw-chain-picker', ChainPicker);

/** A chain picker whose dialog's chunk is not on the server, as when a CDN fails or the page went offline. */
class UnreachableChainPicker extends ChainPicker {
  protected override loadDialog(): Promise<ChainPickerDialog> {
    return import(/* @vite-ignore */ `./missing-chunk-${Math.random().toString(36).slice(2)}.js`);
  }
}
customElements.define('bw-unreachable-chain-picker', UnreachableChainPicker);

const CHAINS: ChainOption[] = [
  { chainId: '1', name: 'Ethereum', family: 'evm', availability: 'available' },
  { chainId: '8453', name: 'Base', family: 'evm', availability: 'available' },
];

/** The page's fetches since `since` (ms on the page's clock) of the source module `file` (the test server serves src/ as is). */
const fetchesSince = (since: number, file: string) =>
  performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.endsWith(`/${file}`) && entry.startTime >= since).length;

describe("a picker's dialog, loaded on the first open", () => {
  // The test runner's own modules fill the default buffer (250 entries); the dialog's fetch must be recorded.
  before(() => performance.setResourceTimingBufferSize(100_000));

  it('opens with the keyboard the first time: Enter fetches the dialog, then the search has focus, Enter chooses', async () => {
    const el = await fixture<ChainPicker>(html`<bw-chain-picker label="To" .chains=${CHAINS}></bw-chain-picker>`);
    const picker = new PickerHarness(el);
    const chosen: string[] = [];
    el.addEventListener('bw-chain-select', (e) => chosen.push(e.detail.chainId));
    // The trigger is drawn without the dialog's code.
    expect(picker.triggerText).to.equal('Select chain');

    picker.trigger!.focus();
    const pressed = performance.now();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !!picker.search && picker.focused === picker.search, 'the search field has focus once the dialog arrived');
    // Fetched by the key press: a dialog already loaded with the trigger would not be fetched again.
    expect(fetchesSince(pressed, 'chain-picker-dialog.ts'), 'the first open fetched the dialog').to.equal(1);
    expect(picker.trigger!.getAttribute('aria-expanded')).to.equal('true');
    expect(picker.optionTitles).to.deep.equal(['Ethereum', 'Base']);
    // The open dialog's English came with its chunk: words, not keys.
    expect(picker.search!.placeholder).to.equal('Search by name or chain ID');
    expect(picker.search!.getAttribute('aria-label')).to.equal('Search chains');

    await sendKeys({ type: 'Base' });
    await waitUntil(() => picker.activeOption?.textContent?.includes('Base'), 'Base active');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => picker.focused === picker.trigger, 'focus back on the trigger');
    expect(picker.dialog).to.equal(null);
    expect(chosen).to.deep.equal(['8453']);
  });

  it('says so on the trigger when the chunk cannot be loaded, instead of doing nothing', async () => {
    const el = await fixture<UnreachableChainPicker>(html`<bw-unreachable-chain-picker label="To" .chains=${CHAINS}></bw-unreachable-chain-picker>`);
    const picker = new PickerHarness(el);
    picker.trigger!.focus();
    await sendKeys({ press: 'Enter' });
    const alert = () => picker.root.querySelector<HTMLElement>('[role="alert"]');
    await waitUntil(() => alert(), 'the trigger explains that the dialog could not be loaded');
    expect(alert()!.textContent!.trim()).to.equal(en['error.chunk-load']);
    // The message describes the trigger, which keeps focus; no dialog, nothing half open.
    const described = picker.trigger!.getAttribute('aria-describedby')!.split(' ');
    expect(described).to.include(alert()!.id);
    expect(picker.focused).to.equal(picker.trigger);
    expect(picker.dialog).to.equal(null);
    expect(picker.trigger!.getAttribute('aria-expanded')).to.equal('false');
    await expect(el).to.be.accessible();
  });
});
