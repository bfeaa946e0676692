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

  constructor(host: WalletHost, session: () => TransferSession) {
    this.#host = host;
    this.#session = session;
    host.addController(this);
  }

  /**
   * The provider the widget signs with. Today: the host's `provider` property.
   * This is the one place that decides; wallet discovery (EIP-6963) plugs in here.
   */
  get provider(): Eip1193Provider | undefined {
    return this.#host.provider;
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
