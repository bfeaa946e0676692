import { LitElement } from 'lit';
import { property, state } from 'lit/decorators.js';
import { translate, type StringKey, type StringOverrides, type Vars } from '../../i18n/strings.js';

/** Detail of the internal `bw-announce` event. */
export interface AnnounceDetail {
  message: string;
}

/**
 * Base of the presentational parts: strings and locale come in as properties
 * (from <bridge-widget>, or English and the browser's locale when a part is
 * used on its own), and status messages go out through `announce`.
 *
 * `announce` fires `bw-announce` (bubbles, not composed, cancelable). The
 * shell cancels it and speaks the message through its one live region, so a
 * screen reader hears each change once; a part used on its own speaks through
 * its own polite region instead (render `this.announcement` in one).
 */
export class PartElement extends LitElement {
  /** Strings to use instead of the English defaults: any subset of the table's keys (see `src/i18n`). */
  @property({ attribute: false }) strings: StringOverrides | undefined = undefined;

  /** BCP 47 locale for numbers, durations and plural forms; the browser's when unset. */
  @property() locale: string | undefined = undefined;

  /** Text of the part's own live region, used when no shell takes the announcement. */
  @state() protected announcement = '';

  protected t(key: StringKey, vars?: Vars): string {
    return translate(this.strings, key, vars);
  }

  protected announce(message: string): void {
    if (!message) return;
    const event = new CustomEvent<AnnounceDetail>('bw-announce', { detail: { message }, bubbles: true, composed: false, cancelable: true });
    if (this.dispatchEvent(event)) this.announcement = message;
  }
}

declare global {
  interface HTMLElementEventMap {
    'bw-announce': CustomEvent<AnnounceDetail>;
  }
}
