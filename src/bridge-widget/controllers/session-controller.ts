/**
 * Connects <bridge-widget> to its transfer session: one session per proxy URL,
 * started when the element connects and stopped when it disconnects; the
 * host's settings go in before each render, and the session's changes and
 * events come out as renders and `bridge-*` DOM events. A refusal by the
 * proxy itself (a set-up mistake: origin, host name, method) is also told to
 * the site's developer, once per session, in the console: the widget shows
 * the user only that bridging is not available on this site.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ProxyRefusedError } from '../../api/errors.js';
import { BRIDGE_EVENTS } from '../../events/index.js';
import { cleanDetail } from '../event-values.js';
import { TransferSession } from '../../flow/session.js';
import type { SessionSettings } from '../../flow/settings.js';

export interface SessionHost extends ReactiveControllerHost, EventTarget {
  proxyUrl: string;
}

export class SessionController implements ReactiveController {
  session: TransferSession;
  #unsubscribe: (() => void) | undefined;
  #connected = false;
  /** The session whose proxy refusal is in the console already. */
  #explained: TransferSession | undefined;

  readonly #host: SessionHost;
  readonly #readSettings: () => SessionSettings;

  constructor(host: SessionHost, readSettings: () => SessionSettings) {
    this.#host = host;
    this.#readSettings = readSettings;
    this.session = this.#create('');
    host.addController(this);
  }

  #create(proxyUrl: string): TransferSession {
    const session = new TransferSession({ proxyUrl, settings: this.#readSettings(), storage: typeof localStorage === 'undefined' ? undefined : localStorage });
    this.#unsubscribe = session.subscribe({
      changed: () => this.#host.requestUpdate(),
      event: (type, detail) => this.#host.dispatchEvent(new BRIDGE_EVENTS[type](cleanDetail(detail) as never)),
    });
    return session;
  }

  hostConnected(): void {
    this.#connected = true;
    this.#sync();
    this.session.connect();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.session.disconnect();
  }

  hostUpdate(): void {
    this.#sync();
    this.#explainRefusal();
  }

  #explainRefusal(): void {
    const { session } = this;
    if (this.#explained === session) return;
    const { chains, balances, quote } = session.remote;
    const refusal = [chains, balances, quote].map((task) => task.error).find((e) => e instanceof ProxyRefusedError);
    if (!refusal) return;
    this.#explained = session;
    const origin = globalThis.location?.origin ?? 'unknown';
    console.error(
      `bridge-widget: ${refusal.message} Page origin: ${origin}; proxy-url: ${session.options.proxyUrl}; the proxy answered ${refusal.status} ${refusal.code}.`,
    );
  }

  /** A new proxy is a new client and store: a new session, which keeps the form and the wallet. */
  #sync(): void {
    const host = this.#host;
    let session = this.session;
    if (host.proxyUrl !== session.options.proxyUrl) {
      const previous = session;
      previous.disconnect();
      this.#unsubscribe?.();
      session = this.session = this.#create(host.proxyUrl);
      session.form.values = previous.form.values;
      session.setWallet(previous.provider, previous.account);
      if (this.#connected) session.connect();
    }
  }
}
