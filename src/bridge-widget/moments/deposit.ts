/**
 * Paying into a deposit address ("Send from another wallet or an exchange"):
 * the sender's field and the button in the form, then the address with its QR
 * code while nothing has arrived (the tracking moment shows this view for such
 * a transfer, importing this module then: ./tracking.ts). A chunk of its own, `deposit`, with the flow's
 * deposit room (src/flow/deposit.ts): fetched only when the user chooses it
 * (in the wallet chooser, or beside Connect), or to show a saved deposit
 * transfer; never while the page is idle.
 */
import { html, type TemplateResult } from 'lit';
import { paymentRequest } from '../../api/deposit.js';
import { DepositAddress, type DepositAddressView } from '../../components/deposit-address/deposit-address.js';
import { QrCode } from '../../components/qr-code/qr-code.js';
import type { RecipientChangeEvent } from '../../components/recipient-input/recipient-input.js';
import { defineLaterElements } from '../../define-elements.js';
import { loadDepositRoom } from '../../flow/chunks.js';
import { loadChunk } from '../../flow/errors.js';
import { amountToInputText, shortenHex } from '../../format/amount.js';
import { enDeposit } from '../../i18n/en/deposit.js';
import { addEnglish, type StringKey } from '../../i18n/strings.js';
import { chainFamily } from '../../model/address.js';
import type { Shell } from '../shell.js';

export const ELEMENTS = {
  'bw-deposit-address': DepositAddress,
  'bw-qr-code': QrCode,
} as const;

defineLaterElements(ELEMENTS);
// The English this moment shows, before its first render (its parts bring theirs too; its views here need it through the shell).
addEnglish(enDeposit);

/** The deposit view's parts under the widget's own part names (the `@csspart` list on BridgeWidget); here, not in ../export-parts.ts, which the first load carries. */
const EXPORT_DEPOSIT =
  'base: deposit, heading: deposit-heading, qr: deposit-qr, address: deposit-address, amount: deposit-amount, copy: copy-button, network: notice, time-left: deposit-time-left, close: secondary-button';

/**
 * The user chose to pay from another wallet or an exchange: the flow's room takes the form over. The sender's
 * field is the recipient field's part, in that moment's chunk (fetched beside the room, not bundled twice).
 */
export async function payByDeposit({ session }: Shell): Promise<void> {
  const [{ enterDeposit }] = await Promise.all([loadDepositRoom(), loadChunk(() => import('./recipient.js'))]);
  enterDeposit(session);
}

/** The sender's field: the address the user pays from, checked by the source chain's address rules; the quote screens it and refunds go there. */
function renderSender({ session, i18n }: Shell): TemplateResult {
  const { form } = session;
  return html`<bw-recipient-input
    id="sender"
    exportparts="label, input: deposit-sender, message: field-message"
    label=${i18n.t('deposit.sender')}
    hint=${i18n.t('deposit.senderHint')}
    .value=${form.values.sender ?? ''}
    .family=${chainFamily(session.chain(form.values.fromChainId)) ?? 'evm'}
    required
    @bw-recipient-change=${(e: RecipientChangeEvent) => form.edit({ sender: e.detail.value })}
  ></bw-recipient-input>`;
}

/** What the main button says while paying into a deposit address, by the form's rule's key. */
const LABELS: Partial<Record<string, StringKey>> = { 'action.connect': 'deposit.enterSender', 'action.bridge': 'deposit.show' };

/**
 * In the main button's place: the sender's field, then the button ("Show the
 * address to pay 2 USDC into"), or why this route cannot be paid that way (the
 * service said so: the option stays hidden for it), and the way back to paying
 * from a wallet.
 */
export function renderDeposit(shell: Shell): TemplateResult {
  const { session, i18n } = shell;
  const room = session.deposit;
  if (!room) return html``;
  const refusal = room.refusal;
  const action = room.action;
  const amount = action.amount && i18n.formatAmount(action.amount.value, action.amount.decimals);
  const label = room.asking ? 'deposit.asking' : (LABELS[action.key] ?? action.key);
  // As Bridge does, it waits for the quote line: its fees and value-loss confirmation are seen first.
  const lineMissing = action.key === 'action.bridge' && !customElements.get('bw-quote-panel');
  return html`${renderSender(shell)}
    ${
      refusal
        ? html`<p class="notice warning" part="notice notice-warning" role="alert">${i18n.problemText(refusal)}</p>`
        : html`<button part="primary-button" class="primary" ?disabled=${!action.enabled || action.key === 'action.connect' || room.asking || lineMissing} @click=${() => room.ask()}>
          ${i18n.t(label as StringKey, { ...(action.symbol ? { symbol: action.symbol } : {}), ...(amount ? { amount } : {}) })}
        </button>`
    }
    <button class="link" part="deposit-toggle" type="button" @click=${() => void loadDepositRoom().then(({ leaveDeposit }) => leaveDeposit(session))}>
      ${i18n.t('deposit.useWallet')}
    </button>`;
}

/** The address to pay into, while nothing has arrived: from the saved transfer, so a reload shows the same. */
export function renderDepositScreen({ session, i18n }: Shell): TemplateResult {
  const saved = session.tracking?.current?.saved;
  const deposit = saved?.deposit;
  if (!saved || !deposit) return html``;
  const chain = session.chain(saved.fromChainId);
  const { decimals, symbol } = saved.fromToken;
  const view: DepositAddressView = {
    address: deposit.address,
    paymentRequest: paymentRequest(
      { address: deposit.address, chainId: saved.fromChainId, token: saved.fromToken.address, amount: saved.fromAmount },
      chainFamily(chain) ?? 'evm',
    ),
    amountText: i18n.formatAmount(saved.fromAmount, decimals, symbol),
    amountPlain: amountToInputText(saved.fromAmount, decimals),
    symbol,
    chainName: chain?.networkName ?? saved.fromChainId,
    senderText: shortenHex(deposit.sender, 6),
    expiresAt: deposit.expiresAt,
  };
  return html`<bw-deposit-address exportparts=${EXPORT_DEPOSIT} .view=${view} @bw-deposit-close=${() => session.newTransfer()}></bw-deposit-address>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-deposit-address': DepositAddress;
    'bw-qr-code': QrCode;
  }
}
