/**
 * Chains and tokens change rarely: they are fetched once per proxy and kept
 * for a while, so a second widget on the page (or a remount) does not fetch
 * them again. Failed fetches are not cached.
 */
import { tokenPage } from '../api/client.js';
import type { CallOptions, WidgetClient } from '../api/client.js';
import { RoutingError } from '../api/errors.js';
import { chainSchema, tokenSchema } from '../api/schemas.js';
import type { BalanceRow, Chain, Token } from '../api/schemas.js';
import type { KeyValueStorage } from './intent-store.js';

export const CATALOG_TTL_MS = 5 * 60_000;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/** Keyed by what and proxy: `chains https://…`. */
const cache = new Map<string, Entry<unknown>>();

function cached<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = cache.get(key) as Entry<T> | undefined;
  if (hit && now - hit.at < CATALOG_TTL_MS) return hit.value;
  const value = load();
  cache.set(key, { at: now, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

// Not tied to one widget's AbortSignal: the shared promise outlives a widget that unmounts.
export function loadChains(client: WidgetClient): Promise<Chain[]> {
  return cached(`chains ${client.baseUrl}`, async () => (await client.chains()).data);
}

export function loadTokens(client: WidgetClient): Promise<Token[]> {
  return cached(`tokens ${client.baseUrl}`, async () => (await client.tokens()).data);
}

export function clearCatalogCache(): void {
  cache.clear();
  sharedCatalogs.clear();
}

// ---------------------------------------------------------------------------
// The paged catalog (issue 15): chain list and first token page per chain,
// further pages on demand, search and address look-up through the service,
// and a small storage cache so a reload within the TTL asks for nothing.
// ---------------------------------------------------------------------------

/** Storage key of the persisted catalog (one JSON document for every proxy). */
export const CATALOG_STORAGE_KEY = 'bridge-widget:catalog:v1';
/** Cap on the stored JSON, in characters; the oldest entries go first when it is exceeded. */
export const CATALOG_STORAGE_MAX_CHARS = 256 * 1024;
/** Stored data older than the TTL is still shown at once but refreshed; older than this it is not shown at all. */
export const CATALOG_MAX_STALE_MS = 24 * 60 * 60_000;
/** Tokens per page the catalog asks for. */
export const TOKEN_PAGE_SIZE = 50;
/** Search pages `resolve` reads before it gives up on a symbol. */
const RESOLVE_SEARCH_PAGES = 3;

/** Where data came from: the service, storage within the TTL, or storage past it (a refresh is running). */
export type CatalogSource = 'network' | 'cache' | 'stale';

export interface TokenCatalogOptions {
  client: WidgetClient;
  /** Persists the chain list and first pages across page loads; none: memory only. */
  storage?: KeyValueStorage | undefined;
  /** Default {@link CATALOG_TTL_MS}. */
  ttlMs?: number;
  /** Default {@link CATALOG_STORAGE_MAX_CHARS}. */
  maxStoredChars?: number;
  /** Default {@link TOKEN_PAGE_SIZE}. */
  pageSize?: number;
  now?: () => number;
}

/** What is known of one chain's tokens: loaded pages in service order, then tokens found by search, look-up or `add`. */
export interface ChainTokens {
  chainId: string;
  tokens: readonly Token[];
  /** Cursor of the next page; null once every page is loaded (or none was asked for yet, see `started`). */
  nextCursor: string | null;
  /** The first page was loaded (from the service or storage). */
  started: boolean;
  /** Every page is loaded: a local filter over `tokens` is as good as a search. */
  complete: boolean;
  /** The service's total for the chain when it reports one. */
  total: number | null;
  /** Malformed rows dropped so far for this chain. */
  skipped: number;
}

export interface ChainsResult {
  chains: Chain[];
  source: CatalogSource;
  skipped: number;
  /** With `source: 'stale'`: the background refresh, resolving to the fresh list (or the stale one if it failed). */
  refreshed?: Promise<Chain[]>;
}

export interface PageResult extends ChainTokens {
  source: CatalogSource;
  refreshed?: Promise<ChainTokens>;
}

export interface SearchResult {
  /** Matches in the service's order (also merged into the chain's tokens). */
  tokens: Token[];
  nextCursor: string | null;
  skipped: number;
}

/** The stored document: per proxy URL, the chain list and each chain's first page, with when they were fetched. */
interface Stored<T> {
  at: number;
  data: T;
}
type StoredPage = Stored<{ tokens: unknown[]; nextCursor: string | null; total: number | null }>;
type StoredCatalog = Record<string, { chains?: Stored<unknown[]>; pages?: Record<string, StoredPage> }>;

interface ChainState {
  /** Loaded pages in service order, by token key. */
  pages: Map<string, Token>;
  /** Found by search, look-up or `add`, not (yet) on a loaded page. */
  extra: Map<string, Token>;
  nextCursor: string | null;
  started: boolean;
  total: number | null;
  skipped: number;
  /** The cursor came from storage: a service that no longer accepts it gets a fresh first page. */
  storedCursor: boolean;
}

/** EVM addresses compare case-insensitively; other families' identifiers are case-sensitive. */
export function tokenKey(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address;
}

/** The service's search rule, for instant local feedback: symbol or name contain the text, or the address is it. */
export function matchesToken(token: Token, text: string): boolean {
  const q = text.trim().toLowerCase();
  return `${token.symbol}\n${token.name}`.toLowerCase().includes(q) || token.address.toLowerCase() === q;
}

/** An EVM address, or one long word (a denom, mint or coin type): looked up, not searched by name. */
export function looksLikeAddress(text: string): boolean {
  const t = text.trim();
  return /^0x[0-9a-f]{40}$/i.test(t) || /^\S{32,}$/.test(t);
}

function rows<T>(items: unknown, schema: { safeParse(value: unknown): { success: boolean; data?: T } }): T[] {
  return Array.isArray(items) ? items.map((item) => schema.safeParse(item)).flatMap((r) => (r.success ? [r.data as T] : [])) : [];
}

/**
 * Chains and tokens of one proxy, page by page. DOM-free: storage is injected
 * (pass `localStorage` from a lifecycle method, nothing in Node or SSR).
 * Every row the service sends is parsed on its own; a malformed one is
 * dropped and counted in `skipped`. Stored rows are parsed again on read.
 */
export class TokenCatalog {
  readonly proxyUrl: string;
  private readonly options: TokenCatalogOptions;
  private readonly states = new Map<string, ChainState>();
  /** Requests in flight, so concurrent callers share one: `chains`, `first <id>`, `next <id>`. */
  private readonly pending = new Map<string, Promise<unknown>>();
  private chainList: { at: number; result: ChainsResult } | undefined;

  constructor(options: TokenCatalogOptions) {
    this.options = options;
    this.proxyUrl = options.client.baseUrl;
  }

  private get ttl(): number {
    return this.options.ttlMs ?? CATALOG_TTL_MS;
  }

  private get pageSize(): number {
    return this.options.pageSize ?? TOKEN_PAGE_SIZE;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Malformed rows dropped so far, over every chain. */
  get skipped(): number {
    let total = 0;
    for (const state of this.states.values()) total += state.skipped;
    return total;
  }

  /** One shared promise per key while it runs. */
  private once<T>(key: string, run: () => Promise<T>): Promise<T> {
    let promise = this.pending.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = run();
      this.pending.set(key, promise);
      const clear = () => this.pending.delete(key);
      promise.then(clear, clear);
    }
    return promise;
  }

  /**
   * Storage first: within the TTL it is the answer (`cache`); past it, up to
   * {@link CATALOG_MAX_STALE_MS}, it is shown and `refresh` runs in the
   * background (`stale`); else `load` asks the service.
   */
  private fromStorage<T>(
    entry: Stored<unknown> | undefined,
    show: () => T,
    refresh: () => Promise<unknown>,
    load: () => Promise<T>,
  ): Promise<{ value: T; source: CatalogSource; refreshed?: Promise<T> }> {
    const age = entry ? this.now() - entry.at : Infinity;
    if (age >= CATALOG_MAX_STALE_MS) return load().then((value) => ({ value, source: 'network' }));
    const value = show();
    if (age < this.ttl) return Promise.resolve({ value, source: 'cache' });
    return Promise.resolve({ value, source: 'stale', refreshed: refresh().then(show, show) });
  }

  /** The chain list: memory, else storage (fresh, or stale and refreshed in the background), else the service. */
  async chains(options: CallOptions = {}): Promise<ChainsResult> {
    if (this.chainList && this.now() - this.chainList.at < this.ttl) return this.chainList.result;
    return this.once('chains', async () => {
      let fresh: ChainsResult | undefined;
      const fetchChains = async () => {
        const { data, meta } = await this.options.client.chains(options);
        this.writeStore((proxy) => (proxy.chains = { at: this.now(), data }));
        fresh = { chains: data, source: 'network', skipped: meta.skipped };
        this.chainList = { at: this.now(), result: fresh };
        return data;
      };
      const stored = this.readStore()[this.proxyUrl]?.chains;
      const shown = rows<Chain>(stored?.data, chainSchema);
      const { value, source, refreshed } = await this.fromStorage(stored, () => fresh?.chains ?? shown, fetchChains, fetchChains);
      const result: ChainsResult = fresh ?? { chains: value, source, skipped: 0, ...(refreshed ? { refreshed } : {}) };
      this.chainList ??= { at: this.now(), result };
      return result;
    });
  }

  /** What is known of a chain right now, without a request. */
  known(chainId: string): ChainTokens {
    const { pages, extra, nextCursor, started, total, skipped } = this.state(chainId);
    const tokens = [...pages.values(), ...[...extra].filter(([key]) => !pages.has(key)).map(([, token]) => token)];
    return { chainId, tokens, nextCursor, started, complete: started && nextCursor === null, total, skipped };
  }

  /** Local filter over what is known, for feedback while a search runs. */
  filter(chainId: string, text: string): Token[] {
    return this.known(chainId).tokens.filter((t) => matchesToken(t, text));
  }

  /** Adds tokens found elsewhere (held tokens, see {@link heldTokens}) after the loaded pages. */
  add(chainId: string, tokens: readonly Token[]): void {
    const state = this.state(chainId);
    for (const token of tokens) if (token.chainId === chainId) state.extra.set(tokenKey(token.address), token);
  }

  /**
   * The chain's first page: memory, storage within the TTL (no request),
   * storage past it (shown, refreshed in the background), else the service.
   * Concurrent calls share one request.
   */
  firstPage(chainId: string, options: CallOptions = {}): Promise<PageResult> {
    if (this.state(chainId).started) return Promise.resolve({ ...this.known(chainId), source: 'cache' });
    return this.once(`first ${chainId}`, async () => {
      const stored = this.readStore()[this.proxyUrl]?.pages?.[chainId];
      const show = () => {
        if (!this.state(chainId).started && stored) this.applyPage(chainId, rows<Token>(stored.data.tokens, tokenSchema), stored.data.nextCursor, stored.data.total, 0, true);
        return this.known(chainId);
      };
      const load = () => this.fetchFirst(chainId, options).then(() => this.known(chainId));
      const { value, source, refreshed } = await this.fromStorage(stored, show, () => this.fetchFirst(chainId, {}), load);
      return { ...value, source, ...(refreshed ? { refreshed } : {}) };
    });
  }

  /** Asks for a first page; it replaces the pages shown so far (a refresh of stale data, a restart). */
  private async fetchFirst(chainId: string, options: CallOptions): Promise<void> {
    const { data, meta } = await tokenPage(this.options.client, { chainId, limit: this.pageSize }, options);
    const state = this.state(chainId);
    state.pages.clear();
    this.applyPage(chainId, this.ownRows(chainId, data.tokens, data.nextCursor), data.nextCursor, data.total, meta.skipped, false);
    this.writeStore((proxy) => {
      (proxy.pages ??= {})[chainId] = { at: this.now(), data: { tokens: [...state.pages.values()], nextCursor: state.nextCursor, total: state.total } };
    });
  }

  /** The next page of a chain (the first if none is loaded); a no-op once complete. Concurrent calls share one request. */
  async nextPage(chainId: string, options: CallOptions = {}): Promise<ChainTokens> {
    const state = this.state(chainId);
    if (!state.started) return this.firstPage(chainId, options);
    const cursor = state.nextCursor;
    if (cursor === null) return this.known(chainId);
    return this.once(`next ${chainId}`, async () => {
      try {
        const { data, meta } = await tokenPage(this.options.client, { chainId, limit: this.pageSize, cursor }, options);
        this.applyPage(chainId, this.ownRows(chainId, data.tokens, data.nextCursor), data.nextCursor, data.total, meta.skipped, false);
      } catch (error) {
        // A cursor kept from an earlier visit that the service no longer accepts: start the chain again.
        if (!(error instanceof RoutingError && error.kind === 'invalid-request' && state.storedCursor)) throw error;
        await this.fetchFirst(chainId, options);
      }
      return this.known(chainId);
    });
  }

  /**
   * Searches a chain through the service (`q`); matches are merged into the
   * chain's tokens. Abort with `options.signal` (the next keystroke); see
   * {@link createTokenSearch}. A service that ignores `q` is filtered here;
   * a chain whose pages are all loaded is searched locally, without a request.
   */
  async search(chainId: string, text: string, options: CallOptions & { cursor?: string | undefined; limit?: number } = {}): Promise<SearchResult> {
    const q = text.trim();
    const known = this.known(chainId);
    if (q === '' || known.complete) return { tokens: known.tokens.filter((t) => matchesToken(t, q)), nextCursor: null, skipped: 0 };
    const { signal, cursor, limit = this.pageSize } = options;
    const { data, meta } = await tokenPage(this.options.client, { chainId, q, limit, cursor }, { signal });
    // Unfiltered answers (a plain array) would pile every token into the chain: keep only the matches.
    const tokens = data.tokens.filter((t) => t.chainId === chainId && matchesToken(t, q));
    this.add(chainId, tokens);
    this.state(chainId).skipped += meta.skipped;
    return { tokens, nextCursor: tokens.length === data.tokens.length ? data.nextCursor : null, skipped: meta.skipped };
  }

  /** A token by its address on a chain: what is known, else a `q` look-up. */
  async lookUpAddress(chainId: string, address: string, options: CallOptions = {}): Promise<Token | undefined> {
    const key = tokenKey(address.trim());
    const find = (tokens: readonly Token[]) => tokens.find((t) => tokenKey(t.address) === key);
    return find(this.known(chainId).tokens) ?? find((await this.search(chainId, address, { ...options, limit: 5 })).tokens);
  }

  /**
   * A preset (`from-token`, `to-token`, allow lists) by symbol or address:
   * what is known, else an address look-up, else a search for the symbol
   * (the first exact match, case-insensitive, within a few result pages).
   */
  async resolve(chainId: string, symbolOrAddress: string, options: CallOptions = {}): Promise<Token | undefined> {
    const wanted = symbolOrAddress.trim();
    const key = tokenKey(wanted);
    const lower = wanted.toLowerCase();
    const match = (tokens: readonly Token[]) => tokens.find((t) => tokenKey(t.address) === key || t.symbol.toLowerCase() === lower);
    const known = match(this.known(chainId).tokens);
    if (known || looksLikeAddress(wanted)) return known ?? this.lookUpAddress(chainId, wanted, options);
    let cursor: string | undefined;
    for (let page = 0; page < RESOLVE_SEARCH_PAGES; page++) {
      const result = await this.search(chainId, wanted, { ...options, cursor });
      const found = match(result.tokens);
      if (found || result.nextCursor === null) return found;
      cursor = result.nextCursor;
    }
    return undefined;
  }

  private state(chainId: string): ChainState {
    let state = this.states.get(chainId);
    if (!state) {
      state = { pages: new Map(), extra: new Map(), nextCursor: null, started: false, total: null, skipped: 0, storedCursor: false };
      this.states.set(chainId, state);
    }
    return state;
  }

  private applyPage(chainId: string, tokens: readonly Token[], nextCursor: string | null, total: number | null, skipped: number, fromStorage: boolean): void {
    const state = this.state(chainId);
    for (const token of tokens) state.pages.set(tokenKey(token.address), token);
    state.started = true;
    state.nextCursor = nextCursor;
    state.total = total ?? state.total;
    state.skipped += skipped;
    state.storedCursor = fromStorage;
  }

  /**
   * The page's rows of `chainId`. A service that ignored the `chainId` filter
   * sent other chains' tokens too: with no cursor that is its whole list, so
   * every chain it names is complete and needs no request of its own.
   */
  private ownRows(chainId: string, tokens: readonly Token[], nextCursor: string | null): Token[] {
    const byChain = new Map<string, Token[]>();
    for (const token of tokens) byChain.set(token.chainId, [...(byChain.get(token.chainId) ?? []), token]);
    if (nextCursor === null) {
      for (const [id, list] of byChain) if (id !== chainId && !this.known(id).complete) this.applyPage(id, list, null, list.length, 0, false);
    }
    return byChain.get(chainId) ?? [];
  }

  private readStore(): StoredCatalog {
    try {
      const parsed: unknown = JSON.parse(this.options.storage?.getItem(CATALOG_STORAGE_KEY) || '{}');
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as StoredCatalog) : {};
    } catch {
      return {};
    }
  }

  /** Read-modify-write of this proxy's entry; drops the oldest entries (any proxy) until the document fits the cap. */
  private writeStore(change: (proxy: StoredCatalog[string]) => void): void {
    const storage = this.options.storage;
    if (!storage) return;
    const store = this.readStore();
    change((store[this.proxyUrl] ??= {}));
    for (;;) {
      const text = JSON.stringify(store);
      if (text.length <= (this.options.maxStoredChars ?? CATALOG_STORAGE_MAX_CHARS)) {
        try {
          storage.setItem(CATALOG_STORAGE_KEY, text);
        } catch {
          // A full or forbidden storage costs the next visit a request, nothing more.
        }
        return;
      }
      const entries = Object.values(store).flatMap((proxy) => [
        ...(proxy.chains ? [{ at: proxy.chains.at, drop: () => delete proxy.chains }] : []),
        ...Object.entries(proxy.pages ?? {}).map(([id, page]) => ({ at: page.at, drop: () => delete proxy.pages![id] })),
      ]);
      if (entries.length === 0) return;
      entries.reduce((a, b) => (b.at < a.at ? b : a)).drop();
    }
  }
}

/**
 * The tokens a balances result holds on a chain, as catalog tokens, for
 * {@link TokenCatalog.add}: a held token is listed even when no loaded page
 * has it. Rows without a contract (the native coin) are left out: the chain's
 * first page lists its native coin.
 */
export function heldTokens(chainId: string, rows: readonly BalanceRow[]): Token[] {
  return rows
    .filter((row) => row.contract !== undefined && row.contract !== '' && row.category !== 'native')
    .map((row) => ({ chainId, address: row.contract!, symbol: row.symbol, name: row.name ?? row.symbol, decimals: row.decimals, logoURI: row.logoURI, usdPrice: row.usdPrice, type: undefined }));
}

const sharedCatalogs = new Map<string, TokenCatalog>();

/** One catalog per proxy on the page, so two widgets (or a remount) share pages and requests. */
export function sharedTokenCatalog(client: WidgetClient, storage?: KeyValueStorage): TokenCatalog {
  let catalog = sharedCatalogs.get(client.baseUrl);
  if (!catalog) {
    catalog = new TokenCatalog({ client, storage });
    sharedCatalogs.set(client.baseUrl, catalog);
  }
  return catalog;
}

/**
 * A picker's search box: each call aborts the previous one, so only the
 * latest text's answer arrives (a superseded call rejects with a
 * RoutingError of kind `aborted`). `cancel()` aborts the one in flight.
 */
export function createTokenSearch(catalog: TokenCatalog): {
  search(chainId: string, text: string, options?: CallOptions): Promise<SearchResult>;
  cancel(): void;
} {
  let current: AbortController | undefined;
  return {
    search(chainId, text, options = {}) {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
      return looksLikeAddress(text)
        ? catalog.lookUpAddress(chainId, text, { signal }).then((token) => ({ tokens: token ? [token] : [], nextCursor: null, skipped: 0 }))
        : catalog.search(chainId, text, { signal });
    },
    cancel() {
      current?.abort();
    },
  };
}

export type ChainAvailability = 'available' | 'unconfirmed' | 'informational' | 'unavailable';

/**
 * What the spec's chain notes mean for a destination: EVM chains route;
 * `cataclysm-1` is the one Cosmos destination with end-to-end support and other
 * non-EVM families need a quote to confirm them; other Cosmos entries and
 * `sui-mainnet` are informational. A successful quote promotes a chain.
 */
export function destinationAvailability(chain: Chain, confirmed: ReadonlySet<string>): ChainAvailability {
  if (confirmed.has(chain.chainId)) return 'available';
  switch (chain.chainType) {
    case 'evm':
      return 'available';
    case 'cosmos':
      return chain.chainId === 'cataclysm-1' ? 'unconfirmed' : 'informational';
    case 'sui':
      return 'informational';
    case 'solana':
    case 'bitcoin':
      return 'unconfirmed';
    default:
      return 'informational';
  }
}

/** Sources are the chains the EIP-1193 wallet can sign on. */
export function isSourceChain(chain: Chain): boolean {
  return chain.chainType === 'evm' && /^\d+$/.test(chain.chainId);
}

/** Parses an allow or deny list attribute: comma or space separated, case-insensitive. */
export function parseList(value: string | null | undefined): Set<string> | undefined {
  if (!value) return undefined;
  const items = value
    .split(/[\s,]+/)
    .map((s) => s.toLowerCase())
    .filter(Boolean);
  return items.length ? new Set(items) : undefined;
}

export function passesLists(values: readonly string[], allow: Set<string> | undefined, deny: Set<string> | undefined): boolean {
  const lower = values.map((v) => v.toLowerCase());
  if (deny && lower.some((v) => deny.has(v))) return false;
  if (allow && !lower.some((v) => allow.has(v))) return false;
  return true;
}
