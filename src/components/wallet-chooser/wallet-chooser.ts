import { html, type TemplateResult, type PropertyDeclarations, type PropertyValues } from 'lit';
import { PickerElement, type PickerContext } from '../shared/picker.js';
// Static, unlike the pickers' dialogs: the chooser is nothing but its dialog, and is itself a later moment's chunk (src/bridge-widget/moments/wallets.ts).
import { WalletChooserDialog } from './wallet-chooser-dialog.js';
import { enWallets } from '../../i18n/en/wallets.js';
import type { StringKey, Vars } from '../../i18n/strings.js';
import type { WalletOption, WayOption } from './wallet-option.js';

export type { WalletOption, WayOption } from './wallet-option.js';
export type { WalletSelectDetail, WalletSelectEvent, WaySelectDetail, WaySelectEvent } from './wallet-events.js';

/**
 * @summary Lets the user choose one of the wallets installed in the browser, in a modal dialog.
 *
 * It has no trigger of its own: the shell opens it with `show(opener)` (its
 * Connect button), and closing it (Escape, the close button, the backdrop or a
 * choice) returns focus to `opener`. Without any wallet it says so and
 * suggests a wallet app's built-in browser.
 *
 * Under the list it offers the other ways to pay the shell gives it (`ways`):
 * a wallet on another device, a wallet app's browser, a deposit address.
 *
 * @fires {WalletSelectEvent} bw-wallet-select - `CustomEvent<{ id: string }>` when a wallet is chosen. Bubbles, not composed. The element does not connect anything itself.
 * @fires {WaySelectEvent} bw-way-select - `CustomEvent<{ id: string }>` when another way to pay (one without `href`) is chosen. Bubbles, not composed; the dialog stays open for the shell to close or change.
 *
 * @csspart dialog - The modal dialog.
 * @csspart search - The search field.
 * @csspart close - The dialog's close button.
 * @csspart list - The listbox.
 * @csspart option - Each wallet row.
 * @csspart logo - Wallet icons (image or fallback letters).
 * @csspart ways - The other ways to pay, under the list.
 * @csspart way - One of them (a button or a link).
 */
export class WalletChooser extends PickerElement {
  protected static override english = enWallets;

  static override properties: PropertyDeclarations = {
    wallets: { attribute: false },
    ways: { attribute: false },
  };

  protected readonly selectKey = 'wallet.choose';

  /** Wallets to offer, in display order. */
  wallets: WalletOption[] = [];

  /** The other ways to pay, under the list, in display order. */
  ways: WayOption[] = [];

  /**
   * The ways the widget puts before `ways` (WalletConnect, a wallet app's browser), given by the widget's chooser
   * chunk (src/bridge-widget/moments/wallets.ts) so that its first load need not know them; none for a chooser used
   * outside the widget.
   */
  static ownWays: ((chooser: WalletChooser, t: (key: StringKey, vars?: Vars) => string) => WayOption[]) | undefined = undefined;

  /**
   * The ways the dialog shows: the widget's own, then `ways`. Worked out at each update, the first one included
   * (long before the dialog opens), so that the widget's own ways can fetch what they show meanwhile.
   */
  shownWays: WayOption[] = [];

  protected override willUpdate(changed: PropertyValues): void {
    this.shownWays = [...(WalletChooser.ownWays?.(this, (key, vars) => this.t(key, vars)) ?? []), ...this.ways];
    super.willUpdate(changed);
  }

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

  protected loadDialog(context: PickerContext): Promise<WalletChooserDialog> {
    return Promise.resolve(new WalletChooserDialog(this, context));
  }

  protected triggerView(): undefined {
    return undefined;
  }

  /** Only the dialog: the opener is the shell's button. */
  override render(): TemplateResult {
    return html`${this.renderDialog()}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-wallet-chooser': WalletChooser;
  }
}
