/**
 * What the shell hands its parts, shaped from the session's state: chain
 * options, approval steps and the tracker's view. No DOM; `format` and `t`
 * come from the locale controller.
 */
import type { Chain } from '../api/schemas.js';
import type { ApprovalStepView } from '../components/approval-steps/approval-steps.js';
import type { ChainOption } from '../components/chain-picker/chain-picker.js';
import type { StatusView } from '../components/status-tracker/status-tracker.js';
import type { RouteReviewView } from '../components/route-review/route-review.js';
import { destinationAvailability } from '../flow/catalog.js';
import { balanceOf, presetProblems, tokensFor, type Side, type SideConfig } from '../flow/form.js';
import type { TokenOption } from '../components/token-picker/token-picker.js';
import type { TransferSession } from '../flow/session.js';
import { explorerAddressUrl, explorerTxUrl } from '../format/safe-url.js';
import { shortenHex } from '../format/amount.js';
import { chainFamily } from '../model/address.js';
import { isUsableSlippage } from '../model/quote.js';
import type { StringKey, Vars } from '../i18n/strings.js';

type Format = (value: bigint, decimals: number, symbol?: string) => string;

/** What `configProblems` reads of the element: its attributes as set and as parsed. */
interface ConfiguredHost {
  slippage: number;
  valueLossThreshold: number;
  theme: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

/** Attributes a host set to something unusable, each with what the widget does instead: a typo on a landing page is visible, not silent. */
export function configProblems(host: ConfiguredHost, session: TransferSession, t: (key: StringKey, vars?: Vars) => string): string[] {
  const [problems, threshold, attr] = [[] as string[], host.valueLossThreshold, (name: string) => host.getAttribute(name) ?? ''];
  if (host.hasAttribute('slippage') && !isUsableSlippage(host.slippage))
    problems.push(t('config.slippage', { value: attr('slippage'), used: session.form.values.slippage }));
  if (host.hasAttribute('value-loss-threshold') && !(threshold >= 0 && threshold <= 100))
    problems.push(t('config.threshold', { value: attr('value-loss-threshold') }));
  if (!['light', 'dark', 'auto'].includes(host.theme)) problems.push(t('config.theme', { value: host.theme }));
  const catalog = session.remote.catalog;
  if (catalog) for (const p of presetProblems(session.config, catalog, session.form.values)) problems.push(t(p.key, { value: p.value }));
  return problems;
}

export function chainOptions(chains: readonly Chain[], side: Side, confirmed: ReadonlySet<string>, notRoutable: string): ChainOption[] {
  return chains.map((c) => {
    const availability = side === 'from' ? 'available' : destinationAvailability(c, confirmed);
    return {
      chainId: c.chainId,
      name: c.networkName,
      iconUrl: c.chainIconURI,
      family: chainFamily(c) ?? 'other',
      availability,
      note: availability === 'informational' ? notRoutable : undefined,
    };
  });
}

/** The approvals, each spender named by its role: the contract the transfer goes to is the bridge contract; any other is one more contract of the route. */
export function approvalSteps(session: TransferSession, t: (key: StringKey) => string): ApprovalStepView[] {
  const { approvals, route } = session.execution.state;
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
export function routeReview(session: TransferSession): RouteReviewView | undefined {
  const { review, terms } = session.execution.state;
  const { fromToken, toToken } = session.form.draft;
  const fromChain = session.chain(session.form.values.fromChainId);
  if (!review || !fromToken || !toToken || !fromChain) return undefined;
  const toChainId = session.form.values.toChainId;
  return {
    review,
    terms,
    fromToken,
    toToken,
    native: fromChain.nativeCurrency ?? { symbol: 'ETH', decimals: 18 },
    toChainName: session.chain(toChainId)?.networkName ?? toChainId,
  };
}

export function statusView(session: TransferSession, format: Format, message: string | undefined): StatusView | undefined {
  const current = session.tracking.current;
  if (!current) return undefined;
  // The saved transfer has every status merged in (track-transfer.ts): it is the one source here.
  const { saved, final, status } = current;
  const fromChain = session.chain(saved.fromChainId);
  const toChain = session.chain(saved.toChainId);
  const { sourceTxHash, destTxHash, toAmountReceived: received } = saved;
  const unknown = status?.kind === 'tracked' && status.status === 'unknown';
  return {
    phase: unknown && !final ? 'unknown' : saved.phase,
    rawStatus: status?.kind === 'tracked' ? status.rawStatus : undefined,
    fromChainName: fromChain?.networkName ?? saved.fromChainId,
    toChainName: toChain?.networkName ?? saved.toChainId,
    fromAmountText: format(saved.fromAmount, saved.fromToken.decimals, saved.fromToken.symbol),
    toAmountText: format(received ?? saved.toAmount, saved.toToken.decimals, saved.toToken.symbol),
    toAmountExact: received !== undefined,
    reached: saved.reached,
    sourceTxHash,
    sourceTxUrl: sourceTxHash ? explorerTxUrl(fromChain?.blockExplorerUrls, sourceTxHash) : undefined,
    destTxHash,
    destTxUrl: destTxHash ? explorerTxUrl(toChain?.blockExplorerUrls, destTxHash) : undefined,
    startedAt: saved.createdAt,
    broadcastAt: saved.broadcastAt,
    expectedMs: saved.expectedSeconds && saved.expectedSeconds * 1000,
    finishedAt: final ? (saved.finishedAt ?? saved.updatedAt) : undefined,
    needsGas: !!saved.needsGas,
    refund: saved.refundedAt !== undefined ? 'arrived' : session.tracking.watchingRefund(saved.intentId) ? 'watching' : undefined,
    requestId: saved.requestId,
    providerRequestId: saved.providerRequestId,
    intentId: saved.intentId,
    receiptPending: !!sourceTxHash && !saved.receiptAccepted && !final,
    lastCheckedAt: current.lastCheckedAt,
    nextCheckAt: final ? undefined : current.nextCheckAt,
    message,
  };
}

/** The token picker's options per side and chain, the same array while nothing they depend on changed: the picker indexes tokens per array. */
export class TokenOptions {
  readonly #memo = new Map<string, { inputs: readonly unknown[]; options: TokenOption[] }>();

  for({ remote, form }: TransferSession, config: SideConfig, side: Side): TokenOption[] {
    const chainId = form.values[`${side}ChainId`];
    const catalog = remote.catalog;
    const balances = remote.balances.value;
    const inputs = [catalog, balances, config.allowTokens, config.denyTokens];
    const key = `${side}:${chainId}`;
    const memo = this.#memo.get(key);
    if (memo && memo.inputs.every((v, i) => v === inputs[i])) return memo.options;
    const options = tokensFor(config, chainId, catalog?.tokens ?? []).map((t) => ({ ...t, balance: balanceOf(balances, chainId, t.address) }));
    this.#memo.set(key, { inputs, options });
    return options;
  }
}
