/**
 * <bridge-widget> in Vue 3 with `bridge-widget/vue`, checked by plain tsc:
 * the component type Vue's template checker uses accepts the widget's
 * properties and rejects wrong types (each `@ts-expect-error`). The template
 * itself is checked by vue-tsc in Widget.vue.
 */
import 'bridge-widget';
import type {} from 'bridge-widget/vue';
import type { Eip1193Provider } from 'bridge-widget';
import { h, type GlobalComponents } from 'vue';

declare const wallet: Eip1193Provider;
declare const BridgeWidgetComponent: GlobalComponents['bridge-widget'];

export const correct = h(BridgeWidgetComponent, {
  proxyUrl: '/bridge',
  fromChain: '11155111',
  slippage: 0.5,
  theme: 'auto',
  provider: wallet,
  metadata: { orderId: 'o-123' },
  class: 'wide',
});

// provider takes what wallet kits hand out (typed unknown); the widget checks it when set
export const kitProvider = h(BridgeWidgetComponent, { provider: JSON.parse('null') as unknown });
// @ts-expect-error: slippage is a number
export const wrongSlippage = h(BridgeWidgetComponent, { slippage: '1 %' });
// @ts-expect-error: theme is light, dark or auto
export const wrongTheme = h(BridgeWidgetComponent, { theme: 'blue' });
