/**
 * `import 'bridge-widget'` registers <bridge-widget> with the parts of its
 * first load, and exports what hosts use from JavaScript. The parts of later
 * moments (quote line, recipient field, review, tracker, history, wallet
 * chooser) arrive as chunks of their
 * own when the widget needs them, so a host's bundler splits them too; their
 * classes, for hosts that register elements themselves, are in
 * `bridge-widget/elements`.
 *
 * Everything of the script-tag entry (./script.ts), and `en`, the whole
 * English table, at once (a host's bundler drops it when unused; the widget
 * itself loads each later moment's English with that moment).
 */
export * from './script.js';
// Not in the script-tag build's entry (no part of the widget's first load), still classes of the package's API.
export { ChainPicker } from './components/chain-picker/chain-picker.js';
// Chunks of the widget's (registered when the widget shows them), still classes of the package's API.
export { QuotePanel } from './components/quote-panel/quote-panel.js';
export { RecipientInput } from './components/recipient-input/recipient-input.js';
export { en } from './i18n/en.js';
