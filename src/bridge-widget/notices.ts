/**
 * The notices the element and its form share: a problem with its way to try
 * again, a chunk that could not be fetched, and the loading line. Their rules
 * (severity, the request id to quote) are in src/flow/problems.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { describeError, problemSeverity, supportRequestId, type Problem } from '../flow/problems.js';
import type { LocaleController } from './controllers/locale-controller.js';

export function renderProblem(
  i18n: LocaleController,
  problem: Problem,
  retry?: () => void,
  retryLabel: 'widget.retry' | 'widget.reload' = 'widget.retry',
): TemplateResult {
  const kind = problemSeverity(problem);
  const requestId = supportRequestId(problem);
  return html`<p class="notice ${kind}" role=${kind === 'info' ? 'status' : 'alert'} part="notice notice-${kind}">
    ${i18n.problemText(problem)}${requestId ? html`<small class="request">${i18n.t('widget.request', { id: requestId })}</small>` : nothing}
    ${retry ? html`<button class="secondary" part="secondary-button" @click=${retry}>${i18n.t(retryLabel)}</button>` : nothing}
  </p>`;
}

/** A part of the widget whose chunk could not be fetched: what went wrong, and Reload. */
export function renderReload(i18n: LocaleController, error: unknown): TemplateResult {
  return renderProblem(i18n, describeError(error), () => location.reload(), 'widget.reload');
}

export function renderLoading(i18n: LocaleController): TemplateResult {
  return html`<p class="notice info phase" part="notice notice-info"><span class="spinner" aria-hidden="true"></span>${i18n.t('widget.loading')}</p>`;
}
