import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { enWalletConnect } from '../../i18n/en/walletconnect.js';
import { iconButtonStyles, closeIcon } from '../shared/icon-button.js';
import { dialogSurface } from '../shared/dialog-surface.styles.js';
import { PartElement } from '../shared/part.js';
import { PartEvent } from '../shared/part-event.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles } from './walletconnect-dialog.styles.js';

/** Where pairing stands: the link on its way, the link shown, or why there is none. */
export type WalletConnectStage = 'connecting' | 'scan' | 'unreachable' | 'declined' | 'failed';

/** A wallet app the pairing link can be handed to (on a phone). */
export interface WalletAppLink {
  name: string;
  /** An https universal link the shell built from the pairing URI. */
  href: string;
}

/** `bw-walletconnect-retry`: "Try again". */
export class WalletConnectRetryEvent extends PartEvent {
  static override readonly type = 'bw-walletconnect-retry';
}

/** `bw-walletconnect-close`: the user closed the dialog (Escape, the close button, the backdrop). */
export class WalletConnectCloseEvent extends PartEvent {
  static override readonly type = 'bw-walletconnect-close';
}

/**
 * @summary Pairs a wallet app on another device through WalletConnect: a QR code on a desktop, the wallet apps' links on a phone, "copy link" beside them, in a modal dialog.
 *
 * It only shows what the shell gives it (`stage`, `uri`, `apps`): the shell
 * runs the WalletConnect client and closes the dialog once a wallet connects.
 * When the link cannot be made (the relay unreachable) or the wallet app
 * declines, it says so with "Try again".
 *
 * @fires {WalletConnectRetryEvent} bw-walletconnect-retry - `CustomEvent<null>` on "Try again". Bubbles, not composed.
 * @fires {WalletConnectCloseEvent} bw-walletconnect-close - `CustomEvent<null>` when the user closes the dialog (Escape, the close button, the backdrop). Bubbles, not composed.
 *
 * @csspart dialog - The modal dialog.
 * @csspart close - The close button.
 * @csspart qr - The QR code.
 * @csspart app - A wallet app's link (on a phone).
 * @csspart copy - "Copy link".
 * @csspart retry - "Try again".
 */
export class WalletConnectDialog extends PartElement {
  protected static override english = enWalletConnect;

  static override styles = [hostStyles, partTokens, dialogSurface, iconButtonStyles, styles];

  static override properties: PropertyDeclarations = {
    stage: {},
    uri: {},
    apps: { attribute: false },
    phone: { type: Boolean },
    relay: {},
    copied: { state: true },
  };

  /** Where pairing stands: `connecting` (the link on its way), `scan` (shown), or why there is none: `unreachable` (the relay), `declined` (in the wallet app), `failed`. */
  stage: WalletConnectStage = 'connecting';
  /** The `wc:` pairing URI, once the relay has it. */
  uri = '';
  /** On a phone: the wallet apps to hand the link to. */
  apps: WalletAppLink[] = [];
  /** The page runs on a phone: the apps' links instead of the QR code. */
  phone = false;
  /** The relay's host, named when it cannot be reached. */
  relay = '';

  private copied: 'yes' | 'failed' | undefined;
  #copiedTimer: ReturnType<typeof setTimeout> | undefined;

  get #dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** Opens the dialog (focus returns where it was when it closes). */
  async show(): Promise<void> {
    await this.updateComplete;
    const dialog = this.#dialog;
    if (dialog && !dialog.open) dialog.showModal();
  }

  /** Closes it without `bw-walletconnect-close` (the shell's own closing: a wallet connected). */
  hide(): void {
    const dialog = this.#dialog;
    if (!dialog?.open) return;
    dialog.dataset.quiet = '';
    dialog.close();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#copiedTimer);
  }

  #onClose(event: Event): void {
    const dialog = event.currentTarget as HTMLDialogElement;
    if ('quiet' in dialog.dataset) delete dialog.dataset.quiet;
    else this.dispatchEvent(new WalletConnectCloseEvent());
  }

  async #copy(): Promise<void> {
    clearTimeout(this.#copiedTimer);
    try {
      await navigator.clipboard.writeText(this.uri);
      this.copied = 'yes';
      this.announce(this.t('walletconnect.copied'));
    } catch {
      this.copied = 'failed';
      this.announce(this.t('walletconnect.copyFailed'));
    }
    this.#copiedTimer = setTimeout(() => (this.copied = undefined), 2000);
  }

  #retry(): void {
    this.dispatchEvent(new WalletConnectRetryEvent());
  }

  override render(): TemplateResult {
    const title = this.t(this.phone ? 'walletconnect.titlePhone' : 'walletconnect.title');
    return html`<dialog
      class="dialog"
      part="dialog"
      aria-labelledby="walletconnect-heading"
      @close=${this.#onClose}
      @click=${(event: MouseEvent) => event.target === event.currentTarget && (event.currentTarget as HTMLDialogElement).close()}
    >
      <div class="head">
        <h2 id="walletconnect-heading">${title}</h2>
        <button class="close icon-button" part="close" type="button" aria-label=${this.t('walletconnect.close')} @click=${() => this.#dialog?.close()}>${closeIcon}</button>
      </div>
      ${this.#body()}
      <div class="visually-hidden" role="status">${this.announcement}</div>
    </dialog>`;
  }

  #body(): TemplateResult {
    switch (this.stage) {
      case 'connecting':
        return html`<p class="status" role="status"><span class="spinner" aria-hidden="true"></span>${this.t('walletconnect.connecting')}</p>`;
      case 'scan':
        return this.phone ? this.#apps() : this.#qr();
      default: {
        const key = this.stage === 'unreachable' ? 'walletconnect.unreachable' : this.stage === 'declined' ? 'walletconnect.declined' : 'walletconnect.failed';
        return html`<p class="problem" role="alert">${this.t(key, { host: this.relay })}</p>
          <button class="action primary" part="retry" type="button" @click=${this.#retry}>${this.t('walletconnect.retry')}</button>`;
      }
    }
  }

  #qr(): TemplateResult {
    return html`<p class="lead">${this.t('walletconnect.scan')}</p>
      <bw-qr-code part="qr" .value=${this.uri} label=${this.t('walletconnect.qr')}></bw-qr-code>
      ${this.#copyButton()}`;
  }

  #apps(): TemplateResult {
    return html`<p class="lead">${this.t('walletconnect.pick')}</p>
      <ul class="apps">
        ${this.apps.map((app) => html`<li><a class="app" part="app" href=${app.href} rel="noopener noreferrer">${app.name}</a></li>`)}
        <li><a class="app" part="app" href=${this.uri}>${this.t('walletconnect.otherApp')}</a></li>
      </ul>
      ${this.#copyButton()}`;
  }

  #copyButton(): TemplateResult | typeof nothing {
    if (typeof navigator.clipboard?.writeText !== 'function') return nothing;
    const label = this.copied === 'yes' ? 'walletconnect.copied' : this.copied === 'failed' ? 'walletconnect.copyFailed' : 'walletconnect.copy';
    return html`<button class="action" part="copy" type="button" @click=${() => void this.#copy()}>${this.t(label)}</button>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-walletconnect-dialog': WalletConnectDialog;
  }
  interface HTMLElementEventMap {
    'bw-walletconnect-retry': WalletConnectRetryEvent;
    'bw-walletconnect-close': WalletConnectCloseEvent;
  }
}
