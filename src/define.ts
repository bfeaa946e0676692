/**
 * Registers <bridge-widget> and the parts of its first load (what draws the
 * form and makes it interactive). The parts of later moments (the quote line,
 * the review, the tracker, the history, the wallet chooser, the recipient field)
 * are registered by their own chunks when they load: src/bridge-widget/moments/.
 * Guarded (./define-elements.ts).
 * `<bw-chain-picker>` is no part of the widget (the swap box has asset
 * pickers): hosts that use it on its own register it from
 * `bridge-widget/elements`, and its dialog is no download of a transfer.
 */
import { BridgeWidget } from './bridge-widget/bridge-widget.js';
import { TokenPicker } from './components/token-picker/token-picker.js';
import { AssetPicker } from './components/asset-picker/asset-picker.js';
import { SwapSettings } from './components/swap-settings/swap-settings.js';
import { AmountInput } from './components/amount-input/amount-input.js';
import { defineElements } from './define-elements.js';

export const ELEMENTS = {
  'bridge-widget': BridgeWidget,
  'bw-token-picker': TokenPicker,
  'bw-asset-picker': AssetPicker,
  'bw-swap-settings': SwapSettings,
  'bw-amount-input': AmountInput,
} as const;

/** Registers the widget in `registry` (default: the page's); the later moments' parts follow it there when they load. */
export function defineBridgeWidget(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  defineElements(ELEMENTS, registry);
}

defineBridgeWidget();

declare global {
  interface HTMLElementTagNameMap {
    'bridge-widget': BridgeWidget;
    'bw-token-picker': TokenPicker;
    'bw-asset-picker': AssetPicker;
    'bw-swap-settings': SwapSettings;
    'bw-amount-input': AmountInput;
  }
}
