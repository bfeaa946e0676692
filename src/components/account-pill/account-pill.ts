import { html, nothing, type PropertyDeclarations } from 'lit';
import { shortenHex } from '../../format/amount.js';
import { PartElement } from '../shared/part.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles } from './account-pill.styles.js';
import type { AccountMenu } from './account-menu.js';

export type { AccountChangeEvent, AccountDisconnectEvent } from './account-events.js';

/**
 * @summary The connected account as one pill (its address and network) opening a menu: copy the address, change the wallet, disconnect.
 *
 * The menu is a chunk of its own (./account-menu.ts, in the widget's `dialogs`
 * file, fetched while the page is idle), loaded at the latest on the first
 * click: its actions, keyboard and placement. Copy is the part's own;
 * changing and disconnecting are the shell's, offered only when `wallet`
 * names a wallet the widget may change or drop (one the user chose in the
 * widget), not a wallet the host page owns.
 *
 * @fires {AccountChangeEvent} bw-account-change - `CustomEvent<null>`: the user chose "Change wallet". Bubbles, not composed.
 * @fires {AccountDisconnectEvent} bw-account-disconnect - `CustomEvent<null>`: the user chose "Disconnect". Bubbles, not composed.
 *
 * @csspart pill - The button that shows the account and opens the menu.
 * @csspart menu - The menu (a popover in the top layer).
 * @csspart menu-item - One action in the menu.
 */
export class AccountPill extends PartElement {
  static override properties: PropertyDeclarations = {
    address: {},
    network: {},
    wallet: {},
    menuFailed: { state: true },
  };

  static override styles = [hostStyles, partTokens, styles];

  /** The account, whole (shown shortened, whole in the title and when copied). */
  address = '';
  /** The network the wallet is on, by name. */
  network = '';
  /** The wallet in use, by name, when the user may change or disconnect it here; empty for a wallet the page owns. */
  wallet = '';

  /** The menu's chunk could not be fetched: the pill says so. */
  private menuFailed = false;
  #menu: AccountMenu | undefined;

  /** The first click loads the menu and opens it; from then on the pill opens and closes it by itself (`popovertarget`). */
  async #open(): Promise<void> {
    if (this.#menu || this.menuFailed) return;
    try {
      const { AccountMenu } = await import('./account-menu.js');
      this.#menu = new AccountMenu(
        this,
        (key) => this.t(key),
        (message) => this.announce(message),
      );
      this.requestUpdate();
      await this.updateComplete;
      this.#menu.show();
    } catch {
      this.menuFailed = true;
    }
  }

  override render() {
    const { address, network } = this;
    return html`<button class="pill" part="pill" popovertarget=${this.#menu ? 'menu' : nothing} title=${address} @click=${this.#open}>
        <span><bdi dir="ltr">${address ? shortenHex(address) : this.wallet}</bdi>${network ? html` · ${network}` : nothing}</span>
        <svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 6l4 4 4-4" /></svg>
      </button>
      ${this.menuFailed ? html`<span class="visually-hidden" role="alert">${this.t('error.chunk-load')}</span>` : (this.#menu?.render() ?? nothing)}`;
  }
}
