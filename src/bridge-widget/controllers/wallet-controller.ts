/**
 * Watches the wallet in use: its account and network, from the moment the
 * element connects until it disconnects. Reading accounts never prompts: the
 * widget only asks to connect when the user clicks.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { en } from '../../i18n/strings.js';
import { getAccounts, getChainId, isEip1193Provider, watchWallet, type Address, type Eip1193Provider } from '../../wallet/index.js';
import type { TransferSession } from '../../flow/session.js';

export interface WalletHost extends ReactiveControllerHost {
  provider: Eip1193Provider | undefined;
  readonly isConnected: boolean;
}

export class WalletController implements ReactiveController {
  /** The network the wallet is on, for the header. */
  chainId: number | undefined;
  #watched: Eip1193Provider | undefined;
  #unwatch: (() => void) | undefined;

  readonly #host: WalletHost;
  readonly #session: () => TransferSession;
  /** Which provider is in use: the host's, else a wallet the user chose (see wallet-connection-controller.ts). */
  readonly #inUse: () => Eip1193Provider | undefined;

  constructor(host: WalletHost, session: () => TransferSession, inUse: () => Eip1193Provider | undefined = () => host.provider) {
    this.#host = host;
    this.#session = session;
    this.#inUse = inUse;
    host.addController(this);
  }

  /** The provider the widget signs with. */
  get provider(): Eip1193Provider | undefined {
    return this.#inUse();
  }

  hostConnected(): void {
    this.#watch();
  }

  hostUpdate(): void {
    if (this.provider !== this.#watched) this.#watch();
  }

  hostDisconnected(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#watched = undefined;
  }

  #watch(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    const provider = (this.#watched = this.provider);
    if (!this.#host.isConnected) return;
    const session = this.#session();
    if (!provider) return session.setWallet(undefined, undefined);
    session.setWallet(provider, session.account);
    if (!isEip1193Provider(provider)) return session.showProblem({ kind: 'no-provider', message: en['error.no-provider'], retryable: false });
    const current = () => this.provider === provider;
    const setChain = (id: number) => {
      if (!current()) return;
      this.chainId = id;
      this.#host.requestUpdate();
    };
    const setAccount = (accounts: readonly Address[]) => {
      if (current()) this.#session().setWallet(provider, accounts[0]);
    };
    this.#unwatch = watchWallet(provider, {
      accountsChanged: setAccount,
      chainChanged: setChain,
      disconnect: () => this.#session().setWallet(provider, undefined),
    });
    getAccounts(provider)
      .then(setAccount)
      .catch(() => undefined);
    getChainId(provider)
      .then(setChain)
      .catch(() => undefined);
  }
}
