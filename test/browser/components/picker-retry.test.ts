/**
 * A picker whose dialog's chunk could not be fetched (offline for a moment, a
 * CDN error) asks for it again on the next open (src/model/lazy.ts): the
 * trigger says why nothing opened, and the next Enter opens the dialog.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import { ChainPicker, type ChainOption } from '../../../src/components/chain-picker/chain-picker.js';
import type { PickerContext } from '../../../src/components/shared/picker-contract.js';
import { PickerHarness } from '../harness/picker.js';

/** A chain picker whose first fetch of its dialog fails, as when the page was offline for a moment. */
class OnceOfflineChainPicker extends ChainPicker {
  failures = 1;
  protected override loadDialog(context: PickerContext) {
    if (this.failures-- > 0) return import(/* @vite-ignore */ `./missing-chunk-${Math.random().toString(36).slice(2)}.js`);
    return super.loadDialog(context);
  }
}
customElements.define('bw-once-offline-chain-picker', OnceOfflineChainPicker);

const CHAINS: ChainOption[] = [
  { chainId: '1', name: 'Ethereum', family: 'evm', availability: 'available' },
  { chainId: '8453', name: 'Base', family: 'evm', availability: 'available' },
];

describe("a picker's dialog that could not be fetched", () => {
  it('is fetched again on the next open: the dialog opens and the trigger no longer says it failed', async () => {
    const el = await fixture<OnceOfflineChainPicker>(html`<bw-once-offline-chain-picker label="To" .chains=${CHAINS}></bw-once-offline-chain-picker>`);
    const picker = new PickerHarness(el);
    const alert = () => picker.root.querySelector<HTMLElement>('[role="alert"]');
    picker.trigger!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alert(), 'the trigger explains that the dialog could not be loaded');
    expect(picker.dialog).to.equal(null);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => picker.dialog, 'the dialog opens on the next Enter');
    await waitUntil(() => !alert(), 'the failure is no longer announced');
    expect(picker.trigger!.getAttribute('aria-describedby') ?? '').not.to.include('chunk-error');
  });
});
