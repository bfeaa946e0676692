/**
 * The account pill's events, fired by its menu's chunk (./account-menu.ts),
 * which reads its pill through an interface rather than importing it.
 */
import { PartEvent } from '../shared/part-event.js';

/** `bw-account-change`: the user chose "Change wallet". */
export class AccountChangeEvent extends PartEvent {
  static override readonly type = 'bw-account-change';
}

/** `bw-account-disconnect`: the user chose "Disconnect". */
export class AccountDisconnectEvent extends PartEvent {
  static override readonly type = 'bw-account-disconnect';
}

declare global {
  interface HTMLElementEventMap {
    'bw-account-change': AccountChangeEvent;
    'bw-account-disconnect': AccountDisconnectEvent;
  }
}
