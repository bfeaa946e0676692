/**
 * Boots a demo page: sandbox config, a connected development wallet, and
 * whichever panels the page has slots for. Pages under demo/pages/ reuse it
 * with their own markup (and widget attributes).
 */
import { createDevWallet, type DevWallet, type DevWalletActivity } from '../dev-wallet.js';
import { h } from './dom.js';
import { mountEventLog, type EventLog } from './event-log.js';
import { mountDepositPanel } from './deposit-panel.js';
import { mountFaultPanel } from './fault-panel.js';
import { loadSandboxConfig, walletChains, type SandboxConfig } from './sandbox-config.js';
import { mountWalletPanel, type WalletPanel, DEMO_PROMPT_DELAY_MS } from './wallet-panel.js';
import { mountWidget, type BridgeWidgetElement } from './widget-mount.js';

declare global {
  interface Window {
    /** For poking at the demo from the devtools console. */
    demo?: DemoPage;
  }
}

export interface DemoPage {
  config: SandboxConfig;
  wallet: DevWallet;
  log: EventLog;
  widget: BridgeWidgetElement | undefined;
}

export interface DemoPageSlots {
  /** Element ids; a missing id leaves that panel out. */
  status?: string;
  eventLog?: string;
  wallet?: string;
  faults?: string;
  /** "Pay from the demo's other wallet": pays the deposit address the widget shows. */
  deposit?: string;
  widget?: string;
  /** Extra attributes for `<bridge-widget>` (besides proxy-url). */
  widgetAttributes?: Record<string, string>;
}

// Reads repeat constantly (the widget polls); only prompts and failures are news.
const QUIET_METHODS =
  /^(eth_(call|chainId|accounts|blockNumber|getBalance|getTransactionReceipt|getTransactionByHash|estimateGas|gasPrice|getCode|getLogs|getBlockBy\w+|getTransactionCount|feeHistory|maxPriorityFeePerGas)|net_version)$/;

function optionalSlot(id: string | undefined): HTMLElement | undefined {
  return id ? (document.getElementById(id) ?? undefined) : undefined;
}

const silentLog: EventLog = { add() {}, clear() {} };

export async function startDemoPage(slots: DemoPageSlots): Promise<DemoPage | undefined> {
  const logSlot = optionalSlot(slots.eventLog);
  const log = logSlot ? mountEventLog(logSlot) : silentLog;
  let config: SandboxConfig;
  try {
    config = await loadSandboxConfig();
  } catch (error) {
    const banner = h('p', { class: 'banner error', role: 'alert' }, (error as Error).message);
    (optionalSlot(slots.status) ?? document.body).append(banner);
    return undefined;
  }

  let walletPanel: WalletPanel | undefined;
  const onActivity = (activity: DevWalletActivity) => {
    walletPanel?.render();
    if (activity.outcome === 'ok' && QUIET_METHODS.test(activity.method)) return;
    log.add('wallet', `${activity.method}: ${activity.outcome}`, activity.detail);
  };
  const wallet = createDevWallet({ privateKey: config.account.privateKey, chains: walletChains(config), onActivity });
  // Connect up front, as a user who already trusts this site would.
  await wallet.request({ method: 'eth_requestAccounts' });
  // Then answer each prompt after a moment, as a person reading it would, so the widget's review is seen (the panel's lever turns it off).
  wallet.promptDelayMs = DEMO_PROMPT_DELAY_MS;

  const walletSlot = optionalSlot(slots.wallet);
  if (walletSlot) walletPanel = mountWalletPanel(walletSlot, wallet, config, log);
  const faultSlot = optionalSlot(slots.faults);
  if (faultSlot) {
    mountFaultPanel(faultSlot, {
      adminUrl: config.adminUrl,
      log,
      account: () => wallet.address,
      chainIds: config.chains.map((chain) => chain.chainId),
    });
  }
  const depositSlot = optionalSlot(slots.deposit);
  if (depositSlot) mountDepositPanel(depositSlot, config, log);
  const widgetSlot = optionalSlot(slots.widget);
  const page: DemoPage = { config, wallet, log, widget: undefined };
  window.demo = page;
  if (widgetSlot) {
    page.widget = await mountWidget(widgetSlot, {
      proxyUrl: config.proxyUrl,
      wallet,
      log,
      ...(slots.widgetAttributes ? { attributes: slots.widgetAttributes } : {}),
    });
  }
  return page;
}
