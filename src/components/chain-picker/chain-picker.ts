import { html, nothing, type PropertyDeclarations } from 'lit';
import type { AddressFamily } from '../../model/address.js';
import { PickerElement } from '../shared/picker-dialog.js';
import { tokenLogo } from '../shared/token-logo.js';
import { styles } from './chain-picker.styles.js';

/** A chain as the picker shows it; the shell derives it from the service's Chain objects. */
export interface ChainOption {
  chainId: string;
  name: string;
  iconUrl?: string;
  family: AddressFamily | 'other';
  /**
   * - `available`: selectable.
   * - `unconfirmed`: selectable, with a hint that a quote must confirm the route.
   * - `informational`: listed by the service but not routable; shown apart, not selectable.
   * - `unavailable`: shown disabled (for example the source chain in the destination list).
   */
  availability: 'available' | 'unconfirmed' | 'informational' | 'unavailable';
  /** Short text under the name (why a chain is unavailable, for example). */
  note?: string;
}

export interface ChainSelectDetail {
  chainId: string;
}
export type ChainSelectEvent = CustomEvent<ChainSelectDetail>;

/** Display groups, in order: selectable chains, unavailable ones, then the listed-only ("informational") group. */
const GROUP: Readonly<Record<ChainOption['availability'], number>> = { available: 0, unconfirmed: 0, unavailable: 1, informational: 2 };

const rankOf = (chain: ChainOption, q: string): number => {
  const name = chain.name.toLowerCase();
  const id = chain.chainId.toLowerCase();
  if (name === q || id === q) return 0;
  if (name.startsWith(q) || id.startsWith(q)) return 1;
  if (name.includes(q) || id.includes(q)) return 2;
  return -1;
};

/**
 * @summary Chooses a chain: a trigger button opening a searchable, keyboard-driven list in a modal dialog.
 *
 * Chains the service lists but cannot route to (`informational`) appear in a
 * separate "Listed, not routable" group and cannot be chosen; `unconfirmed`
 * ones can, with a hint that a quote confirms them.
 *
 * @fires chain-select - `CustomEvent<{ chainId: string }>` when a chain is chosen. Bubbles, not composed. The element does not change `selected` itself.
 *
 * @csspart label - The visible label above the trigger (hide it with `display: none`; it still names the trigger).
 * @csspart trigger - The button showing the selected chain.
 * @csspart dialog - The modal dialog.
 * @csspart search - The search field.
 * @csspart close - The dialog's close button.
 * @csspart list - The listbox.
 * @csspart option - Each chain row.
 * @csspart logo - Chain icons (image or fallback letters).
 *
 * @cssprop --bridge-z-index - Stacking level of the dialog overlay.
 * @cssprop --bridge-color-backdrop - Colour of the overlay behind the dialog.
 * @cssprop --bridge-color-bg - Dialog background.
 * @cssprop --bridge-color-surface - Search field, hovered option.
 * @cssprop --bridge-color-surface-raised - Trigger background.
 * @cssprop --bridge-color-border-strong - Trigger and search borders.
 * @cssprop --bridge-color-text - Text.
 * @cssprop --bridge-color-text-muted - Secondary text.
 * @cssprop --bridge-color-accent - Hover border, active option tint, check mark.
 * @cssprop --bridge-radius - Trigger and dialog corners.
 * @cssprop --bridge-radius-small - Option and search corners.
 * @cssprop --bridge-spacing - Base spacing.
 */
export class ChainPicker extends PickerElement {
  static override properties: PropertyDeclarations = {
    chains: { attribute: false },
  };

  static override styles = [...PickerElement.styles, styles];

  /** Chains to offer, in display order. */
  chains: ChainOption[] = [];

  protected readonly keys = {
    select: 'picker.selectChain',
    search: 'picker.searchChains',
    placeholder: 'picker.chainPlaceholder',
    list: 'picker.chains',
    noMatch: 'picker.noChainMatch',
    none: 'picker.noChains',
  } as const;

  #memo?: { chains: ChainOption[]; query: string; rows: ChainOption[] };

  /** Filtered chains: routable (and unavailable) chains first, then the listed-only group. */
  get #rows(): ChainOption[] {
    const { chains, query } = this;
    if (this.#memo?.chains !== chains || this.#memo.query !== query) {
      const q = query.trim().toLowerCase();
      const ranked = chains.map((chain) => ({ chain, rank: q ? rankOf(chain, q) : 0 })).filter((r) => r.rank >= 0);
      // A stable sort: the host's order stays within a group and rank.
      ranked.sort((a, b) => GROUP[a.chain.availability] - GROUP[b.chain.availability] || a.rank - b.rank);
      this.#memo = { chains, query, rows: ranked.map((r) => r.chain) };
    }
    return this.#memo.rows;
  }

  protected get optionCount(): number {
    return this.#rows.length;
  }

  protected override isSelectable(index: number): boolean {
    return GROUP[this.#rows[index]!.availability] === 0;
  }

  protected selectedIndex(): number {
    return this.#rows.findIndex((chain) => chain.chainId === this.selected);
  }

  protected emitSelect(index: number): void {
    const { chainId } = this.#rows[index]!;
    this.dispatchEvent(new CustomEvent<ChainSelectDetail>('chain-select', { detail: { chainId }, bubbles: true }));
  }

  protected triggerView() {
    const chain = this.selected === undefined ? undefined : this.chains.find((c) => c.chainId === this.selected);
    const text = chain?.name ?? this.selected;
    // The title gives the whole name where a narrow widget cuts it.
    return text ? { text, title: text, logo: tokenLogo(chain?.iconUrl, text, 24) } : undefined;
  }

  protected renderRows() {
    const rows = this.#rows;
    let firstListed = rows.findIndex((chain) => chain.availability === 'informational');
    if (firstListed < 0) firstListed = rows.length;
    return html`${rows.slice(0, firstListed).map((chain, i) => this.#renderChain(chain, i))}
    ${
      firstListed < rows.length
        ? html`<div class="group" role="group" aria-labelledby="group-listed">
          <div id="group-listed" class="group-label" role="presentation">${this.t('picker.listed')}</div>
          ${rows.slice(firstListed).map((chain, i) => this.#renderChain(chain, firstListed + i))}
        </div>`
        : nothing
    }`;
  }

  #renderChain(chain: ChainOption, index: number) {
    const { chainId, note } = chain;
    let meta: unknown;
    switch (chain.availability) {
      case 'unconfirmed':
        meta = html`${chainId}<span class="badge">${this.t('picker.needsQuote')}</span>`;
        break;
      case 'informational':
        meta = note ?? this.t('picker.noRouteYet');
        break;
      case 'unavailable':
        meta = note ?? this.t('picker.unavailable');
        break;
      default:
        meta = note ? `${chainId} · ${note}` : chainId;
    }
    return this.renderOption(index, {
      selected: chainId === this.selected,
      disabled: GROUP[chain.availability] > 0,
      logo: tokenLogo(chain.iconUrl, chain.name, 28),
      title: chain.name,
      meta,
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-chain-picker': ChainPicker;
  }
  interface HTMLElementEventMap {
    'chain-select': ChainSelectEvent;
  }
}
