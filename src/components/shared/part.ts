import { LitElement, type PropertyDeclarations } from 'lit';
import { directionOf } from '../../i18n/choose.js';
import { addEnglish, plural, translate, type PluralKey, type StringKey, type StringOverrides, type Strings, type Vars } from '../../i18n/strings.js';
import { LocaleRequestEvent, type LocaleContext } from './locale.js';
import { PartEvent } from './part-event.js';

/** Detail of the internal `bw-announce` event. */
export interface AnnounceDetail {
  message: string;
}

/** `bw-announce` (cancelable): a part has a status message to speak; the shell cancels it and speaks it in its own live region. */
export class AnnounceEvent extends PartEvent<AnnounceDetail> {
  static override readonly type = 'bw-announce';
}

/**
 * Base of the presentational parts: strings and locale come from the closest
 * <bridge-widget> (see `locale.ts`), or from the `strings` and `locale`
 * properties, which win when set; a part used on its own shows English and the
 * browser's locale. Status messages go out through `announce`.
 *
 * `announce` fires `bw-announce` (bubbles, not composed, cancelable). The
 * shell cancels it and speaks the message through its one live region, so a
 * screen reader hears each change once; a part used on its own speaks through
 * its own polite region instead (render `this.announcement` in one).
 *
 * @fires {AnnounceEvent} bw-announce - `CustomEvent<AnnounceDetail>`: a status message to speak. Bubbles, not composed, cancelable (the shell cancels it and speaks it itself).
 */
export class PartElement extends LitElement {
  static override properties: PropertyDeclarations = {
    strings: { attribute: false },
    locale: {},
    announcement: { state: true },
  };

  /**
   * The English strings of a later moment that this part shows (src/i18n/en/review.ts, …): they join the
   * English table when the part connects, so a part used on its own has them too.
   */
  protected static english: Partial<Strings> | undefined = undefined;

  /** Strings to use instead of the English defaults: any subset of the table's keys (see `src/i18n`). */
  strings: StringOverrides | undefined = undefined;

  /** BCP 47 locale for numbers, durations and plural forms; the browser's when unset. */
  locale: string | undefined = undefined;

  /** Text of the part's own live region, used when no shell takes the announcement. */
  protected announcement = '';

  /** The language the closest <bridge-widget> hands down, while connected under one. */
  #context: LocaleContext | undefined;
  #localeRequest: LocaleRequestEvent | undefined;

  override connectedCallback(): void {
    const { english } = this.constructor as typeof PartElement;
    if (english) addEnglish(english);
    super.connectedCallback();
    this.#localeRequest = new LocaleRequestEvent((context) => {
      this.#context = context;
      this.requestUpdate();
    });
    this.dispatchEvent(this.#localeRequest);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#localeRequest?.unsubscribe?.();
    this.#context = undefined;
  }

  /** The string table in use: the `strings` property, else the shell's. */
  protected get table(): StringOverrides | undefined {
    return this.strings ?? this.#context?.table;
  }

  /** The locale in use for numbers: the `locale` property, else the shell's. */
  protected get intl(): string | undefined {
    return this.locale ?? this.#context?.intl;
  }

  /** Whether the texts are in a right-to-left language: the shell's, or the `locale`'s for a part on its own. */
  protected get rtl(): boolean {
    return this.#context?.rtl ?? directionOf(this.intl ?? '') === 'rtl';
  }

  protected t(key: StringKey, vars?: Vars): string {
    return translate(this.table, key, vars, { locale: this.intl, rtl: this.rtl });
  }

  /** The plural form of `key` for `count` (also a variable), by the locale's plural rules. */
  protected plural(key: PluralKey, count: number, vars?: Vars): string {
    return plural(this.table, key, count, this.intl, vars, this.rtl);
  }

  protected announce(message: string): void {
    if (!message) return;
    const event = new AnnounceEvent({ message }, { cancelable: true });
    if (this.dispatchEvent(event)) this.announcement = message;
  }
}

declare global {
  interface HTMLElementEventMap {
    'bw-announce': AnnounceEvent;
  }
}
