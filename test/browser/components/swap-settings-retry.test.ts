/**
 * The settings gear whose dialog's chunk could not be fetched (offline for a
 * moment, a CDN error) asks for it again on the next press (src/model/lazy.ts),
 * as the pickers do: the gear says why nothing opened, and the next Enter
 * opens the dialog.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { SwapSettings } from '../../../src/components/swap-settings/swap-settings.js';
import { waitUntil } from '../helpers/wait.js';

/** A gear whose first fetch of its dialog fails, as when the page was offline for a moment. */
class OnceOfflineSwapSettings extends SwapSettings {
  failures = 1;
  protected override loadDialog() {
    if (this.failures-- > 0) return import(/* @vite-ignore */ `./missing-chunk-${Math.random().toString(36).slice(2)}.js`);
    return super.loadDialog();
  }
}
customElements.define('bw-once-offline-swap-settings', OnceOfflineSwapSettings);

describe('the settings dialog that could not be fetched', () => {
  it('is fetched again on the next press: the dialog opens and the gear no longer says it failed', async () => {
    const el = await fixture<OnceOfflineSwapSettings>(html`<bw-once-offline-swap-settings></bw-once-offline-swap-settings>`);
    const root = el.shadowRoot!;
    const alert = () => root.querySelector<HTMLElement>('[role="alert"]');
    const dialog = () => root.querySelector<HTMLDialogElement>('dialog[open]');
    root.querySelector<HTMLButtonElement>('[part="gear"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alert(), 'the gear explains that the dialog could not be loaded');
    expect(dialog()).to.equal(null);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(), 'the dialog opens on the next Enter');
    await waitUntil(() => !alert(), 'the failure is no longer announced');
  });
});
