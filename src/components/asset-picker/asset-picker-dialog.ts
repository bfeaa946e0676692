/**
 * The asset picker's dialog, a chunk of its own: the token picker's windowed
 * list, with the side's chains above it. A chain choice keeps the dialog open
 * on that chain's tokens; the search field filters the chains by name as
 * well as the tokens.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { ChainOption } from '../chain-picker/chain-option.js';
import { ChainSelectEvent } from '../chain-picker/chain-events.js';
import { tokenLogo } from '../shared/token-logo.js';
import { TokenPickerDialog } from '../token-picker/token-picker-dialog.js';
import type { AssetList } from './asset-list.js';
import type { StringKey } from '../../i18n/strings.js';

const lockIcon = html`<svg class="icon lock" viewBox="0 0 16 16" aria-hidden="true"><rect x="3.5" y="7" width="9" height="6.5" rx="1.5" /><path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" /></svg>`;

const chainStyles = css`
  .chains {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    padding-block: 0 8px;
    padding-inline: 16px;
    margin: 0;
    border: 0;
  }
  .chains legend {
    padding: 0;
    margin-block-end: 4px;
    font-size: var(--_fs-xs);
    font-weight: 600;
    color: var(--_muted);
  }
  .chain {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 32px;
    padding-block: 2px;
    padding-inline: 4px 10px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_bg);
    color: var(--_text);
    font: inherit;
    font-size: var(--_fs-s);
  }
  .chain[aria-pressed='true'] {
    border-color: var(--_accent);
    background: color-mix(in srgb, var(--_accent) 14%, var(--_bg));
    font-weight: 600;
  }
  .chain:disabled {
    color: var(--_muted);
    cursor: not-allowed;
  }
  .chain .lock {
    width: 14px;
    height: 14px;
  }
  .lock-reason {
    display: flex;
    align-items: center;
    gap: 4px;
    flex-basis: 100%;
    margin: 0;
    font-size: var(--_fs-xs);
    color: var(--_muted);
  }
`;

/** What the chain picker's rows say under a chain's name (its id, and whether a route is known), here a chain button's title. */
function chainMeta(chain: ChainOption, t: (key: StringKey) => string): string {
  const { chainId, note } = chain;
  switch (chain.availability) {
    case 'unconfirmed':
      return `${chainId} · ${t('picker.needsQuote')}`;
    case 'informational':
      return note ?? t('picker.noRouteYet');
    case 'unavailable':
      return note ?? t('picker.unavailable');
    default:
      return note ? `${chainId} · ${note}` : chainId;
  }
}

export class AssetPickerDialog extends TokenPickerDialog<AssetList> {
  static override styles = [...TokenPickerDialog.styles, chainStyles];

  /** The chains the search text names; all of them when it names none (it is then a token search). */
  #shownChains(): ChainOption[] {
    const { chains, chainLocked } = this.picker;
    if (chainLocked) return chains.filter((c) => c.chainId === this.picker.chain);
    const query = this.query.trim().toLowerCase();
    const named = query ? chains.filter((c) => c.name.toLowerCase().includes(query) || c.chainId === query) : [];
    return named.length ? named : chains;
  }

  #onChain(chain: ChainOption): void {
    if (chain.chainId === this.picker.chain) return;
    this.picker.dispatchEvent(new ChainSelectEvent({ chainId: chain.chainId }));
    // The search moves on to the new chain's tokens; a chain's name typed to find it is no token search.
    if (this.query && this.picker.chains.some((c) => c.name.toLowerCase().includes(this.query.trim().toLowerCase()))) {
      this.query = '';
      this.onQueryChange();
    }
    // The new chain's list starts at its top, its first token active and in view.
    this.activeIndex = 0;
    this.reveal(0);
    this.changed();
  }

  protected override isSelectable(_index: number): boolean {
    return !this.picker.tokenLocked;
  }

  protected override renderNotice(): TemplateResult {
    const { chainLocked, tokenLocked, disabledReason } = this.picker;
    const { t } = this.context;
    return html`<fieldset class="chains" part="chains">
        <legend>${t('picker.chains')}</legend>
        ${this.#shownChains().map((chain) => {
          const blocked = chain.availability === 'informational' || chain.availability === 'unavailable';
          const pressed = chain.chainId === this.picker.chain;
          const meta = chainMeta(chain, t);
          return html`<button
            type="button"
            class="chain"
            part="chain-option"
            aria-pressed=${pressed ? 'true' : 'false'}
            ?disabled=${(chainLocked && !pressed) || blocked}
            aria-disabled=${chainLocked ? 'true' : nothing}
            title=${meta}
            data-meta=${meta}
            @click=${() => !chainLocked && !blocked && this.#onChain(chain)}
          >
            ${tokenLogo(chain.iconUrl, chain.name, 24)}<span class="chain-name">${chain.name}</span>${chainLocked ? lockIcon : nothing}
          </button>`;
        })}
        ${(chainLocked || tokenLocked) && disabledReason ? html`<p class="lock-reason">${lockIcon} ${disabledReason}</p>` : nothing}
      </fieldset>
      ${super.renderNotice()}`;
  }
}
