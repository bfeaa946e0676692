import type { PropertyDeclarations } from 'lit';
import { PickerElement, type OpenedDialog, type PickerContext, type TriggerView } from '../shared/picker.js';
import { tokenLogo } from '../shared/token-logo.js';
import type { ChainOption } from './chain-option.js';

export type { ChainList, ChainOption } from './chain-option.js';
export type { ChainSelectDetail, ChainSelectEvent } from './chain-events.js';

/**
 * @summary Chooses a chain: a trigger button opening a searchable, keyboard-driven list in a modal dialog.
 *
 * The dialog is a chunk of its own (./chain-picker-dialog.ts), loaded on the
 * first open, or before it while the page is idle.
 *
 * Chains the service lists but cannot route to (`informational`) appear in a
 * separate "Listed, not routable" group and cannot be chosen; `unconfirmed`
 * ones can, with a hint that a quote confirms them.
 *
 * @fires {ChainSelectEvent} bw-chain-select - `CustomEvent<{ chainId: string }>` when a chain is chosen. Bubbles, not composed. The element does not change `selected` itself.
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

  /** Chains to offer, in display order. */
  chains: ChainOption[] = [];

  protected readonly selectKey = 'picker.selectChain';

  protected async loadDialog(context: PickerContext): Promise<OpenedDialog> {
    const { ChainPickerDialog } = await import('./chain-picker-dialog.js');
    return new ChainPickerDialog(this, context);
  }

  protected triggerView(): TriggerView | undefined {
    const chain = this.selected === undefined ? undefined : this.chains.find((c) => c.chainId === this.selected);
    const text = chain?.name ?? this.selected;
    // The title gives the whole name where a narrow widget cuts it.
    return text ? { text, title: text, logo: tokenLogo(chain?.iconUrl, text, 24) } : undefined;
  }
}
declare global {
  interface HTMLElementTagNameMap {
    'bw-chain-picker': ChainPicker;
  }
}
