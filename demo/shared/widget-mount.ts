import type { DevWallet } from '../dev-wallet.js';
import { h } from './dom.js';
import type { EventLog } from './event-log.js';

/** Every public event `<bridge-widget>` fires (kebab-case, `bridge-` prefix, composed). */
export const BRIDGE_EVENTS = [
  'bridge-quote',
  'bridge-route',
  'bridge-approval',
  'bridge-transaction',
  'bridge-status',
  'bridge-success',
  'bridge-failed',
  'bridge-error',
] as const;

// A glob rather than a plain import(): it resolves to nothing instead of
// failing the page while src/define.ts does not exist yet, and vite picks the
// file up as soon as it appears.
const widgetModules = import.meta.glob('../../src/define.ts');

export type BridgeWidgetElement = HTMLElement & { provider?: unknown };

/**
 * Loads `<bridge-widget>`, mounts it in `container` with the dev wallet as its
 * provider, and logs its events. Resolves with the element, or undefined when
 * the widget is not available.
 */
export async function mountWidget(
  container: HTMLElement,
  options: { proxyUrl: string; wallet: DevWallet; log: EventLog; attributes?: Record<string, string> },
): Promise<BridgeWidgetElement | undefined> {
  const load = widgetModules['../../src/define.ts'];
  if (!load) {
    container.replaceChildren(
      h(
        'p',
        { class: 'placeholder', 'data-testid': 'widget-missing' },
        'Widget coming: ',
        h('code', {}, 'src/define.ts'),
        ' does not exist yet. The wallet and the sandbox faults below already work.',
      ),
    );
    return undefined;
  }
  try {
    await load();
    await customElements.whenDefined('bridge-widget');
  } catch (error) {
    container.replaceChildren(h('p', { class: 'placeholder error', role: 'alert' }, `The widget failed to load: ${(error as Error).message}`));
    options.log.add('demo', 'widget failed to load', (error as Error).message);
    return undefined;
  }
  const widget = document.createElement('bridge-widget') as BridgeWidgetElement;
  widget.setAttribute('proxy-url', options.proxyUrl);
  for (const [name, value] of Object.entries(options.attributes ?? {})) widget.setAttribute(name, value);
  widget.provider = options.wallet;
  for (const type of BRIDGE_EVENTS) {
    widget.addEventListener(type, (event) => options.log.add('widget', type, (event as CustomEvent).detail));
  }
  container.replaceChildren(widget);
  return widget;
}
