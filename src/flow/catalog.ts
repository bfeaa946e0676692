/**
 * The catalog page by page: the chain list and the first token page
 * of a chain, further pages on demand, search and address look-up through the
 * service (`q`), and a small storage cache so that a reload within the TTL asks
 * for nothing. The unpaginated full list is never asked for.
 */
import type { CallOptions, WidgetClient } from '../api/client.js';
import { chainSchema, tokenSchema } from '../api/schemas.js';
import type { BalanceRow, Chain, Token } from '../api/schemas.js';
import type { KeyValueStorage } from './storage.js';

/** Stored chains and first pages younger than this are used without a request. */
export const CATALOG_TTL_MS = 5 * 60_000;
/** Storage key of the persisted catalog (one JSON document for every proxy). */
export const CATALOG_STORAGE_KEY = 'bridge-widget:catalog:v1';
/** Cap on the stored JSON, in characters; the oldest entries go first when it is exceeded. */
export const CATALOG_STORAGE_MAX_CHARS = 256 * 1024;
/** Stored data older than the TTL is still shown at once but refreshed; older than this it is not shown at all. */
export const CATALOG_MAX_STALE_MS = 24 * 60 * 60_000;
/** Tokens per page the catalog asks for (a search too). */
export const TOKEN_PAGE_SIZE = 50;

export interface TokenCatalogOptions {
  client: WidgetClient;
  /** Persists the chain list and first pages across page loads; none: memory only. */
  storage?: KeyValueStorage | undefined;
  /** Default {@link CATALOG_STORAGE_MAX_CHARS}. */
  maxStoredChars?: number;
  /** Default {@link TOKEN_PAGE_SIZE}. */
  pageSize?: number;
  now?: () => number;
}

/** What is known of one chain's tokens: loaded pages in service order, then tokens found by search or `add`. */
export interface ChainTokens {
  tokens: Token[];
  /** The first page was loaded (from the service or storage). */
  started: boolean;
  /** Every page is loaded: a local filter over `tokens` is as good as a search. */
  complete: boolean;
}

interface ChainState {
  /** Loaded pages in service order, by token key. */
  pages: Map<string, Token>;
  /** Found by search or `add`, not (yet) on a loaded page. */
  extra: Map<string, Token>;
  /** Cursor of the next page: undefined before the first page, null after the last. */
  next: string | null | undefined;
  /** The first page's request (or storage read), shared by concurrent callers. */
  first?: Promise<void> | undefined;
}

/** What is stored of a first page (tokens parsed again on read). */
interface StoredPage {
  tokens: unknown;
  next: string | null;
}

type Entries = Record<string, { at: number; data: unknown }>;

/**
 * What this page fetched, by the same keys as storage: a second widget on the
 * page, or a remount, asks for nothing within the TTL even without storage.
 */
let memory: Entries = {};

/** Forgets what this page fetched (storage stays): as a new page load would. */
export function clearCatalogCache(): void {
  memory = {};
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

function rows<T>(items: unknown, schema: { safeParse(value: unknown): { success: boolean; data?: T } }): T[] {
  return Array.isArray(items) ? items.map((item) => schema.safeParse(item)).flatMap((r) => (r.success ? [r.data as T] : [])) : [];
}

/**
 * Chains and tokens of one proxy, page by page. DOM-free: storage is injected
 * (pass `localStorage` from a lifecycle method, nothing in Node or SSR).
 * Every row the service sends is parsed on its own; a malformed one is
 * dropped (the client counts it in the page's `meta.skipped`). Stored rows are
 * parsed again on read.
 */
export class TokenCatalog {
  readonly #client: WidgetClient;
  readonly #options: TokenCatalogOptions;
  readonly #states = new Map<string, ChainState>();

  constructor(options: TokenCatalogOptions) {
    this.#options = options;
    this.#client = options.client;
  }

  get #size(): number {
    return this.#options.pageSize ?? TOKEN_PAGE_SIZE;
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  /**
   * Storage first: within the TTL it is the answer, without a request; past
   * it (up to {@link CATALOG_MAX_STALE_MS}) it is the answer too, and `load`
   * refreshes it in the background (`refreshed` gets the fresh value); older
   * or missing, `load` is the answer. What `load` returns is stored.
   */
  async #cached<T>(what: string, load: () => Promise<T>, read: (stored: T) => T, refreshed: (fresh: T) => void): Promise<T> {
    const key = `${this.#client.baseUrl} ${what}`;
    const entry = this.#read()[key];
    // Missing or unreadable (no number `at`): NaN or Infinity, which no `<` passes.
    const age = this.#now() - (entry?.data ? entry.at : -Infinity);
    const fetch = async () => {
      const value = await load();
      this.#write(key, value);
      return value;
    };
    if (!(age < CATALOG_MAX_STALE_MS)) return fetch();
    if (!(age < CATALOG_TTL_MS)) fetch().then(refreshed, () => {});
    return read(entry!.data as T);
  }

  /** The chain list: storage within the TTL, else the service (see `#cached`; `refreshed` gets a background refresh). */
  chains(options: CallOptions = {}, refreshed: (chains: Chain[]) => void = () => {}): Promise<Chain[]> {
    return this.#cached(
      'chains',
      async () => (await this.#client.chains(options)).data,
      (stored) => rows(stored, chainSchema),
      refreshed,
    );
  }

  /** What is known of a chain right now, without a request. */
  known(chainId: string): ChainTokens {
    const { pages, extra, next } = this.#state(chainId);
    const tokens = [...pages.values(), ...[...extra].filter(([key]) => !pages.has(key)).map(([, token]) => token)];
    return { tokens, started: next !== undefined, complete: next === null };
  }

  /** Every token known on any chain (loaded pages, search results, held tokens). */
  all(): Token[] {
    return [...this.#states.keys()].flatMap((id) => this.known(id).tokens);
  }

  /** Adds tokens found elsewhere (held tokens, see {@link heldTokens}) after the loaded pages. */
  add(chainId: string, tokens: readonly Token[]): void {
    const state = this.#state(chainId);
    for (const token of tokens) if (token.chainId === chainId) state.extra.set(tokenKey(token.address), token);
  }

  /**
   * The chain's first page, once (concurrent calls share the request):
   * storage within the TTL (no request), else the service. Past the TTL the
   * stored page is shown and `refreshed` runs once the fresh one replaced it.
   */
  async firstPage(chainId: string, options: CallOptions = {}, refreshed: () => void = () => {}): Promise<ChainTokens> {
    const state = this.#state(chainId);
    const apply = (page: StoredPage) => {
      state.pages = new Map(rows<Token>(page.tokens, tokenSchema).map((t) => [tokenKey(t.address), t]));
      state.next = page.next ?? null;
    };
    await (state.first ??= this.#cached<StoredPage>(
      `page ${chainId}`,
      () => this.#page(chainId, options),
      (stored) => stored,
      (fresh) => (apply(fresh), refreshed()),
    ).then(apply, (error: unknown) => {
      state.first = undefined;
      throw error;
    }));
    return this.known(chainId);
  }

  /** The next page of a chain once its first is in; a no-op once complete. */
  async nextPage(chainId: string, options: CallOptions = {}): Promise<void> {
    const state = this.#state(chainId);
    if (!state.next) return;
    const page = await this.#page(chainId, options, state.next);
    for (const token of page.tokens) state.pages.set(tokenKey(token.address), token);
    state.next = page.next;
  }

  /**
   * A page of the chain's tokens. A service that ignores the parameters
   * answers every chain's tokens as one last page: only this chain's are kept.
   */
  async #page(chainId: string, options: CallOptions, cursor?: string): Promise<{ tokens: Token[]; next: string | null }> {
    const { data } = await this.#client.tokenPage({ chainId, limit: this.#size, cursor }, options);
    return { tokens: data.tokens.filter((t) => t.chainId === chainId), next: data.nextCursor };
  }

  /**
   * Searches a chain through the service (`q`: part of a symbol or name, or
   * a pasted address); matches are merged into the chain's tokens and
   * returned. Abort with `options.signal` (the next keystroke). A service that
   * ignores `q` is filtered here; a chain whose pages are all loaded, and an
   * empty text, need no request.
   */
  async search(chainId: string, text: string, options: CallOptions = {}): Promise<Token[]> {
    const q = text.trim();
    if (q && this.#state(chainId).next !== null) {
      const { data } = await this.#client.tokenPage({ chainId, q, limit: this.#size }, options);
      this.add(
        chainId,
        data.tokens.filter((t) => matchesToken(t, q)),
      );
    }
    return this.known(chainId).tokens.filter((t) => matchesToken(t, q));
  }

  /**
   * A preset (`from-token`, `to-token`, allow lists) by symbol or address:
   * what is known, else the first page of a search (the service matches an
   * exact address too); symbols compare case-insensitively.
   */
  async resolve(chainId: string, symbolOrAddress: string, options: CallOptions = {}): Promise<Token | undefined> {
    const wanted = symbolOrAddress.trim();
    const match = (tokens: readonly Token[]) => tokens.find((t) => tokenKey(t.address) === tokenKey(wanted) || t.symbol.toLowerCase() === wanted.toLowerCase());
    return match(this.known(chainId).tokens) ?? match(await this.search(chainId, wanted, options));
  }

  #state(chainId: string): ChainState {
    let state = this.#states.get(chainId);
    if (!state) this.#states.set(chainId, (state = { pages: new Map(), extra: new Map(), next: undefined }));
    return state;
  }

  #read(): Entries {
    try {
      // Anything but an object reads as one without entries.
      return { ...Object(JSON.parse(this.#options.storage?.getItem(CATALOG_STORAGE_KEY) || '{}')), ...memory };
    } catch {
      return memory;
    }
  }

  /** Stores an entry; the oldest entries (of any proxy) go until the document fits the cap. */
  #write(key: string, data: unknown): void {
    memory = { ...memory, [key]: { at: this.#now(), data } };
    const entries = Object.entries(this.#read()).sort(([, a], [, b]) => b.at - a.at);
    let text: string;
    while ((text = JSON.stringify(Object.fromEntries(entries))).length > (this.#options.maxStoredChars ?? CATALOG_STORAGE_MAX_CHARS)) entries.pop();
    try {
      this.#options.storage?.setItem(CATALOG_STORAGE_KEY, text);
    } catch {
      // A full or forbidden storage costs the next visit a request, nothing more.
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
    .filter((row) => row.contract && row.category !== 'native')
    .map((row) => ({ ...row, chainId, address: row.contract!, name: row.name ?? row.symbol, type: undefined }));
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
