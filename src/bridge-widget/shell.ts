/**
 * What a later moment's view reads of <bridge-widget>: its session, its
 * language and the host's settings. The views live in the moments' chunks
 * (./moments/); the element hands them this and renders what they return.
 */
import type { TransferSession } from '../flow/session.js';
import type { LocaleController } from './controllers/locale-controller.js';

export interface Shell {
  readonly session: TransferSession;
  readonly i18n: LocaleController;
  /** The host's `unlimited-approval` opt-in, shown with the approvals. */
  readonly unlimitedApproval: boolean;
}
