/**
 * The pickers' dialogs are fetched while the page is idle once the form is
 * interactive (the `pickers` moment of src/bridge-widget/controllers/moment-controller.ts),
 * so the first open of a picker does not wait on the network. This file runs
 * in a page of its own: nothing fetched the dialogs before the widget did.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { fetchesOf, sandboxConfig } from './helpers/sandbox.js';
import { shadow } from './helpers/widget.js';
import { waitFor } from './helpers/dom.js';
import { PickerHarness } from './harness/picker.js';
import { e2eSuite } from './helpers/e2e.js';

const fetches = (file: string) => fetchesOf(file).length;

describe("<bridge-widget> fetches the pickers' dialogs while idle", function () {
  e2eSuite(this, { clearTimings: true });

  it('fetches both dialogs once the form is interactive, before any picker is opened; opening one fetches nothing more', async () => {
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} from-chain="11155111" to-chain="84532"></bridge-widget>`);
    await waitFor(() => shadow(widget).querySelector('bw-asset-picker'), 'the form');
    await waitFor(() => fetches('asset-picker-dialog.ts') > 0 && fetches('token-picker-dialog.ts') > 0, 'the dialogs fetched while idle');

    const picker = new PickerHarness(shadow(widget).querySelector('bw-asset-picker')!);
    await picker.open();
    expect(picker.chains.length).to.be.greaterThan(0);
    expect(fetches('asset-picker-dialog.ts'), 'the open used the prefetched chunk').to.equal(1);
    expect(fetches('shared/picker-dialog.ts'), 'the shared dialog was fetched once').to.equal(1);
    expect(fetches('chain-picker/chain-picker-dialog.ts'), 'the chain picker’s dialog is no part of the widget: never fetched').to.equal(0);
  });
});
