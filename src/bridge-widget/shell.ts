/**
 * What a later moment's view reads of <bridge-widget>: its session, its
 * language and the host's settings. The views live in the moments' chunks
 * (./moments/); the element hands them this and renders what they return.
 */
import type { TransferSession } from '../flow/session.js';
import type { LocaleController } from './controllers/locale-controller.js';
import type { MomentController } from './controllers/moment-controller.js';

export interface Shell {
  readonly session: TransferSession;
  readonly i18n: LocaleController;
  /** The host's `unlimited-approval` opt-in, shown with the approvals. */
  readonly unlimitedApproval: boolean;
  /** The later moments' chunks: a view that shows another moment's (the tracker, a deposit transfer's address) asks for it here. */
  readonly moments: MomentController;
}
