/**
 * The wallet chooser: the wallets the browser announced (EIP-6963), offered
 * when the user presses Connect without a provider from the host. A chunk of
 * its own; discovery itself (listening to announcements) runs from mount.
 */
import { WalletChooser } from '../../components/wallet-chooser/wallet-chooser.js';
import { defineLaterElements } from '../../define-elements.js';
import { enWallets } from '../../i18n/en/wallets.js';
import { addEnglish } from '../../i18n/strings.js';

export const ELEMENTS = {
  'bw-wallet-chooser': WalletChooser,
} as const;

defineLaterElements(ELEMENTS);
// The English this moment shows, before its first render (its parts bring theirs too; its views here need it through the shell).
addEnglish(enWallets);

declare global {
  interface HTMLElementTagNameMap {
    'bw-wallet-chooser': WalletChooser;
  }
}
