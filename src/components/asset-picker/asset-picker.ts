import { css, html, type PropertyDeclarations } from 'lit';
import type { ChainOption } from '../chain-picker/chain-option.js';
import type { OpenedDialog, PickerContext, TriggerView } from '../shared/picker.js';
import { tokenLogo } from '../shared/token-logo.js';
import { normalise } from '../token-picker/token-option.js';
import { TokenPicker } from '../token-picker/token-picker.js';
import { shortenHex } from '../../format/amount.js';
import type { StringKey } from '../../i18n/strings.js';

/**
 * @summary Chooses a chain and a token in one dialog: the swap box's asset button (the token's logo with the chain's as a badge, the symbol, the chain's name).
 *
 * A `<bw-token-picker>` whose dialog also lists the chains: choosing a chain
 * fires `bw-chain-select` and keeps the dialog open on that chain's tokens;
 * choosing a token fires `bw-token-select` and closes it. A chain fixed by the
 * host (`chain-locked`, `token-locked`) shows as locked in the dialog, with
 * its reason; both fixed, the host sets `disabled` and the button is locked.
 *
 * The dialog is a chunk of its own (./asset-picker-dialog.ts), loaded on the
 * first open, or before it while the page is idle.
 *
 * @fires {ChainSelectEvent} bw-chain-select - `CustomEvent<{ chainId: string }>` when a chain is chosen. Bubbles, not composed.
 * @fires {TokenSelectEvent} bw-token-select - `CustomEvent<{ address: string }>` when a token is chosen. Bubbles, not composed.
 * @fires {TokenSearchEvent} bw-token-search - `CustomEvent<{ query: string }>` when the search text changes. Bubbles, not composed.
 * @fires {TokenMoreEvent} bw-token-more - `CustomEvent<null>` when the list is scrolled near the end of `tokens` while `has-more` is set. Bubbles, not composed.
 *
 * @csspart trigger - The asset button.
 * @csspart chain-name - The chain's name under the symbol in the asset button.
 * @csspart dialog - The modal dialog.
 * @csspart search - The search field.
 * @csspart close - The dialog's close button.
 * @csspart chains - The chain choices in the dialog.
 * @csspart chain-option - One chain choice.
 * @csspart notice - The balance-loading line.
 * @csspart list - The scrolling token listbox.
 * @csspart option - Each token row.
 * @csspart logo - Token and chain logos.
 */
export class AssetPicker extends TokenPicker {
  static override properties: PropertyDeclarations = {
    chains: { attribute: false },
    chain: {},
    chainLocked: { type: Boolean, attribute: 'chain-locked' },
    tokenLocked: { type: Boolean, attribute: 'token-locked' },
  };

  static override styles = [
    ...TokenPicker.styles,
    css`
      .asset-logo {
        position: relative;
        flex: none;
        display: inline-flex;
      }
      .asset-logo .badge {
        position: absolute;
        inset-block-end: -2px;
        inset-inline-end: -4px;
        border-radius: 50%;
        box-shadow: 0 0 0 2px var(--_raised);
        display: inline-flex;
      }
      .trigger {
        width: auto;
        max-width: 100%;
        min-height: 44px;
        padding-block: 4px;
        padding-inline: 6px 10px;
      }
      .trigger-text {
        display: grid;
        min-width: 0;
        line-height: 1.2;
      }
      /* A long name is cut at its end in its own direction (dir="auto"), kept on the layout's side: "Sepolia Sa…", never "…Sepolia Sandbox". */
      .trigger-detail {
        text-align: match-parent;
        overflow: hidden;
        font-size: var(--_fs-xs);
        color: var(--_muted);
        white-space: nowrap;
        text-overflow: ellipsis;
      }
    `,
  ];

  /** The chains this side offers, in display order (the wallet's chain and the host's preset first). */
  chains: ChainOption[] = [];

  /** Id of the chosen chain. */
  chain?: string;

  /** The host fixed the chain: the dialog shows it locked with `disabled-reason`. */
  chainLocked = false;

  /** The host fixed the token: its rows cannot be chosen, and the dialog says why (`disabled-reason`). With `chain-locked` too, set `disabled`: the button itself is locked. */
  tokenLocked = false;

  protected override get selectKey(): StringKey {
    return 'picker.selectAsset';
  }

  protected override async loadDialog(context: PickerContext): Promise<OpenedDialog> {
    const { AssetPickerDialog } = await import('./asset-picker-dialog.js');
    return new AssetPickerDialog(this, context);
  }

  /** The chosen chain's option, if listed. */
  get chainOption(): ChainOption | undefined {
    return this.chain === undefined ? undefined : this.chains.find((c) => c.chainId === this.chain);
  }

  protected override triggerView(): TriggerView | undefined {
    const chain = this.chainOption;
    const chainName = chain?.name ?? this.chain ?? '';
    const key = normalise(this.selected ?? '');
    const token = this.tokens.find((t) => normalise(t.address) === key);
    const text = token?.symbol ?? (this.selected ? shortenHex(this.selected) : undefined);
    if (!text) return chainName ? { text: this.t(this.selectKey), detail: chainName } : undefined;
    const logo = html`<span class="asset-logo"
      >${tokenLogo(token?.logoURI, text, 32)}${chain ? html`<span class="badge">${tokenLogo(chain.iconUrl, chain.name, 14)}</span>` : ''}</span
    >`;
    return { text, logo, title: token ? `${token.symbol} · ${chainName}` : (this.selected ?? text), detail: chainName };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-asset-picker': AssetPicker;
  }
}
