/**
 * The quote's breakdown: the provider with its reliability and the refresh
 * countdown, then what arrives, the guaranteed minimum, each fee, the total
 * and the expected time (or a skeleton of the same rows while the first quote
 * loads). The swap box shows it when its quote line is opened, the full
 * `<bw-quote-panel>` always: a chunk of its own, with its styles and English,
 * so the first load carries only the one-line summary. The panel imports it
 * when it is opened (or connected, for the full panel); the widget fetches it
 * before that while the page is idle (src/bridge-widget/controllers/moment-controller.ts).
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Estimate } from '../../api/schemas.js';
import { formatUsd } from '../../format/amount.js';
import { formatEstimate, formatRelative, secondsUntil } from '../../format/duration.js';
import { formatPercent } from '../../format/number.js';
import { enQuote } from '../../i18n/en/quote.js';
import { addEnglish, english, translate, type StringKey, type StringOverrides, type Vars } from '../../i18n/strings.js';
import { expectedSeconds, isPaidOnTop } from '../../model/quote.js';
import { cssProperties } from '../shared/css-properties.js';

// The breakdown's English, before it renders.
addEnglish(enQuote);

/**
 * `gas_receiver` → "Destination gas fee", `serviceFee` → "Service fee"; known kinds
 * come from the string table (`fee.*`), unknown ones are shown as text, never as markup.
 */
export function humanFeeType(type: string, strings?: StringOverrides): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/(^| )fee$/, '');
  if (!words) return translate(strings, 'fee.generic');
  const key = `fee.${words.replace(/ /g, '_')}`;
  // Every key starts with `fee.`, so `in` finds no inherited name.
  if (key in english) return translate(strings, key as StringKey);
  return translate(strings, 'fee.other', { name: words.charAt(0).toUpperCase() + words.slice(1) });
}

/** What the breakdown shows, read from the quote panel at each render. */
export interface BreakdownView {
  estimate: Estimate | undefined;
  /** The first quote is being fetched (a skeleton without an estimate). */
  loading: boolean;
  /** A quote is being fetched or refreshed: the numbers shown are dimmed. */
  busy: boolean;
  provider: string | undefined;
  reliabilityScore: number | undefined;
  refreshAt: number | undefined;
  /** Epoch ms of the panel's clock, ticking while a countdown runs. */
  now: number;
  /** Total fees (USD) before the last slippage change, when they differ. */
  feesWere: string | undefined;
  /** The token sent: fees on its chain in another token are paid on top. */
  source: { chainId: string; address: string } | undefined;
  t(key: StringKey, vars?: Vars): string;
  /** The host's string overrides, for fee kinds. */
  table: StringOverrides | undefined;
  intl: string | undefined;
  /** An amount with its symbol, the locale's way. */
  amount(value: bigint, decimals: number, symbol: string): string;
  /** An amount of the token received. */
  received(value: bigint): string;
  /** A fiat amount, reading left to right in a right-to-left layout too. */
  usd(text: string | undefined): TemplateResult | undefined;
}

/** The header and the rows: the amounts and fees, a skeleton of them while the first quote loads, or the empty line. */
export function renderBreakdown(view: BreakdownView): TemplateResult {
  const body = view.estimate || view.loading ? renderDetails(view, view.estimate) : html`<p class="empty">${view.t('quote.empty')}</p>`;
  return html`${renderHeader(view)} ${body}`;
}

function renderHeader(view: BreakdownView) {
  const { provider, estimate, refreshAt, t } = view;
  const score = view.reliabilityScore ?? NaN;
  const percent = Math.round(Math.min(1, Math.max(0, score)) * 100);
  const seconds = secondsUntil(refreshAt ?? 0, view.now);
  return html`
    <div class="header" part="header">
      <span class="provider">
        <span class="provider-name" part=${provider ? 'provider' : nothing} title=${provider || nothing}
          >${provider ? t('quote.via', { provider }) : t(estimate || !view.loading ? 'quote.label' : 'quote.finding')}</span
        >
        ${
          Number.isFinite(score)
            ? html`<span class="reliability" part="reliability">
                <span class="meter" aria-hidden="true"><span style=${cssProperties({ width: `${percent}%` })}></span></span>
                ${t('quote.reliable', { percent: formatPercent(percent, view.intl) })}
              </span>`
            : nothing
        }
      </span>
      <span class="refresh" part="refresh"
        >${
          view.busy
            ? html`<span class="spinner" aria-hidden="true"></span>${t(estimate ? 'quote.updating' : 'quote.loading')}`
            : refreshAt === undefined || !estimate
              ? nothing
              : t(seconds > 0 ? 'quote.refreshIn' : 'quote.refreshing', { when: formatRelative(seconds, view.intl) })
        }</span
      >
    </div>
  `;
}

/** The amounts and fees; without an estimate (the first quote is loading), a skeleton of the same rows. */
function renderDetails(view: BreakdownView, estimate: Estimate | undefined) {
  const { t, intl } = view;
  const row = (kind: string, part: string | typeof nothing, label: unknown, value: unknown) =>
    html`<div class="row ${kind}" part=${part}><dt>${label}</dt> <dd>${value}</dd></div> `;
  /** `text`, followed by its USD value in parentheses when known. */
  const withUsd = (text: unknown, usd: string | undefined) => {
    const formatted = formatUsd(usd, intl);
    return formatted ? html`${text} <span class="usd">${view.usd(`(${formatted})`)}</span>` : text;
  };
  const receive = t('quote.receive');
  const minimum = t('quote.minimum');
  const totalFees = t('quote.totalFees');
  if (!estimate) {
    const bar = html`<span class="bar"></span>`;
    const short = html`<span class="bar short"></span>`;
    return html`
      <dl part="skeleton" aria-hidden="true">
        ${row('primary', nothing, receive, bar)} ${row('', nothing, minimum, bar)} ${row('fee', nothing, short, bar)}
        ${row('total', nothing, totalFees, short)}
      </dl>
    `;
  }
  const seconds = expectedSeconds(estimate);
  return html`
    <dl part="details" class=${view.busy ? 'stale' : ''}>
      ${row('primary', 'received', receive, withUsd(t('quote.approx', { amount: view.received(estimate.toAmount) }), estimate.toAmountUsd))}
      ${row('', 'minimum', minimum, withUsd(html`<bdi>${view.received(estimate.toAmountMin)}</bdi>`, estimate.toAmountMinUsd))}
      ${estimate.fees.map((fee) => {
        const label = humanFeeType(fee.type, view.table);
        const amount = view.amount(fee.amount, fee.token.decimals, fee.token.symbol);
        return isPaidOnTop(fee, view.source)
          ? row('fee', 'fee fee-on-top', t('quote.onTop', { fee: label }), withUsd(html`+ <bdi>${amount}</bdi>`, fee.amountUsd))
          : row('fee', 'fee', label, withUsd(html`<bdi>${amount}</bdi>`, fee.amountUsd));
      })}
      ${row(
        'total',
        'total-fees',
        totalFees,
        html`${view.usd(formatUsd(estimate.totalFeesUsd, intl)) ?? t('quote.notAvailable')}${
          view.feesWere === undefined
            ? nothing
            : html` <span class="usd" part="fees-were">${t('quote.feesWere', { fees: formatUsd(view.feesWere, intl) ?? '?' })}</span>`
        }`,
      )}
      ${seconds ? row('', 'duration', t('quote.duration'), t('quote.approx', { amount: formatEstimate(seconds, intl) })) : nothing}
    </dl>
  `;
}

/** The breakdown's styles, adopted by the panel beside its own once this chunk is here. */
export const breakdownStyles = css`
  /* Children of a flex row are blockified: they need no inline-flex. */
  .header,
  .provider,
  .reliability,
  .refresh {
    display: flex;
    align-items: center;
    gap: 6px;
  }
  .header,
  .provider {
    flex-wrap: wrap;
    gap: 4px 8px;
  }
  .header {
    justify-content: space-between;
    min-height: 24px;
  }
  .provider {
    min-width: 0;
  }
  .provider-name,
  .reliability,
  .refresh {
    white-space: nowrap;
  }
  .provider-name {
    min-width: 0;
    max-width: 100%;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .reliability,
  .refresh,
  dt,
  .stale dd,
  .empty {
    color: var(--_muted);
  }
  .meter {
    width: 40px;
    height: 6px;
    border-radius: 3px;
    background: var(--_border);
    overflow: hidden;
  }
  .meter,
  .bar {
    display: inline-block;
  }
  .meter > span {
    display: block;
    height: 100%;
    background: var(--_success);
  }
  .refresh {
    margin-inline-start: auto;
    font-size: var(--_fs-s);
  }

  dl {
    display: grid;
    gap: 6px;
  }
  .row {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 0 12px;
    min-height: 1.4em;
  }
  .row > * {
    min-width: 0;
  }
  dt {
    flex: none;
    max-width: 55%;
  }
  /* Label and value stay on one row; a narrow row wraps the value's USD part under its amount, never a number. */
  dd {
    flex: 1 1 auto;
    text-align: end;
  }
  .primary dd {
    font-size: var(--_fs-m);
    font-weight: 600;
  }
  .fee dt {
    padding-inline-start: 12px;
  }
  .total {
    border-block-start: 1px solid var(--_border);
    padding-block-start: 6px;
  }

  .empty {
    text-align: center;
    padding: 24px 0;
  }

  .bar {
    width: 7em;
    height: 0.9em;
    border-radius: 4px;
    vertical-align: middle;
    background: linear-gradient(90deg, var(--_surface) 25%, var(--_border) 50%, var(--_surface) 75%);
    background-size: 200% 100%;
    animation: shimmer 1.4s ease-in-out infinite;
  }
  .bar.short {
    width: 4em;
  }
  @keyframes shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: -100% 0;
    }
  }
  /* The shimmer sweeps the way the text runs. */
  .bar:dir(rtl) {
    animation-direction: reverse;
  }
  @media (prefers-reduced-motion: reduce) {
    .bar {
      animation: none;
    }
  }
`;
