/**
 * The first moment: the swap box's form. The two cards with their asset
 * buttons, the swap button between them, the recipient behind "Send to
 * another address", the quote line's place, the notices and the main button.
 * Unlike the later moments it is part of the first load: the element imports
 * it statically and renders it while the session's view is the form. Its
 * rules are DOM-free (src/flow/swap-box.ts, src/flow/form.ts); the later
 * moments it shows (the quote line, the recipient field, the deposit's
 * button) come through the `MomentController`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { TaskStatus } from '@lit/task';
import type { AmountChangeEvent } from '../../components/amount-input/amount-input.js';
import type { ChainSelectEvent } from '../../components/chain-picker/chain-events.js';
import type { ValueLossConfirmEvent } from '../../components/quote-panel/quote-panel.js';
import type { SlippageChangeEvent } from '../../components/quote-panel/slippage-change.js';
import type { RecipientChangeEvent } from '../../components/recipient-input/recipient-input.js';
import type { TokenSearchEvent, TokenSelectEvent } from '../../components/token-picker/token-events.js';
import { chainsFor, sideConfig, swapBlock, type Side } from '../../flow/form.js';
import { describeError } from '../../flow/problems.js';
import { QUOTE_REFRESH_MS } from '../../flow/remote-resources.js';
import { mainButtonEnabled, presetLocked, recipientField, sideUnits, sidesLocked, type Units } from '../../flow/swap-box.js';
import { formatUsd } from '../../format/amount.js';
import { NATIVE_GAS_RESERVE, isNativeToken } from '../../model/tokens.js';
import { EXPORT_AMOUNT, EXPORT_ASSET, EXPORT_QUOTE, EXPORT_RECIPIENT } from '../export-parts.js';
import { renderProblem, renderReload } from '../notices.js';
import type { BridgeWidgetPublicProperties } from '../public-properties.js';
import type { MomentController } from '../controllers/moment-controller.js';
import type { Shell } from '../shell.js';
import { TokenOptions, chainOptions, configProblems, orderChains } from '../views.js';

/** What the form reads of <bridge-widget> besides a later moment's `Shell`. */
export interface FormShell extends Shell {
  readonly moments: MomentController;
  /** The element: its presets and attributes as set; rendered again when the recipient toggle changes. */
  readonly host: BridgeWidgetPublicProperties;
  /** The wallet's chain, listed first in the asset pickers. */
  readonly walletChain: string | undefined;
  /** The main button: Bridge, or Connect without an account. */
  primary(): void;
  payByDeposit(): void;
}

/** The form's own state between renders: the recipient toggle and the token pickers' options. */
export class SwapForm {
  /** The user opened "Send to another address" (it also opens by itself when the destination needs one, or the host preset one). */
  #recipientOpen = false;
  readonly #tokenOptions = new TokenOptions();

  render(shell: FormShell): TemplateResult {
    const { session, i18n, moments } = shell;
    const units = sideUnits(session.form.draft);
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
    const deposit = session.deposit && moments.get('deposit');
    return html`
      <div class="box" part="box">${this.#renderSend(shell, units.from)} ${this.#renderSwap(shell)} ${this.#renderReceive(shell, units.to)}</div>
      ${this.#renderRecipient(shell)} ${this.#renderQuote(shell, units)}
      ${configProblems(shell.host, session, (k, v) => i18n.t(k, v)).map((p) => html`<p class="notice warning" part="notice notice-warning">${p}</p>`)}
      ${
        // The tracking room's notices are its moment's English: shown once that chunk is here.
        session.tracking?.notice && moments.get('tracking')
          ? html`<p class="notice info" part="notice notice-info">${i18n.t(session.tracking.notice)}</p>`
          : nothing
      }
      ${
        session.form.problem && !session.remote.quoteError
          ? renderProblem(i18n, session.form.problem, session.form.problem.kind === 'chunk-load' ? () => location.reload() : undefined, 'widget.reload')
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
          ? deposit.renderDeposit(shell)
          : html`<button part="primary-button" class="primary" ?disabled=${!mainButtonEnabled(action, !!again?.looking, () => !!moments.get('quote'))} @click=${shell.primary}>
              ${again ? i18n.t(again.button) : i18n.t(action.key, { ...(action.symbol ? { symbol: action.symbol } : {}), ...(amount ? { amount } : {}) })}
            </button>
            ${session.account ? nothing : html`<button class="link" part="deposit-toggle" @click=${shell.payByDeposit}>${i18n.t('deposit.way')}</button>`}`
      }
    `;
  }

  /** One side's asset button: the chain and the token in one dialog. */
  #renderAsset({ session, i18n, host, walletChain }: FormShell, side: Side): TemplateResult {
    const { form, remote } = session;
    const { values } = form;
    const chainId = values[`${side}ChainId`];
    const config = sideConfig(host, side);
    // Paying into a deposit address, a chain no wallet here signs on can be the source too: no source filter then.
    const chains = chainOptions(
      chainsFor(config, session.deposit ? 'to' : side, remote.catalog?.chains ?? []),
      side,
      remote.confirmedDestinations,
      i18n.t('form.notRoutable'),
    );
    return html`<bw-asset-picker
      slot=${side === 'from' ? 'asset' : nothing}
      exportparts=${EXPORT_ASSET}
      label=${i18n.t(side === 'from' ? 'box.send' : 'box.receive')}
      .chains=${orderChains(chains, [walletChain, config.chain])}
      .chain=${chainId}
      ?chain-locked=${presetLocked(host, `${side}Chain`)}
      .tokens=${this.#tokenOptions.for(session, config, side)}
      .selected=${values[`${side}TokenAddress`]}
      .balancesLoading=${side === 'from' && remote.balances.status === TaskStatus.PENDING}
      .balancesPartial=${side === 'from' && !!remote.balances.value?.partial}
      ?has-more=${remote.hasMoreTokens(chainId)}
      ?loading=${remote.tokenWork[side].status === TaskStatus.PENDING}
      ?token-locked=${presetLocked(host, `${side}Token`)}
      ?disabled=${presetLocked(host, `${side}Token`) && presetLocked(host, `${side}Chain`)}
      disabled-reason=${i18n.t('form.locked')}
      @bw-chain-select=${(e: ChainSelectEvent) => form.selectChain(side, e.detail.chainId)}
      @bw-token-select=${(e: TokenSelectEvent) => form.selectToken(side, e.detail.address)}
      @bw-token-search=${(e: TokenSearchEvent) => remote.searchTokens(side, chainId, e.detail.query)}
      @bw-token-more=${() => remote.moreTokens(side, chainId)}
    ></bw-asset-picker>`;
  }

  /** "You send": the amount, large, with the asset button at its end; the fiat value, the balance and Max. */
  #renderSend(shell: FormShell, { symbol, decimals }: Units): TemplateResult {
    const { form } = shell.session;
    const { fromToken, balance, amount } = form.draft;
    return html`<section class="side send" part="group">
      <bw-amount-input
        exportparts=${EXPORT_AMOUNT}
        label=${shell.i18n.t('box.send')}
        .value=${form.values.amountText}
        .symbol=${symbol}
        .decimals=${decimals}
        .usdPrice=${fromToken?.usdPrice}
        .balance=${balance}
        .check=${amount}
        .isNative=${!!fromToken && isNativeToken(fromToken.address)}
        .gasReserve=${NATIVE_GAS_RESERVE}
        ?disabled=${presetLocked(shell.host, 'amount') || !fromToken}
        @bw-amount-change=${(e: AmountChangeEvent) => form.edit({ amountText: e.detail.text })}
        >${this.#renderAsset(shell, 'from')}</bw-amount-input
      >
    </section>`;
  }

  /** "You receive": the quoted amount, read-only (a placeholder until quoted), the asset button, the fiat value and the minimum. */
  #renderReceive(shell: FormShell, { symbol, decimals }: Units): TemplateResult {
    const { session, i18n } = shell;
    const quote = session.currentQuote;
    const estimate = quote?.estimate;
    const usd = estimate && formatUsd(estimate.toAmountUsd, i18n.intl);
    return html`<section class="side receive" part="group" aria-labelledby="receive-label">
      <span id="receive-label" class="side-label" part="label">${i18n.t(quote?.inputs.preview ? 'box.receiveEstimate' : 'box.receive')}</span>
      <div class="side-row">
        <output class="received ${estimate ? '' : 'placeholder'}" part="received" aria-labelledby="receive-label" dir="ltr"
          >${estimate ? i18n.formatAmount(estimate.toAmount, decimals) : '0'}</output
        >
        ${this.#renderAsset(shell, 'to')}
      </div>
      <div class="side-meta">
        <span class="usd">${usd ? html`<bdi dir="ltr">${usd}</bdi>` : nothing}</span>
        ${estimate ? html`<span part="at-least">${i18n.t('box.atLeast', { amount: i18n.formatAmount(estimate.toAmountMin, decimals, symbol) })}</span>` : nothing}
      </div>
    </section>`;
  }

  /** The button between the cards: the sides trade chains and tokens; the amount stays on the send side. */
  #renderSwap({ session, i18n, host }: FormShell): TemplateResult {
    const block = swapBlock(session.config, session.remote.catalog?.chains ?? [], session.form.values, sidesLocked(host));
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
  #renderRecipient({ session, i18n, host, moments }: FormShell): TemplateResult {
    const { form } = session;
    const { family, recipientRequired } = form.draft;
    const required = !!recipientRequired;
    const { open, forced } = recipientField(host, required, form.values.recipient, this.#recipientOpen);
    // The field is a chunk: asked at once when it shows, else fetched while the page is idle, so the toggle's click does not wait on it.
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
              host.requestUpdate();
            }}
          >
            ${i18n.t('box.recipientToggle')}
          </button>`
    }
      ${
        failed
          ? html`<div id="recipient">${renderReload(i18n, failed)}</div>`
          : open
            ? html`<bw-recipient-input
              id="recipient"
              exportparts=${EXPORT_RECIPIENT}
              label=${i18n.t('form.recipient')}
              .value=${form.values.recipient}
              .family=${family ?? 'evm'}
              ?required=${required}
              ?disabled=${presetLocked(host, 'toAddress')}
              placeholder=${required ? '' : (session.shownAccount ?? '')}
              @bw-recipient-change=${(e: RecipientChangeEvent) => form.edit({ recipient: e.detail.value })}
            ></bw-recipient-input>`
            : nothing
      }`;
  }

  #renderQuote({ session, i18n, moments }: FormShell, { from, to }: Record<Side, Units>): TemplateResult | typeof nothing {
    const { form, remote } = session;
    const { draft, values } = form;
    if (!draft.inputs) return nothing;
    // The line's chunk is asked with the first quote (if the page was not idle before), so both round trips run side by side.
    const line = moments.get('quote');
    const error = remote.quoteError;
    // A preview the service refused (its address screened out, or no route for it) shows no price, and no error: a wallet's quote may well go.
    if (error && draft.inputs.preview) return nothing;
    if (error) {
      const problem = describeError(error);
      return renderProblem(i18n, problem, problem.retryable ? () => remote.retryQuote() : undefined);
    }
    if (!line) {
      const failed = moments.failed.get('quote');
      if (failed) return renderReload(i18n, failed);
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
      .fromSymbol=${from.symbol}
      .fromDecimals=${from.decimals}
      .toSymbol=${to.symbol}
      .toDecimals=${to.decimals}
      ?loading=${pending && !shown}
      ?stale=${pending && !!shown}
      .refreshAt=${shown ? shown.at + QUOTE_REFRESH_MS : undefined}
      .retryAt=${pending ? remote.quoteRetryAt : undefined}
      .slippage=${values.slippage}
      .valueLoss=${session.valueLoss}
      .valueLossConfirmed=${values.valueLossConfirmed}
      @bw-slippage-change=${(e: SlippageChangeEvent) => form.edit({ slippage: e.detail.slippage })}
      @bw-value-loss-confirm=${(e: ValueLossConfirmEvent) => form.edit({ valueLossConfirmed: e.detail.confirmed })}
    ></bw-quote-panel>`;
  }
}
