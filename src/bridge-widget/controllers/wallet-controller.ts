/**
 * Watches the wallet in use: its account and network, from the moment the
 * element connects until it disconnects. Reading accounts never prompts: the
 * widget only asks to connect when the user clicks. The source chain follows
 * the wallet's network until someone chooses one (`followWalletChain` in
 * src/flow/form.ts). A value that is not an EIP-1193 provider is said so once
 * in the console; the widget names it while it is set (../views.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { getAccounts, getChainId, providerProblem, watchWallet, type Address, type Eip1193Provider } from '../../wallet/index.js';
import type { TransferSession } from '../../flow/session.js';

export interface WalletHost extends ReactiveControllerHost {
  /** What the host set: anything (wallet kits type their providers `unknown`), checked here. */
  provider: unknown;
  readonly isConnected: boolean;
}

export class WalletController implements ReactiveController {
  /** The network the wallet is on, for the header. */
  chainId: number | undefined;
  #watched: unknown;
  #unwatch: (() => void) | undefined;
  /** The catalog the source chain last followed the wallet in: a new one (loaded, a page more) may now offer the wallet's network. */
  #followedIn: unknown;

  readonly #host: WalletHost;
  readonly #session: () => TransferSession;
  /** Which provider is in use: the host's, else a wallet the user chose (see wallet-connection-controller.ts). */
  readonly #inUse: () => unknown;

  constructor(host: WalletHost, session: () => TransferSession, inUse: () => unknown = () => host.provider) {
    this.#host = host;
    this.#session = session;
    this.#inUse = inUse;
    host.addController(this);
  }

  /** The provider the widget signs with (checked in #watch). */
  get provider(): unknown {
    return this.#inUse();
  }

  hostConnected(): void {
    this.#watch();
  }

  hostUpdate(): void {
    if (this.provider !== this.#watched) this.#watch();
    const { catalog } = this.#session().remote;
    if (this.chainId !== undefined && catalog && catalog !== this.#followedIn) {
      this.#followedIn = catalog;
      // After this update, not inside it: following changes the form.
      queueMicrotask(() => this.#follow());
    }
  }

  #follow(): void {
    if (this.chainId !== undefined) this.#session().form.followWallet(String(this.chainId));
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
    // Another wallet (or none): its network is read anew.
    this.chainId = undefined;
    if (!this.#host.isConnected) return;
    const session = this.#session();
    if (provider === undefined || provider === null) return session.setWallet(undefined, undefined);
    const problem = providerProblem(provider);
    if (problem) {
      // The widget names it too, while it is set (configProblems in ../views.ts).
      console.error(`bridge-widget: ${problem}`);
      return session.setWallet(undefined, undefined);
    }
    const wallet = provider as Eip1193Provider;
    session.setWallet(wallet, session.account);
    const current = () => this.provider === provider;
    const setChain = (id: number) => {
      if (!current()) return;
      this.chainId = id;
      this.#follow();
      this.#host.requestUpdate();
    };
    const setAccount = (accounts: readonly Address[]) => {
      if (current()) this.#session().setWallet(wallet, accounts[0]);
    };
    this.#unwatch = watchWallet(wallet, {
      accountsChanged: setAccount,
      chainChanged: setChain,
      disconnect: () => this.#session().setWallet(wallet, undefined),
    });
    getAccounts(wallet)
      .then(setAccount)
      .catch(() => undefined);
    getChainId(wallet)
      .then(setChain)
      .catch(() => undefined);
  }
}
