/**
 * How a part gets its language without the shell passing `.strings` and
 * `.locale` to each one (the idea of Shoelace's LocalizeController and of
 * @lit/context): a part asks its ancestors with `bw-locale-request` when it
 * connects; <bridge-widget> answers and calls back on every change. A part
 * nobody answers shows English and the browser's number format.
 */
import type { StringOverrides } from '../../i18n/strings.js';

/** The language a provider hands to its parts. */
export interface LocaleContext {
  /** The string table: the language's, with the host's overrides. */
  table: StringOverrides;
  /** BCP 47 tag for number, date and plural formatting. */
  intl: string;
  /** The texts are in a right-to-left language: values inside sentences are isolated so they keep their own direction. */
  rtl: boolean;
}

/** Internal event (bubbles, not composed): a part asks for the language and subscribes to its changes. */
export class LocaleRequestEvent extends Event {
  /** Set by the provider that answers: stops the callbacks. */
  unsubscribe: (() => void) | undefined;

  constructor(readonly callback: (context: LocaleContext) => void) {
    super('bw-locale-request', { bubbles: true, composed: false });
  }
}

declare global {
  interface HTMLElementEventMap {
    'bw-locale-request': LocaleRequestEvent;
  }
}
