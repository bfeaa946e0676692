/**
 * `<bridge-widget>` in React 19 JSX. Load with
 * `import type {} from 'bridge-widget/react'` (or list `bridge-widget/react`
 * in tsconfig `types`).
 *
 * React 19 sets a prop as a property when the element has one of that name
 * (`provider`, `metadata`, `proxyUrl`, …) and as an attribute otherwise
 * (`proxy-url`, …), and adds `on<event-name>` props as event listeners:
 *
 * ```tsx
 * <bridge-widget proxy-url="/bridge" provider={window.ethereum} onbridge-quote={(e) => setQuote(e.detail)} />
 * ```
 *
 * Register the element (`import 'bridge-widget'`) before React renders it, so
 * that objects such as `provider` go to properties rather than attributes.
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
  namespace JSX {
    interface IntrinsicElements {
      'bridge-widget': BridgeWidgetJsxProps;
    }
  }
}
