/**
 * The transfer session: everything <bridge-widget> knows and does, without a
 * DOM. It owns the client, the intent store, the timers and the resume of
 * saved transfers, and moves through form → executing → tracking. The element
 * gives it what the host set and what the user typed, renders its state, and
 * turns its events into DOM events; it subscribes to hear about changes.
 */
import { WidgetClient, type ResponseMeta } from '../api/client.js';
import { RateLimitedError, isRoutingError } from '../api/errors.js';
import type { BackoffOptions } from '../api/rate-limit.js';
import { sleep } from '../api/rate-limit.js';
import type { BalancesResponse, Estimate, IntentStatus, PostHook } from '../api/schemas.js';
import { checkAddress } from '../api/validate.js';
import type { BridgeEventDetails, BridgeStatusDetail } from '../events/index.js';
import { en, type StringKey } from '../i18n/strings.js';
import { chainFamily } from '../model/address.js';
import { isUsableSlippage } from '../model/quote.js';
import { sameId } from '../model/tokens.js';
import { WalletError, requestAccounts, type Address, type Eip1193Provider } from '../wallet/index.js';
import { TokenCatalog, heldTokens, parseList } from './catalog.js';
import {
  findToken,
  followWalletChain,
  formConfig,
  mainAction,
  readDraft,
  resolvePresets,
  resumeAction,
  selectChain,
  SIDES,
  type Catalog,
  type Draft,
  type FormConfig,
  type PresetSettings,
  type FormValues,
  type MainAction,
  type QuoteInputs,
  type QuoteResult,
  type Side,
} from './form.js';
import { IntentStore, type KeyValueStorage, type SavedToken, type SavedTransfer } from './intent-store.js';
import {
  FlowError,
  sendTransfer,
  trackTransfer,
  type ApprovalProgress,
  type ExecutionPhase,
  type RouteReview,
  type TrackOutcome,
  type TransferDeps,
} from './transfer.js';

export const QUOTE_DEBOUNCE_MS = 400;
export const QUOTE_REFRESH_MS = 20_000;
const BALANCE_REPOLL_MS = 2_000;
const BALANCE_REPOLL_LIMIT = 5;
/** Typing pauses this long before the picker's text goes to the service; a newer keystroke aborts the wait and the request. */
export const TOKEN_SEARCH_DEBOUNCE_MS = 250;

export type View = 'form' | 'executing' | 'tracking';

/** A remote resource: what it holds, and whether a newer answer is on its way. */
export interface Load<T> {
  status: 'idle' | 'pending' | 'complete' | 'error';
  value?: T | undefined;
  error?: unknown;
}

/** What each remote resource holds once loaded. */
interface Loaded {
  catalog: Catalog;
  balances: BalancesResponse;
  quote: QuoteResult;
  /** A side's token picker asking the service: a search, or the next page. */
  fromTokens: unknown;
  toTokens: unknown;
}

export interface Problem {
  kind: string;
  /** For `route-rejected`: the guard rule that failed (see guards.ts). */
  rule?: string | undefined;
  message: string;
  requestId?: string | undefined;
  retryable: boolean;
}

/** The `error.*` string that explains a problem (it may not exist: then the problem's own message stands). */
export function errorKey(problem: Pick<Problem, 'kind' | 'retryable'>): string {
  return `error.${problem.kind === 'no-route' && problem.retryable ? 'no-route-retry' : problem.kind}`;
}

export function englishText(key: string): string | undefined {
  return Object.hasOwn(en, key) ? en[key as StringKey] : undefined;
}

/** What the user chose that a problem can be about. */
const causeOf = (values: FormValues) =>
  [values.fromChainId, values.toChainId, values.fromTokenAddress, values.toTokenAddress, values.amountText, values.recipient].join();

export function describeError(error: unknown): Problem {
  if (error instanceof FlowError)
    return { kind: error.kind, rule: error.rule, message: error.message, requestId: error.requestId, retryable: error.recoverable };
  if (error instanceof WalletError) return { kind: `wallet-${error.kind}`, message: error.message, retryable: true };
  if (isRoutingError(error)) {
    const problem = { kind: error.kind, requestId: error.requestId, retryable: error.retryable };
    // The service's wording is technical: the string table explains the kinds it knows.
    return { ...problem, message: englishText(errorKey(problem)) ?? error.message };
  }
  return { kind: 'unexpected', message: error instanceof Error ? error.message : 'Something went wrong.', retryable: true };
}

const isAborted = (error: unknown) => isRoutingError(error) && error.kind === 'aborted';

/** What the host set through attributes and properties (<bridge-widget> passes itself). */
export interface SessionSettings extends PresetSettings {
  /** Preset amount and recipient (attributes `amount`, `to-address`). */
  readonly amount: string;
  readonly toAddress: string;
  readonly slippage: number;
  readonly lockPresets: boolean;
  readonly unlimitedApproval: boolean;
  /** Seconds to wait for a wallet prompt. */
  readonly walletTimeout: number;
  /** `on`: without a provider, Connect offers the wallets the browser announces (the element's `wallet-discovery`). */
  readonly walletDiscovery?: string;
  readonly valueLossThreshold: number;
  readonly metadata: Record<string, unknown> | undefined;
  readonly postHook: PostHook | undefined;
}

export interface SessionOptions {
  proxyUrl: string;
  /** The host's settings, read when needed (<bridge-widget> passes itself); `configure` says what changed. */
  settings: SessionSettings;
  /** Where transfers are kept between visits (the element passes `localStorage`); none: in memory only. */
  storage?: KeyValueStorage | undefined;
  /** Client retry timing; shorter in tests. */
  backoff?: BackoffOptions;
  /** Transfer timing (polling, receipt retries); shorter in tests. */
  transfer?: Pick<TransferDeps, 'poll' | 'receiptBackoff' | 'confirmPollMs'>;
}

/** What the session tells its host: something changed (render again), or a public event happened. */
export interface SessionListener {
  changed?(): void;
  event?<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void;
}

/** The transfer in progress, between the click and the broadcast. */
export interface Execution {
  phase: ExecutionPhase | undefined;
  approvals: readonly ApprovalProgress[];
  /** The provider the route chose: a quote does not name one, the route does. */
  route: { provider: string; reliabilityScore: number | undefined } | undefined;
  /** What the wallet is about to sign (the route passed the guards). */
  review?: RouteReview | undefined;
  /** Set while terms worse than this quote wait for the user's answer (`answerTerms`); nothing is signed meanwhile. */
  terms?: Estimate | undefined;
}

/** The transfer on screen once sent (or resumed). */
export interface Tracked {
  saved: SavedTransfer;
  status: IntentStatus | undefined;
  final: TrackOutcome['kind'] | undefined;
  lastCheckedAt: number | undefined;
  nextCheckAt: number | undefined;
}

function savedToken({ address, symbol, decimals }: SavedToken): SavedToken {
  return { address, symbol, decimals };
}

export class TransferSession {
  readonly client: WidgetClient | undefined;
  readonly store: IntentStore;
  readonly options: SessionOptions;
  /** Chains and tokens page by page, cached in storage across page loads (unused without a proxy URL). */
  readonly tokens: TokenCatalog;

  view: View = 'form';
  catalog: Load<Catalog> = { status: 'idle' };
  balances: Load<BalancesResponse> = { status: 'idle' };
  quote: Load<QuoteResult> = { status: 'idle' };
  /** Per side: a search or a further page of the picker's chain is on its way. */
  fromTokens: Load<unknown> = { status: 'idle' };
  toTokens: Load<unknown> = { status: 'idle' };
  settings: SessionSettings;
  values: FormValues = {
    fromChainId: '',
    toChainId: '',
    fromTokenAddress: '',
    toTokenAddress: '',
    amountText: '',
    recipient: '',
    slippage: 1,
    valueLossConfirmed: false,
  };
  draft: Draft = {};
  provider: Eip1193Provider | undefined;
  account: Address | undefined;
  execution: Execution = { phase: undefined, approvals: [], route: undefined };
  tracked: Tracked | undefined;
  /**
   * What went wrong in the last attempt. It leaves with its cause (a new
   * amount, token, chain or recipient) or with the next attempt; not with the
   * quote the form asks for on its way back from a failed attempt, which
   * would wipe the explanation before it is read.
   */
  problem: Problem | undefined;
  /** Seconds the quote waits because the service is busy (429), while it does. */
  quoteWait: number | undefined;
  /** A string key: the notice is shown in the widget's language. */
  notice: 'notice.busy' | 'notice.unreachable' | 'status.contradicted' | undefined;
  /** The account's broadcast transfers, newest first; read from the store once per change. */
  history: readonly SavedTransfer[] = [];
  /** Destinations a quote reached (a chain the service lists as unconfirmed becomes selectable). */
  readonly confirmedDestinations = new Set<string>();

  readonly #listeners = new Set<SessionListener>();
  #presetsApplied = false;
  /** The form values `problem` belongs to. */
  #problemCause = '';
  #balancePolls = 0;
  #runs: Partial<Record<keyof Loaded, number>> = {};
  #aborts: Partial<Record<keyof Loaded, AbortController>> = {};
  #timers: Partial<Record<'refresh' | 'balances' | 'rateLimit', ReturnType<typeof setTimeout>>> = {};
  #executing: AbortController | undefined;
  #termsAnswer: ((accept: boolean) => void) | undefined;
  readonly #tracking = new Map<string, AbortController>();
  #connected = false;
  /** The inputs the running (or last) quote was asked for: a change of inputs starts a new one. */
  #quoteRequested: QuoteInputs | undefined;

  constructor(options: SessionOptions) {
    this.options = options;
    this.settings = options.settings;
    this.client = options.proxyUrl ? new WidgetClient({ baseUrl: options.proxyUrl, ...(options.backoff ? { backoff: options.backoff } : {}) }) : undefined;
    this.store = new IntentStore(options.storage, options.proxyUrl);
    this.tokens = new TokenCatalog({ client: this.client!, storage: options.storage });
  }

  subscribe(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    this.#applyPresets();
    if (this.problem && this.#problemCause !== causeOf(this.values)) this.problem = undefined;
    this.draft = readDraft({
      catalog: this.catalog.value,
      balances: this.balances.value,
      values: this.values,
      account: this.account,
      previous: this.draft.inputs,
    });
    if (this.view !== 'form') this.draft.inputs = undefined;
    if (this.draft.inputs !== this.quote.value?.inputs && this.draft.inputs !== this.#quoteRequested) void this.#runQuote();
    for (const listener of this.#listeners) listener.changed?.();
  }

  #emit<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void {
    for (const listener of this.#listeners) listener.event?.(type, detail);
  }

  // ---- lifecycle ----------------------------------------------------------

  /** Starts (or, after `disconnect`, restarts) what the session fetches. */
  connect(): void {
    if (this.#connected) return;
    this.#connected = true;
    if (this.catalog.status !== 'complete') void this.#loadCatalog();
    if (this.account) void this.#loadBalances();
    // Reattached: quote again what disconnecting stopped (and with it the refresh).
    this.retryQuote();
    this.#changed();
  }

  /** Stops every timer and request: a detached widget must not keep requests (and itself) alive. */
  disconnect(): void {
    this.#connected = false;
    for (const timer of Object.values(this.#timers)) clearTimeout(timer);
    this.#timers = {};
    for (const controller of Object.values(this.#aborts)) controller?.abort();
    this.#executing?.abort();
    for (const controller of this.#tracking.values()) controller.abort();
    this.#tracking.clear();
  }

  // ---- what the host sets -------------------------------------------------

  /** The host's settings (kept by reference) and the names of those that changed: each change applies once. */
  configure(settings: SessionSettings, changed: Iterable<PropertyKey> = []): void {
    this.settings = settings;
    const names = new Set(changed);
    const values = { ...this.values };
    if (names.has('slippage') && isUsableSlippage(settings.slippage)) values.slippage = settings.slippage;
    if (names.has('amount')) values.amountText = settings.amount;
    if (names.has('toAddress') && settings.toAddress) values.recipient = settings.toAddress;
    if (['fromChain', 'toChain', 'fromToken', 'toToken'].some((name) => names.has(name))) this.#presetsApplied = false;
    this.values = values;
    this.#changed();
  }

  /** The host's presets and allow/deny lists, per side. */
  get config(): FormConfig {
    return formConfig(this.settings);
  }

  /** The wallet in use and its account (the wallet controller decides which provider that is). */
  setWallet(provider: Eip1193Provider | undefined, account: Address | undefined): void {
    this.provider = provider;
    if (sameId(account, this.account)) return this.#changed();
    const previous = this.account;
    this.account = account;
    this.#balancePolls = 0;
    if (previous && this.view === 'executing') {
      // The flow re-checks the account before every signature; stopping here makes that visible at once.
      this.#executing?.abort(new FlowError('wrong-account', 'The wallet account changed during the transfer. Nothing further was sent.'));
    }
    this.#readHistory();
    if (account) this.resume(account);
    void this.#loadBalances();
    this.#changed();
  }

  /** A problem the host found (an unusable provider, a refused connection), shown like the session's own. */
  report(error: unknown, intentId?: string): void {
    const problem = describeError(error);
    this.#setProblem(problem);
    this.#emit('bridge-error', {
      kind: problem.kind,
      rule: problem.rule,
      message: problem.message,
      intentId,
      requestId: problem.requestId,
      retryable: problem.retryable,
    });
    this.#changed();
  }

  /** A problem found outside the flow (an unusable provider), shown without an event. */
  showProblem(problem: Problem): void {
    this.#setProblem(problem);
    this.#changed();
  }

  #setProblem(problem: Problem): void {
    this.problem = problem;
    this.#problemCause = causeOf(this.values);
  }

  // ---- what the user does -------------------------------------------------

  /** Typed or chosen values; changing what is sent asks for a new value-loss confirmation. */
  edit(change: Partial<Pick<FormValues, 'amountText' | 'recipient' | 'slippage' | 'valueLossConfirmed'>>): void {
    const resets = 'amountText' in change;
    this.values = { ...this.values, ...(resets ? { valueLossConfirmed: false } : {}), ...change };
    this.#changed();
  }

  selectChain(side: Side, chainId: string): void {
    const before = this.values;
    const apply = () => {
      const catalog = this.catalog.value;
      if (!catalog || (this.values !== before && this.values[`${side}ChainId`] !== chainId)) return;
      const next = selectChain(this.config, catalog, before, side, chainId);
      const values = { ...this.values, [`${side}ChainId`]: chainId, [`${side}TokenAddress`]: next[`${side}TokenAddress`], valueLossConfirmed: false };
      const family = chainFamily(catalog.chains.find((c) => c.chainId === chainId));
      if (side === 'to' && values.recipient && family && checkAddress(values.recipient, family)) values.recipient = '';
      this.values = values;
      this.#changed();
    };
    apply();
    // A chain not loaded yet: its first page, then the same choice again (the source keeps its address, the destination its symbol).
    if (!this.tokens.known(chainId).started) void this.#loadTokens(side, (signal) => this.#loadChain(side, chainId, signal)).then(apply);
  }

  /** The source chain the wallet's network last set by itself (`followWallet`): while it is still selected, the user has not chosen one. */
  #followedChain: string | undefined;

  /** The wallet's network, when known and whenever it changes: the source chain follows it until someone chooses one (`followWalletChain`). */
  followWallet(chainId: string): void {
    const chains = this.catalog.value?.chains;
    if (!chains || this.view !== 'form') return;
    const next = followWalletChain(this.config, chains, this.values, chainId, this.#followedChain);
    if (!next) return;
    this.#followedChain = next.fromChainId;
    const { toChainId } = this.values;
    this.selectChain('from', next.fromChainId);
    if (next.toChainId !== toChainId) this.selectChain('to', next.toChainId);
  }

  /** The picker's search text: the local filter answers at once, the service after a pause (each keystroke aborts the last). */
  searchTokens(side: Side, text: string): void {
    const chainId = this.values[`${side}ChainId`];
    void this.#loadTokens(side, async (signal) => {
      if (!text.trim()) return;
      await sleep(TOKEN_SEARCH_DEBOUNCE_MS, signal);
      await this.tokens.search(chainId, text, { signal });
    });
  }

  /** The picker scrolled near the end of its chain's loaded pages. */
  moreTokens(side: Side): void {
    const chainId = this.values[`${side}ChainId`];
    if (this[`${side}Tokens`].status !== 'pending') void this.#loadTokens(side, async (signal) => void (await this.tokens.nextPage(chainId, { signal })));
  }

  /** Whether the side's chain has pages not loaded yet. */
  hasMoreTokens(side: Side): boolean {
    return !this.tokens.known(this.values[`${side}ChainId`]).complete;
  }

  #loadTokens(side: Side, work: (signal: AbortSignal) => Promise<unknown>): Promise<void> {
    return this.#load(`${side}Tokens`, async (signal) => {
      await work(signal);
      this.#catalogChanged();
    });
  }

  /** Known tokens changed (a page, a search, held tokens, a background refresh): a new catalog value, so the pickers index it again. */
  #catalogChanged(chains?: Catalog['chains']): void {
    const value = this.catalog.value;
    if (!value) return;
    this.catalog = { ...this.catalog, value: { chains: chains ?? value.chains, tokens: this.tokens.all() } };
    this.#changed();
  }

  /** A chain's first page, and the tokens the host named for that side (preset, allow list) if no page loaded has them. */
  async #loadChain(side: Side, chainId: string, signal: AbortSignal): Promise<void> {
    const catalog = this.tokens;
    if (!chainId) return;
    await catalog.firstPage(chainId, { signal }, () => this.#catalogChanged());
    const { token, allowTokens } = this.config[side];
    await Promise.all([token, ...(parseList(allowTokens) ?? [])].filter(Boolean).map((wanted) => catalog.resolve(chainId, wanted, { signal })));
  }

  selectToken(side: Side, address: string): void {
    this.values = { ...this.values, [`${side}TokenAddress`]: address, valueLossConfirmed: false };
    this.#changed();
  }

  async connectWallet(): Promise<void> {
    if (!this.provider) return;
    this.problem = undefined;
    try {
      const [account] = await requestAccounts(this.provider);
      this.setWallet(this.provider, account);
    } catch (error) {
      this.report(error);
    }
  }

  /** The quote on screen, only if it still matches the inputs. */
  get currentQuote(): QuoteResult | undefined {
    const value = this.quote.value;
    return value && value.inputs === this.draft.inputs ? value : undefined;
  }

  get mainAction(): MainAction {
    return mainAction({
      account: this.account,
      values: this.values,
      draft: this.draft,
      quote: this.currentQuote,
      quoteFailed: this.quote.status === 'error',
      valueLossThreshold: this.settings.valueLossThreshold,
    });
  }

  /** The main button: connects without an account, bridges with one. */
  primary(): Promise<void> {
    return this.account ? this.bridge() : this.connectWallet();
  }

  /** Back to the form after a transfer; a locked preset amount stays. */
  newTransfer(): void {
    this.#show(undefined);
    this.problem = undefined;
    const { lockPresets, amount } = this.settings;
    this.values = { ...this.values, amountText: lockPresets && amount ? amount : '', valueLossConfirmed: false };
    this.#changed();
  }

  retryCatalog(): void {
    void this.#loadCatalog();
  }

  retryQuote(): void {
    this.#quoteRequested = undefined;
    void this.#runQuote();
  }

  // ---- remote resources ---------------------------------------------------

  #applyPresets(): void {
    const catalog = this.catalog.value;
    if (this.#presetsApplied || !catalog) return;
    this.#presetsApplied = true;
    this.values = { ...this.values, ...resolvePresets(this.config, catalog, this.values) };
  }

  /**
   * The one way the session fetches: a newer run supersedes (and aborts) an
   * older one, the value shown stays until the new one arrives, and a 429 the
   * client could not ride out is tried again when the service allows (`retry`).
   */
  async #load<K extends keyof Loaded>(key: K, work: (signal: AbortSignal) => Promise<Loaded[K]>, retry?: () => void): Promise<void> {
    const state = this as unknown as Record<K, Load<Loaded[K]>>;
    const run = this.#cancel(key);
    const { signal } = (this.#aborts[key] = new AbortController());
    state[key] = { ...state[key], status: 'pending' };
    this.#changed();
    try {
      const value = await work(signal);
      if (run !== this.#runs[key]) return;
      state[key] = { status: 'complete', value };
    } catch (error) {
      if (run !== this.#runs[key]) return;
      state[key] = { status: 'error', error };
      if (retry) this.#retryWhenRateLimited(error, retry);
    }
    this.#changed();
  }

  /** Stops a fetch in flight: its answer, if any, is ignored. Returns the new run's number. */
  #cancel(key: keyof Loaded): number {
    this.#aborts[key]?.abort();
    return (this.#runs[key] = (this.#runs[key] ?? 0) + 1);
  }

  /** The chain list, then the first page of each side's chain (presets or defaults) only, and the tokens the host named. */
  #loadCatalog(): Promise<void> {
    const catalog = this.tokens;
    return this.#load(
      'catalog',
      async (signal) => {
        if (!this.client) throw new Error(en['widget.noProxy']);
        const chains = await catalog.chains({ signal }, (fresh) => this.#catalogChanged(fresh));
        const selected = resolvePresets(this.config, { chains, tokens: [] }, this.values);
        await Promise.all(SIDES.map((side) => this.#loadChain(side, selected[`${side}ChainId`], signal)));
        this.#addHeld();
        return { chains, tokens: catalog.all() };
      },
      () => void this.#loadCatalog(),
    );
  }

  #loadBalances(): Promise<void> | undefined {
    clearTimeout(this.#timers.balances);
    const { client, account } = this;
    if (!client || !account || !this.#connected) {
      this.#cancel('balances');
      this.balances = { status: 'complete' };
      return;
    }
    return this.#load('balances', async (signal) => {
      const { data } = await client.balances(account, { signal });
      this.#addHeld(data);
      // A partial answer means some chains are still coming in: ask again a few times.
      if (data.partial && this.#balancePolls < BALANCE_REPOLL_LIMIT) {
        this.#balancePolls++;
        this.#timers.balances = setTimeout(() => void this.#loadBalances(), BALANCE_REPOLL_MS);
      }
      return data;
    });
  }

  /** Held tokens go into the catalog, so the pickers list them (first, with their balance) even when no loaded page has them. */
  #addHeld(balances = this.balances.value): void {
    for (const result of balances?.results ?? []) this.tokens.add(result.chain_id, heldTokens(result.chain_id, result.balances));
    if (balances !== this.balances.value) this.#catalogChanged();
  }

  #runQuote(): Promise<void> | undefined {
    const inputs = (this.#quoteRequested = this.draft.inputs);
    this.quoteWait = undefined;
    const { client } = this;
    clearTimeout(this.#timers.refresh);
    if (!inputs || !client || !this.#connected) {
      this.#cancel('quote');
      if (!inputs) this.quote = { status: 'complete' };
      return;
    }
    return this.#load(
      'quote',
      async (signal) => {
        // A newer keystroke aborts this run before the request leaves: debounce for free.
        await sleep(QUOTE_DEBOUNCE_MS, signal);
        const onBusy = (ms: number) => {
          this.quoteWait = Math.ceil(ms / 1000);
          this.#changed();
        };
        const { data, meta } = await client.quote(inputs, { signal, onBusy });
        this.confirmedDestinations.add(inputs.toChain);
        const { fromChain, toChain, fromToken, toToken } = inputs;
        this.#emit('bridge-quote', { estimate: data, fromChain, toChain, fromToken, toToken, requestId: meta.requestId });
        this.#timers.refresh = setTimeout(() => {
          if (this.view === 'form') this.retryQuote();
        }, QUOTE_REFRESH_MS);
        return { inputs, estimate: data, at: Date.now() };
      },
      () => this.retryQuote(),
    );
  }

  /** A 429 the client could not ride out: the widget says it will retry, so it does, when the service allows. */
  #retryWhenRateLimited(error: unknown, retry: () => void): void {
    if (!(error instanceof RateLimitedError)) return;
    clearTimeout(this.#timers.rateLimit);
    this.#timers.rateLimit = setTimeout(() => {
      if (this.#connected) retry();
    }, error.retryAfterMs);
  }

  /** Problem of the quote to show, if any: an aborted quote (a newer one, a detach) is not one. */
  get quoteProblem(): Problem | undefined {
    return this.quote.status === 'error' && !isAborted(this.quote.error) ? describeError(this.quote.error) : undefined;
  }

  // ---- executing ----------------------------------------------------------

  async bridge(): Promise<void> {
    const quote = this.currentQuote;
    const { inputs, fromToken, toToken } = this.draft;
    const { provider, account, client } = this;
    const chains = this.catalog.value?.chains ?? [];
    const fromChain = chains.find((c) => c.chainId === this.values.fromChainId);
    const toChain = chains.find((c) => c.chainId === this.values.toChainId);
    if (!quote || !inputs || !provider || !account || !client || !fromChain || !toChain || !fromToken || !toToken) return;
    const { metadata, postHook, unlimitedApproval, walletTimeout } = this.settings;
    this.problem = undefined;
    this.view = 'executing';
    this.execution = { phase: 'routing', approvals: [], route: undefined };
    clearTimeout(this.#timers.refresh);
    const controller = (this.#executing = new AbortController());
    let intentId: string | undefined;
    const set = (change: Partial<Execution>) => {
      this.execution = { ...this.execution, ...change };
      this.#changed();
    };
    this.#changed();
    try {
      // The flow quotes again right before routing (AML) and guards the route against both quotes.
      const saved = await sendTransfer(
        {
          fromChain,
          toChain,
          fromToken: savedToken(fromToken),
          toToken: savedToken(toToken),
          amount: inputs.fromAmount,
          fromAddress: account,
          toAddress: inputs.toAddress,
          slippage: inputs.slippage,
          fromAmountUsd: quote.estimate.fromAmountUsd,
          metadata,
          postHook,
          chains,
          shownEstimate: quote.estimate,
        },
        {
          ...this.options.transfer,
          client,
          provider,
          store: this.store,
          unlimitedApprovals: unlimitedApproval,
          signal: controller.signal,
          ...(walletTimeout > 0 && walletTimeout < Infinity ? { promptTimeoutMs: walletTimeout * 1000 } : {}),
        },
        {
          onPhase: (phase) => set({ phase }),
          onRoute: ({ intentId: id, route }, meta) => {
            intentId = id;
            set({ route: { provider: route.provider, reliabilityScore: route.reliabilityScore ?? undefined } });
            this.#emit('bridge-route', { intentId: id, route, requestId: meta.requestId, providerRequestId: meta.providerRequestId });
          },
          onApprovals: (steps) => {
            const before = new Map(this.execution.approvals.map((s) => [s.id, s.state]));
            set({ approvals: steps });
            for (const { state, tokenAddress, spender, amount, chainId, txHash, id } of steps) {
              if (before.get(id) !== state && ['mining', 'done', 'rejected', 'failed'].includes(state)) {
                this.#emit('bridge-approval', { intentId: intentId ?? '', tokenAddress, spender, amount, chainId, state, txHash });
              }
            }
          },
          onReview: (review) => set({ review }),
          onTermsChanged: ({ before }, review) =>
            new Promise<boolean>((resolve) => {
              this.#termsAnswer = resolve;
              set({ review, terms: before });
            }),
          onTransaction: (hash, id) => this.#emit('bridge-transaction', { intentId: id, txHash: hash, chainId: fromChain.chainId }),
          onLateTransaction: (record) => this.#track(record, this.view === 'form'),
        },
      );
      this.#executing = undefined;
      this.#track(saved, true);
    } catch (error) {
      this.#executing = undefined;
      this.#termsAnswer = undefined;
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
      this.view = 'form';
      this.execution = { ...this.execution, phase: undefined, review: undefined, terms: undefined };
      // Back on the form, the inputs are new to the quote: it quotes again by itself.
      this.#quoteRequested = undefined;
      this.report(reason, intentId);
    }
  }

  /**
   * Stops the transfer before it is sent, while the wallet asks or before it
   * does. A signature the wallet still returns is kept and tracked; an
   * approval already mined is found (and reused) by the next attempt.
   */
  cancel(): void {
    this.#executing?.abort(new FlowError('cancelled', en['error.cancelled']));
  }

  /** The user's answer to terms that got worse (see `Execution.terms`). */
  answerTerms(accept: boolean): void {
    const answer = this.#termsAnswer;
    this.#termsAnswer = undefined;
    if (!accept || !answer) return answer?.(accept);
    this.execution = { ...this.execution, terms: undefined };
    this.#changed();
    answer(true);
  }

  // ---- tracking -----------------------------------------------------------

  #readHistory(): void {
    this.history = this.account ? this.store.list(this.account).filter((t) => t.sourceTxHash) : [];
  }

  /** Follows the account's unfinished transfers; gives up on those never broadcast (see `resumeAction`). */
  resume(account: string): void {
    let shown = this.view !== 'form';
    for (const t of this.store.unfinished(account)) {
      const action = resumeAction(t, Date.now());
      if (action === 'track') {
        this.#track(t, !shown);
        shown = true;
      } else if (action === 'abandon') {
        this.store.update(account, t.intentId, (c) => c && { ...c, phase: 'abandoned' });
      }
    }
  }

  /** Shows a saved transfer (from the history) and follows it. */
  open(saved: SavedTransfer): void {
    this.#track(saved, true);
  }

  /** Shows a transfer's progress, or the form again (`undefined`). */
  #show(saved: SavedTransfer | undefined): void {
    this.view = saved ? 'tracking' : 'form';
    this.tracked = saved && { saved, status: undefined, final: undefined, lastCheckedAt: undefined, nextCheckAt: undefined };
    this.notice = undefined;
    this.#readHistory();
    if (!saved) this.#quoteRequested = undefined;
  }

  #track(saved: SavedTransfer, show: boolean): void {
    const { intentId, account } = saved;
    if (show) {
      this.#show(saved);
      this.#changed();
    }
    if (this.#tracking.has(intentId) || !this.client) return;
    const controller = new AbortController();
    this.#tracking.set(intentId, controller);
    const shown = () => (this.tracked?.saved.intentId === intentId ? this.tracked : undefined);
    const refresh = (change: Partial<Tracked> = {}) => {
      const current = shown();
      if (current) this.tracked = { ...current, saved: this.store.get(account, intentId) ?? current.saved, ...change };
      this.#readHistory();
      this.#changed();
    };
    trackTransfer(
      saved,
      { ...this.options.transfer, client: this.client, store: this.store, signal: controller.signal },
      {
        onPhase: () => refresh(),
        onReceipt: () => refresh(),
        onStatus: (status, meta) => {
          const current = shown();
          const previous = current?.status;
          if (current) {
            this.notice = undefined;
            refresh({
              status,
              lastCheckedAt: Date.now(),
              nextCheckAt: status.kind === 'tracked' && status.next_poll_at ? Date.parse(status.next_poll_at) : undefined,
            });
          }
          const changed =
            previous?.status !== status.status || (previous.kind === 'tracked' && status.kind === 'tracked' && previous.gas_status !== status.gas_status);
          if (changed || !current) this.#emit('bridge-status', statusDetail(saved, status, meta));
        },
        onStatusRejected: () => {
          if (!shown()) return;
          this.notice = 'status.contradicted';
          this.#changed();
        },
        onPollProblem: (error, retryInMs) => {
          if (!shown()) return;
          this.notice = error.kind === 'rate-limited' ? 'notice.busy' : 'notice.unreachable';
          refresh({ nextCheckAt: Date.now() + retryInMs });
        },
      },
    )
      .then((outcome) => this.#finish(outcome))
      .catch((error: unknown) => {
        if (!isAborted(error)) this.report(error, intentId);
      })
      .finally(() => this.#tracking.delete(intentId));
  }

  #finish(outcome: TrackOutcome): void {
    const { record, kind } = outcome;
    const current = this.tracked?.saved.intentId === record.intentId ? this.tracked : undefined;
    if (current) this.tracked = { ...current, saved: record, final: kind };
    if (outcome.kind === 'success') {
      this.#emit('bridge-success', { ...statusDetail(record, outcome.status), toAmount: outcome.status.to_amount_wei });
    } else {
      const { intentId, sourceTxHash, requestId, providerRequestId } = record;
      this.#emit('bridge-failed', { intentId, reason: outcome.kind, sourceTxHash, requestId, providerRequestId });
    }
    this.#readHistory();
    void this.#loadBalances();
    this.#changed();
  }

  /** A token of the catalog, for labels. */
  token(chainId: string, address: string) {
    return findToken(this.catalog.value?.tokens ?? [], chainId, address);
  }

  chain(chainId: string) {
    return this.catalog.value?.chains.find((c) => c.chainId === chainId);
  }
}

/** The `bridge-status` detail; a status the service does not track yet reads as `pending`. */
function statusDetail(saved: SavedTransfer, status: IntentStatus, meta?: ResponseMeta): BridgeStatusDetail {
  const tracked = status.kind === 'tracked' ? status : undefined;
  return {
    intentId: saved.intentId,
    status: status.status,
    rawStatus: tracked?.rawStatus ?? 'pending',
    sourceTxHash: tracked?.source_tx_hash ?? saved.sourceTxHash,
    destTxHash: tracked?.dest_tx_hash,
    needsGas: tracked?.gas_status === 'needs_gas',
    requestId: tracked ? (tracked.request_id ?? saved.requestId) : meta?.requestId,
    providerRequestId: tracked?.provider_request_id ?? saved.providerRequestId,
    metadata: tracked?.metadata ?? undefined,
  };
}
