/**
 * The script-tag build's entry (dist/script/bridge-widget.js): registers
 * <bridge-widget> with the parts of its first load, and exports what hosts use
 * from JavaScript. The parts of later moments (quote line, review, tracker,
 * history, wallet chooser) arrive as chunks of their own when the widget needs them,
 * with their English strings; their classes, for hosts that register elements
 * themselves, are in `bridge-widget/elements`.
 *
 * The package entry (./index.ts) is this plus `en`, the whole English table:
 * an entry file keeps every export, so the script's would carry the later
 * moments' strings in its first load.
 */
import './define.js';

export { defineBridgeWidget } from './define.js';
export { BridgeWidget } from './bridge-widget/bridge-widget.js';
export type * from './bridge-widget/events.js';
export type { ChainOption } from './components/chain-picker/chain-picker.js';
export { TokenPicker } from './components/token-picker/token-picker.js';
export type { TokenOption } from './components/token-picker/token-picker.js';
export { AmountInput } from './components/amount-input/amount-input.js';
export type { RecipientInput } from './components/recipient-input/recipient-input.js';
export type { QuotePanel } from './components/quote-panel/quote-panel.js';
export type { ApprovalSteps } from './components/approval-steps/approval-steps.js';
export type { StatusTracker } from './components/status-tracker/status-tracker.js';
export type { RouteReview, RouteReviewView, ReviewToken } from './components/route-review/route-review.js';
export type { TransferHistory } from './components/transfer-history/transfer-history.js';
export type { WalletChooser, WalletOption } from './components/wallet-chooser/wallet-chooser.js';
export { VERSION } from './version.js';
export type { Eip1193Provider } from './wallet/index.js';
export { LOCALES, registerLocale, resolveLocale } from './i18n/strings.js';
export type { StringKey, Strings, StringOverrides } from './i18n/strings.js';
