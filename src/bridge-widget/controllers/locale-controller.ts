/**
 * The shell's language: which table and number format it uses (the `locale`
 * property, else the closest `lang`, with the host's `strings` on top), handed
 * to every part that asks (see components/shared/locale.ts) and re-handed when
 * it changes, including when a locale add-on registers after the widget.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import type { LocaleContext, LocaleRequestEvent } from '../../components/shared/locale.js';
import { formatAmount } from '../../format/amount.js';
import {
  en,
  fill,
  onLocaleRegistered,
  plural,
  resolveLocale,
  type PluralBase,
  type ResolvedLocale,
  type StringKey,
  type StringOverrides,
  type Strings,
  type Vars,
} from '../../i18n/strings.js';
import { englishText, errorKey, type Problem } from '../../flow/problems.js';

export interface LocaleHost extends ReactiveElement {
  locale: string;
  strings: StringOverrides | undefined;
}

interface Resolved extends LocaleContext {
  requested: string;
  strings: StringOverrides | undefined;
  resolved: ResolvedLocale;
  table: Strings;
}

export class LocaleController implements ReactiveController {
  #memo: Resolved | undefined;
  readonly #subscribers = new Set<(context: LocaleContext) => void>();
  #unwatch: (() => void) | undefined;

  readonly #host: LocaleHost;

  constructor(host: LocaleHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.renderRoot.addEventListener('bw-locale-request', this.#onRequest as EventListener);
    this.#unwatch = onLocaleRegistered(() => {
      this.#memo = undefined;
      this.#host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.#host.renderRoot.removeEventListener('bw-locale-request', this.#onRequest as EventListener);
    this.#unwatch?.();
  }

  /** Before each render: parts hear of a new language in the same update. */
  hostUpdate(): void {
    const before = this.#memo;
    const now = this.#current;
    if (before !== now) for (const callback of this.#subscribers) callback(now);
  }

  readonly #onRequest = (event: LocaleRequestEvent): void => {
    event.stopPropagation();
    const { callback } = event;
    this.#subscribers.add(callback);
    event.unsubscribe = () => this.#subscribers.delete(callback);
    callback(this.#current);
  };

  /** The locale in use and the string table merged with the host's overrides (memoised). */
  get #current(): Resolved {
    const host = this.#host;
    const inherited = typeof host.closest === 'function' ? host.closest('[lang]')?.getAttribute('lang') : undefined;
    const requested = host.locale || inherited || '';
    const memo = this.#memo;
    if (memo && memo.requested === requested && memo.strings === host.strings) return memo;
    const resolved = resolveLocale(requested);
    const table = host.strings ? { ...resolved.table, ...host.strings } : resolved.table;
    return (this.#memo = { requested, strings: host.strings, resolved, table, intl: resolved.intl });
  }

  get intl(): string {
    return this.#current.intl;
  }

  /** Language of the texts shown, for `lang` (so a screen reader pronounces German as German on an English page). */
  get textLanguage(): string {
    const { resolved, strings } = this.#current;
    const requested = resolved.intl.split('-')[0] ?? '';
    return requested !== resolved.language && strings ? resolved.intl : resolved.language;
  }

  t(key: StringKey, vars?: Vars): string {
    return fill(this.#current.table[key] ?? en[key], vars);
  }

  /** The `.one` or `.other` form of `base` for `count`, by the locale's plural rules. */
  plural(base: PluralBase, count: number): string {
    return plural(this.#current.table, base, count, this.intl);
  }

  formatAmount(value: bigint, decimals: number, symbol?: string): string {
    const amount = formatAmount(value, decimals, { locale: this.intl });
    return symbol ? `${amount} ${symbol}` : amount;
  }

  /**
   * A problem in the widget's language. English keeps the flow's own, more
   * specific message; other languages and host overrides use the `error.<kind>`
   * string; kinds without one (a post-hook refusal, the unexpected) keep theirs.
   */
  problemText(problem: Problem): string {
    const key = errorKey(problem) as StringKey;
    if (englishText(key) === undefined) return problem.message;
    return this.#host.strings?.[key] ?? (this.#current.resolved.language === 'en' ? problem.message : this.t(key));
  }
}
