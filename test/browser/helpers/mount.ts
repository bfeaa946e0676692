/**
 * The one fixture for "a widget on a sandbox page": a `<bridge-widget>` on the
 * test page, talking to the sandbox's proxy, with the preset route SRC → DST,
 * USDC → USDC, amount 2 (each overridable) and a development wallet of one of
 * the sandbox's funded accounts as its provider.
 */
import { fixture, html } from '@open-wc/testing';
import '../../../src/define.js';
import type { BridgeWidget } from '../../../src/bridge-widget/bridge-widget.js';
import { PROMPT_METHODS, type DevWallet } from '../../../demo/dev-wallet.js';
import { DST, SRC } from './chains.js';
import { devWallet, sandboxConfig } from './sandbox.js';

export interface WalletChoice {
  /** A wallet the test already holds, for the same wallet on a page and on the page after a reload (the other choices are then ignored). */
  use?: DevWallet;
  /** Index into the sandbox's extra accounts; the main account when left out. */
  account?: number;
  /** The chain the wallet starts on (default DST, so a transfer must switch). */
  chainId?: number;
  /** The wallet runs EIP-5792 batches atomically (see `devWallet`). */
  batching?: boolean;
}

export interface MountOptions {
  /** Attributes over the defaults (chains, tokens, amount "2", the proxy): `undefined` keeps the default, `null` leaves it out. */
  attributes?: Record<string, string | null | undefined>;
  /** The sandbox proxy with simulation and chain reads (default), or the one without. */
  proxy?: 'simulating' | 'unsimulated';
  /** Set the attributes once the widget is on the page, as a script setting them later would (default: in the markup). */
  attributesAfterMount?: boolean;
  /** Attributes of a `<div>` around the widget (a width, a `lang`); no box when left out. */
  box?: Record<string, string>;
  /** Called as the wallet is asked for a signature or a transaction, before it answers. */
  onPrompt?: (method: string, widget: BridgeWidget) => void;
}

export interface Mounted {
  widget: BridgeWidget;
  wallet: DevWallet;
}

/** The widget with a connected development wallet (`wallet` says which). */
export async function mountWidget(options?: MountOptions & { wallet?: WalletChoice }): Promise<Mounted>;
/** The widget with no provider. */
export async function mountWidget(options: MountOptions & { wallet: false }): Promise<{ widget: BridgeWidget }>;
export async function mountWidget(options: MountOptions & { wallet?: WalletChoice | false } = {}): Promise<Mounted | { widget: BridgeWidget }> {
  const config = await sandboxConfig();
  const proxyUrl = options.proxy === 'unsimulated' ? config.unsimulatedProxyUrl : config.proxyUrl;
  const attributes: Record<string, string | null> = {
    'proxy-url': proxyUrl,
    'from-chain': String(SRC),
    'to-chain': String(DST),
    'from-token': 'USDC',
    'to-token': 'USDC',
    amount: '2',
  };
  for (const [name, value] of Object.entries(options.attributes ?? {})) if (value !== undefined) attributes[name] = value;
  const widget = document.createElement('bridge-widget');
  const set = () => {
    for (const [name, value] of Object.entries(attributes)) if (value !== null) widget.setAttribute(name, value);
  };
  if (options.attributesAfterMount) widget.setAttribute('proxy-url', proxyUrl);
  else set();
  if (options.box) {
    const box = document.createElement('div');
    for (const [name, value] of Object.entries(options.box)) box.setAttribute(name, value);
    box.append(widget);
    await fixture(html`${box}`);
  } else {
    await fixture(html`${widget}`);
  }
  if (options.attributesAfterMount) set();
  if (options.wallet === false) return { widget };
  const wallet = options.wallet?.use ?? (await devWallet({ chainId: DST, ...options.wallet }));
  const { onPrompt } = options;
  if (onPrompt) {
    const request = wallet.request.bind(wallet);
    wallet.request = (args) => {
      if (PROMPT_METHODS.includes(args.method)) onPrompt(args.method, widget);
      return request(args);
    };
  }
  widget.provider = wallet;
  return { widget, wallet };
}
