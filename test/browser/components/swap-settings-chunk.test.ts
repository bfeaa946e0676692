/**
 * `<bw-swap-settings>` when its dialog's chunk (./swap-settings-dialog.ts)
 * cannot be fetched (../helpers/module-map.ts; this file runs in a page of its
 * own): the gear says so instead of doing nothing.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { SwapSettings } from '../../../src/components/swap-settings/swap-settings.js';
import { en } from '../../../src/i18n/en.js';
import { loseModule } from '../helpers/module-map.js';
import { waitUntil } from '../helpers/wait.js';

loseModule('/src/components/swap-settings/swap-settings-dialog.ts');

if (!customElements.get('bw-swap-settings')) customElements.define('bw-swap-settings', SwapSettings);

describe('<bw-swap-settings> when its dialog cannot be loaded', () => {
  it('says so when the gear is pressed; no dialog opens, the gear keeps focus, and pressing it again changes nothing', async () => {
    const el = await fixture<SwapSettings>(html`<bw-swap-settings slippage="1" default-slippage="1"></bw-swap-settings>`);
    const root = el.shadowRoot!;
    const gear = root.querySelector<HTMLButtonElement>('[part="gear"]')!;
    const alert = () => root.querySelector<HTMLElement>('[role="alert"]');
    expect(alert(), 'nothing to say before the gear is pressed').to.equal(null);
    gear.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alert(), 'the gear says the dialog could not be loaded');
    expect(alert()!.textContent!.trim()).to.equal(en['error.chunk-load']);
    expect(root.querySelector('dialog'), 'no dialog').to.equal(null);
    expect(root.activeElement).to.equal(gear);

    await el.show();
    expect(root.querySelector('dialog'), 'still no dialog, no half-open state').to.equal(null);
    expect(root.querySelectorAll('[role="alert"]'), 'said once').to.have.length(1);
    await expect(el).to.be.accessible();
  });
});
