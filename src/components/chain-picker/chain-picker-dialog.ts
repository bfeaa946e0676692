/**
 * The chain picker's dialog, a chunk of its own (see ../shared/picker.ts): the
 * chains filtered by the search, the routable ones first, then the
 * "Listed, not routable" group.
 */
import { html, nothing } from 'lit';
import type { DialogKeys } from '../shared/picker-contract.js';
import { PickerDialog } from '../shared/picker-dialog.js';
import { tokenLogo } from '../shared/token-logo.js';
import { ChainSelectEvent } from './chain-events.js';
import type { ChainList, ChainOption } from './chain-option.js';
import { styles } from './chain-picker-dialog.styles.js';

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

export class ChainPickerDialog extends PickerDialog<ChainList> {
  static override styles = [...PickerDialog.styles, styles];

  #memo?: { chains: ChainOption[]; query: string; rows: ChainOption[] };

  protected keys(): DialogKeys {
    return {
      search: 'picker.searchChains',
      placeholder: 'picker.chainPlaceholder',
      list: 'picker.chains',
      noMatch: 'picker.noChainMatch',
      none: 'picker.noChains',
    };
  }

  /** Filtered chains: routable (and unavailable) chains first, then the listed-only group. */
  get #rows(): ChainOption[] {
    const { query } = this;
    const { chains } = this.picker;
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
    return this.#rows.findIndex((chain) => chain.chainId === this.picker.selected);
  }

  protected emitSelect(index: number): void {
    const { chainId } = this.#rows[index]!;
    this.picker.dispatchEvent(new ChainSelectEvent({ chainId }));
  }

  protected renderRows() {
    const rows = this.#rows;
    let firstListed = rows.findIndex((chain) => chain.availability === 'informational');
    if (firstListed < 0) firstListed = rows.length;
    return html`${rows.slice(0, firstListed).map((chain, i) => this.#renderChain(chain, i))}
    ${
      firstListed < rows.length
        ? html`<div class="group" role="group" aria-labelledby="group-listed">
          <div id="group-listed" class="group-label" role="presentation">${this.context.t('picker.listed')}</div>
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
        meta = html`${chainId}<span class="badge">${this.context.t('picker.needsQuote')}</span>`;
        break;
      case 'informational':
        meta = note ?? this.context.t('picker.noRouteYet');
        break;
      case 'unavailable':
        meta = note ?? this.context.t('picker.unavailable');
        break;
      default:
        meta = note ? `${chainId} · ${note}` : chainId;
    }
    return this.renderOption(index, {
      selected: chainId === this.picker.selected,
      disabled: GROUP[chain.availability] > 0,
      logo: tokenLogo(chain.iconUrl, chain.name, 28),
      title: chain.name,
      meta,
    });
  }
}
