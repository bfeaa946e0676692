import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import type { SlippageChangeEvent } from '../components/quote-panel/slippage-change.js';
import { hostStyles, tokenDefaults } from '../components/shared/styles.js';
import { showsHistory } from '../flow/swap-box.js';
import { describeError } from '../flow/problems.js';
import { numberFormat } from '../format/number.js';
import { LocaleController } from './controllers/locale-controller.js';
import { SessionController } from './controllers/session-controller.js';
import { ViewController } from './controllers/view-controller.js';
import { WalletController } from './controllers/wallet-controller.js';
import { WalletConnectionController } from './controllers/wallet-connection-controller.js';
import { MomentController, type Moment, type Moments } from './controllers/moment-controller.js';
import { SwapForm, type FormShell } from './moments/form.js';
import { renderLoading, renderProblem, renderReload } from './notices.js';
import { styles } from './bridge-widget.styles.js';
import { BridgeWidgetPublicProperties } from './public-properties.js';
import { EXPORT_PICKER, EXPORT_SETTINGS } from './export-parts.js';

/**
 * @summary Move value between blockchains: pick chains and tokens, get a quote, approve, send and follow the transfer to its end.
 *
 * @fires {CustomEvent<BridgeQuoteDetail>} bridge-quote - A quote was received. `detail`: estimate, chains, tokens, requestId.
 * @fires {CustomEvent<BridgeRouteDetail>} bridge-route - A route (intent) was created. `detail`: intentId, route, requestId, providerRequestId.
 * @fires {CustomEvent<BridgeApprovalDetail>} bridge-approval - An approval step changed state (sent or done). `detail`: intentId, token, spender, amount, state, txHash.
 * @fires {CustomEvent<BridgeTransactionDetail>} bridge-transaction - The source transaction was broadcast (in a batch: once the wallet reports it included). `detail`: intentId, txHash, chainId, batchId (batched only).
 * @fires {CustomEvent<BridgeStatusDetail>} bridge-status - The transfer's status changed. `detail`: intentId, status, hashes, needsGas, requestId, metadata.
 * @fires {CustomEvent<BridgeSuccessDetail>} bridge-success - The service reported `success` and the destination chain does not contradict it; only then. `detail`: the status detail plus toAmount, belowMinimum and arrival (`checked` on the chain, or `unchecked`: no RPC for that chain).
 * @fires {CustomEvent<BridgeArrivalContradictedDetail>} bridge-arrival-contradicted - The service reported `success` but the destination chain does not show the arrival (reverted, missing, another recipient or token, below the minimum); never followed by `bridge-success`. Alert on it. `detail`: intentId, reason, both hashes, request ids, what the chain shows.
 * @fires {CustomEvent<BridgeFailedDetail>} bridge-failed - The service reported `failed` (a refund is initiated) or no longer knows the transfer. `detail`: intentId, reason.
 * @fires {CustomEvent<BridgeConnectRequestDetail>} bridge-connect-request - The user pressed Connect (or "Change wallet"). Cancelable: `preventDefault()` and the widget opens nothing, for hosts with their own connect UI (they set `provider` when done).
 * @fires {CustomEvent<BridgeWalletDetail>} bridge-wallet - The widget started or stopped using a wallet it discovered (EIP-6963). `detail`: state (`connected`/`disconnected`), name, rdns, address; never the icon.
 * @fires {CustomEvent<BridgeErrorDetail>} bridge-error - Something the user must act on: a rejected quote, no route, a wallet refusal, an unreachable service, a route refused by the guards (`route-rejected`, nothing signed). `detail`: kind, rule, message, requestId, retryable.
 *
 * @csspart base - The card that holds the widget.
 * @csspart header - The title row (title and connected account).
 * @csspart title - The title.
 * @csspart account - The connected account: the pill with its address and network, and its menu.
 * @csspart account-pill - The button that shows the account and opens its menu.
 * @csspart account-menu - The account's menu (copy the address; change the wallet and disconnect, for a wallet chosen in the widget).
 * @csspart box - The two cards and the swap button between them.
 * @csspart group - The "You send" and "You receive" cards.
 * @csspart label - Field labels ("You send", "You receive", recipient).
 * @csspart picker-trigger - The two asset buttons (also `asset-button`).
 * @csspart asset-button - The asset button of a card: token logo with the chain's badge, symbol, chain name.
 * @csspart asset-chain - The chain's name in an asset button.
 * @csspart swap-button - The button that swaps the two sides.
 * @csspart received - The quoted amount in the "You receive" card.
 * @csspart at-least - The minimum received, under the quoted amount.
 * @csspart recipient-toggle - "Send to another address".
 * @csspart settings-button - The gear in the header.
 * @csspart settings-dialog - The settings dialog (slippage).
 * @csspart quote-summary - The quote's one-line summary that opens the breakdown.
 * @csspart picker-chains - The chain buttons in the asset picker's dialog.
 * @csspart picker-chain - One chain button in the asset picker's dialog.
 * @csspart picker-dialog - A picker's modal dialog (a `<dialog>` in the top layer).
 * @csspart picker-search - A picker's search field.
 * @csspart picker-list - A picker's list of options.
 * @csspart picker-option - One option in a picker.
 * @csspart picker-close - A picker's close button.
 * @csspart logo - Token and chain logos (image or fallback letters).
 * @csspart amount-control - The box around the amount input and the token symbol.
 * @csspart amount-input - The amount text input.
 * @csspart amount-usd - The USD value of the typed amount.
 * @csspart amount-balance - The balance line with the Max button.
 * @csspart max-button - The Max button.
 * @csspart recipient-input - The recipient address input.
 * @csspart field-message - The hint or problem line under the amount and the recipient.
 * @csspart quote - The quote panel.
 * @csspart quote-details - The amounts and fees in the quote.
 * @csspart slippage-option - A slippage preset button.
 * @csspart slippage-input - The custom slippage input.
 * @csspart value-loss - The value-loss warning and its checkbox.
 * @csspart primary-button - The main action: bridge, connect, and "Start a new transfer" when a transfer is over.
 * @csspart secondary-button - Secondary actions: "Try again", "Close", "Cancel" while the transfer is being signed.
 * @csspart notice - Every notice, the tracker's included.
 * @csspart notice-error - Error notices (also `notice`).
 * @csspart notice-warning - Warning notices (also `notice`).
 * @csspart notice-info - Information notices (also `notice`).
 * @csspart status - The current step while a transfer is being prepared and signed.
 * @csspart prompts - How many times the wallet will ask, once the route is read (once when the approvals and the transfer go as one batch).
 * @csspart approvals - The list of token approvals.
 * @csspart approval-step - One approval.
 * @csspart approval-badge - The state of one approval.
 * @csspart tracker - The transfer's progress, once sent.
 * @csspart tracker-heading - The phase heading of the progress.
 * @csspart tracker-steps - The progress stepper.
 * @csspart tracker-support - The support details (ids with copy buttons).
 * @csspart copy-button - A copy button in the support details.
 * @csspart tx-link - A transaction explorer link.
 * @csspart history-toggle - The "Recent transfers" button.
 * @csspart history - The list of recent transfers.
 * @csspart history-item - One recent transfer.
 * @csspart wallet-action - An action of the account's menu: "Copy address", "Change wallet", "Disconnect".
 * @csspart deposit-toggle - "Send from another wallet or an exchange" beside Connect, and "Pay from a connected wallet instead" while paying into a deposit address.
 * @csspart deposit-sender - The input of the address the user sends from, while paying into a deposit address.
 * @csspart deposit - The deposit address view: where to send, with its QR code, while nothing has arrived.
 * @csspart deposit-heading - Its heading ("Send 2 USDC to this address").
 * @csspart deposit-qr - Its QR code (a phone wallet reads the address, the token, the network and the amount).
 * @csspart deposit-address - The deposit address.
 * @csspart deposit-amount - The exact amount to send.
 * @csspart deposit-time-left - The time left to pay, or that the address expired.
 *
 * @cssprop --bridge-color-bg - Card background.
 * @cssprop --bridge-color-surface - Background of grouped fields.
 * @cssprop --bridge-color-surface-raised - Background of dialogs and raised controls.
 * @cssprop --bridge-color-border - Borders and dividers.
 * @cssprop --bridge-color-text - Main text colour.
 * @cssprop --bridge-color-text-muted - Secondary text colour.
 * @cssprop --bridge-color-accent - Buttons and highlights.
 * @cssprop --bridge-color-accent-text - Text on accent backgrounds.
 * @cssprop --bridge-color-focus - Focus ring.
 * @cssprop --bridge-color-success - Success text.
 * @cssprop --bridge-color-warning - Warning text.
 * @cssprop --bridge-color-warning-bg - Warning background.
 * @cssprop --bridge-color-danger - Error text.
 * @cssprop --bridge-color-danger-bg - Error background.
 * @cssprop --bridge-radius - Corner radius of the card and large controls.
 * @cssprop --bridge-radius-small - Corner radius of small controls.
 * @cssprop --bridge-spacing - Base spacing unit.
 * @cssprop --bridge-font - Font family.
 * @cssprop --bridge-font-size - Base font size.
 * @cssprop --bridge-max-width - Maximum width of the widget.
 * @cssprop --bridge-z-index - Kept for compatibility: the dialogs are in the top layer, above every z-index.
 * @cssprop --bridge-color-backdrop - The dialogs' `::backdrop`.
 * @cssprop --bridge-color-border-strong - Borders of form controls (inputs, picker triggers).
 * @cssprop --bridge-font-mono - Monospace font for addresses, hashes and ids.
 */
export class BridgeWidget extends BridgeWidgetPublicProperties {
  static override styles = [tokenDefaults, hostStyles, styles];

  readonly #sessions = new SessionController(this, () => this);
  readonly #connection = new WalletConnectionController(this, (error) => this.#session.report(error));
  readonly #wallet = new WalletController(
    this,
    () => this.#session,
    () => this.#connection.provider,
  );
  readonly #i18n = new LocaleController(this);
  readonly #views = new ViewController(this, () => this.#session.view);
  readonly #moments = new MomentController(this);
  readonly #form = new SwapForm();
  #announcedStep: string | undefined;

  get #session() {
    return this.#sessions.session;
  }

  /** What the moments' views read of this element: the later moments' `Shell` (./shell.ts), and what the form reads besides. */
  get #shell(): FormShell {
    const chainId = this.#wallet.chainId;
    return {
      session: this.#session,
      i18n: this.#i18n,
      unlimitedApproval: this.unlimitedApproval,
      host: this,
      moments: this.#moments,
      walletChain: chainId === undefined ? undefined : String(chainId),
      primary: () => void (this.#session.account ? this.#bridge() : this.#connect()),
      payByDeposit: this.#payByDeposit,
      renderDepositScreen: () => this.#renderMoment('deposit', (deposit) => deposit.renderDepositScreen(this.#shell)),
    };
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.size) this.#session.configure(this, changed.keys());
    const { view, execution } = this.#session;
    const step = view === 'executing' ? execution?.state.step : undefined;
    if (step && step !== this.#announcedStep) this.#views.say(this.#i18n.t(`phase.${step}`));
    this.#announcedStep = step;
    // A failed quote takes back what was said of the last one: the region never still says "Quote ready" beside the error.
    if (this.#session.remote.quoteError) this.#views.announcement = '';
  }

  protected override updated(): void {
    const session = this.#session;
    // A page's first Intl.NumberFormat loads the locale's data (about 40 to 70 ms on the bench's phone CPU): made while the
    // widget waits for the catalog, it is not paid between the catalog's arrival and the form showing its first amount.
    this.#moments.whenIdle(numberFormat, () => void numberFormat(this.#i18n.intl));
    // Once the form is interactive, what a transfer needs is fetched while the page is idle: Bridge opens the review without waiting.
    if (session.remote.chains.status === TaskStatus.COMPLETE) this.#moments.prefetch(this.#connection.discovering && !session.account);
    // Once a quote is on screen, the session's transfer rooms are set up while the page is idle too: the click on Bridge then waits on nothing.
    if (session.currentQuote) this.#moments.whenIdle(session, () => void session.prepareTransfer().catch(() => undefined));
  }

  override render(): TemplateResult {
    const shell = this.#shell;
    const { session, i18n, walletChain } = shell;
    const { remote, account, shownAccount } = session;
    const { wallet } = this.#connection;
    const chain = walletChain === undefined ? undefined : session.chain(walletChain);
    // The account's transfers and this browser's deposit transfers, with or without a wallet (the tracking room reads both).
    const history = showsHistory(this.proxyUrl, session.view, session.tracking?.history.length);
    // The account's pill is a chunk (an account comes after the first paint): asked now, it renders once defined, its place kept.
    if (account || wallet) this.#moments.get('account');
    return html`
      <div part="base" class="card" lang=${i18n.textLanguage} dir=${i18n.direction} @bw-announce=${this.#views.onAnnounce}>
        <div class="header" part="header">
          <h2 part="title">${i18n.t('widget.title')}</h2>
          <span class="header-end">
          ${
            account || wallet
              ? html`<bw-account-pill
                  part="account"
                  exportparts="pill:account-pill,menu:account-menu,menu-item:wallet-action"
                  .address=${shownAccount ?? ''}
                  .network=${chain?.networkName ?? ''}
                  .wallet=${wallet ? (wallet.injected ? i18n.t('wallet.browser') : wallet.info.name) : ''}
                  @bw-account-change=${() => this.#connect()}
                  @bw-account-disconnect=${() => this.#connection.disconnect()}
                ></bw-account-pill>`
              : nothing
          }
          ${
            session.view === 'form'
              ? html`<bw-swap-settings
                  exportparts=${EXPORT_SETTINGS}
                  .slippage=${session.form.values.slippage}
                  .defaultSlippage=${session.settings.slippage}
                  @bw-slippage-change=${(e: SlippageChangeEvent) => session.form.edit({ slippage: e.detail.slippage })}
                ></bw-swap-settings>`
              : nothing
          }
          </span>
        </div>
        ${remote.chains.render({
          complete: () =>
            session.view === 'form'
              ? this.#form.render(shell)
              : session.view === 'executing'
                ? this.#renderMoment('review', (review) => review.renderExecuting(shell))
                : this.#renderMoment('tracking', (tracking) => tracking.renderTracking(shell)),
          error: (error) =>
            renderProblem(
              i18n,
              this.proxyUrl ? { ...describeError(error), requestId: undefined } : { kind: 'no-proxy', message: i18n.t('widget.noProxy'), retryable: true },
              () => remote.retryCatalog(),
            ),
          initial: () => renderLoading(i18n),
          pending: () => renderLoading(i18n),
        })}
        ${history ? (this.#moments.get('history')?.renderHistory(shell) ?? nothing) : nothing}
        ${this.#connection.renderChooser((k) => i18n.t(k), EXPORT_PICKER, [{ id: 'deposit', title: i18n.t('deposit.way') }], this.#payByDeposit)}
        <div class="visually-hidden" role="status" aria-atomic="true">${this.#views.announcement}</div>
      </div>
    `;
  }

  /** A later moment's view once its chunk is here; until then the loading line, or what went wrong with a way to try again. */
  #renderMoment<K extends Moment>(moment: K, render: (module: Moments[K]) => TemplateResult): TemplateResult {
    const module = this.#moments.get(moment);
    if (module) return render(module);
    const error = this.#moments.failed.get(moment);
    return error ? renderReload(this.#i18n, error) : renderLoading(this.#i18n);
  }

  /** Connect: the host may take over (`bridge-connect-request` prevented); without a host provider the wallet chooser opens. */
  async #connect(): Promise<void> {
    if (!this.#connection.requestConnect()) return;
    if (this.provider) return this.#session.connectWallet();
    const opener = this.shadowRoot?.activeElement;
    try {
      await this.#moments.load('wallets');
    } catch (error) {
      return this.#session.report(error);
    }
    await this.updateComplete;
    this.renderRoot.querySelector('bw-wallet-chooser')?.show(opener instanceof HTMLElement ? opener : undefined);
  }

  /** "Send from another wallet or an exchange" (beside Connect, or in the chooser): the deposit moment's chunk, which takes the form over. */
  readonly #payByDeposit = (): void => {
    // The chooser, when open (its chunk may not be here at all when the choice is made beside Connect).
    this.renderRoot.querySelector('bw-wallet-chooser')?.hide?.();
    this.#moments.load('deposit').then(
      (deposit) => deposit.payByDeposit(this.#shell),
      (error: unknown) => this.#session.report(error),
    );
  };

  /** Bridge: the review's chunk first, so that a transfer never starts behind a view that cannot be shown (nothing routed, nothing signed). */
  async #bridge(): Promise<void> {
    const session = this.#session;
    try {
      // The execution and tracking rooms come with it (set up while the page is idle once a quote is shown), so the review opens on the attempt itself.
      await Promise.all([this.#moments.load('review'), session.prepareTransfer()]);
    } catch (error) {
      return session.report(error);
    }
    // A second click while the chunk was on its way finds the review already open.
    if (session.view === 'form') await session.primary();
  }
}
