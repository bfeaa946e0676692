import { html, nothing, svg, type PropertyValues, type SVGTemplateResult, type PropertyDeclarations } from 'lit';
import { shortenHex } from '../../format/amount.js';
import { safeHttpUrl } from '../../format/safe-url.js';
import { formatDuration, formatRelative } from '../../format/duration.js';
import { SLOW_AFTER_MS } from '../../model/quote.js';
import { isFinalPhase, type TransferPhase } from '../../model/transfer-phase.js';
import { fillParts, type StringKey } from '../../i18n/strings.js';
import { CopyController } from '../shared/copy.js';
import { PartElement } from '../shared/part.js';
import { PartEvent } from '../shared/part-event.js';
import { hostStyles, partTokens, spinStyles } from '../shared/styles.js';
import { styles } from './status-tracker.styles.js';
import { enTracking } from '../../i18n/en/tracking.js';

export type { TransferPhase } from '../../model/transfer-phase.js';

export interface StatusView {
  /**
   * Where the transfer stands; `unknown` while the service's last status was a word it does not know (still
   * followed); `checking` while a reported success is read on the destination chain; `disputed` when that
   * chain contradicts it (never shown as complete).
   */
  phase: TransferPhase | 'unknown' | 'checking' | 'disputed';
  /** After `success` or `disputed`: what the destination chain showed (checked, not checked, or what it shows instead). */
  arrivalText?: string | undefined;
  rawStatus?: string;
  fromChainName: string;
  toChainName: string;
  fromAmountText: string;
  toAmountText?: string;
  /** `toAmountText` is what arrived (the status's `to_amount_wei`), not the quote's estimate. */
  toAmountExact?: boolean;
  /** The furthest phase the transfer reached before it ended: on `failed`, the steps up to it stay done. */
  reached?: 'submitted' | 'bridging';
  sourceTxHash?: string;
  sourceTxUrl?: string;
  /** The wallet took the transfer in one batch (EIP-5792) and has not reported it included yet. */
  batchPending?: boolean;
  destTxHash?: string;
  destTxUrl?: string;
  startedAt: number;
  /** When the source transaction was broadcast; "taking longer than usual" counts from here (from `startedAt` when unknown: records saved before it was kept). */
  broadcastAt?: number | undefined;
  finishedAt?: number;
  /** How long the route said it would take; past it since the broadcast (or past `SLOW_AFTER_MS` without one) the transfer is "taking longer than usual". */
  expectedMs?: number | undefined;
  needsGas: boolean;
  /** After `failed`: the refund was seen in the source balance (`arrived`), or that balance is being read for it (`watching`). */
  refund?: 'watching' | 'arrived' | undefined;
  /** After `failed`: the sentence in place of "a refund of {amount} … has been initiated", when the shell knows better (a deposit address sends back what reached it, to the sender). */
  refundText?: string | undefined;
  requestId?: string;
  providerRequestId?: string;
  intentId: string;
  receiptPending: boolean;
  lastCheckedAt?: number;
  nextCheckAt?: number;
  message?: string;
  /** A success that delivered less than the route guaranteed: the sentence that says so (shown as a warning, support details open). */
  belowMinimum?: string | undefined;
}

/** Detail of `bw-new-transfer` and `bw-status-dismiss`: the intent the tracker was showing. */
export interface StatusActionDetail {
  intentId: string;
}

/** `bw-new-transfer`: "Start a new transfer". */
export class NewTransferEvent extends PartEvent<StatusActionDetail> {
  static override readonly type = 'bw-new-transfer';
}

/** `bw-status-dismiss`: "Close". */
export class StatusDismissEvent extends PartEvent<StatusActionDetail> {
  static override readonly type = 'bw-status-dismiss';
}

/** Whether nothing changes any more: the model's one rule; `unknown` is not final, it is still polled. */
const isFinal = (phase: StatusView['phase']) => phase === 'disputed' || (phase !== 'unknown' && phase !== 'checking' && isFinalPhase(phase));

type StepStatus = 'done' | 'current' | 'todo' | 'failed';

/** The steps, as `status.step*` string keys. */
const STEPS = ['Sent', 'Received', 'Transit', 'Arrived'] as const;

/** The step in progress while the transfer moves (4: all done). Other phases only know what is certain. */
const CURRENT_STEP: Partial<Record<StatusView['phase'], number>> = { signing: 0, broadcast: 1, submitted: 2, bridging: 2, checking: 3, success: 4 };

// Stroke, fill and line caps come from the stylesheet.
const ICON_CHECK = svg`<path d="M3 8.5l3 3 7-7" />`;
const ICON_CROSS = svg`<path d="M4 4l8 8M12 4l-8 8" />`;
const ICON_SPINNER = svg`<circle class="spin" cx="8" cy="8" r="5.5" stroke-width="2" stroke-dasharray="24 11" />`;

/** Icons of the heading (by phase) and of the step markers (by step status). */
const ICONS: Partial<Record<StatusView['phase'] | StepStatus, SVGTemplateResult>> = {
  success: ICON_CHECK,
  done: ICON_CHECK,
  failed: ICON_CROSS,
  disputed: ICON_CROSS,
  current: ICON_SPINNER,
};

const icon = (name: StatusView['phase'] | StepStatus) => (ICONS[name] ? html`<svg viewBox="0 0 16 16" aria-hidden="true">${ICONS[name]}</svg>` : nothing);

function stepStatus(view: StatusView, index: number): StepStatus {
  const current = CURRENT_STEP[view.phase];
  if (current !== undefined) return index < current ? 'done' : index > current ? 'todo' : 'current';
  if ((view.phase === 'failed' || view.phase === 'disputed') && index === 3) return 'failed';
  // Steps never go backwards: what was shown as reached stays done when the transfer fails.
  const done = view.phase === 'disputed' || (view.phase === 'failed' && view.reached) ? 3 : view.sourceTxHash ? 1 : 0;
  return index < done ? 'done' : 'todo';
}

/** Re-exported: it lived here before the quote panel needed it too. */
export { formatDuration };

/**
 * @summary Progress of a submitted transfer, from the source transaction to arrival, with support details.
 *
 * Never claims success unless the phase is `success`: an unrecognised status
 * is shown as it was reported. Elapsed time ticks while the transfer is not final.
 *
 * @fires {NewTransferEvent} bw-new-transfer - `CustomEvent<StatusActionDetail>` from "Start a new transfer", shown once the transfer is final. Bubbles, not composed.
 * @fires {StatusDismissEvent} bw-status-dismiss - `CustomEvent<StatusActionDetail>` from "Close". Bubbles, not composed.
 *
 * @csspart base - The whole tracker.
 * @csspart heading - The phase heading.
 * @csspart timing - Elapsed time and last check.
 * @csspart steps - The vertical stepper.
 * @csspart step - One step.
 * @csspart tx-link - A transaction explorer link.
 * @csspart notice - Every notice box; each also carries one of the parts below.
 * @csspart needs-gas - The "waiting for gas" warning.
 * @csspart below-minimum - The warning that less than the guaranteed minimum arrived.
 * @csspart arrival - The warning that the destination chain contradicts the reported arrival.
 * @csspart refund - The failure and refund note; once the refund shows in the source balance, the note that it arrived.
 * @csspart not-found - The explanation when the service no longer knows the transfer.
 * @csspart unknown - The unrecognised-status note.
 * @csspart message - A message from the host.
 * @csspart support - The support details with copy buttons.
 * @csspart copy - A copy button.
 * @csspart actions - The button row.
 * @csspart new-transfer - "Start a new transfer".
 * @csspart close - "Close".
 *
 * @cssprop --bridge-color-success - Done steps and the success heading.
 * @cssprop --bridge-color-danger - Failure.
 * @cssprop --bridge-color-warning - Needs-gas and unknown-status notices.
 * @cssprop --bridge-color-accent - Current step, links and the primary button.
 * @cssprop --bridge-font-mono - Ids.
 */
export class StatusTracker extends PartElement {
  protected static override english = enTracking;

  static override properties: PropertyDeclarations = {
    view: { attribute: false },
    now: { state: true },
  };

  static override styles = [hostStyles, partTokens, spinStyles, styles];

  /** Everything the tracker shows about one transfer; nothing renders while undefined. */
  view?: StatusView;

  private now = Date.now();

  readonly #copies = new CopyController(this, (label, copied) => this.announce(this.t(copied ? 'status.copiedAnnounce' : 'status.copyFailed', { label })));
  #timer: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.now = Date.now();
    this.#timer = setInterval(() => {
      if (this.view && !isFinal(this.view.phase)) this.now = Date.now();
    }, 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#timer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('view')) return;
    this.now = Date.now();
    const before = changed.get('view') as StatusView | undefined;
    const view = this.view;
    if (!view) return;
    const parts: string[] = [];
    if (before?.phase !== view.phase) {
      parts.push(view.phase === 'unknown' ? this.t('status.announceRaw', { status: this.#rawStatus(view) }) : this.t(`status.${view.phase}`));
    }
    if (view.needsGas && !before?.needsGas) parts.push(this.t('status.announceGas'));
    if (view.refund === 'arrived' && before?.refund !== 'arrived') parts.push(this.#refundedText(view));
    if (view.receiptPending && !before?.receiptPending) parts.push(this.t('status.announceReporting'));
    this.announce(parts.join('. '));
  }

  /** Focuses the phase heading (where a keyboard user lands when the tracker replaces the form). */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>('#heading')?.focus(options);
  }

  #emit(Action: typeof NewTransferEvent | typeof StatusDismissEvent): void {
    this.dispatchEvent(new Action({ intentId: this.view?.intentId ?? '' }));
  }

  override render() {
    const view = this.view;
    if (!view) return nothing;
    const phase = view.phase;
    const final = isFinal(phase);
    const elapsed =
      view.finishedAt !== undefined || !final
        ? this.t(view.finishedAt !== undefined ? 'status.took' : 'status.elapsed', {
            duration: formatDuration((view.finishedAt ?? this.now) - view.startedAt, this.intl),
          })
        : '';
    const checked = !final && view.lastCheckedAt !== undefined ? this.#agoText(view.lastCheckedAt) : '';
    // The estimate is for the transfer itself: the time spent approving and signing before the broadcast does not count.
    const sinceBroadcast = this.now - (view.broadcastAt ?? view.startedAt);
    const slow = !final && sinceBroadcast > (view.expectedMs ?? SLOW_AFTER_MS);
    // The time left by the quote's estimate, in front while it lasts; then "taking longer than usual" says the rest.
    const left =
      !final && view.expectedMs && phase !== 'signing' && !slow
        ? this.t('status.left', { duration: formatDuration(Math.max(1_000, view.expectedMs - sinceBroadcast), this.intl) })
        : '';
    // A refund is the transfer's end, said calmly: on its way, then back.
    const title = phase === 'failed' ? (view.refund === 'arrived' ? 'status.refundedTitle' : 'status.refunding') : (`status.${phase}` as const);
    return html`
      <section class="tracker" part="base" aria-labelledby="heading">
        <header>
          <h2 id="heading" class="heading ${phase === 'failed' ? 'refund' : phase}" part="heading" tabindex="-1">${icon(phase)} ${this.t(title)}</h2>
          ${
            phase === 'success' && view.toAmountText
              ? html`<p class="received" part="received"><bdi dir="ltr">${view.toAmountText}</bdi></p>`
              : html`<p class="summary">${this.t('status.summary', { amount: view.fromAmountText, from: view.fromChainName, to: view.toChainName })}</p>`
          }
          <p class="timing" part="timing">
            ${[left || elapsed, checked].map((text) => (text ? html`<span>${text}</span> ` : nothing))}
          </p>
        </header>
        ${this.#renderSteps(view)}
        ${view.needsGas ? this.#notice('warning', 'needs-gas', this.t('status.needsGas')) : nothing}
        ${view.belowMinimum ? this.#notice('warning', 'below-minimum', view.belowMinimum) : nothing}
        ${slow ? this.#notice('', 'slow', this.t('status.slow')) : nothing}
        ${
          phase === 'failed'
            ? view.refund === 'arrived'
              ? this.#notice('', 'refund', this.#refundedText(view), view.message)
              : this.#notice(
                  'warning',
                  'refund',
                  view.refundText ?? this.t('status.refund', { amount: view.fromAmountText, chain: view.fromChainName }),
                  view.refund === 'watching' ? this.t('status.refundWatching', { chain: view.fromChainName }) : undefined,
                  view.message,
                )
            : phase === 'disputed'
              ? this.#notice('danger', 'arrival', view.arrivalText, this.t('status.disputedHelp', { chain: view.toChainName }))
              : phase === 'not-found'
                ? this.#notice('danger', 'not-found', this.t('status.notFound'), this.t('status.notFoundHelp'))
                : phase === 'unknown'
                  ? this.#notice('warning', 'unknown', this.t('status.raw', { status: this.#rawStatus(view) }), this.t('status.unknownHelp'))
                  : nothing
        }
        ${view.message && phase !== 'failed' ? this.#notice('', 'message', view.message) : nothing} ${this.#renderSupport(view, slow)}
        <div class="actions" part="actions">
          <button class="secondary" part="close" type="button" @click=${() => this.#emit(StatusDismissEvent)}>${this.t('status.close')}</button>
          ${
            final
              ? html`<button class="primary" part="new-transfer" type="button" @click=${() => this.#emit(NewTransferEvent)}>
                ${this.t('status.new')}
              </button>`
              : nothing
          }
        </div>
        <div class="visually-hidden" aria-live="polite">${this.announcement}</div>
      </section>
    `;
  }

  #renderSteps(view: StatusView) {
    const { phase, toChainName: chain } = view;
    const details = [
      phase === 'signing'
        ? this.t(view.batchPending ? 'status.batchPending' : 'status.signing')
        : html`${this.t('status.sentDetail', { amount: view.fromAmountText, chain: view.fromChainName })}${this.#txLink(view.sourceTxHash, view.sourceTxUrl, 'status.viewSource')}`,
      view.receiptPending ? this.t('status.reporting') : phase === 'broadcast' ? this.t('status.waitingPickup') : '',
      phase === 'bridging' ? this.t('status.moving', { chain }) : phase === 'submitted' ? this.t('status.waitingStart') : '',
      phase === 'success'
        ? html`${
            view.arrivalText ??
            (view.toAmountText
              ? this.t(view.toAmountExact ? 'status.arrivedExact' : 'status.arrivedAmount', { amount: view.toAmountText, chain })
              : this.t('status.arrivedOn', { chain }))
          }${this.#txLink(view.destTxHash, view.destTxUrl, 'status.viewDest')}`
        : phase === 'checking'
          ? html`${this.t('status.checkingDetail', { chain })}${this.#txLink(view.destTxHash, view.destTxUrl, 'status.viewDest')}`
          : phase === 'failed' || phase === 'disputed'
            ? html`${this.t('status.notArrived', { chain })}${phase === 'disputed' ? this.#txLink(view.destTxHash, view.destTxUrl, 'status.viewDest') : nothing}`
            : '',
    ];
    return html`
      <ol part="steps" aria-label=${this.t('status.progress')}>
        ${STEPS.map((step, index) => {
          const status = stepStatus(view, index);
          return html`
            <li class="step ${status}" part="step" aria-current=${status === 'current' ? 'step' : 'false'}>
              <span class="marker" aria-hidden="true">${icon(status)}</span>
              <span class="label">${this.t(`status.step${step}`)}<span class="visually-hidden">: ${this.t(`status.step.${status}`)}</span></span>
              ${details[index] ? html`<p class="detail">${details[index]}</p>` : nothing}
            </li>
          `;
        })}
      </ol>
    `;
  }

  /** A notice box of paragraphs (empty ones left out), with the `notice` part and its own. */
  #notice(kind: string, part: string, ...paragraphs: Array<string | undefined>) {
    return html`<div class="notice ${kind}" part="notice ${part}">${paragraphs.map((text) => (text ? html`<p>${text}</p> ` : nothing))}</div>`;
  }

  #renderSupport(view: StatusView, slow: boolean) {
    const rows: Array<[StringKey, string | undefined]> = [
      ['status.intentId', view.intentId],
      ['status.requestId', view.requestId],
      ['status.providerRequestId', view.providerRequestId],
      ['status.sourceTx', view.sourceTxHash],
      ['status.destTx', view.destTxHash],
    ];
    // Open where the text above asks the user to quote them (failed, not found, unclear, slow); one click away otherwise.
    return html`
      <details class="support" part="support" ?open=${slow || !!view.belowMinimum || ['failed', 'not-found', 'unknown', 'disputed'].includes(view.phase)}>
        <summary><h3>${this.t('status.support')}</h3></summary>
        <dl>
          ${rows.map(([key, value]) => {
            if (!value) return nothing;
            const label = this.t(key);
            return html`<div>
              <dt>${label}</dt>
              <dd>
                <code dir="ltr">${value}</code>
                ${
                  this.#copies.canCopy
                    ? html`<button class="copy pill" part="copy" type="button" @click=${() => this.#copies.copy(label, value)}>
                      ${this.t(this.#copies.copied === label ? 'status.copied' : 'status.copy')}<span class="visually-hidden"> ${label}</span>
                    </button>`
                    : nothing
                }
              </dd>
            </div>`;
          })}
        </dl>
      </details>
    `;
  }

  /** " · " and the transaction's explorer link (or its shortened hash when the URL is unsafe); nothing without a hash. */
  #txLink(hash: string | undefined, url: string | undefined, linkText: 'status.viewSource' | 'status.viewDest') {
    if (!hash) return nothing;
    const safe = safeHttpUrl(url);
    return html` · ${
      safe
        ? html`<a part="tx-link" href=${safe} target="_blank" rel="noopener noreferrer"
            >${this.t(linkText)}<span class="visually-hidden"> ${shortenHex(hash)} ${this.t('common.newTab')}</span></a
          >`
        : html`<span>${fillParts(this.t('status.tx'), { hash: html`<code dir="ltr" title=${hash}>${shortenHex(hash)}</code>` }, { rtl: this.rtl })}</span>`
    }`;
  }

  #refundedText(view: StatusView): string {
    return this.t('status.refunded', { amount: view.fromAmountText, chain: view.fromChainName });
  }

  #rawStatus(view: StatusView): string {
    return view.rawStatus || this.t('status.notReported');
  }

  #agoText(at: number): string {
    const seconds = Math.max(0, Math.floor((this.now - at) / 1000));
    return seconds < 1 ? this.t('status.checkedNow') : this.t('status.checked', { when: formatRelative(-seconds, this.intl) });
  }
}

declare global {
  interface HTMLElementEventMap {
    'bw-new-transfer': NewTransferEvent;
    'bw-status-dismiss': StatusDismissEvent;
  }
}
