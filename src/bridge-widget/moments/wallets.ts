/**
 * The wallet chooser: the wallets the browser announced (EIP-6963), offered
 * when the user presses Connect without a provider from the host. A chunk of
 * its own; discovery itself (listening to announcements) runs from mount.
 */
import { WalletChooser } from '../../components/wallet-chooser/wallet-chooser.js';
import { defineLaterElements } from '../../define-elements.js';

export const ELEMENTS = {
  'bw-wallet-chooser': WalletChooser,
} as const;

defineLaterElements(ELEMENTS);

declare global {
  interface HTMLElementTagNameMap {
    'bw-wallet-chooser': WalletChooser;
  }
}
