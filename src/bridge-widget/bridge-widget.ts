import { html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import { hostStyles, tokenDefaults } from '../components/shared/styles.js';
import { chainsFor, sideConfig, swapBlock, type Side } from '../flow/form.js';
import { describeError, type Problem } from '../flow/problems.js';
import { QUOTE_REFRESH_MS } from '../flow/remote-resources.js';
import { formatUsd } from '../format/amount.js';
import { numberFormat } from '../format/number.js';
import { NATIVE_GAS_RESERVE, isNativeToken } from '../model/tokens.js';
import { LocaleController } from './controllers/locale-controller.js';
import { SessionController } from './controllers/session-controller.js';
import { ViewController } from './controllers/view-controller.js';
import { WalletController } from './controllers/wallet-controller.js';
import { WalletConnectionController } from './controllers/wallet-connection-controller.js';
import { MomentController, type Moment, type Moments } from './controllers/moment-controller.js';
import type { Shell } from './shell.js';
import { styles } from './bridge-widget.styles.js';
import { BridgeWidgetPublicProperties } from './public-properties.js';
import { TokenOptions, chainOptions, configProblems, orderChains } from './views.js';
import { EXPORT_AMOUNT, EXPORT_ASSET, EXPORT_PICKER, EXPORT_QUOTE, EXPORT_RECIPIENT, EXPORT_SETTINGS } from './export-parts.js';

type Preset = 'fromChain' | 'toChain' | 'fromToken' | 'toToken' | 'amount' | 'toAddress';

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
  readonly #tokenOptions = new TokenOptions();
  #announcedStep: string | undefined;
  /** The user opened "Send to another address" (it also opens by itself when the destination needs one, or the host preset one). */
  #recipientOpen = false;

  get #session() {
    return this.#sessions.session;
  }

  /** What the later moments' views read of this element (./shell.ts). */
  get #shell(): Shell {
    return { session: this.#session, i18n: this.#i18n, unlimitedApproval: this.unlimitedApproval };
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
    if (session.remote.chains.status === TaskStatus.COMPLETE) {
      this.#moments.prefetch(
        this.#connection.discovering && !session.account
          ? ['pickers', 'settings', 'quote', 'review', 'tracking', 'wallets', 'account']
          : ['pickers', 'settings', 'quote', 'review', 'tracking', 'account'],
      );
    }
    // Once a quote is on screen, the session's transfer rooms are set up while the page is idle too: the click on Bridge then waits on nothing.
    if (session.currentQuote) this.#moments.whenIdle(session, () => void session.prepareTransfer().catch(() => undefined));
  }

  #locked(attribute: Preset): boolean {
    return this.lockPresets && !!this[attribute];
  }

  override render(): TemplateResult {
    const session = this.#session;
    const i18n = this.#i18n;
    const { remote, account, shownAccount } = session;
    const { wallet } = this.#connection;
    const chain = this.#wallet.chainId === undefined ? undefined : session.chain(String(this.#wallet.chainId));
    // The account's transfers and this browser's deposit transfers, with or without a wallet (the tracking room reads both).
    const history = this.proxyUrl && session.view === 'form' && !!session.tracking?.history.length;
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
                  @account-change=${() => this.#connect()}
                  @account-disconnect=${() => this.#connection.disconnect()}
                ></bw-account-pill>`
              : nothing
          }
          ${
            session.view === 'form'
              ? html`<bw-swap-settings
                  exportparts=${EXPORT_SETTINGS}
                  .slippage=${session.form.values.slippage}
                  .defaultSlippage=${session.settings.slippage}
                  @slippage-change=${(e: CustomEvent<{ slippage: number }>) => session.form.edit({ slippage: e.detail.slippage })}
                ></bw-swap-settings>`
              : nothing
          }
          </span>
        </div>
        ${remote.chains.render({
          complete: () =>
            session.view === 'form'
              ? this.#renderForm()
              : session.view === 'executing'
                ? this.#renderMoment('review', (review) => review.renderExecuting(this.#shell))
                : this.#renderMoment('tracking', (tracking) => tracking.renderTracking(this.#shell)),
          error: (error) =>
            this.#renderProblem(
              this.proxyUrl ? { ...describeError(error), requestId: undefined } : { kind: 'no-proxy', message: i18n.t('widget.noProxy'), retryable: true },
              () => remote.retryCatalog(),
            ),
          initial: () => this.#renderLoading(),
          pending: () => this.#renderLoading(),
        })}
        ${history ? (this.#moments.get('history')?.renderHistory(this.#shell) ?? nothing) : nothing}
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
    return error ? this.#renderProblem(describeError(error), () => location.reload(), 'widget.reload') : this.#renderLoading();
  }

  #renderLoading(): TemplateResult {
    return html`<p class="notice info phase" part="notice notice-info"><span class="spinner" aria-hidden="true"></span>${this.#i18n.t('widget.loading')}</p>`;
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

  #renderForm(): TemplateResult {
    const session = this.#session;
    const i18n = this.#i18n;
    const action = session.mainAction;
    const amount = action.amount && i18n.formatAmount(action.amount.value, action.amount.decimals);
    // Transfers whose outcome is unknown: what is known of each; for this route, the first press asked and the button now says what it does.
    const unknown = session.unknown;
    const again = unknown?.question(session.form.draft.inputs);
    const sent = (saved: { fromAmount: bigint; fromToken: { decimals: number; symbol: string } }) => ({
      amount: i18n.formatAmount(saved.fromAmount, saved.fromToken.decimals),
      symbol: saved.fromToken.symbol,
    });
    // Paying into a deposit address: its moment draws the sender's field and the button, in the button's place.
    const deposit = session.deposit && this.#moments.get('deposit');
    return html`
      <div class="box" part="box">${this.#renderSend()} ${this.#renderSwap()} ${this.#renderReceive()}</div>
      ${this.#renderRecipient()} ${this.#renderQuote()}
      ${configProblems(this, session, (k, v) => i18n.t(k, v)).map((p) => html`<p class="notice warning" part="notice notice-warning">${p}</p>`)}
      ${
        // The tracking room's notices are its moment's English: shown once that chunk is here.
        session.tracking?.notice && this.#moments.get('tracking')
          ? html`<p class="notice info" part="notice notice-info">${i18n.t(session.tracking.notice)}</p>`
          : nothing
      }
      ${
        session.form.problem && !session.remote.quoteError
          ? this.#renderProblem(session.form.problem, session.form.problem.kind === 'chunk-load' ? () => location.reload() : undefined, 'widget.reload')
          : nothing
      }
      ${unknown?.lines().map((line) => html`<p class="notice info" part="notice notice-info" role="status">${i18n.t(line.key, sent(line.saved))}</p>`)}
      ${
        again
          ? html`<p class="notice warning" part="notice notice-warning" role="alert">
              ${i18n.t(again.key, sent(again.saved))}
            </p>`
          : nothing
      }
      ${
        deposit
          ? deposit.renderDeposit(this.#shell)
          : html`<button part="primary-button" class="primary" ?disabled=${!action.enabled || again?.looking || this.#quoteLineMissing(action.key)} @click=${() => (session.account ? this.#bridge() : this.#connect())}>
              ${again ? i18n.t(again.button) : i18n.t(action.key, { ...(action.symbol ? { symbol: action.symbol } : {}), ...(amount ? { amount } : {}) })}
            </button>
            ${session.account ? nothing : html`<button class="link" part="deposit-toggle" @click=${this.#payByDeposit}>${i18n.t('deposit.way')}</button>`}`
      }
    `;
  }

  /** One side's asset button: the chain and the token in one dialog. */
  #renderAsset(side: Side): TemplateResult {
    const session = this.#session;
    const i18n = this.#i18n;
    const { form, remote } = session;
    const { values } = form;
    const chainId = values[`${side}ChainId`];
    const wallet = this.#wallet.chainId === undefined ? undefined : String(this.#wallet.chainId);
    // Paying into a deposit address, a chain no wallet here signs on can be the source too: no source filter then.
    const chains = chainOptions(
      chainsFor(sideConfig(this, side), session.deposit ? 'to' : side, remote.catalog?.chains ?? []),
      side,
      remote.confirmedDestinations,
      i18n.t('form.notRoutable'),
    );
    return html`<bw-asset-picker
      slot=${side === 'from' ? 'asset' : nothing}
      exportparts=${EXPORT_ASSET}
      label=${i18n.t(side === 'from' ? 'box.send' : 'box.receive')}
      .chains=${orderChains(chains, [wallet, sideConfig(this, side).chain])}
      .chain=${chainId}
      ?chain-locked=${this.#locked(`${side}Chain`)}
      .tokens=${this.#tokenOptions.for(session, sideConfig(this, side), side)}
      .selected=${values[`${side}TokenAddress`]}
      .balancesLoading=${side === 'from' && remote.balances.status === TaskStatus.PENDING}
      .balancesPartial=${side === 'from' && !!remote.balances.value?.partial}
      ?has-more=${remote.hasMoreTokens(chainId)}
      ?loading=${remote.tokenWork[side].status === TaskStatus.PENDING}
      ?token-locked=${this.#locked(`${side}Token`)}
      ?disabled=${this.#locked(`${side}Token`) && this.#locked(`${side}Chain`)}
      disabled-reason=${i18n.t('form.locked')}
      @chain-select=${(e: CustomEvent<{ chainId: string }>) => form.selectChain(side, e.detail.chainId)}
      @token-select=${(e: CustomEvent<{ address: string }>) => form.selectToken(side, e.detail.address)}
      @bw-token-search=${(e: CustomEvent<{ query: string }>) => remote.searchTokens(side, chainId, e.detail.query)}
      @bw-token-more=${() => remote.moreTokens(side, chainId)}
    ></bw-asset-picker>`;
  }

  /** "You send": the amount, large, with the asset button at its end; the fiat value, the balance and Max. */
  #renderSend(): TemplateResult {
    const session = this.#session;
    const i18n = this.#i18n;
    const { form } = session;
    const { fromToken, balance, amount } = form.draft;
    return html`<section class="side send" part="group">
      <bw-amount-input
        exportparts=${EXPORT_AMOUNT}
        label=${i18n.t('box.send')}
        .value=${form.values.amountText}
        .symbol=${fromToken?.symbol ?? ''}
        .decimals=${fromToken?.decimals ?? 18}
        .usdPrice=${fromToken?.usdPrice}
        .balance=${balance}
        .check=${amount}
        .isNative=${!!fromToken && isNativeToken(fromToken.address)}
        .gasReserve=${NATIVE_GAS_RESERVE}
        ?disabled=${this.#locked('amount') || !fromToken}
        @amount-change=${(e: CustomEvent<{ text: string }>) => form.edit({ amountText: e.detail.text })}
        >${this.#renderAsset('from')}</bw-amount-input
      >
    </section>`;
  }

  /** "You receive": the quoted amount, read-only (a placeholder until quoted), the asset button, the fiat value and the minimum. */
  #renderReceive(): TemplateResult {
    const session = this.#session;
    const i18n = this.#i18n;
    const { toToken } = session.form.draft;
    const quote = session.currentQuote;
    const estimate = quote?.estimate;
    const decimals = toToken?.decimals ?? 18;
    const usd = estimate && formatUsd(estimate.toAmountUsd, i18n.intl);
    return html`<section class="side receive" part="group" aria-labelledby="receive-label">
      <span id="receive-label" class="side-label" part="label">${i18n.t(quote?.inputs.preview ? 'box.receiveEstimate' : 'box.receive')}</span>
      <div class="side-row">
        <output class="received ${estimate ? '' : 'placeholder'}" part="received" aria-labelledby="receive-label" dir="ltr"
          >${estimate ? i18n.formatAmount(estimate.toAmount, decimals) : '0'}</output
        >
        ${this.#renderAsset('to')}
      </div>
      <div class="side-meta">
        <span class="usd">${usd ? html`<bdi dir="ltr">${usd}</bdi>` : nothing}</span>
        ${estimate ? html`<span part="at-least">${i18n.t('box.atLeast', { amount: i18n.formatAmount(estimate.toAmountMin, decimals, toToken?.symbol) })}</span>` : nothing}
      </div>
    </section>`;
  }

  /** The button between the cards: the sides trade chains and tokens; the amount stays on the send side. */
  #renderSwap(): TemplateResult {
    const session = this.#session;
    const i18n = this.#i18n;
    const locked = this.lockPresets && !!(this.fromChain || this.toChain || this.fromToken || this.toToken);
    const block = swapBlock(session.config, session.remote.catalog?.chains ?? [], session.form.values, locked);
    const reason = block === 'locked' ? i18n.t('box.swapLocked') : block === 'notSource' ? i18n.t('box.swapNotSource') : undefined;
    return html`<div class="swap-row">
      <button
        class="swap"
        part="swap-button"
        type="button"
        aria-label=${i18n.t('box.swap')}
        aria-disabled=${block ? 'true' : 'false'}
        aria-describedby=${reason ? 'swap-reason' : nothing}
        title=${reason ?? i18n.t('box.swap')}
        @click=${() => !block && session.form.swapSides()}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true"><path d="M7 3v13M7 16l-3-3M7 16l3-3M13 17V4M13 4l-3 3M13 4l3 3" /></svg>
      </button>
      ${reason ? html`<span id="swap-reason" class="visually-hidden">${reason}</span>` : nothing}
    </div>`;
  }

  /** The recipient behind "Send to another address": open by itself when the destination needs an address the wallet cannot give, or the host preset one. */
  #renderRecipient(): TemplateResult {
    const session = this.#session;
    const i18n = this.#i18n;
    const { form } = session;
    const { family, recipientRequired } = form.draft;
    const open = this.#recipientOpen || !!recipientRequired || !!this.toAddress || !!form.values.recipient;
    const forced = !!recipientRequired || (this.#locked('toAddress') && !!this.toAddress);
    // The field is a chunk: asked at once when it shows, else fetched while the page is idle, so the toggle's click does not wait on it.
    const moments = this.#moments;
    if (open) moments.get('recipient');
    else moments.whenIdle('recipient', () => void moments.load('recipient').catch(() => undefined));
    const failed = open ? moments.failed.get('recipient') : undefined;
    return html`${
      forced
        ? nothing
        : html`<button
            class="link recipient-toggle"
            part="recipient-toggle"
            type="button"
            aria-expanded=${open ? 'true' : 'false'}
            aria-controls="recipient"
            @click=${() => {
              this.#recipientOpen = !open;
              if (open) form.edit({ recipient: '' });
              this.requestUpdate();
            }}
          >
            ${i18n.t('box.recipientToggle')}
          </button>`
    }
      ${
        failed
          ? html`<div id="recipient">${this.#renderProblem(describeError(failed), () => location.reload(), 'widget.reload')}</div>`
          : open
            ? html`<bw-recipient-input
              id="recipient"
              exportparts=${EXPORT_RECIPIENT}
              label=${i18n.t('form.recipient')}
              .value=${form.values.recipient}
              .family=${family ?? 'evm'}
              ?required=${recipientRequired}
              ?disabled=${this.#locked('toAddress')}
              placeholder=${recipientRequired ? '' : (session.shownAccount ?? '')}
              @recipient-change=${(e: CustomEvent<{ value: string }>) => form.edit({ recipient: e.detail.value })}
            ></bw-recipient-input>`
            : nothing
      }`;
  }

  #renderProblem(problem: Problem, retry?: () => void, retryLabel: 'widget.retry' | 'widget.reload' = 'widget.retry'): TemplateResult {
    const i18n = this.#i18n;
    // The user's own "no" in the wallet is information, not an error: neutral, and announced politely.
    const kind = problem.kind === 'wallet-rejected' || problem.kind === 'cancelled' ? 'info' : 'error';
    return html`<p class="notice ${kind}" role=${kind === 'info' ? 'status' : 'alert'} part="notice notice-${kind}">
      ${i18n.problemText(problem)}${
        // No route is the user's answer, not a fault to report: its request id stays in bridge-error for the host.
        problem.requestId && problem.kind !== 'no-route' ? html`<small class="request">${i18n.t('widget.request', { id: problem.requestId })}</small>` : nothing
      }
      ${retry ? html`<button class="secondary" part="secondary-button" @click=${retry}>${i18n.t(retryLabel)}</button>` : nothing}
    </p>`;
  }

  /**
   * Bridge waits for the quote line: no transfer starts before the user could see its fees and, when the quote loses
   * value, tick its confirmation (which only the line offers). In practice the line is here before the quote is.
   */
  #quoteLineMissing(action: string): boolean {
    return action === 'action.bridge' && !this.#moments.get('quote');
  }

  #renderQuote(): TemplateResult | typeof nothing {
    const session = this.#session;
    const i18n = this.#i18n;
    const { form, remote } = session;
    const { draft, values } = form;
    if (!draft.inputs) return nothing;
    // The line's chunk is asked with the first quote (if the page was not idle before), so both round trips run side by side.
    const line = this.#moments.get('quote');
    const error = remote.quoteError;
    // A preview the service refused (its address screened out, or no route for it) shows no price, and no error: a wallet's quote may well go.
    if (error && draft.inputs.preview) return nothing;
    if (error) {
      const problem = describeError(error);
      return this.#renderProblem(problem, problem.retryable ? () => remote.retryQuote() : undefined);
    }
    if (!line) {
      const failed = this.#moments.failed.get('quote');
      if (failed) return this.#renderProblem(describeError(failed), () => location.reload(), 'widget.reload');
      // The line's place and its "finding" state, as the line shows them while quoting, until its chunk is here.
      return html`<div class="quote-line" part="quote" aria-busy="true">
        <span class="quote-line-text">${i18n.t('quote.finding')}</span><span class="spinner" aria-hidden="true"></span>
      </div>`;
    }
    // Only the quote for what is typed now: a quote for another amount is never on screen, not even dimmed.
    const shown = session.currentQuote;
    const pending = remote.quote.status === TaskStatus.PENDING;
    return html`<bw-quote-panel
      summary
      exportparts=${EXPORT_QUOTE}
      .estimate=${shown?.estimate}
      .source=${draft.fromToken}
      .fromSymbol=${draft.fromToken?.symbol ?? ''}
      .fromDecimals=${draft.fromToken?.decimals ?? 18}
      .toSymbol=${draft.toToken?.symbol ?? ''}
      .toDecimals=${draft.toToken?.decimals ?? 18}
      ?loading=${pending && !shown}
      ?stale=${pending && !!shown}
      .refreshAt=${shown ? shown.at + QUOTE_REFRESH_MS : undefined}
      .retryAt=${pending ? remote.quoteRetryAt : undefined}
      .slippage=${values.slippage}
      .valueLoss=${session.valueLoss}
      .valueLossConfirmed=${values.valueLossConfirmed}
      @slippage-change=${(e: CustomEvent<{ slippage: number }>) => form.edit({ slippage: e.detail.slippage })}
      @value-loss-confirm=${(e: CustomEvent<{ confirmed: boolean }>) => form.edit({ valueLossConfirmed: e.detail.confirmed })}
    ></bw-quote-panel>`;
  }
}
