import { html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { shortenHex } from '../../format/amount.js';
import { safeHttpUrl } from '../../format/safe-url.js';
import { fillParts, translate, type StringKey, type StringOverrides } from '../../i18n/strings.js';
import { PartElement } from '../shared/part.js';
import { hostStyles, partTokens } from '../shared/styles.js';
import { styles } from './status-tracker.styles.js';

export type TransferPhase = 'signing' | 'broadcast' | 'submitted' | 'bridging' | 'success' | 'failed' | 'not-found' | 'unknown';

export interface StatusView {
  phase: TransferPhase;
  rawStatus?: string;
  fromChainName: string;
  toChainName: string;
  fromAmountText: string;
  toAmountText?: string;
  sourceTxHash?: string;
  sourceTxUrl?: string;
  destTxHash?: string;
  destTxUrl?: string;
  startedAt: number;
  finishedAt?: number;
  needsGas: boolean;
  requestId?: string;
  providerRequestId?: string;
  intentId: string;
  receiptPending: boolean;
  lastCheckedAt?: number;
  nextCheckAt?: number;
  message?: string;
}

/** Detail of `new-transfer` and `status-dismiss`: the intent the tracker was showing. */
export interface StatusActionDetail {
  intentId: string;
}

/** Phases after which nothing changes any more. `unknown` is not final: it is still polled. */
export const FINAL_PHASES: readonly TransferPhase[] = ['success', 'failed', 'not-found'];

type StepStatus = 'done' | 'current' | 'todo' | 'failed';

const STEP_LABELS: readonly StringKey[] = ['status.stepSent', 'status.stepReceived', 'status.stepTransit', 'status.stepArrived'];

const ICON_CHECK = svg`<path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" />`;
const ICON_CROSS = svg`<path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" />`;
const ICON_SPINNER = svg`<circle class="spin" cx="8" cy="8" r="5.5" fill="none" stroke="currentColor" stroke-width="2" stroke-dasharray="24 11" />`;

/** "45 s", "2 min 05 s", "1 h 02 min" (the `duration.*` strings). */
export function formatDuration(ms: number, strings?: StringOverrides): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return translate(strings, 'duration.hm', { h: hours, m: pad(minutes) });
  if (minutes > 0) return translate(strings, 'duration.ms', { m: minutes, s: pad(seconds) });
  return translate(strings, 'duration.s', { s: seconds });
}

/**
 * @summary Progress of a submitted transfer, from the source transaction to arrival, with support details.
 *
 * Never claims success unless the phase is `success`: an unrecognised status
 * is shown as it was reported. Elapsed time ticks while the transfer is not final.
 *
 * @fires new-transfer - `CustomEvent<StatusActionDetail>` from "Start a new transfer", shown once the transfer is final. Bubbles, not composed.
 * @fires status-dismiss - `CustomEvent<StatusActionDetail>` from "Close". Bubbles, not composed.
 *
 * @csspart base - The whole tracker.
 * @csspart heading - The phase heading.
 * @csspart timing - Elapsed time and last check.
 * @csspart steps - The vertical stepper.
 * @csspart step - One step.
 * @csspart tx-link - A transaction explorer link.
 * @csspart notice - Every notice box; each also carries one of the parts below.
 * @csspart needs-gas - The "waiting for gas" warning.
 * @csspart refund - The failure and refund note.
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
  static override styles = [hostStyles, partTokens, styles];

  /** Everything the tracker shows about one transfer; nothing renders while undefined. */
  @property({ attribute: false }) view: StatusView | undefined = undefined;

  @state() private now = Date.now();
  @state() private copied: string | undefined = undefined;
  @state() private canCopy = false;

  private timer: ReturnType<typeof setInterval> | undefined;
  private copiedTimer: ReturnType<typeof setTimeout> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.canCopy = typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
    this.now = Date.now();
    this.timer = setInterval(() => {
      if (this.view && !FINAL_PHASES.includes(this.view.phase)) this.now = Date.now();
    }, 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
    clearTimeout(this.copiedTimer);
    this.timer = undefined;
    this.copiedTimer = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('view')) return;
    this.now = Date.now();
    const before = changed.get('view') as StatusView | undefined;
    const view = this.view;
    if (!view) return;
    const parts: string[] = [];
    if (before?.phase !== view.phase) {
      parts.push(view.phase === 'unknown' ? this.t('status.announceRaw', { status: view.rawStatus || this.t('status.notReported') }) : this.t(`status.${view.phase}`));
    }
    if (view.needsGas && !before?.needsGas) parts.push(this.t('status.announceGas'));
    if (view.receiptPending && !before?.receiptPending) parts.push(this.t('status.announceReporting'));
    if (parts.length) this.announce(parts.join('. '));
  }

  /** Focuses the phase heading (where a keyboard user lands when the tracker replaces the form). */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>('#heading')?.focus(options);
  }

  private emit(name: 'new-transfer' | 'status-dismiss'): void {
    const detail: StatusActionDetail = { intentId: this.view?.intentId ?? '' };
    this.dispatchEvent(new CustomEvent<StatusActionDetail>(name, { detail, bubbles: true, composed: false }));
  }

  private async copy(label: string, value: string): Promise<void> {
    clearTimeout(this.copiedTimer);
    try {
      await navigator.clipboard.writeText(value);
      this.copied = label;
      this.announce(this.t('status.copiedAnnounce', { label }));
    } catch {
      this.copied = undefined;
      this.announce(this.t('status.copyFailed', { label }));
    }
    this.copiedTimer = setTimeout(() => {
      this.copied = undefined;
    }, 2000);
  }

  override render() {
    const view = this.view;
    if (!view) return nothing;
    const final = FINAL_PHASES.includes(view.phase);
    return html`
      <section class="tracker" part="base" aria-labelledby="heading">
        <header>
          <h2 id="heading" class="heading ${view.phase}" part="heading" tabindex="-1">
            ${view.phase === 'success'
              ? html`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">${ICON_CHECK}</svg>`
              : view.phase === 'failed'
                ? html`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">${ICON_CROSS}</svg>`
                : nothing}
            ${this.t(`status.${view.phase}`)}
          </h2>
          <p class="summary">${this.t('status.summary', { amount: view.fromAmountText, from: view.fromChainName, to: view.toChainName })}</p>
          ${this.renderTiming(view, final)}
        </header>
        ${this.renderSteps(view)} ${this.renderNotices(view)} ${this.renderSupport(view)}
        <div class="actions" part="actions">
          <button class="secondary" part="close" type="button" @click=${() => this.emit('status-dismiss')}>${this.t('status.close')}</button>
          ${final
            ? html`<button class="primary" part="new-transfer" type="button" @click=${() => this.emit('new-transfer')}>
                ${this.t('status.new')}
              </button>`
            : nothing}
        </div>
        <div class="visually-hidden" aria-live="polite">${this.announcement}</div>
      </section>
    `;
  }

  private renderTiming(view: StatusView, final: boolean) {
    let elapsed: string | undefined;
    if (view.finishedAt !== undefined) elapsed = this.t('status.took', { duration: formatDuration(view.finishedAt - view.startedAt, this.strings) });
    else if (!final) elapsed = this.t('status.elapsed', { duration: formatDuration(this.now - view.startedAt, this.strings) });
    const checked = !final && view.lastCheckedAt !== undefined ? this.agoText(view.lastCheckedAt) : undefined;
    return html`<p class="timing" part="timing">
      ${elapsed ? html`<span>${elapsed}</span>` : nothing} ${checked ? html`<span>${checked}</span>` : nothing}
    </p>`;
  }

  private renderSteps(view: StatusView) {
    const statuses = this.stepStatuses(view);
    const sourceLink = view.sourceTxHash ? this.txLink(view.sourceTxHash, view.sourceTxUrl, 'source') : nothing;
    const details = [
      view.phase === 'signing'
        ? this.t('status.signing')
        : html`${this.t('status.sentDetail', { amount: view.fromAmountText, chain: view.fromChainName })}${view.sourceTxHash ? html` · ${sourceLink}` : nothing}`,
      view.receiptPending
        ? this.t('status.reporting')
        : view.phase === 'broadcast'
          ? this.t('status.waitingPickup')
          : nothing,
      view.phase === 'bridging'
        ? this.t('status.moving', { chain: view.toChainName })
        : view.phase === 'submitted'
          ? this.t('status.waitingStart')
          : nothing,
      view.phase === 'success'
        ? html`${view.toAmountText
            ? this.t('status.arrivedAmount', { amount: view.toAmountText, chain: view.toChainName })
            : this.t('status.arrivedOn', { chain: view.toChainName })}${view.destTxHash
            ? html` · ${this.txLink(view.destTxHash, view.destTxUrl, 'destination')}`
            : nothing}`
        : view.phase === 'failed'
          ? this.t('status.notArrived', { chain: view.toChainName })
          : nothing,
    ];
    return html`
      <ol part="steps" aria-label=${this.t('status.progress')}>
        ${STEP_LABELS.map((key, index) => {
          const label = this.t(key);
          const status = statuses[index] ?? 'todo';
          const detail = details[index];
          return html`
            <li class="step ${status}" part="step" aria-current=${status === 'current' ? 'step' : 'false'}>
              <span class="marker" aria-hidden="true">${this.marker(status)}</span>
              <span class="label">${label}<span class="visually-hidden">: ${this.t(`status.step.${status}`)}</span></span>
              ${detail === nothing ? nothing : html`<p class="detail">${detail}</p>`}
            </li>
          `;
        })}
      </ol>
    `;
  }

  private renderNotices(view: StatusView) {
    return html`
      ${view.needsGas
        ? html`<div class="notice warning" part="notice needs-gas">
            <p>${this.t('status.needsGas')}</p>
          </div>`
        : nothing}
      ${view.phase === 'failed'
        ? html`<div class="notice danger" part="notice refund">
            <p>${this.t('status.refund', { chain: view.fromChainName })}</p>
            ${view.message ? html`<p>${view.message}</p>` : nothing}
          </div>`
        : nothing}
      ${view.phase === 'not-found'
        ? html`<div class="notice danger" part="notice not-found">
            <p>${this.t('status.notFound')}</p>
            <p>${this.t('status.notFoundHelp')}</p>
          </div>`
        : nothing}
      ${view.phase === 'unknown'
        ? html`<div class="notice warning" part="notice unknown">
            <p>${this.t('status.raw', { status: view.rawStatus || this.t('status.notReported') })}</p>
            <p>${this.t('status.unknownHelp')}</p>
          </div>`
        : nothing}
      ${view.message && view.phase !== 'failed' ? html`<div class="notice" part="notice message"><p>${view.message}</p></div>` : nothing}
    `;
  }

  private renderSupport(view: StatusView) {
    const rows: Array<[string, string | undefined]> = [
      [this.t('status.intentId'), view.intentId],
      [this.t('status.requestId'), view.requestId],
      [this.t('status.providerRequestId'), view.providerRequestId],
      [this.t('status.sourceTx'), view.sourceTxHash],
    ];
    return html`
      <section class="support" part="support" aria-labelledby="support-heading">
        <h3 id="support-heading">${this.t('status.support')}</h3>
        <dl>
          ${rows.map(([label, value]) =>
            value
              ? html`<div class="row">
                  <dt>${label}</dt>
                  <dd>
                    <code>${value}</code>
                    ${this.canCopy
                      ? html`<button class="copy" part="copy" type="button" @click=${() => this.copy(label, value)}>
                          ${this.t(this.copied === label ? 'status.copied' : 'status.copy')}<span class="visually-hidden"> ${label}</span>
                        </button>`
                      : nothing}
                  </dd>
                </div>`
              : nothing,
          )}
        </dl>
      </section>
    `;
  }

  private stepStatuses(view: StatusView): StepStatus[] {
    const sent: StepStatus = view.sourceTxHash ? 'done' : 'todo';
    switch (view.phase) {
      case 'signing':
        return ['current', 'todo', 'todo', 'todo'];
      case 'broadcast':
        return ['done', 'current', 'todo', 'todo'];
      case 'submitted':
      case 'bridging':
        return ['done', 'done', 'current', 'todo'];
      case 'success':
        return ['done', 'done', 'done', 'done'];
      case 'failed':
        return [sent, 'todo', 'todo', 'failed'];
      case 'not-found':
      case 'unknown':
        return [sent, 'todo', 'todo', 'todo'];
    }
  }

  private marker(status: StepStatus) {
    const icon = status === 'done' ? ICON_CHECK : status === 'failed' ? ICON_CROSS : status === 'current' ? ICON_SPINNER : undefined;
    return icon ? html`<svg viewBox="0 0 16 16" focusable="false">${icon}</svg>` : nothing;
  }

  private txLink(hash: string, url: string | undefined, which: 'source' | 'destination') {
    const safe = safeHttpUrl(url);
    if (!safe) return html`<span>${fillParts(this.t('status.tx'), { hash: html`<code title=${hash}>${shortenHex(hash)}</code>` })}</span>`;
    return html`<a part="tx-link" href=${safe} target="_blank" rel="noopener noreferrer"
      >${this.t(which === 'source' ? 'status.viewSource' : 'status.viewDest')}<span class="visually-hidden">
        ${shortenHex(hash)} ${this.t('common.newTab')}</span
      ></a
    >`;
  }

  private agoText(at: number): string {
    const seconds = Math.max(0, Math.floor((this.now - at) / 1000));
    if (seconds < 1) return this.t('status.checkedNow');
    if (seconds < 60) return this.t('status.checkedSeconds', { seconds });
    return this.t('status.checkedMinutes', { minutes: Math.floor(seconds / 60) });
  }
}
