/**
 * The phone page: the widget with no wallet in the browser and WalletConnect
 * on the sandbox's relay, beside the phone wallet's panel.
 */
import '../../src/define.js';
import { h } from '../shared/dom.js';
import { mountEventLog } from '../shared/event-log.js';
import { mountPhonePanel } from '../shared/phone-panel.js';
import { loadSandboxConfig } from '../shared/sandbox-config.js';
import { BRIDGE_EVENTS } from '../shared/widget-mount.js';

const log = mountEventLog(document.getElementById('event-log')!);
try {
  const config = await loadSandboxConfig();
  if (!config.walletConnect) throw new Error('This sandbox runs without WalletConnect.');
  const widget = document.createElement('bridge-widget');
  const attributes: Record<string, string> = {
    'proxy-url': config.proxyUrl,
    'from-chain': '11155111',
    'to-chain': '84532',
    'from-token': 'USDC',
    'to-token': 'USDC',
    amount: '2',
    'walletconnect-project-id': config.walletConnect.projectId,
    'walletconnect-relay-url': config.walletConnect.relayUrl,
  };
  for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
  for (const type of [...BRIDGE_EVENTS, 'bridge-wallet']) widget.addEventListener(type, (event) => log.add('widget', type, (event as CustomEvent).detail));
  document.getElementById('widget')!.replaceChildren(widget);
  mountPhonePanel(document.getElementById('phone')!, { adminUrl: config.adminUrl, widget, log, chains: config.chains });
} catch (error) {
  document.getElementById('status')!.append(h('p', { class: 'banner error', role: 'alert' }, (error as Error).message));
}
