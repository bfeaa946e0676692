/**
 * Inner parts of the parts, re-exported under the widget's own part names so
 * that a host can style them with `bridge-widget::part(name)`. See the
 * `@csspart` list on BridgeWidget: these names are public and stable.
 */
export const EXPORT_PICKER =
  'label, trigger: picker-trigger, dialog: picker-dialog, search: picker-search, list: picker-list, option: picker-option, close: picker-close, logo';
export const EXPORT_AMOUNT =
  'label, control: amount-control, input: amount-input, max: max-button, usd: amount-usd, balance: amount-balance, message: field-message';
export const EXPORT_RECIPIENT = 'label, input: recipient-input, message: field-message';
export const EXPORT_QUOTE = 'base: quote, summary: quote-summary, details: quote-details, slippage-option, slippage-input, value-loss, notice, notice-info';
export const EXPORT_APPROVALS = 'base: approvals, step: approval-step, badge: approval-badge, retry: secondary-button, tx-link';
export const EXPORT_TRACKER =
  'base: tracker, heading: tracker-heading, steps: tracker-steps, notice, tx-link, support: tracker-support, copy: copy-button, new-transfer: primary-button, close: secondary-button';
export const EXPORT_HISTORY = 'toggle: history-toggle, list: history, item: history-item';
export const EXPORT_ASSET =
  'label, trigger: picker-trigger, trigger: asset-button, chain-name: asset-chain, dialog: picker-dialog, search: picker-search, list: picker-list, option: picker-option, close: picker-close, chains: picker-chains, chain-option: picker-chain, logo';
export const EXPORT_SETTINGS = 'gear: settings-button, dialog: settings-dialog, slippage-option, slippage-input';
