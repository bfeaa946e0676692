/**
 * EIP-6963 wallet discovery for pages that have no wallet code of their own:
 * each installed wallet announces itself with an `eip6963:announceProvider`
 * event (on its own load, and again whenever someone dispatches
 * `eip6963:requestProvider`), so the user can choose one instead of taking
 * whichever extension won the race for `window.ethereum`.
 *
 * Announcements come from any script on the page and are untrusted: the
 * detail is copied field by field, a wallet without a provider, uuid, name or
 * rdns is ignored, and two different providers under one uuid (a script
 * impersonating a wallet) make that uuid suspicious, so neither is offered.
 *
 * No DOM access at import time: `start` receives the window from a lifecycle
 * method.
 */
import { isEip1193Provider, type Eip1193Provider } from './provider.js';

/** What a wallet says about itself (EIP-6963 `EIP6963ProviderInfo`). */
export interface WalletInfo {
  uuid: string;
  name: string;
  /** A data URI or URL; shown only through `safeIconUrl`. */
  icon: string;
  /** Reverse DNS name (`io.metamask`): what the widget remembers. */
  rdns: string;
}

export interface DiscoveredWallet {
  info: WalletInfo;
  provider: Eip1193Provider;
  /** The `window.ethereum` fallback: no name of its own ("Browser wallet"), rdns `INJECTED_RDNS`. */
  injected?: boolean;
}

/** The key the `window.ethereum` fallback is remembered by; not a valid reverse DNS name, so no wallet can claim it. */
export const INJECTED_RDNS = 'window.ethereum';
/** The key a wallet on another device (WalletConnect) is remembered by, and its `rdns` in `bridge-wallet`. */
export const WALLETCONNECT_RDNS = 'walletconnect';
const ANNOUNCE = 'eip6963:announceProvider';
const REQUEST = 'eip6963:requestProvider';
const STORAGE_KEY = 'bridge-widget.wallet';

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** A copy of a well-formed announcement, or undefined. Getters that throw count as malformed. */
export function readAnnouncement(detail: unknown): DiscoveredWallet | undefined {
  try {
    const { info, provider } = (detail ?? {}) as { info?: Record<string, unknown>; provider?: unknown };
    const { uuid, name, icon, rdns } = info ?? {};
    if (!isEip1193Provider(provider) || !text(uuid) || !text(name) || !text(rdns) || rdns === INJECTED_RDNS) return undefined;
    return { info: { uuid, name: name.trim(), icon: typeof icon === 'string' ? icon : '', rdns }, provider };
  } catch {
    return undefined;
  }
}

/**
 * The wallets announced to one window, in order of first announcement.
 * `onChange` runs whenever the list may have changed.
 */
export class WalletRegistry {
  readonly #byUuid = new Map<string, DiscoveredWallet>();
  readonly #suspicious = new Set<string>();
  #target: Window | undefined;
  #injected: unknown;

  readonly #onChange: () => void;

  constructor(onChange: () => void) {
    this.#onChange = onChange;
  }

  /** Listens for announcements until `stop` (wallets may announce late, e.g. an extension that loads slowly). */
  start(target: Window): void {
    if (this.#target) return;
    this.#target = target;
    target.addEventListener(ANNOUNCE, this.#onAnnounce);
  }

  stop(): void {
    this.#target?.removeEventListener(ANNOUNCE, this.#onAnnounce);
    this.#target = undefined;
  }

  /** Asks every installed wallet to announce itself; they answer synchronously or later. */
  request(): void {
    const target = this.#target;
    if (!target) return;
    this.#injected = (target as { ethereum?: unknown }).ethereum;
    target.dispatchEvent(new Event(REQUEST));
    this.#onChange();
  }

  /** The wallets to offer; `window.ethereum` (as of the last `request`) only while nothing has announced. */
  get wallets(): DiscoveredWallet[] {
    const list = [...this.#byUuid.values()].filter((w) => !this.#suspicious.has(w.info.uuid));
    if (this.#byUuid.size === 0 && isEip1193Provider(this.#injected)) {
      list.push({ info: { uuid: INJECTED_RDNS, name: 'Browser wallet', icon: '', rdns: INJECTED_RDNS }, provider: this.#injected, injected: true });
    }
    return list;
  }

  readonly #onAnnounce = (event: Event): void => {
    const wallet = readAnnouncement((event as CustomEvent).detail);
    if (!wallet) return;
    const known = this.#byUuid.get(wallet.info.uuid);
    // The same wallet answering each request is normal; another object under its uuid is not.
    if (known && known.provider !== wallet.provider) this.#suspicious.add(wallet.info.uuid);
    if (!known) this.#byUuid.set(wallet.info.uuid, wallet);
    this.#onChange();
  };
}

/** The rdns of the wallet chosen on this origin, if any (storage may be missing or refuse access). */
export function rememberedWallet(storage: Storage | undefined): string | undefined {
  try {
    return storage?.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Remembers a wallet's rdns, or forgets the choice (`undefined`). */
export function rememberWallet(storage: Storage | undefined, rdns: string | undefined): void {
  try {
    if (rdns) storage?.setItem(STORAGE_KEY, rdns);
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // Private modes and sandboxed frames refuse storage: the choice just is not remembered.
  }
}
