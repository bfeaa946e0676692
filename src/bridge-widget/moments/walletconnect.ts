/**
 * WalletConnect: a wallet app on another device, connected through the
 * WalletConnect relay. A chunk of its own (the `walletconnect` group in
 * scripts/script-build.ts), fetched only when the user picks it in the
 * chooser, or at mount when a session of it was in use (to resume it),
 * never while the page is idle: it carries the WalletConnect client, about
 * 135 KB gzip, which a visitor paying with a browser wallet never needs.
 *
 * `RemoteConnection` runs the client for the wallet controller
 * (../controllers/wallet-connection-controller.ts): it pairs (the
 * `<bw-walletconnect-dialog>` shows the code or the wallet apps' links),
 * hands the controller the wallet once the user approves, resumes the
 * session after a reload, and when the session ends (in the wallet app, or
 * expired) tells the controller to stop using it and says so in the form.
 */
import { WidgetClient } from '../../api/client.js';
import { isSourceChain } from '../../flow/catalog.js';
import { ChainUnreadable, proxyChainRead } from '../../api/chain-read.js';
import { QrCode } from '../../components/qr-code/qr-code.js';
import { WalletConnectDialog, type WalletConnectStage } from '../../components/walletconnect-dialog/walletconnect-dialog.js';
import { defineLaterElements } from '../../define-elements.js';
import { enWalletConnect } from '../../i18n/en/walletconnect.js';
import { addEnglish } from '../../i18n/strings.js';
import { evmChainId } from '../../model/chain-id.js';
import { WalletError } from '../../wallet/errors.js';
import type { Address } from '../../wallet/hex.js';
import { WALLETCONNECT_RDNS, type DiscoveredWallet } from '../../wallet/discovery.js';
import { onPhone, thisDevice } from '../../wallet/phone.js';
import { WALLET_APPS } from '../../wallet/wallet-apps.js';
import { pairingLink } from '../../wallet/walletconnect-links.js';
import {
  DEFAULT_RELAY_URL,
  RelayUnreachable,
  pairRemoteWallet,
  resumeRemoteWallet,
  walletConnectClient,
  type ReadElsewhere,
  type RemoteWallet,
} from '../../wallet/walletconnect.js';

export const ELEMENTS = {
  'bw-walletconnect-dialog': WalletConnectDialog,
  'bw-qr-code': QrCode,
} as const;

defineLaterElements(ELEMENTS);
addEnglish(enWalletConnect);

/** Chains that could not be read anywhere answer so, as a wallet without the method would. */
const unread = (chainId: number, method: string) => Object.assign(new Error(`${method} on chain ${chainId} cannot be read here.`), { code: 4200 });

/** The wallet controller (../controllers/wallet-connection-controller.ts), as far as the connection uses it. */
export interface RemoteConnectionController {
  /** The host has no provider of its own and discovery is on: a wallet of the widget's may be used. */
  readonly discovering: boolean;
  /** A wallet connected (or resumed): used, and remembered for the next visit. */
  use(wallet: DiscoveredWallet, address: Address | undefined): void;
  /** Stops using it and forgets it (the session ended, or the user's Disconnect). */
  disconnect(): void;
}

/** The element, as far as the connection reads it: its settings, and the shadow root the dialog goes into. */
export interface RemoteConnectionElement extends HTMLElement {
  walletconnectProjectId: string | undefined;
  walletconnectRelayUrl: string | undefined;
  proxyUrl: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class RemoteConnection {
  #stage: WalletConnectStage = 'connecting';
  #uri = '';
  /** The dialog is open. */
  #shown = false;
  #wallet: RemoteWallet | undefined;
  /** The pairing in progress; a newer one (Try again) or closing the dialog makes it stale. */
  #attempt: AbortController | undefined;
  /** The dialog, put into the widget's shadow root the first time it opens. */
  #dialogElement: WalletConnectDialog | undefined;
  /** The wallet controller: `use` (a wallet connected: used and remembered), `disconnect` (the session ended: forgotten), `discovering`. */
  readonly #controller: RemoteConnectionController;
  /** The element: the settings, the dialog's place. */
  readonly #element: RemoteConnectionElement;
  /** Something the user must read in the form. */
  readonly #report: (error: unknown) => void;

  constructor(controller: RemoteConnectionController, element: RemoteConnectionElement, report: (error: unknown) => void) {
    this.#controller = controller;
    this.#element = element;
    this.#report = report;
  }

  get #settings() {
    const element = this.#element;
    return {
      projectId: element.walletconnectProjectId ?? '',
      relayUrl: element.walletconnectRelayUrl || undefined,
      metadata: {
        name: document.title || location.host,
        description: 'Bridge',
        url: location.origin,
        icons: [],
      },
    };
  }

  get #phone(): boolean {
    return onPhone(thisDevice());
  }

  /** The host's proxy reads what the wallet app does not (its `/read` allow-list decides what it takes). */
  get #read(): ReadElsewhere | undefined {
    const proxyUrl = this.#element.proxyUrl;
    if (!proxyUrl) return undefined;
    return async (chainId, method, params) => {
      try {
        return await proxyChainRead(proxyUrl, String(chainId))(method, params);
      } catch (error) {
        throw error instanceof ChainUnreadable ? unread(chainId, method) : error;
      }
    };
  }

  /**
   * The chains transfers leave from (EVM), from the service's list (the proxy and the browser cache it): what the
   * session asks the wallet for.
   */
  async #chains(): Promise<number[]> {
    const { proxyUrl } = this.#element;
    const chains = proxyUrl ? ((await new WidgetClient({ baseUrl: proxyUrl }).chains().catch(() => undefined))?.data ?? []) : [];
    const ids = chains.filter(isSourceChain).map((chain) => evmChainId(chain.chainId));
    const evm = [...new Set(ids.filter((id): id is number => id !== undefined))];
    return evm.length ? evm : [1];
  }

  /** `pair`: the user chose WalletConnect in the chooser; else the page resumes the session it had (at mount). */
  start(pair?: boolean): Promise<void> {
    return (pair ? this.#open() : this.#resume()).catch(this.#report);
  }

  /** A live session is used at once; otherwise the dialog pairs a new one. The chooser closes either way. */
  async #open(): Promise<void> {
    this.#element.renderRoot.querySelector('bw-wallet-chooser')?.hide();
    const client = await walletConnectClient(this.#settings).catch(() => undefined);
    const live = client && resumeRemoteWallet(client, this.#read);
    if (live) return this.#use(live);
    this.#shown = true;
    this.#render();
    await this.#dialog().show();
    await this.#pair();
  }

  /** At mount, for a returning user: the session in use before the reload, if it is still alive. */
  async #resume(): Promise<void> {
    try {
      const wallet = resumeRemoteWallet(await walletConnectClient(this.#settings), this.#read);
      if (wallet) return this.#use(wallet);
    } catch {
      // The client could not start (storage refused): nothing to resume.
    }
    this.#controller.disconnect();
  }

  /** "Disconnect": ends the session in the wallet app too. */
  async end(): Promise<void> {
    const wallet = this.#wallet;
    this.#wallet = undefined;
    await wallet?.disconnect();
  }

  async #pair(): Promise<void> {
    this.#attempt?.abort();
    const attempt = (this.#attempt = new AbortController());
    this.#show('connecting');
    try {
      const client = await walletConnectClient(this.#settings);
      const pairing = await pairRemoteWallet(client, { chains: await this.#chains(), read: this.#read, signal: attempt.signal });
      if (attempt.signal.aborted) return;
      this.#uri = pairing.uri;
      this.#show('scan');
      const wallet = await pairing.approved;
      if (attempt.signal.aborted) return void wallet.disconnect();
      this.#use(wallet);
    } catch (error) {
      if (attempt.signal.aborted) return;
      this.#show(error instanceof RelayUnreachable ? 'unreachable' : /reject|declin/i.test((error as Error)?.message ?? '') ? 'declined' : 'failed');
    }
  }

  #use(wallet: RemoteWallet): void {
    const controller = this.#controller;
    this.#wallet = wallet;
    this.#shown = false;
    this.#dialogElement?.hide();
    wallet.on('disconnect', () => {
      if (this.#wallet !== wallet) return;
      this.#wallet = undefined;
      controller.disconnect();
      const kind = wallet.ended === 'expired' ? 'expired' : 'disconnected';
      this.#report(new WalletError(kind, enWalletConnect[`error.wallet-${kind}`]));
    });
    const info = { uuid: WALLETCONNECT_RDNS, name: wallet.name, icon: wallet.icon, rdns: WALLETCONNECT_RDNS };
    void wallet.request({ method: 'eth_accounts' }).then((accounts) => {
      // The host may have set its own provider meanwhile: it wins.
      if (controller.discovering) controller.use({ info, provider: wallet }, (accounts as Address[])[0]);
    });
  }

  #show(stage: WalletConnectStage): void {
    this.#stage = stage;
    this.#render();
  }

  #close(): void {
    this.#attempt?.abort();
    this.#attempt = undefined;
    this.#shown = false;
  }

  /**
   * The dialog lives in the widget's shadow root beside what the shell renders (the shell's template knows nothing
   * of it: the first load carries no WalletConnect code); it takes the widget's language and theme from there.
   */
  #dialog(): WalletConnectDialog {
    if (!this.#dialogElement) {
      const dialog = (this.#dialogElement = document.createElement('bw-walletconnect-dialog'));
      // The same public part names as the chooser's dialog.
      dialog.setAttribute('exportparts', 'dialog: picker-dialog, close: picker-close');
      dialog.addEventListener('bw-walletconnect-retry', () => void this.#pair());
      dialog.addEventListener('bw-walletconnect-close', () => this.#close());
      this.#element.renderRoot.append(dialog);
    }
    return this.#dialogElement;
  }

  #render(): void {
    if (!this.#shown) return;
    const dialog = this.#dialog();
    const phone = this.#phone;
    dialog.stage = this.#stage;
    dialog.uri = this.#uri;
    dialog.phone = phone;
    dialog.apps = phone && this.#uri ? WALLET_APPS.map((app) => ({ name: app.name, href: pairingLink(app.id, this.#uri) })) : [];
    dialog.relay = new URL(this.#settings.relayUrl ?? DEFAULT_RELAY_URL).host;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-walletconnect-dialog': WalletConnectDialog;
    'bw-qr-code': QrCode;
  }
}
