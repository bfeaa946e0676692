/**
 * The shell's language and direction: which table and number format it uses
 * (the `locale` property, else the closest `lang`, else `<html lang>`, else
 * the browser's languages; see i18n/choose.ts) with the host's `strings` on
 * top, and whether it runs right to left. Handed to every part that asks (see
 * components/shared/locale.ts) and re-handed when it changes: when a language
 * add-on registers after the widget rendered, and when the page changes a
 * `lang` or `dir` attribute or the browser its languages.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import type { LocaleContext, LocaleRequestEvent } from '../../components/shared/locale.js';
import { formatAmount } from '../../format/amount.js';
import { formatPercent } from '../../format/number.js';
import { chooseLocale, directionOf, type LocaleChoice } from '../../i18n/choose.js';
import { failedLocale, loadLocale } from '../../i18n/loaders.js';
import {
  english,
  englishText,
  fill,
  LOCALES,
  onLocaleRegistered,
  plural,
  type PluralKey,
  type StringKey,
  type StringOverrides,
  type Strings,
  type Vars,
} from '../../i18n/strings.js';
import { errorKey, type Problem } from '../../flow/problems.js';

export interface LocaleHost extends ReactiveElement {
  locale: string;
  strings: StringOverrides | undefined;
}

interface Resolved extends LocaleContext {
  sources: string;
  direction: 'ltr' | 'rtl';
  strings: StringOverrides | undefined;
  choice: LocaleChoice;
  /** The table shown: the chosen language's once registered, English until then. */
  language: string;
  table: Strings;
}

export class LocaleController implements ReactiveController {
  #memo: Resolved | undefined;
  readonly #subscribers = new Set<(context: LocaleContext) => void>();
  #unwatch: (() => void) | undefined;
  #observer: MutationObserver | undefined;

  readonly #host: LocaleHost;

  constructor(host: LocaleHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.renderRoot.addEventListener('bw-locale-request', this.#onRequest as EventListener);
    this.#unwatch = onLocaleRegistered(this.#refresh);
    // A page that switches language sets `lang`/`dir` on <html> or a container: follow it.
    this.#observer ??= new MutationObserver(this.#refresh);
    this.#observer.observe(this.#host.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang', 'dir'], subtree: true });
    addEventListener('languagechange', this.#refresh);
  }

  hostDisconnected(): void {
    this.#host.renderRoot.removeEventListener('bw-locale-request', this.#onRequest as EventListener);
    this.#unwatch?.();
    this.#observer?.disconnect();
    removeEventListener('languagechange', this.#refresh);
  }

  /** Before each render: parts hear of a new language in the same update. */
  hostUpdate(): void {
    const before = this.#memo;
    const now = this.#resolve();
    if (before !== now) for (const callback of this.#subscribers) callback(now);
  }

  readonly #refresh = (): void => {
    this.#memo = undefined;
    this.#host.requestUpdate();
  };

  readonly #onRequest = (event: LocaleRequestEvent): void => {
    event.stopPropagation();
    const { callback } = event;
    this.#subscribers.add(callback);
    event.unsubscribe = () => this.#subscribers.delete(callback);
    callback(this.#current);
  };

  /** `lang` of the host and its ancestors, closest first, across shadow roots up to `<html>`. */
  #langs(): string[] {
    const langs: string[] = [];
    for (let node: Element | null = this.#host; node;) {
      const lang = node.getAttribute('lang');
      if (lang) langs.push(lang);
      node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
    }
    return langs;
  }

  /** The locale in use and the string table merged with the host's overrides, as of the last update (or a source change since). */
  get #current(): Resolved {
    return this.#memo ?? this.#resolve();
  }

  /** Reads the sources again; the same object while none changed. */
  #resolve(): Resolved {
    const host = this.#host;
    const langs = this.#langs();
    const languages = typeof navigator === 'object' ? (navigator.languages ?? []) : [];
    const sources = [host.locale, langs.join(), languages.join(), host.getAttribute?.('dir')].join('|');
    const memo = this.#memo;
    if (memo && memo.sources === sources && memo.strings === host.strings) return memo;
    const choice = chooseLocale({ attribute: host.locale, lang: langs, languages });
    // A table that arrives re-renders every widget (onLocaleRegistered); one that fails moves this one to its next choice.
    const load = choice.load;
    if (load) void loadLocale(load).then(() => failedLocale(load) && this.#refresh());
    const registered = LOCALES[choice.key];
    const language = registered ? choice.key : 'en';
    const base = registered ?? (english as Strings);
    const table = host.strings ? { ...base, ...host.strings } : base;
    const resolved: Resolved = { sources, strings: host.strings, choice, language, table, intl: choice.tag, rtl: false, direction: 'ltr' };
    // The language about to show decides how values sit in its sentences, even before its table arrives.
    resolved.rtl = directionOf(choice.load ? choice.key : this.#textLanguage(resolved)) === 'rtl';
    resolved.direction = this.#direction(resolved.rtl);
    return (this.#memo = resolved);
  }

  get intl(): string {
    return this.#current.intl;
  }

  /**
   * Language of the texts shown, for `lang` (so a screen reader pronounces German as German on an English page):
   * the table's, or the requested tag when the host's `strings` stand in for a language the widget lacks.
   */
  get textLanguage(): string {
    return this.#textLanguage(this.#current);
  }

  #textLanguage({ choice, language, strings }: Resolved): string {
    return choice.key === 'en' && language === 'en' && strings && choice.tag.split('-')[0] !== 'en' ? choice.tag : language;
  }

  /**
   * `dir` of the widget's content: the host's own `dir` attribute when it has
   * one; right to left for a language written so (`ar`, `he`, `fa`, chosen
   * even before its table arrives) or inside a right-to-left page or container.
   */
  get direction(): 'ltr' | 'rtl' {
    return this.#current.direction;
  }

  #direction(rtlText: boolean): 'ltr' | 'rtl' {
    const host = this.#host;
    const own = host.getAttribute?.('dir')?.toLowerCase();
    if (own === 'ltr' || own === 'rtl') return own;
    if (rtlText) return 'rtl';
    try {
      return host.matches?.(':dir(rtl)') ? 'rtl' : 'ltr';
    } catch {
      return host.closest?.('[dir]')?.getAttribute('dir')?.toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
    }
  }

  t(key: StringKey, vars?: Vars): string {
    const { table, intl, rtl } = this.#current;
    return fill(table[key] ?? englishText(key), vars, { locale: intl, rtl });
  }

  /** The form of the plural string `key` for `count`, by the locale's plural rules (`count` is also a variable). */
  plural(key: PluralKey, count: number, vars?: Vars): string {
    const { table, intl, rtl } = this.#current;
    return plural(table, key, count, intl, vars, rtl);
  }

  formatAmount(value: bigint, decimals: number, symbol?: string): string {
    const amount = formatAmount(value, decimals, { locale: this.intl });
    return symbol ? `${amount} ${symbol}` : amount;
  }

  /** A percentage the locale's way (`95%`, `95 %`, `%95`). */
  formatPercent(percent: number): string {
    return formatPercent(percent, this.intl);
  }

  /**
   * A problem in the widget's language. English keeps the flow's own, more
   * specific message; other languages and host overrides use the `error.<kind>`
   * string; kinds without one (a post-hook refusal, the unexpected) keep theirs.
   */
  problemText(problem: Problem): string {
    const key = errorKey(problem) as StringKey;
    const { language, table } = this.#current;
    // The language's own table, not English: the English of a later moment's kinds may not be here yet, a language add-on has them all.
    const text: unknown = this.#host.strings?.[key] ?? (language === 'en' ? undefined : table[key]);
    return typeof text === 'string' ? text : problem.message;
  }
}
