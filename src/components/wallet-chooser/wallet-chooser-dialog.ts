/**
 * The wallet chooser's dialog: the announced wallets filtered by name. Loaded
 * with the chooser (the `wallets` moment's chunk).
 */
import { html, nothing } from 'lit';
import { safeIconUrl } from '../../format/safe-url.js';
import type { DialogKeys } from '../shared/picker-contract.js';
import { PickerDialog } from '../shared/picker-dialog.js';
import { tokenLogo } from '../shared/token-logo.js';
import { WalletSelectEvent, WaySelectEvent } from './wallet-events.js';
import type { WalletList, WalletOption, WayOption } from './wallet-option.js';
import { styles } from './wallet-chooser-dialog.styles.js';

export class WalletChooserDialog extends PickerDialog<WalletList> {
  static override styles = [...PickerDialog.styles, styles];

  protected keys(): DialogKeys {
    // Without a wallet, no dead end: the ways under the list, when there are any.
    const none = this.picker.shownWays.length ? 'wallet.noneWays' : 'wallet.none';
    return { search: 'wallet.search', placeholder: 'wallet.placeholder', list: 'wallet.list', noMatch: 'wallet.noMatch', none };
  }

  private get rows(): WalletOption[] {
    const { wallets } = this.picker;
    const q = this.query.trim().toLowerCase();
    return q ? wallets.filter((w) => w.name.toLowerCase().includes(q)) : wallets;
  }

  protected get optionCount(): number {
    return this.rows.length;
  }

  protected selectedIndex(): number {
    return this.rows.findIndex((w) => w.id === this.picker.selected);
  }

  protected emitSelect(index: number): void {
    this.picker.dispatchEvent(new WalletSelectEvent({ id: this.rows[index]!.id }));
  }

  protected renderRows(): unknown {
    return this.rows.map((w, i) =>
      this.renderOption(i, { selected: w.id === this.picker.selected, logo: tokenLogo(w.icon, w.name, 28, safeIconUrl), title: w.name, meta: w.rdns ?? '' }),
    );
  }

  /** The other ways to pay, as links (they leave the page) or buttons (the shell takes over). */
  protected override renderFooter(): unknown {
    const ways = this.picker.shownWays;
    if (!ways.length) return nothing;
    const text = (way: WayOption) =>
      html`<span class="option-text"><span class="option-title">${way.title}</span>${way.detail ? html`<span class="option-meta">${way.detail}</span>` : nothing}</span>`;
    return html`<div class="ways" part="ways" role="group" aria-labelledby="ways-heading">
      <h3 id="ways-heading" class="ways-heading">${this.context.t('wallet.otherWays')}</h3>
      ${ways.map((way) =>
        way.href
          ? html`<a class="way" part="way" href=${way.href} rel="noopener noreferrer">${text(way)}</a>`
          : html`<button class="way" part="way" type="button" @click=${() => this.#selectWay(way.id)}>${text(way)}</button>`,
      )}
    </div>`;
  }

  #selectWay(id: string): void {
    this.picker.dispatchEvent(new WaySelectEvent({ id }));
  }
}
