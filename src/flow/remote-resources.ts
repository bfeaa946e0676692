/**
 * What the session reads from the service: the chain list and token pages,
 * the balances, the quote, and the pickers' searches. Each is a `@lit/task`
 * Task hosted by the session (a DOM-free ReactiveControllerHost): a newer run
 * aborts the older one, the value shown stays while the next is pending, and
 * the status says which is which. A 429 the client could not ride out is
 * tried again when the service allows.
 */
import { Task, TaskStatus } from '@lit/task';
import type { ReactiveControllerHost } from '@lit/reactive-element';
import type { WidgetClient } from '../api/client.js';
import { RateLimitedError } from '../api/errors.js';
import type { BalancesResponse, Chain } from '../api/schemas.js';
import type { BridgeEventDetails } from '../events/index.js';
import { english } from '../i18n/strings.js';
import { sleep } from '../model/sleep.js';
import type { Address } from '../wallet/index.js';
import { TokenCatalog, heldTokens } from './catalog.js';
import { SIDES, type Catalog, type QuoteInputs, type QuoteResult, type Side } from './form.js';
import type { FormState } from './form-state.js';
import type { KeyValueStorage } from './storage.js';
import { isAborted } from './problems.js';

export const QUOTE_DEBOUNCE_MS = 400;
export const QUOTE_REFRESH_MS = 20_000;
const BALANCE_REPOLL_MS = 2_000;
const BALANCE_REPOLL_LIMIT = 5;
/** Typing pauses this long before the picker's text goes to the service; a newer keystroke aborts the wait and the request. */
export const TOKEN_SEARCH_DEBOUNCE_MS = 250;

/** What the remote resources read of the session. */
export interface RemoteContext {
  readonly client: WidgetClient | undefined;
  connected(): boolean;
  account(): Address | undefined;
  /** The draft's quote request; undefined while the form is incomplete or not on screen. */
  quoteInputs(): QuoteInputs | undefined;
  /** Whether the form is on screen (a quote is refreshed only there). */
  inForm(): boolean;
  /** The form: which chain each side shows, which tokens the host named, and the presets to apply once the catalog is in. */
  readonly form: Pick<FormState, 'presetChains' | 'sideChains' | 'namedTokens' | 'applyPresets' | 'presetQuote' | 'presetQuoteAnswered'>;
  /** The wait after a keystroke before a quote is asked (QUOTE_DEBOUNCE_MS); longer or shorter in tests. */
  readonly quoteDebounceMs?: number | undefined;
  emit<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void;
}

type TokenWork = (signal: AbortSignal) => Promise<unknown>;

export class RemoteResources {
  /** Chains and tokens page by page, cached in storage across page loads. */
  readonly tokens: TokenCatalog;
  /** Chains and the tokens known so far: a new object whenever either changes, so the pickers index it again. */
  catalog: Catalog | undefined;
  /** When (epoch ms) the quote is asked again because the service is busy (429), while it waits. */
  quoteRetryAt: number | undefined;
  /** Destinations a quote reached (a chain the service lists as unconfirmed becomes selectable). */
  readonly confirmedDestinations = new Set<string>();

  /** The chain list, then the first page of each side's chain and the tokens the host named. */
  readonly chains: Task<[], Chain[]>;
  readonly balances: Task<[WidgetClient | undefined, Address | undefined, boolean], BalancesResponse | undefined>;
  /** The quote for the draft's inputs (debounced: a newer keystroke aborts the wait). */
  readonly quote: Task<[QuoteInputs | undefined, boolean], QuoteResult | undefined>;
  /** Per side: a search or a further page of the picker's chain. */
  readonly tokenWork: Record<Side, Task<[TokenWork], void>>;

  readonly #host: ReactiveControllerHost;
  readonly #context: RemoteContext;
  #timers: Partial<Record<'refresh' | 'balances' | 'rateLimit', ReturnType<typeof setTimeout>>> = {};
  #balancePolls = 0;
  #balancesAccount: Address | undefined;

  constructor(host: ReactiveControllerHost, context: RemoteContext, storage: KeyValueStorage | undefined) {
    this.#host = host;
    this.#context = context;
    this.tokens = new TokenCatalog({ client: context.client!, storage });
    this.chains = new Task(host, {
      task: (_, { signal }) => this.#loadChains(signal),
      autoRun: false,
      onError: (error) => this.#retryWhenRateLimited(error, () => void this.chains.run()),
    });
    this.balances = new Task(host, {
      task: ([client, account, connected], { signal }) => this.#loadBalances(client, account, connected, signal),
      args: () => [context.client, context.account(), context.connected()],
    });
    this.quote = new Task(host, {
      task: ([inputs, connected], { signal }) => this.#loadQuote(inputs, connected, signal),
      args: () => [context.quoteInputs(), context.connected()],
      onError: (error) => this.#retryWhenRateLimited(error, () => this.retryQuote()),
    });
    const tokenWork = (): Task<[TokenWork], void> =>
      new Task(host, {
        task: async ([work], { signal }) => {
          await work(signal);
          this.#touchCatalog();
        },
        autoRun: false,
      });
    this.tokenWork = { from: tokenWork(), to: tokenWork() };
  }

  /** Stops every timer and request: a detached widget must not keep requests (and itself) alive. */
  stop(): void {
    for (const timer of Object.values(this.#timers)) clearTimeout(timer);
    this.#timers = {};
    for (const task of [this.chains, this.balances, this.quote, ...SIDES.map((side) => this.tokenWork[side])]) task.abort();
  }

  loadCatalog(): void {
    if (this.chains.status !== TaskStatus.COMPLETE) void this.chains.run();
  }

  retryCatalog(): void {
    void this.chains.run();
  }

  retryQuote(): void {
    void this.quote.run();
  }

  /** Balances again (a transfer ended); a partial answer is asked again a few times. */
  refreshBalances(): void {
    void this.balances.run();
  }

  /** Problem of the quote to show, if any: an aborted quote (a newer one, a detach) is not one. */
  get quoteError(): unknown {
    return this.quote.status === TaskStatus.ERROR && !isAborted(this.quote.error) ? this.quote.error : undefined;
  }

  /** Whether a side's chain has pages not loaded yet. */
  hasMoreTokens(chainId: string): boolean {
    return !this.tokens.known(chainId).complete;
  }

  /** A side's chain not loaded yet: its first page and the tokens the host named. */
  loadChain(side: Side, chainId: string): Promise<void> {
    return this.#runTokenWork(side, (signal) => this.#loadChain(side, chainId, signal));
  }

  /** The picker's search text: the service answers after a pause (each keystroke aborts the last). */
  searchTokens(side: Side, chainId: string, text: string): void {
    void this.#runTokenWork(side, async (signal) => {
      if (!text.trim()) return;
      await sleep(TOKEN_SEARCH_DEBOUNCE_MS, signal);
      await this.tokens.search(chainId, text, { signal });
    });
  }

  /** The picker scrolled near the end of its chain's loaded pages. */
  moreTokens(side: Side, chainId: string): void {
    if (this.tokenWork[side].status !== TaskStatus.PENDING) void this.#runTokenWork(side, (signal) => this.tokens.nextPage(chainId, { signal }));
  }

  async #runTokenWork(side: Side, work: TokenWork): Promise<void> {
    await this.tokenWork[side].run([work]);
  }

  async #loadChains(signal: AbortSignal): Promise<Chain[]> {
    const { client } = this.#context;
    if (!client) throw new Error(english['widget.noProxy']);
    // A chain the host preset is known before the list: its first page is asked for at the same time, not after it (one round trip, not two).
    const preset = this.#context.form.presetChains();
    const early = SIDES.map((side) => this.#loadChain(side, preset[side], signal));
    // Handled here as well: should the list fail or be stopped (the widget left the page) first, they are never awaited below.
    for (const page of early) page.catch(() => undefined);
    const chains = await this.tokens.chains({ signal }, (fresh) => this.#touchCatalog(fresh));
    const selected = this.#context.form.sideChains(chains);
    await Promise.all(
      SIDES.map((side, i) => {
        if (selected[side] === preset[side]) return early[i];
        // A preset the list does not offer: its page is not needed.
        return this.#loadChain(side, selected[side], signal);
      }),
    );
    this.#addHeld(this.balances.value);
    this.#touchCatalog(chains);
    return chains;
  }

  /** A chain's first page, and the tokens the host named for that side if no page loaded has them. */
  async #loadChain(side: Side, chainId: string, signal: AbortSignal): Promise<void> {
    if (!chainId) return;
    await this.tokens.firstPage(chainId, { signal }, () => this.#touchCatalog());
    await Promise.all(this.#context.form.namedTokens(side).map((wanted) => this.tokens.resolve(chainId, wanted, { signal })));
  }

  async #loadBalances(client: WidgetClient | undefined, account: Address | undefined, connected: boolean, signal: AbortSignal) {
    clearTimeout(this.#timers.balances);
    if (account !== this.#balancesAccount) this.#balancePolls = 0;
    this.#balancesAccount = account;
    if (!client || !account) return undefined;
    // Detached: nothing is asked, and what was known stays for when it comes back.
    if (!connected) return this.balances.value;
    const { data } = await client.balances(account, { signal });
    this.#addHeld(data);
    // A partial answer means some chains are still coming in: ask again a few times.
    if (data.partial && this.#balancePolls < BALANCE_REPOLL_LIMIT) {
      this.#balancePolls++;
      this.#timers.balances = setTimeout(() => this.refreshBalances(), BALANCE_REPOLL_MS);
    }
    return data;
  }

  async #loadQuote(inputs: QuoteInputs | undefined, connected: boolean, signal: AbortSignal): Promise<QuoteResult | undefined> {
    clearTimeout(this.#timers.refresh);
    this.quoteRetryAt = undefined;
    const { client } = this.#context;
    if (!inputs || !client) return undefined;
    if (!connected) return this.quote.value;
    // A newer keystroke aborts this run before the request leaves: debounce for free. The host's presets are not typed: their first quote is asked at once.
    const presetAtOnce = this.#context.form.presetQuote();
    if (!presetAtOnce) await sleep(this.#context.quoteDebounceMs ?? QUOTE_DEBOUNCE_MS, signal);
    const onBusy = (ms: number) => {
      this.quoteRetryAt = Date.now() + ms;
      this.#host.requestUpdate();
    };
    let answer: Awaited<ReturnType<WidgetClient['quote']>>;
    try {
      answer = await client.quote(inputs, { signal, onBusy });
    } finally {
      if (presetAtOnce && !signal.aborted) this.#context.form.presetQuoteAnswered();
    }
    const { data, meta } = answer;
    this.quoteRetryAt = undefined;
    this.confirmedDestinations.add(inputs.toChain);
    const { fromChain, toChain, fromToken, toToken } = inputs;
    this.#context.emit('bridge-quote', { estimate: data, fromChain, toChain, fromToken, toToken, requestId: meta.requestId });
    this.#timers.refresh = setTimeout(() => {
      if (this.#context.inForm()) this.retryQuote();
    }, QUOTE_REFRESH_MS);
    return { inputs, estimate: data, at: Date.now() };
  }

  /** Held tokens go into the catalog, so the pickers list them (first, with their balance) even when no loaded page has them. */
  #addHeld(balances: BalancesResponse | undefined): void {
    if (!balances) return;
    for (const result of balances.results) this.tokens.add(result.chain_id, heldTokens(result.chain_id, result.balances));
    this.#touchCatalog();
  }

  /** Known tokens changed (a page, a search, held tokens, a background refresh): a new snapshot. */
  #touchCatalog(chains: Chain[] | undefined = this.catalog?.chains): void {
    if (!chains) return;
    this.catalog = { chains, tokens: this.tokens.all() };
    this.#context.form.applyPresets(this.catalog);
    this.#host.requestUpdate();
  }

  /** A 429 the client could not ride out: the widget says it will retry, so it does, when the service allows. */
  #retryWhenRateLimited(error: unknown, retry: () => void): void {
    if (!(error instanceof RateLimitedError)) return;
    clearTimeout(this.#timers.rateLimit);
    this.#timers.rateLimit = setTimeout(() => {
      if (this.#context.connected()) retry();
    }, error.retryAfterMs);
  }
}
