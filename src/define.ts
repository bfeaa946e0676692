/**
 * Registers <bridge-widget> and its parts. Guarded so that loading the script
 * twice, or two copies of the package on one page, never throws: the first
 * registration wins and a different version only warns.
 */
import { BridgeWidget } from './bridge-widget/bridge-widget.js';
import { ChainPicker } from './components/chain-picker/chain-picker.js';
import { TokenPicker } from './components/token-picker/token-picker.js';
import { AmountInput } from './components/amount-input/amount-input.js';
import { RecipientInput } from './components/recipient-input/recipient-input.js';
import { QuotePanel } from './components/quote-panel/quote-panel.js';
import { ApprovalSteps } from './components/approval-steps/approval-steps.js';
import { StatusTracker } from './components/status-tracker/status-tracker.js';
import { RouteReview } from './components/route-review/route-review.js';
import { TransferHistory } from './components/transfer-history/transfer-history.js';
import { WalletChooser } from './components/wallet-chooser/wallet-chooser.js';
import { VERSION } from './version.js';

export const ELEMENTS = {
  'bridge-widget': BridgeWidget,
  'bw-chain-picker': ChainPicker,
  'bw-token-picker': TokenPicker,
  'bw-amount-input': AmountInput,
  'bw-recipient-input': RecipientInput,
  'bw-quote-panel': QuotePanel,
  'bw-approval-steps': ApprovalSteps,
  'bw-status-tracker': StatusTracker,
  'bw-route-review': RouteReview,
  'bw-transfer-history': TransferHistory,
  'bw-wallet-chooser': WalletChooser,
} as const;

const VERSION_KEY = Symbol.for('bridge-widget.version');

export function defineBridgeWidget(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  // No registry during server-side rendering: nothing to do, and nothing to throw.
  if (!registry) return;
  for (const [tag, element] of Object.entries(ELEMENTS)) {
    const existing = registry.get(tag);
    if (!existing) {
      registry.define(tag, element);
      (element as unknown as Record<symbol, string>)[VERSION_KEY] = VERSION;
      continue;
    }
    const existingVersion = (existing as unknown as Record<symbol, string | undefined>)[VERSION_KEY];
    if (existing !== element && existingVersion !== VERSION) {
      console.warn(
        `bridge-widget ${VERSION}: <${tag}> is already defined by ${existingVersion ? `version ${existingVersion}` : 'another script'}; keeping that one.`,
      );
    }
  }
}

defineBridgeWidget();

declare global {
  interface HTMLElementTagNameMap {
    'bridge-widget': BridgeWidget;
    'bw-chain-picker': ChainPicker;
    'bw-token-picker': TokenPicker;
    'bw-amount-input': AmountInput;
    'bw-recipient-input': RecipientInput;
    'bw-quote-panel': QuotePanel;
    'bw-approval-steps': ApprovalSteps;
    'bw-status-tracker': StatusTracker;
    'bw-route-review': RouteReview;
    'bw-transfer-history': TransferHistory;
    'bw-wallet-chooser': WalletChooser;
  }
}
