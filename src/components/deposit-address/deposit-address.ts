import { html, nothing, type PropertyDeclarations, type PropertyValues } from 'lit';
import { formatDuration } from '../../format/duration.js';
import { enDeposit } from '../../i18n/en/deposit.js';
import { CopyController } from '../shared/copy.js';
import { PartElement } from '../shared/part.js';
import { PartEvent } from '../shared/part-event.js';
import { hostStyles, partTokens, spinStyles } from '../shared/styles.js';
import { styles } from './deposit-address.styles.js';

/** What the deposit view shows: all of it text the shell wrote, in the widget's language and the locale's numbers. */
export interface DepositAddressView {
  /** The address to pay into, exactly as the service gave it (checked: src/api/deposit.ts). */
  address: string;
  /** What the QR code holds: an EIP-681 payment request on an EVM chain (the token, the chain and the exact amount), else the address. */
  paymentRequest: string;
  /** The amount with its symbol, as the widget writes amounts ("2.5 USDC"). */
  amountText: string;
  /** The exact amount as a plain decimal, for the copy button ("2.5"). */
  amountPlain: string;
  symbol: string;
  /** The source chain's name: the network in words. */
  chainName: string;
  /** The sender, shortened: where less, or a late payment, goes back. */
  senderText: string;
  /** Epoch milliseconds, when the service gave one. */
  expiresAt?: number | undefined;
}

/** Detail of `bw-deposit-close`. */
export interface DepositCloseDetail {
  address: string;
}

/** `bw-deposit-close`: "Close" (the transfer goes on being followed). */
export class DepositCloseEvent extends PartEvent<DepositCloseDetail> {
  static override readonly type = 'bw-deposit-close';
}

/**
 * @summary The deposit address to pay into from another wallet or an exchange: its QR code, the address and the exact amount with copy buttons, the network in words, the time left.
 *
 * Takes everything as a `view`; it copies to the clipboard and counts down,
 * and fires `bw-deposit-close`. The QR code is a `<bw-qr-code>` (registered by
 * the same chunk). Once the time is up it says so and hides the address's QR
 * code: nothing should be sent to it any more.
 *
 * @fires {DepositCloseEvent} bw-deposit-close - `CustomEvent<DepositCloseDetail>` from "Close" (the transfer goes on being followed). Bubbles, not composed.
 *
 * @csspart base - The whole view.
 * @csspart heading - "Send 2 USDC to this address".
 * @csspart qr - The QR code.
 * @csspart address - The address.
 * @csspart amount - The exact amount.
 * @csspart copy - A copy button.
 * @csspart network - The warning naming the token and the network.
 * @csspart time-left - The time left, or that the address expired.
 * @csspart close - "Close".
 *
 * @cssprop --bridge-color-warning-bg - The network warning's background.
 * @cssprop --bridge-font-mono - Font of the address and the amount.
 */
export class DepositAddress extends PartElement {
  protected static override english = enDeposit;

  static override properties: PropertyDeclarations = {
    view: { attribute: false },
    now: { state: true },
  };

  static override styles = [hostStyles, partTokens, spinStyles, styles];

  /** What to show; nothing renders while undefined. */
  view?: DepositAddressView;

  private now = Date.now();

  readonly #copies = new CopyController(this, (label, copied) => copied && this.announce(this.t('deposit.copiedAnnounce', { label })));
  #timer: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.now = Date.now();
    this.#timer = setInterval(() => {
      if (this.view?.expiresAt !== undefined) this.now = Date.now();
    }, 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#timer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('view')) this.now = Date.now();
  }

  override render() {
    const view = this.view;
    if (!view) return nothing;
    const left = view.expiresAt === undefined ? undefined : view.expiresAt - this.now;
    const expired = left !== undefined && left <= 0;
    const address = this.t('deposit.address');
    const amount = this.t('deposit.amount');
    return html`<section class="deposit" part="base" aria-labelledby="heading">
      <h2 id="heading" part="heading" tabindex="-1">${this.t('deposit.heading', { amount: view.amountText })}</h2>
      <p class="notice warning" part="network">${this.t('deposit.network', { symbol: view.symbol, chain: view.chainName })}</p>
      ${expired ? nothing : html`<bw-qr-code part="qr" .value=${view.paymentRequest} label=${this.t('deposit.qr')}></bw-qr-code>`}
      <dl>
        ${this.#row(address, 'address', view.address)} ${this.#row(amount, 'amount', view.amountPlain, view.amountText)}
      </dl>
      <p class="exact">${this.t('deposit.exact', { sender: view.senderText })}</p>
      ${
        left === undefined
          ? nothing
          : html`<p class="time ${expired ? 'expired' : ''}" part="time-left" role=${expired ? 'alert' : nothing}>
              ${expired ? this.t('deposit.expired') : this.t('deposit.timeLeft', { time: formatDuration(left, this.intl) })}
            </p>`
      }
      ${expired ? nothing : html`<p class="waiting"><span class="spinner" aria-hidden="true"></span>${this.t('deposit.waiting')}</p>`}
      <div class="actions">
        <button class="secondary" part="close" type="button" @click=${this.#close}>${this.t('deposit.close')}</button>
      </div>
      <div class="visually-hidden" aria-live="polite">${this.announcement}</div>
    </section>`;
  }

  /** One value with its label and copy button; `shown` is how it reads (the copy takes `value`). */
  #row(label: string, part: string, value: string, shown = value) {
    return html`<div>
      <dt>${label}</dt>
      <dd>
        <code part=${part} dir="ltr">${shown}</code>
        ${
          this.#copies.canCopy
            ? html`<button class="copy pill" part="copy" type="button" @click=${() => this.#copies.copy(label, value)}>
                ${this.t(this.#copies.copied === label ? 'deposit.copied' : 'deposit.copy')}<span class="visually-hidden"> ${label}</span>
              </button>`
            : nothing
        }
      </dd>
    </div>`;
  }

  #close = (): void => {
    this.dispatchEvent(new DepositCloseEvent({ address: this.view?.address ?? '' }));
  };
}

declare global {
  interface HTMLElementEventMap {
    'bw-deposit-close': DepositCloseEvent;
  }
}
