import { LitElement, type PropertyDeclarations } from 'lit';
import type { PostHook } from '../api/schemas.js';
import type { StringOverrides } from '../i18n/strings.js';
import { PREVIEW_ADDRESS } from '../flow/quote-address.js';

/**
 * The public attributes and properties of <bridge-widget>, each declared and
 * documented once: the manifest and the framework typings read them from
 * here. `BridgeWidget` (./bridge-widget.ts) extends it with the wiring and the
 * rendering.
 */
export class BridgeWidgetPublicProperties extends LitElement {
  /**
   * Server-rendered React writes camelCase props as attributes (`proxyUrl="/bridge"`), HTML lowercases
   * their names (`proxyurl`), and hydration does not set them as properties again: so each multi-word
   * attribute is also read under its property's lowercased name. Built once, from `properties`.
   */
  static #aliases: ReadonlyMap<string, string> | undefined;

  static override get observedAttributes(): string[] {
    const observed = super.observedAttributes;
    const aliases = new Map<string, string>();
    for (const [name, { attribute }] of this.elementProperties) {
      if (typeof name === 'string' && typeof attribute === 'string' && attribute !== name.toLowerCase()) aliases.set(name.toLowerCase(), attribute);
    }
    BridgeWidgetPublicProperties.#aliases = aliases;
    return [...observed, ...aliases.keys()];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(BridgeWidgetPublicProperties.#aliases?.get(name) ?? name, old, value);
  }

  static override properties: PropertyDeclarations = {
    proxyUrl: { attribute: 'proxy-url' },
    fromChain: { attribute: 'from-chain' },
    toChain: { attribute: 'to-chain' },
    fromToken: { attribute: 'from-token' },
    toToken: { attribute: 'to-token' },
    amount: {},
    toAddress: { attribute: 'to-address' },
    slippage: { type: Number },
    // Reflected for the :host([theme]) styles, but never the default: the element writes no attribute the page did not set (hydration compares them).
    theme: { reflect: true, useDefault: true },
    allowFromChains: { attribute: 'allow-from-chains' },
    denyFromChains: { attribute: 'deny-from-chains' },
    allowToChains: { attribute: 'allow-to-chains' },
    denyToChains: { attribute: 'deny-to-chains' },
    allowFromTokens: { attribute: 'allow-from-tokens' },
    denyFromTokens: { attribute: 'deny-from-tokens' },
    allowToTokens: { attribute: 'allow-to-tokens' },
    denyToTokens: { attribute: 'deny-to-tokens' },
    lockPresets: { type: Boolean, attribute: 'lock-presets' },
    unlimitedApproval: { type: Boolean, attribute: 'unlimited-approval' },
    requireSimulation: { type: Boolean, attribute: 'require-simulation' },
    walletTimeout: { type: Number, attribute: 'wallet-timeout' },
    valueLossThreshold: { type: Number, attribute: 'value-loss-threshold' },
    previewAddress: { attribute: 'preview-address' },
    locale: {},
    strings: { attribute: false },
    provider: { attribute: false },
    walletDiscovery: { attribute: 'wallet-discovery' },
    walletconnectProjectId: { attribute: 'walletconnect-project-id' },
    walletconnectRelayUrl: { attribute: 'walletconnect-relay-url' },
    batch: {},
    metadata: { attribute: false },
    postHook: { attribute: false },
  };

  /** Preset source chain id, e.g. `11155111`. */
  fromChain = '';
  /** Preset destination chain id, e.g. `84532` or `cataclysm-1`. */
  toChain = '';
  /** Preset source token: address or symbol. */
  fromToken = '';
  /** Preset destination token: address or symbol. */
  toToken = '';
  /** Preset amount in human units, e.g. `25.5`. */
  amount = '';
  /** Slippage tolerance in percent (default 1). Above 3 some providers decline the route. */
  slippage = 1;
  /** Preset recipient on the destination chain. Defaults to the wallet's address when the chain families match. */
  toAddress = '';
  /** Colour theme: `light`, `dark`, or `auto` (follows the system setting). */
  theme: 'light' | 'dark' | 'auto' = 'auto';
  /** Comma-separated chain ids allowed as source; others are hidden. */
  allowFromChains = '';
  /** Comma-separated chain ids never offered as source. */
  denyFromChains = '';
  /** Comma-separated chain ids allowed as destination. */
  allowToChains = '';
  /** Comma-separated chain ids never offered as destination. */
  denyToChains = '';
  /** Comma-separated token addresses or symbols allowed as source. */
  allowFromTokens = '';
  /** Comma-separated token addresses or symbols never offered as source. */
  denyFromTokens = '';
  /** Comma-separated token addresses or symbols allowed as destination. */
  allowToTokens = '';
  /** Comma-separated token addresses or symbols never offered as destination. */
  denyToTokens = '';
  /** Locks every field preset by an attribute (for landing pages): the user can only change the others. */
  lockPresets = false;
  /** Opt in to approving the maximum amount instead of the exact amount the route needs. */
  unlimitedApproval = false;
  /**
   * Require a simulation of every route before the wallet is asked anything: when the proxy has no simulation RPC for
   * the source chain, or it fails or times out, the transfer stops (`bridge-error` kind `simulation-unavailable`)
   * instead of going on with the route checks alone. See docs/security.md, "Simulation".
   */
  requireSimulation = false;
  /** Seconds to wait for the user to answer a wallet prompt before showing an error (default 300). A transfer confirmed later is still picked up and tracked. */
  walletTimeout = 300;
  /** Percent of value loss (USD given, fees paid on top included, vs. USD received) above which the user must confirm. Default 5. */
  valueLossThreshold = 5;
  /**
   * Before a wallet is connected, the quote is asked for this EVM address, so a visitor sees a price at once, labelled
   * an estimate; once a wallet is connected the widget quotes again for its account, and only that quote is ever routed.
   * The service screens the address it is given: the default, `0x000000000000000000000000000000000000dEaD`, is an
   * address nobody holds a key to. A refused preview shows no price and no error. `off` (or any value that is not an
   * EVM address): no quote before a wallet is connected.
   */
  previewAddress = PREVIEW_ADDRESS;

  /**
   * Language of the texts and format of the numbers: a BCP 47 tag such as `de`, `pt-PT` or `ar-EG`. English is built in;
   * 18 more languages load by themselves when shown (Arabic, Hebrew and Persian right to left; see docs/languages.md).
   * A language the widget lacks shows English texts (give yours through `strings`) with that locale's number format.
   * Unset: the closest `lang` the widget has (up to `<html>`), else the browser's `navigator.languages`, else English.
   */
  locale = '';
  /** Texts to use instead of the locale's: any subset of the string table's keys (`src/i18n/en.ts`), `{name}` placeholders kept. */
  strings: StringOverrides | undefined = undefined;

  /** Base URL of the host's backend proxy (required); the routing service's `/api/v1/...` paths are appended to it. */
  proxyUrl = '';
  /**
   * Any EIP-1193 provider (`window.ethereum`, a wallet kit's `await connector.getProvider()`). Optional until the user needs to sign.
   * Typed `unknown` because wallet kits hand providers out as `unknown`: the widget checks the value and, when it is not
   * EIP-1193, says so in the console and in the widget.
   */
  provider: unknown = undefined;
  /**
   * `off`: the widget finds no wallets of its own (EIP-6963) and never asks one anything on its own, for hosts that own the
   * wallet (wagmi, RainbowKit, AppKit) or set `provider` late. Connect still fires `bridge-connect-request` for the host's
   * connect UI. `provider` always wins over a discovered wallet.
   */
  walletDiscovery: 'on' | 'off' = 'on';
  /**
   * A WalletConnect Cloud project id: the wallet chooser then offers WalletConnect, for a wallet app on the user's
   * phone (a QR code on a desktop, the wallet apps' links on a phone). Its code loads only when the user picks it.
   * Unset: not offered. See docs/embedding.md, "A wallet on another device".
   */
  walletconnectProjectId: string | undefined;
  /**
   * The WalletConnect relay (`wss://…`); default the public one, `wss://relay.walletconnect.org`. For a self-hosted
   * relay, or the sandbox's local one in tests and the demo. The widget's WalletConnect client contacts no other host.
   * Read when pairing starts.
   */
  walletconnectRelayUrl: string | undefined;
  /**
   * `on` (default): when the wallet runs EIP-5792 batches atomically on the source chain, the approvals and the transfer go to it
   * as one batch, one prompt. `off`: each approval and the transfer prompt on their own, as with any wallet without EIP-5792.
   */
  batch: 'on' | 'off' = 'on';
  /** Object sent with the route request and echoed back in every status. */
  metadata: Record<string, unknown> | undefined = undefined;
  /** The spec's `hooks.postHook`: a contract call on the destination chain once funds arrive. */
  postHook: PostHook | undefined = undefined;
}
