/**
 * The settings gear draws with the form; its dialog is fetched while the page
 * is idle once the form is interactive (the `settings` moment of
 * src/bridge-widget/controllers/moment-controller.ts), not at start-up, where
 * it would compete with the chain list on a phone's narrow link. This file
 * runs in a page of its own: nothing fetched the dialog before the widget did.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { fetchesOf, sandboxConfig, setFaults } from './helpers/sandbox.js';
import { shadow } from './helpers/widget.js';
import { waitFor } from './helpers/dom.js';
import { e2eSuite } from './helpers/e2e.js';

describe("<bridge-widget> fetches the settings gear's dialog while idle, once the form is interactive", function () {
  e2eSuite(this, { fresh: 'once', clearTimings: true, resetFaults: { latency: null } });

  it('the gear draws at once; its dialog is fetched after the chain list arrived, and the gear opens it without fetching again', async () => {
    // A slow chain list, as on a phone: the gear is on the page long before the form is interactive.
    await setFaults({ latency: { ms: 1_500, endpoints: ['chains'], count: 1 } });
    const { proxyUrl } = await sandboxConfig();
    const widget = await fixture<BridgeWidget>(html`<bridge-widget proxy-url=${proxyUrl} from-chain="11155111" to-chain="84532"></bridge-widget>`);
    const settings = shadow(widget).querySelector('bw-swap-settings')!;
    expect(shadow(settings).querySelector('[part="gear"]'), 'the gear draws in the first render').to.not.equal(null);

    await waitFor(() => fetchesOf('swap-settings-dialog.ts').length > 0, 'the settings dialog fetched while idle');
    const [chainList] = fetchesOf('chains');
    const [dialog] = fetchesOf('swap-settings-dialog.ts');
    expect(chainList, 'the chain list was asked').to.not.equal(undefined);
    expect(dialog!.startTime, 'the dialog waited for the chain list').to.be.at.least(chainList!.responseEnd);

    await settings.show();
    expect(shadow(settings).querySelector('dialog[open]'), 'the gear opened its dialog').to.not.equal(null);
    expect(fetchesOf('swap-settings-dialog.ts').length, 'the open used the prefetched chunk').to.equal(1);
    settings.hide();
  });
});
