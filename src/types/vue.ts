/**
 * `<bridge-widget>` in Vue 3 templates (vue-tsc / Volar). Load with
 * `import type {} from 'bridge-widget/vue'` (or list `bridge-widget/vue` in
 * tsconfig `types`), and tell the compiler it is a custom element:
 * `compilerOptions.isCustomElement: (tag) => tag === 'bridge-widget'`.
 *
 * ```vue
 * <bridge-widget proxy-url="/bridge" :provider="wallet" @bridge-quote="onQuote" />
 * ```
 *
 * Vue sets a binding as a property when the element has one of that name
 * (`provider`, `metadata`, …), so register the element (`import 'bridge-widget'`)
 * before the app mounts. The pattern is the one the Vue guide recommends for
 * custom elements not written in Vue.
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { BridgeWidget } from '../bridge-widget/bridge-widget.js';
import type { BridgeWidgetEventMap } from '../bridge-widget/events.js';
import type { BridgeWidgetProperties } from './props.js';

export type { BridgeWidgetProperties, BridgeWidgetEvents } from './props.js';

/** The component type Vue's template checker reads for `<bridge-widget>`. */
export type BridgeWidgetVueComponent = new () => BridgeWidget & {
  /** @deprecated Template typing only; not a property of the element. */
  $props: HTMLAttributes & BridgeWidgetProperties & PublicProps;
  /** @deprecated Template typing only; not a method of the element. */
  $emit: EmitFn<{ [K in keyof BridgeWidgetEventMap]: (event: BridgeWidgetEventMap[K]) => void }>;
};

declare module 'vue' {
  interface GlobalComponents {
    'bridge-widget': BridgeWidgetVueComponent;
  }
}
