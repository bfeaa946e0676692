/**
 * The account pill's menu (./account-pill.ts): copy the address, change the
 * wallet, disconnect. A chunk of its own, with its styles and its English
 * (src/i18n/en/account.ts), so the first load carries only the pill. The menu
 * is a popover: the platform closes it on Escape and on a click elsewhere,
 * and gives focus back to the pill; it opens under the pill, at its end.
 */
import { adoptStyles, css, html, type LitElement } from 'lit';
import { addEnglish, type StringKey } from '../../i18n/strings.js';
import { enAccount } from '../../i18n/en/account.js';
import { AccountChangeEvent, AccountDisconnectEvent } from './account-events.js';

/** What the menu reads of its pill (./account-pill.ts). */
export interface MenuHost extends LitElement {
  readonly address: string;
  readonly wallet: string;
}

type Action = 'copy' | 'change' | 'disconnect';

const LABELS: Record<Action, StringKey> = { copy: 'account.copy', change: 'wallet.change', disconnect: 'wallet.disconnect' };

const menuStyles = css`
  .menu {
    inset: auto;
    margin: 0;
    display: none;
    min-width: 180px;
    padding: 4px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_raised);
    color: var(--_text);
    box-shadow: 0 8px 24px rgb(0 0 0 / 0.16);
  }
  .menu:popover-open {
    display: grid;
  }
  .menu button {
    min-height: 44px;
    padding-inline: 12px;
    border: 0;
    border-radius: var(--_radius-s);
    background: none;
    text-align: start;
    white-space: nowrap;
  }
  .menu button:hover,
  .menu button:focus-visible {
    background: var(--_surface);
  }
  .menu .disconnect {
    color: var(--_danger);
  }
`;

export class AccountMenu {
  readonly #pill: MenuHost;
  readonly #t: (key: StringKey) => string;
  readonly #announce: (message: string) => void;

  constructor(pill: MenuHost, t: (key: StringKey) => string, announce: (message: string) => void) {
    this.#pill = pill;
    this.#t = t;
    this.#announce = announce;
    addEnglish(enAccount);
    const root = pill.renderRoot;
    if (root instanceof ShadowRoot) adoptStyles(root, [...(pill.constructor as typeof LitElement).elementStyles, menuStyles]);
  }

  get #element(): HTMLElement | null {
    return this.#pill.renderRoot.querySelector('.menu');
  }

  /** Opens the menu (the first click's; later ones are the pill's `popovertarget`). */
  show(): void {
    this.#element?.showPopover();
  }

  /**
   * Open: under the pill, its end at the pill's end (the right in a left-to-right layout, the left in a right-to-left
   * one), the first action focused. Closed with focus in it (Escape, an action): focus back on the pill.
   */
  readonly #place = (event: Event): void => {
    const menu = event.target as HTMLElement;
    const button = this.#pill.renderRoot.querySelector<HTMLElement>('.pill')!;
    if ((event as ToggleEvent).newState !== 'open') {
      // Focus in the menu, or lost with it (to the page's body); not where the user clicked to close it.
      const active = (this.#pill.renderRoot as ShadowRoot).activeElement;
      if (active ? menu.contains(active) : document.activeElement === document.body) button.focus();
      return;
    }
    const pill = button.getBoundingClientRect();
    const rtl = getComputedStyle(this.#pill).direction === 'rtl';
    menu.style.top = `${pill.bottom + 4}px`;
    menu.style[rtl ? 'left' : 'right'] = `${rtl ? pill.left : document.documentElement.clientWidth - pill.right}px`;
    menu.querySelector('button')?.focus();
  };

  #choose(action: Action): void {
    this.#element?.hidePopover();
    const pill = this.#pill;
    if (action !== 'copy') {
      pill.dispatchEvent(action === 'change' ? new AccountChangeEvent() : new AccountDisconnectEvent());
      return;
    }
    navigator.clipboard.writeText(pill.address).then(
      () => this.#announce(this.#t('account.copied')),
      () => this.#announce(this.#t('account.copyFailed')),
    );
  }

  render() {
    const actions: Action[] = this.#pill.wallet ? ['copy', 'change', 'disconnect'] : ['copy'];
    return html`<div id="menu" class="menu" part="menu" popover @toggle=${this.#place}>
      ${actions.map((action) => html`<button class=${action} part="menu-item" @click=${() => this.#choose(action)}>${this.#t(LABELS[action])}</button>`)}
    </div>`;
  }
}
