/**
 * The review moment, from the click on Bridge to the broadcast: the step in
 * progress, what the wallet is about to sign (or the worse terms to answer),
 * the approvals, Cancel. A chunk of its own, loaded with the flow's transfer
 * steps (src/flow/transfer.ts) on the click, or before it when the page is idle.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ApprovalSteps, type ApprovalStepView } from '../../components/approval-steps/approval-steps.js';
import { RouteReview, type RouteReviewView } from '../../components/route-review/route-review.js';
import { defineLaterElements } from '../../define-elements.js';
import { enReview } from '../../i18n/en/review.js';
import { walletPrompts, type ExecutionState } from '../../flow/execution.js';
import type { TransferSession } from '../../flow/session.js';
import { shortenHex } from '../../format/amount.js';
import { NATIVE_TOKEN } from '../../model/tokens.js';
import { explorerAddressUrl, explorerTxUrl } from '../../format/safe-url.js';
import { addEnglish, type StringKey } from '../../i18n/strings.js';
import { EXPORT_APPROVALS } from '../export-parts.js';
import type { Shell } from '../shell.js';

export const ELEMENTS = {
  'bw-route-review': RouteReview,
  'bw-approval-steps': ApprovalSteps,
} as const;

defineLaterElements(ELEMENTS);
// The English this moment shows, before its first render (its parts bring theirs too; its views here need it through the shell).
addEnglish(enReview);

/** The approvals, each spender named by its role: the contract the transfer goes to is the bridge contract; any other is one more contract of the route. */
export function approvalSteps(session: TransferSession, state: ExecutionState, t: (key: StringKey) => string): ApprovalStepView[] {
  const { approvals, route } = state;
  return approvals.map((s) => {
    const token = session.token(s.chainId, s.tokenAddress);
    const chain = session.chain(s.chainId);
    return {
      ...s,
      spenderLabel: t(route && s.spender.toLowerCase() === route.to.toLowerCase() ? 'approval.bridgeContract' : 'approval.routeContract'),
      spenderUrl: explorerAddressUrl(chain?.blockExplorerUrls, s.spender),
      tokenSymbol: token?.symbol ?? shortenHex(s.tokenAddress),
      tokenDecimals: token?.decimals ?? 18,
      chainName: chain?.networkName ?? s.chainId,
      explorerUrl: s.txHash ? explorerTxUrl(chain?.blockExplorerUrls, s.txHash) : undefined,
    };
  });
}

/** What the wallet is about to sign (or the terms change to answer), once the route passed the guards. */
export function routeReview(session: TransferSession, state: ExecutionState): RouteReviewView | undefined {
  const { review, terms } = state;
  const { fromToken, toToken } = session.form.draft;
  const fromChain = session.chain(session.form.values.fromChainId);
  if (!review || !fromToken || !toToken || !fromChain) return undefined;
  const toChainId = session.form.values.toChainId;
  return {
    review,
    terms,
    fromToken,
    toToken,
    native: { ...(fromChain.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }), usdPrice: session.token(fromChain.chainId, NATIVE_TOKEN)?.usdPrice },
    fromChainName: fromChain.networkName,
    toChainName: session.chain(toChainId)?.networkName ?? toChainId,
  };
}

export function renderExecuting({ session, i18n, unlimitedApproval }: Shell): TemplateResult {
  const { execution } = session;
  // The element prepares the execution room with this chunk before Bridge starts anything (session.prepareTransfer); a host driving the session alone may be a moment ahead of it.
  if (!execution) {
    return html`<div class="moment"><p class="phase" part="status" tabindex="-1"><span class="spinner" aria-hidden="true"></span>${i18n.t('widget.working')}</p></div>`;
  }
  const { step, route } = execution.state;
  const steps = approvalSteps(session, execution.state, (k) => i18n.t(k));
  const prompts = walletPrompts(execution.state);
  return html`<div class="moment">
    <div class="status-row">
      <p class="phase" part="status" tabindex="-1"><span class="spinner" aria-hidden="true"></span>${i18n.t(step ? `phase.${step}` : 'widget.working')}</p>
      <button class="secondary" part="secondary-button" @click=${() => execution.cancel()}>${i18n.t('terms.cancel')}</button>
    </div>
    ${
      route
        ? html`<p class="route-info">
          ${
            route.reliabilityScore === undefined
              ? i18n.t('review.provider', { provider: route.provider })
              : i18n.t('review.providerRate', { provider: route.provider, percent: i18n.formatPercent(Math.round(route.reliabilityScore * 100)) })
          }
        </p>`
        : nothing
    }
    ${
      prompts
        ? html`<p class="prompts" part="prompts">${execution.state.batched ? i18n.t('widget.promptsBatch') : i18n.plural('widget.prompts', prompts)}</p>`
        : nothing
    }
    <bw-route-review .view=${routeReview(session, execution.state)} @bw-terms-confirm=${() => execution.answerTerms(true)} @bw-terms-cancel=${() => execution.answerTerms(false)}></bw-route-review>
    ${steps.length ? html`<bw-approval-steps exportparts=${EXPORT_APPROVALS} .steps=${steps} ?unlimited=${unlimitedApproval}></bw-approval-steps>` : nothing}
    ${step === 'routing' ? html`<p class="notice info" part="notice notice-info">${i18n.t('widget.keepOpen')}</p>` : nothing}
  </div>`;
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-route-review': RouteReview;
    'bw-approval-steps': ApprovalSteps;
  }
}
