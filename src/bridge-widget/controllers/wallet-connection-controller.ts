/**
 * Which provider <bridge-widget> signs with. The host's `provider` property
 * always wins, at once and whenever it is set; only without it (and unless
 * `wallet-discovery="off"`) does the widget offer the wallets that announced
 * themselves (EIP-6963, see src/wallet/discovery.ts) and use the one the user
 * chose, remembering it per origin for the next visit.
 *
 * When `eip6963:requestProvider` is dispatched: at mount only for a returning
 * user (a choice is remembered), to reconnect without a click; otherwise not
 * before the user presses Connect. A wallet may log which sites ask it to
 * announce, so a first-time visitor's wallets learn of the site only when the
 * visitor wants to connect. Announcements a wallet makes on its own are
 * listened to from mount.
 *
 * Wallets have no standard "disconnect" request: disconnecting forgets the
 * choice and stops using the provider; the site stays authorised in the
 * wallet until the user revokes it there.
 *
 * A host that owns the wallet (wagmi, RainbowKit, AppKit, Privy) sets
 * `wallet-discovery="off"`: the widget then never asks a wallet for anything
 * on its own, and Connect only fires `bridge-connect-request` for the host's
 * own connect UI. Nobody answering it is a set-up mistake, said in the
 * console for the site's developer and in the widget for the user.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { StringKey } from '../../i18n/strings.js';
import { english } from '../../i18n/strings.js';
import { WalletError, getAccounts, requestAccounts, type Address } from '../../wallet/index.js';
import { INJECTED_RDNS, WALLETCONNECT_RDNS, WalletRegistry, rememberWallet, rememberedWallet, type DiscoveredWallet } from '../../wallet/discovery.js';
import { BridgeConnectRequestEvent } from '../../events/bridge-connect-request.js';
import { BridgeWalletEvent, type BridgeWalletDetail } from '../../events/bridge-wallet.js';
import { cleanDetail } from '../event-values.js';
import type { WalletSelectEvent, WaySelectEvent } from '../../components/wallet-chooser/wallet-events.js';
import type { WayOption } from '../../components/wallet-chooser/wallet-option.js';
import { checksumLoaded, loadChecksum } from '../../model/checksum.js';
import { loadChunk } from '../../flow/errors.js';
import type { RemoteConnection, RemoteConnectionElement } from '../moments/walletconnect.js';

/** The element, with WalletConnect's settings (read by its chunk, ../moments/walletconnect.ts). */
export interface WalletConnectionHost extends ReactiveControllerHost, RemoteConnectionElement {
  /** What the host set (checked by the wallet controller); any value but undefined or null is the host's wallet. */
  provider: unknown;
  walletDiscovery: string;
}

/** For the site's developer: Connect was pressed where nothing can connect. */
const NOBODY_CONNECTS =
  'bridge-widget: Connect was pressed, but wallet-discovery is "off" and no provider is set. Listen to bridge-connect-request, call preventDefault() and open your wallet UI, then set widget.provider.';

export class WalletConnectionController implements ReactiveController {
  /** The discovered wallet in use (only while the host has no provider). */
  #chosen: DiscoveredWallet | undefined;
  readonly #registry = new WalletRegistry(() => this.#host.requestUpdate());
  #storage: Storage | undefined;
  #remembered: string | undefined;
  /** The remembered wallet was asked for its accounts (once per return to discovery). */
  #reconnectTried = false;
  /** The last `bridge-wallet` event waiting for the checksum code, and how many wait (see `#emit`). */
  #emitted: Promise<unknown> = Promise.resolve();
  #waiting = 0;
  /** WalletConnect's connection, once its chunk is here (the user picked it, or a session of it is resumed). */
  #remote: RemoteConnection | undefined;

  readonly #host: WalletConnectionHost;
  readonly #onError: (error: unknown) => void;

  constructor(host: WalletConnectionHost, onError: (error: unknown) => void) {
    this.#host = host;
    this.#onError = onError;
    host.addController(this);
  }

  /** The host set a provider (even one that is not EIP-1193: the widget says so rather than look for another). */
  get #hostOwnsProvider(): boolean {
    return this.#host.provider !== undefined && this.#host.provider !== null;
  }

  /** Discovery is on: no host provider, and not switched off. */
  get discovering(): boolean {
    return !this.#hostOwnsProvider && this.#host.walletDiscovery !== 'off';
  }

  /** The provider the widget uses: the host's, else the discovered wallet the user chose. */
  get provider(): unknown {
    return this.#hostOwnsProvider ? this.#host.provider : this.discovering ? this.#chosen?.provider : undefined;
  }

  /** The discovered wallet in use, for the account's menu ("Change wallet", "Disconnect"). */
  get wallet(): DiscoveredWallet | undefined {
    return this.discovering ? this.#chosen : undefined;
  }

  /** What the chooser offers. */
  get wallets(): DiscoveredWallet[] {
    return this.discovering ? this.#registry.wallets : [];
  }

  hostConnected(): void {
    try {
      this.#storage = globalThis.localStorage;
    } catch {
      this.#storage = undefined;
    }
    this.#remembered = rememberedWallet(this.#storage);
    this.#reconnectTried = false;
    this.#react();
  }

  hostDisconnected(): void {
    this.#registry.stop();
  }

  hostUpdated(): void {
    // What follows may change what renders: react after this update rather than inside it.
    queueMicrotask(() => this.#react());
  }

  #react(): void {
    if (!this.#host.isConnected) return;
    if (this.#host.walletDiscovery === 'off') this.#registry.stop();
    else this.#registry.start(window);
    if (!this.discovering) {
      // The host's provider (or discovery switched off) replaces a discovered wallet at once.
      if (this.#chosen) this.#stopUsing();
      this.#reconnectTried = false;
      return;
    }
    if (this.#remembered && !this.#chosen && !this.#reconnectTried) {
      this.#reconnectTried = true;
      // A wallet on another device: its chunk comes to resume the session, and nothing else is asked.
      if (this.#remembered === WALLETCONNECT_RDNS) void this.#walletConnect();
      else this.#registry.request();
    }
    const remembered = this.#remembered && !this.#chosen ? this.#registry.wallets.find((w) => w.info.rdns === this.#remembered) : undefined;
    if (remembered) {
      this.#remembered = undefined;
      void this.#reconnect(remembered);
    }
  }

  /**
   * The user pressed Connect: fires the cancelable `bridge-connect-request`.
   * Returns false when the widget does nothing more: the host took over
   * (prevented it), or nothing can connect (no provider, discovery off: said
   * in the console and the widget). True when the widget goes on: with the
   * host's provider, or asking wallets to announce themselves.
   */
  requestConnect(): boolean {
    const proceed = this.#host.dispatchEvent(new BridgeConnectRequestEvent());
    if (!proceed) return false;
    if (!this.#hostOwnsProvider && !this.discovering) {
      console.error(NOBODY_CONNECTS);
      this.#onError(new WalletError('no-provider', english['error.wallet-no-provider']));
      return false;
    }
    if (this.discovering) this.#registry.request();
    return true;
  }

  /** The user chose a wallet in the chooser: asks it for accounts (its prompt) and uses it. */
  async choose(uuid: string): Promise<void> {
    const wallet = this.#registry.wallets.find((w) => w.info.uuid === uuid);
    if (!wallet) return;
    try {
      const [address] = await requestAccounts(wallet.provider);
      if (this.discovering) this.use(wallet, address);
    } catch (error) {
      this.#onError(error);
    }
  }

  /** "Disconnect": forgets the choice and stops using the provider; a WalletConnect session ends in the wallet app too. */
  disconnect(): void {
    rememberWallet(this.#storage, undefined);
    this.#remembered = undefined;
    void this.#remote?.end();
    if (this.#chosen) this.#stopUsing();
  }

  /** WalletConnect's chunk, then its dialog to pair (the user chose it: `pair`) or the saved session (at mount). */
  #walletConnect(pair?: boolean): Promise<void> {
    // `start` reports its own failures; a chunk that cannot be fetched is reported here.
    return loadChunk(() => import('../moments/walletconnect.js')).then(
      ({ RemoteConnection }) => (this.#remote ??= new RemoteConnection(this, this.#host, this.#onError)).start(pair),
      this.#onError,
    );
  }

  /** A returning user: `eth_accounts` (never a prompt) tells whether the site is still connected in that wallet. */
  async #reconnect(wallet: DiscoveredWallet): Promise<void> {
    const [address] = await getAccounts(wallet.provider).catch(() => []);
    if (address && this.discovering && !this.#chosen) this.use(wallet, address);
  }

  /** Uses `wallet` (the user chose it, or it reconnected) and remembers it for the next visit. */
  use(wallet: DiscoveredWallet, address: Address | undefined): void {
    this.#chosen = wallet;
    rememberWallet(this.#storage, wallet.info.rdns);
    this.#emit('connected', wallet, address);
    this.#host.requestUpdate();
  }

  #stopUsing(): void {
    const wallet = this.#chosen!;
    this.#chosen = undefined;
    this.#emit('disconnected', wallet, undefined);
    this.#host.requestUpdate();
  }

  /**
   * The chooser exists only while discovering: the host's `provider` removes it at once. `ways` are the other ways to
   * pay the element offers under the wallets (a deposit address); `onWay` hears which one the user chose.
   */
  renderChooser(t: (key: StringKey) => string, exportparts: string, ways: WayOption[] = [], onWay?: (id: string) => void): TemplateResult | typeof nothing {
    if (!this.discovering) return nothing;
    const wallets = this.#registry.wallets.map(({ info, injected }) => ({
      id: info.uuid,
      name: injected ? t('wallet.browser') : info.name,
      icon: info.icon,
      rdns: injected ? undefined : info.rdns,
    }));
    return html`<bw-wallet-chooser
        exportparts=${exportparts}
        .wallets=${wallets}
        .selected=${this.#chosen?.info.uuid}
        .ways=${ways}
        @bw-wallet-select=${(e: WalletSelectEvent) => void this.choose(e.detail.id)}
        @bw-way-select=${(e: WaySelectEvent) => (e.detail.id === WALLETCONNECT_RDNS ? this.#walletConnect(true) : onWay?.(e.detail.id))}
    ></bw-wallet-chooser>`;
  }

  /**
   * The account goes to the host checksummed (EIP-55, by `cleanDetail`) once
   * that code is here: the widget uses the account lowercase at once (see
   * src/wallet/hex.ts), so the code may still be on its way. Each event waits
   * for the one before, so they keep their order; should the code not load,
   * the address goes lowercase.
   */
  #emit(state: BridgeWalletDetail['state'], { info, injected }: DiscoveredWallet, address: Address | undefined): void {
    const detail: BridgeWalletDetail = { state, name: info.name, rdns: injected || info.rdns === INJECTED_RDNS ? undefined : info.rdns, address };
    const dispatch = () => void this.#host.dispatchEvent(new BridgeWalletEvent(cleanDetail(detail)));
    // At once when nothing waits (a disconnect, or the code is here).
    if (!this.#waiting && (!address || checksumLoaded())) return dispatch();
    this.#waiting++;
    this.#emitted = this.#emitted
      .then(() => address && loadChecksum())
      .catch(() => {})
      .then(() => {
        this.#waiting--;
        dispatch();
      });
  }
}
