/**
 * Framework-neutral typings of what a host can set on <bridge-widget> and the
 * events it fires, from which the React and Vue typings are built
 * (`bridge-widget/react`, `bridge-widget/vue`). Types only: no runtime code.
 */
import type { LitElement } from 'lit';
import type { BridgeWidget } from '../bridge-widget/bridge-widget.js';
import type { BridgeWidgetEventMap } from '../bridge-widget/events.js';

type PublicFieldNames<T> = {
  [K in Exclude<keyof T, keyof LitElement>]: T[K] extends (...args: never[]) => unknown ? never : K;
}[Exclude<keyof T, keyof LitElement>];

/**
 * Every public property of <bridge-widget> (`proxyUrl`, `provider`,
 * `metadata`, …), optional. Derived from the class, so it follows the API.
 */
export type BridgeWidgetProperties = {
  [K in PublicFieldNames<BridgeWidget>]?: BridgeWidget[K];
};

/**
 * The multi-word attributes and the property each one sets (single-word
 * attributes such as `amount` share the property's name). Kept in step with
 * custom-elements.json by test/node/types.test.ts.
 */
export interface BridgeWidgetAttributeNames {
  'proxy-url': 'proxyUrl';
  'from-chain': 'fromChain';
  'to-chain': 'toChain';
  'from-token': 'fromToken';
  'to-token': 'toToken';
  'to-address': 'toAddress';
  'allow-from-chains': 'allowFromChains';
  'deny-from-chains': 'denyFromChains';
  'allow-to-chains': 'allowToChains';
  'deny-to-chains': 'denyToChains';
  'allow-from-tokens': 'allowFromTokens';
  'deny-from-tokens': 'denyFromTokens';
  'allow-to-tokens': 'allowToTokens';
  'deny-to-tokens': 'denyToTokens';
  'lock-presets': 'lockPresets';
  'unlimited-approval': 'unlimitedApproval';
  'require-simulation': 'requireSimulation';
  'wallet-timeout': 'walletTimeout';
  'value-loss-threshold': 'valueLossThreshold';
  'wallet-discovery': 'walletDiscovery';
  'preview-address': 'previewAddress';
  'walletconnect-project-id': 'walletconnectProjectId';
  'walletconnect-relay-url': 'walletconnectRelayUrl';
}

type AttributeValue<T> = T extends number ? number | `${number}` : T;

/**
 * The attributes by their HTML names (`proxy-url`, `from-chain`, …), which is
 * what server-side rendering writes into the page. Numbers may be given as
 * numeric strings.
 */
export type BridgeWidgetAttributes = {
  [A in keyof BridgeWidgetAttributeNames as BridgeWidgetAttributeNames[A] extends keyof BridgeWidget ? A : never]?: AttributeValue<
    BridgeWidget[BridgeWidgetAttributeNames[A] & keyof BridgeWidget]
  >;
};

/** The public events by name, each with its `CustomEvent` type. */
export type BridgeWidgetEvents = BridgeWidgetEventMap;

/** `onbridge-quote`, `onbridge-success`, …: React 19 adds these as event listeners on custom elements. */
export type BridgeWidgetEventHandlers = {
  [K in keyof BridgeWidgetEventMap as `on${K}`]?: (event: BridgeWidgetEventMap[K]) => void;
};
