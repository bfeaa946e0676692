import { html, type TemplateResult, type PropertyDeclarations } from 'lit';
import { safeIconUrl } from '../../format/safe-url.js';
import { PickerElement } from '../shared/picker-dialog.js';
import { tokenLogo } from '../shared/token-logo.js';
import { styles } from './wallet-chooser.styles.js';

/** A wallet as the chooser shows it; the shell derives it from the EIP-6963 announcements. */
export interface WalletOption {
  /** The announcement's uuid; what `wallet-select` reports. */
  id: string;
  /** Shown as text, never as markup. */
  name: string;
  /** Untrusted: shown only through an `<img>`, and only a `data:image/(svg+xml|png|webp)` URI or an https URL; else the name's letters. */
  icon?: string;
  /** Reverse DNS name (`io.metamask`), shown under the name so that two wallets with one name can be told apart. */
  rdns?: string;
}

export interface WalletSelectDetail {
  id: string;
}
export type WalletSelectEvent = CustomEvent<WalletSelectDetail>;

/**
 * @summary Lets the user choose one of the wallets installed in the browser, in a modal dialog.
 *
 * It has no trigger of its own: the shell opens it with `show(opener)` (its
 * Connect button), and closing it (Escape, the close button, the backdrop or a
 * choice) returns focus to `opener`. Without any wallet it says so and
 * suggests a wallet app's built-in browser.
 *
 * @fires wallet-select - `CustomEvent<{ id: string }>` when a wallet is chosen. Bubbles, not composed. The element does not connect anything itself.
 *
 * @csspart dialog - The modal dialog.
 * @csspart search - The search field.
 * @csspart close - The dialog's close button.
 * @csspart list - The listbox.
 * @csspart option - Each wallet row.
 * @csspart logo - Wallet icons (image or fallback letters).
 */
export class WalletChooser extends PickerElement {
  static override properties: PropertyDeclarations = {
    wallets: { attribute: false },
  };

  static override styles = [...PickerElement.styles, styles];

  protected readonly keys = {
    select: 'wallet.choose',
    search: 'wallet.search',
    placeholder: 'wallet.placeholder',
    list: 'wallet.list',
    noMatch: 'wallet.noMatch',
    none: 'wallet.none',
  } as const;

  /** Wallets to offer, in display order. */
  wallets: WalletOption[] = [];

  private opener: HTMLElement | undefined;

  /** Opens the dialog; focus goes back to `opener` when it closes. */
  override async show(opener?: HTMLElement): Promise<void> {
    this.opener = opener;
    await super.show();
  }

  override async hide(restoreFocus = true): Promise<void> {
    const opener = this.opener;
    await super.hide(false);
    if (restoreFocus) opener?.focus();
  }

  private get rows(): WalletOption[] {
    const q = this.query.trim().toLowerCase();
    return q ? this.wallets.filter((w) => w.name.toLowerCase().includes(q)) : this.wallets;
  }

  protected get optionCount(): number {
    return this.rows.length;
  }

  protected selectedIndex(): number {
    return this.rows.findIndex((w) => w.id === this.selected);
  }

  protected emitSelect(index: number): void {
    this.dispatchEvent(new CustomEvent<WalletSelectDetail>('wallet-select', { detail: { id: this.rows[index]!.id }, bubbles: true }));
  }

  protected triggerView(): undefined {
    return undefined;
  }

  protected renderRows(): unknown {
    return this.rows.map((w, i) =>
      this.renderOption(i, { selected: w.id === this.selected, logo: tokenLogo(w.icon, w.name, 28, safeIconUrl), title: w.name, meta: w.rdns ?? '' }),
    );
  }

  /** Only the dialog: the opener is the shell's button. */
  override render(): TemplateResult {
    return this.open ? this.renderDialog() : html``;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-wallet-chooser': WalletChooser;
  }
  interface HTMLElementEventMap {
    'wallet-select': WalletSelectEvent;
  }
}
