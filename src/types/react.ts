/**
 * `<bridge-widget>` in React 19 JSX. Load with
 * `import type {} from 'bridge-widget/react'` (or list `bridge-widget/react`
 * in tsconfig `types`).
 *
 * Prefer the camelCase property names (`proxyUrl`, `fromChain`, `lockPresets`,
 * …): TypeScript checks them, while it never checks hyphenated JSX names, so a
 * misspelled `proxy-urll` compiles and does nothing. React 19 sets a prop as a
 * property when the element has one of that name, and adds `on<event-name>`
 * props as event listeners (hyphenated, so their names are not checked either):
 *
 * ```tsx
 * <bridge-widget proxyUrl="/bridge" provider={window.ethereum} onbridge-quote={(e) => setQuote(e.detail)} />
 * ```
 *
 * Register the element (`import 'bridge-widget'`) before React renders it, so
 * that props go to properties rather than attributes. The attribute names
 * (`proxy-url`, …) stay typed for server-rendered HTML, where only attributes
 * exist before hydration.
 */
import type * as React from 'react';
import type { BridgeWidget } from '../bridge-widget/bridge-widget.js';
import type { BridgeWidgetAttributes, BridgeWidgetEventHandlers, BridgeWidgetProperties } from './props.js';

export type { BridgeWidgetAttributes, BridgeWidgetEventHandlers, BridgeWidgetProperties } from './props.js';

/** Props of `<bridge-widget>` in React JSX. */
export type BridgeWidgetJsxProps = React.DetailedHTMLProps<React.HTMLAttributes<BridgeWidget>, BridgeWidget> &
  BridgeWidgetProperties &
  BridgeWidgetAttributes &
  BridgeWidgetEventHandlers;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React declares JSX as a namespace: only one can be augmented
  namespace JSX {
    interface IntrinsicElements {
      'bridge-widget': BridgeWidgetJsxProps;
    }
  }
}
