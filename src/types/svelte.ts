/**
 * `<bridge-widget>` in Svelte 5 templates (svelte-check and the Svelte
 * language server). Load once, for example in `src/app.d.ts`:
 * `import type {} from 'bridge-widget/svelte'`.
 *
 * ```svelte
 * <bridge-widget proxy-url="/bridge" provider={wallet} onbridge-quote={(e) => console.log(e.detail.estimate)}></bridge-widget>
 * ```
 *
 * Svelte sets a value as a property when the element has one of that name
 * (`provider`, `metadata`, …), so register the element (`import 'bridge-widget'`)
 * before the component mounts; `onbridge-*` attributes listen to the events.
 * Typed by augmenting `svelte/elements`, as the Svelte TypeScript guide
 * describes for custom elements.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { BridgeWidget } from '../bridge-widget/bridge-widget.js';
import type { BridgeWidgetAttributes, BridgeWidgetEventHandlers, BridgeWidgetProperties } from './props.js';

export type { BridgeWidgetAttributes, BridgeWidgetEventHandlers, BridgeWidgetProperties } from './props.js';

/** What `<bridge-widget>` accepts in a Svelte template. */
export type BridgeWidgetSvelteProps = HTMLAttributes<BridgeWidget> & BridgeWidgetProperties & BridgeWidgetAttributes & BridgeWidgetEventHandlers;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'bridge-widget': BridgeWidgetSvelteProps;
  }
}
