/**
 * The classes without registering anything: for hosts that register under
 * their own names or in a scoped registry. `defineBridgeWidget` from the main
 * entry registers the default names.
 */
export { BridgeWidget } from './bridge-widget/bridge-widget.js';
export type * from './bridge-widget/events.js';
export { ChainPicker } from './components/chain-picker/chain-picker.js';
export type { ChainOption } from './components/chain-picker/chain-picker.js';
export { TokenPicker } from './components/token-picker/token-picker.js';
export type { TokenOption } from './components/token-picker/token-picker.js';
export { AssetPicker } from './components/asset-picker/asset-picker.js';
export { SwapSettings } from './components/swap-settings/swap-settings.js';
export { AccountPill } from './components/account-pill/account-pill.js';
export { AmountInput } from './components/amount-input/amount-input.js';
export { RecipientInput } from './components/recipient-input/recipient-input.js';
export { QuotePanel } from './components/quote-panel/quote-panel.js';
export { ApprovalSteps } from './components/approval-steps/approval-steps.js';
export { StatusTracker } from './components/status-tracker/status-tracker.js';
export { RouteReview } from './components/route-review/route-review.js';
export type { RouteReviewView, ReviewToken } from './components/route-review/route-review.js';
export { TransferHistory } from './components/transfer-history/transfer-history.js';
export { WalletChooser } from './components/wallet-chooser/wallet-chooser.js';
export type { WalletOption } from './components/wallet-chooser/wallet-chooser.js';
export { QrCode } from './components/qr-code/qr-code.js';
export { DepositAddress } from './components/deposit-address/deposit-address.js';
export type { DepositAddressView } from './components/deposit-address/deposit-address.js';
export { WalletConnectDialog } from './components/walletconnect-dialog/walletconnect-dialog.js';
export type { WalletAppLink, WalletConnectStage } from './components/walletconnect-dialog/walletconnect-dialog.js';
// The parts' internal `bw-*` events, one class each (bubbling, not composed), for hosts that compose the parts themselves.
export { PartEvent } from './components/shared/part-event.js';
export { AnnounceEvent, type AnnounceDetail } from './components/shared/part.js';
export { AmountChangeEvent, type AmountChangeDetail } from './components/amount-input/amount-input.js';
export { RecipientChangeEvent, type RecipientChangeDetail } from './components/recipient-input/recipient-input.js';
export { ChainSelectEvent, type ChainSelectDetail } from './components/chain-picker/chain-events.js';
export { TokenSelectEvent, TokenSearchEvent, TokenMoreEvent, type TokenSelectDetail, type TokenSearchDetail } from './components/token-picker/token-events.js';
export { SlippageChangeEvent, type SlippageChangeDetail } from './components/quote-panel/slippage-change.js';
export { ValueLossConfirmEvent, type ValueLossConfirmDetail } from './components/quote-panel/quote-panel.js';
export { AccountChangeEvent, AccountDisconnectEvent } from './components/account-pill/account-events.js';
export { WalletSelectEvent, WaySelectEvent, type WalletSelectDetail, type WaySelectDetail } from './components/wallet-chooser/wallet-events.js';
export { ApprovalRetryEvent, type ApprovalRetryDetail } from './components/approval-steps/approval-steps.js';
export { TermsConfirmEvent, TermsCancelEvent } from './components/route-review/route-review.js';
export { NewTransferEvent, StatusDismissEvent, type StatusActionDetail } from './components/status-tracker/status-tracker.js';
export { HistoryOpenEvent, type HistoryOpenDetail } from './components/transfer-history/transfer-history.js';
export { DepositCloseEvent, type DepositCloseDetail } from './components/deposit-address/deposit-address.js';
export { WalletConnectRetryEvent, WalletConnectCloseEvent } from './components/walletconnect-dialog/walletconnect-dialog.js';
export { VERSION } from './version.js';
export { isEip1193Provider } from './wallet/index.js';
export type { Eip1193Provider } from './wallet/index.js';
export { LOCALES, registerLocale, resolveLocale } from './i18n/strings.js';
export { en } from './i18n/en.js';
export type { StringKey, Strings, StringOverrides } from './i18n/strings.js';
