/**
 * <bridge-widget> in Svelte 5 with `bridge-widget/svelte`, checked by plain
 * tsc: the props type Svelte's template checker reads for the tag accepts the
 * widget's properties, attributes and `onbridge-*` handlers, and rejects
 * wrong types (each `@ts-expect-error`).
 */
import 'bridge-widget';
import type {} from 'bridge-widget/svelte';
import type { BridgeQuoteDetail, Eip1193Provider } from 'bridge-widget';
import type { SvelteHTMLElements } from 'svelte/elements';

type Props = SvelteHTMLElements['bridge-widget'];
declare const wallet: Eip1193Provider;

export const correct: Props = {
  'proxy-url': '/bridge',
  'from-chain': '11155111',
  'wallet-timeout': '120',
  amount: '25',
  provider: wallet,
  metadata: { orderId: 'o-123' },
  slippage: 0.5,
  class: 'wide',
  'onbridge-quote': (event) => {
    const detail: BridgeQuoteDetail = event.detail;
    console.log(detail.estimate.toAmount + 1n);
  },
};

// provider takes what wallet kits hand out (typed unknown); the widget checks it when set
export const kitProvider: Props = { provider: JSON.parse('null') as unknown };
// @ts-expect-error: slippage is a number
export const wrongSlippage: Props = { slippage: '1 %' };
// @ts-expect-error: theme is light, dark or auto
export const wrongTheme: Props = { theme: 'blue' };
export const discovery: Props = { 'wallet-discovery': 'off', 'onbridge-wallet': (event) => console.log(event.detail.name, event.detail.rdns) };
// @ts-expect-error: wallet-discovery is on or off
export const wrongDiscovery: Props = { 'wallet-discovery': 'no' };
// @ts-expect-error: wallet-timeout is a number of seconds
export const wrongTimeout: Props = { 'wallet-timeout': 'soon' };
// @ts-expect-error: bridge-success carries BridgeSuccessDetail, which has no estimate
export const wrongHandler: Props = { 'onbridge-success': (event) => event.detail.estimate };
