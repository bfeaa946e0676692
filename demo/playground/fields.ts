/**
 * What the playground lets a partner set: every public attribute of
 * <bridge-widget> but `proxy-url` (the playground's own proxy while it runs,
 * a placeholder in the copied code) and the common `--bridge-*` custom
 * properties. One list, read by the controls, the snippets and the URL.
 * DOM-free: Node tests import it.
 */
import { LOCALE_ADD_ONS } from '../../src/i18n/add-ons.ts';
import { PREVIEW_ADDRESS } from '../../src/flow/quote-address.ts';

/** How a field is edited and how its value is written in code. */
export type FieldKind =
  /** Free text, written as a string. */
  | 'text'
  /** A WebSocket URL (`wss://…`, or `ws://` for a local relay), written as a string. */
  | 'url'
  /** A decimal number (slippage, thresholds), written as a number in JavaScript. */
  | 'number'
  /** A decimal amount in human units, written as a string (the `amount` property is one). */
  | 'decimal'
  /** A boolean attribute: present or absent. */
  | 'boolean'
  /** One of `choices`. */
  | 'choice'
  /** A chain id from the live catalog. */
  | 'chain'
  /** Comma-separated chain ids from the live catalog. */
  | 'chains'
  /** A token symbol or address on the chain named by `chainField`. */
  | 'token'
  /** Comma-separated token symbols or addresses. */
  | 'tokens'
  /** A CSS colour (`#rrggbb` from a colour input). */
  | 'color'
  /** A CSS value (a length or a font list). */
  | 'css';

export interface AttributeField {
  readonly target: 'attribute';
  /** The attribute's name, which is also its key in the page's URL. */
  readonly name: string;
  /** The element's property it sets (camelCase), which React and plain JavaScript write. */
  readonly property: string;
  readonly kind: FieldKind;
  /** The element's default, as its attribute would be written ('' for none, and for a boolean's `false`). */
  readonly defaultValue: string;
  readonly label: string;
  readonly group: FieldGroup;
  readonly choices?: readonly string[];
  /** For a token field: the chain field whose catalog it lists. */
  readonly chainField?: string;
}

export interface CssField {
  readonly target: 'css';
  /** The custom property, `--bridge-…`, which is also its key in the page's URL. */
  readonly name: string;
  readonly kind: 'color' | 'css';
  /** '' : the widget's own value (per theme) applies. */
  readonly defaultValue: '';
  readonly label: string;
  readonly group: FieldGroup;
  /** What the control suggests (a colour input must show some colour; these are the light theme's). */
  readonly placeholder: string;
}

export type Field = AttributeField | CssField;

export type FieldGroup = 'presets' | 'locks' | 'appearance' | 'language' | 'safety' | 'wallet';

export const GROUP_LABELS: Readonly<Record<FieldGroup, string>> = {
  presets: 'Chains, tokens and amount',
  locks: 'Locks and allow-lists',
  appearance: 'Theme',
  language: 'Language',
  safety: 'Transfer safety',
  wallet: 'Wallet',
};

/** English (built in) and every add-on language: 19, Arabic, Hebrew and Persian right to left. */
export const LOCALES: readonly string[] = ['en', ...LOCALE_ADD_ONS];

/** The widget's right-to-left languages (docs/languages.md, "Right to left"). */
export const RTL_LOCALES: readonly string[] = ['ar', 'he', 'fa'];

const attribute = (
  name: string,
  property: string,
  kind: FieldKind,
  label: string,
  group: FieldGroup,
  extra: { defaultValue?: string; choices?: readonly string[]; chainField?: string } = {},
): AttributeField => ({ target: 'attribute', name, property, kind, label, group, defaultValue: extra.defaultValue ?? '', ...extra });

const css = (name: string, kind: 'color' | 'css', label: string, placeholder: string): CssField => ({
  target: 'css',
  name,
  kind,
  label,
  group: 'appearance',
  defaultValue: '',
  placeholder,
});

export const ATTRIBUTE_FIELDS: readonly AttributeField[] = [
  attribute('from-chain', 'fromChain', 'chain', 'Source chain', 'presets'),
  attribute('from-token', 'fromToken', 'token', 'Source token', 'presets', { chainField: 'from-chain' }),
  attribute('to-chain', 'toChain', 'chain', 'Destination chain', 'presets'),
  attribute('to-token', 'toToken', 'token', 'Destination token', 'presets', { chainField: 'to-chain' }),
  attribute('amount', 'amount', 'decimal', 'Amount', 'presets'),
  attribute('to-address', 'toAddress', 'text', 'Recipient address', 'presets'),
  attribute('lock-presets', 'lockPresets', 'boolean', 'Lock the preset fields', 'locks'),
  attribute('allow-from-chains', 'allowFromChains', 'chains', 'Only these source chains', 'locks'),
  attribute('deny-from-chains', 'denyFromChains', 'chains', 'Never these source chains', 'locks'),
  attribute('allow-to-chains', 'allowToChains', 'chains', 'Only these destination chains', 'locks'),
  attribute('deny-to-chains', 'denyToChains', 'chains', 'Never these destination chains', 'locks'),
  attribute('allow-from-tokens', 'allowFromTokens', 'tokens', 'Only these source tokens', 'locks'),
  attribute('deny-from-tokens', 'denyFromTokens', 'tokens', 'Never these source tokens', 'locks'),
  attribute('allow-to-tokens', 'allowToTokens', 'tokens', 'Only these destination tokens', 'locks'),
  attribute('deny-to-tokens', 'denyToTokens', 'tokens', 'Never these destination tokens', 'locks'),
  attribute('theme', 'theme', 'choice', 'Theme', 'appearance', { defaultValue: 'auto', choices: ['auto', 'light', 'dark'] }),
  attribute('locale', 'locale', 'choice', 'Language', 'language', { choices: LOCALES }),
  attribute('slippage', 'slippage', 'number', 'Slippage (%)', 'safety', { defaultValue: '1' }),
  attribute('value-loss-threshold', 'valueLossThreshold', 'number', 'Value-loss threshold (%)', 'safety', { defaultValue: '5' }),
  attribute('require-simulation', 'requireSimulation', 'boolean', 'Require simulation', 'safety'),
  attribute('unlimited-approval', 'unlimitedApproval', 'boolean', 'Unlimited approval', 'safety'),
  attribute('batch', 'batch', 'choice', 'Batching (EIP-5792)', 'wallet', { defaultValue: 'on', choices: ['on', 'off'] }),
  attribute('wallet-discovery', 'walletDiscovery', 'choice', 'Wallet discovery (EIP-6963)', 'wallet', { defaultValue: 'on', choices: ['on', 'off'] }),
  attribute('wallet-timeout', 'walletTimeout', 'number', 'Wallet timeout (s)', 'wallet', { defaultValue: '300' }),
  attribute('preview-address', 'previewAddress', 'text', 'Price before connecting: quote for (off: none)', 'wallet', { defaultValue: PREVIEW_ADDRESS }),
  attribute('walletconnect-project-id', 'walletconnectProjectId', 'text', 'WalletConnect project id', 'wallet'),
  attribute('walletconnect-relay-url', 'walletconnectRelayUrl', 'url', 'WalletConnect relay (wss://…)', 'wallet'),
];

export const CSS_FIELDS: readonly CssField[] = [
  css('--bridge-color-accent', 'color', 'Accent colour', '#3b5bdb'),
  css('--bridge-color-accent-text', 'color', 'Text on accent', '#ffffff'),
  css('--bridge-radius', 'css', 'Corner radius', '12px'),
  css('--bridge-radius-small', 'css', 'Small corner radius', '8px'),
  css('--bridge-font', 'css', 'Font', 'system-ui, sans-serif'),
  css('--bridge-font-size', 'css', 'Font size', '15px'),
  css('--bridge-max-width', 'css', 'Maximum width', '440px'),
];

export const FIELDS: readonly Field[] = [...ATTRIBUTE_FIELDS, ...CSS_FIELDS];

/** The attribute the playground sets itself and the snippets leave to the partner (a placeholder). */
export const PROXY_ATTRIBUTE = { name: 'proxy-url', property: 'proxyUrl' } as const;

export function fieldNamed(name: string): Field | undefined {
  return FIELDS.find((field) => field.name === name);
}
