/**
 * Connects <bridge-widget> to its transfer session: one session per proxy URL,
 * started when the element connects and stopped when it disconnects; the
 * host's settings go in before each render, and the session's changes and
 * events come out as renders and `bridge-*` DOM events.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { BRIDGE_EVENTS } from '../../events/index.js';
import { TransferSession } from '../../flow/session.js';
import type { SessionSettings } from '../../flow/settings.js';

export interface SessionHost extends ReactiveControllerHost, EventTarget {
  proxyUrl: string;
}

export class SessionController implements ReactiveController {
  session: TransferSession;
  #unsubscribe: (() => void) | undefined;
  #connected = false;

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
      event: (type, detail) => this.#host.dispatchEvent(new BRIDGE_EVENTS[type](detail as never)),
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
