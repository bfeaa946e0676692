/**
 * What a later moment's view reads of <bridge-widget>: its session, its
 * language and the host's settings. The views live in the moments' chunks
 * (./moments/); the element hands them this and renders what they return.
 */
import type { TemplateResult } from 'lit';
import type { TransferSession } from '../flow/session.js';
import type { LocaleController } from './controllers/locale-controller.js';

export interface Shell {
  readonly session: TransferSession;
  readonly i18n: LocaleController;
  /** The host's `unlimited-approval` opt-in, shown with the approvals. */
  readonly unlimitedApproval: boolean;
  /** A deposit transfer's address, drawn by the deposit moment once its chunk is here (until then the loading line, or what went wrong): the tracker shows it while nothing has arrived. */
  renderDepositScreen(): TemplateResult;
}
