/**
 * The widget's paged catalog (src/flow/catalog.ts TokenCatalog, and
 * the `tokenPage` function under it) against the real sandbox with its large
 * catalog, through the real proxy. Requests are asserted on the sandbox's
 * request log; storage is a Map behind the Web Storage interface.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { WidgetClient, tokenPage } from '../../src/api/client.js';
import { RoutingError } from '../../src/api/errors.js';
import type { Token } from '../../src/api/schemas.js';
import {
  CATALOG_MAX_STALE_MS,
  CATALOG_STORAGE_KEY,
  CATALOG_TTL_MS,
  TOKEN_PAGE_SIZE,
  TokenCatalog,
  createTokenSearch,
  heldTokens,
  type TokenCatalogOptions,
} from '../../src/flow/catalog.js';
import type { KeyValueStorage } from '../../src/flow/intent-store.js';
import { startSandbox, type LoggedRequest, type SandboxHandle } from '../../sandbox/index.js';

const SEPOLIA = '11155111';

let sandbox: SandboxHandle;
let client: WidgetClient;
/** The sandbox's whole list, read once directly from the service (not through the code under test). */
let all: Token[];

class MapStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

before(async () => {
  sandbox = await startSandbox({ catalog: 'large', bridgingDelayMs: 0 });
  client = new WidgetClient({ baseUrl: sandbox.proxyUrl! });
  const response = await fetch(`${sandbox.serviceUrl}/api/v1/routes/tokens`, { headers: { 'x-api-key': sandbox.apiKey } });
  all = (await response.json()) as Token[];
});

after(async () => {
  await sandbox?.close();
});

beforeEach(() => {
  sandbox.reset();
});

const catalogRequests = (): LoggedRequest[] => sandbox.requests({ endpoints: ['chains', 'tokens'] });
const chainTokens = (chainId: string) => all.filter((t) => t.chainId === chainId);
const newCatalog = (options: Partial<TokenCatalogOptions> = {}) => new TokenCatalog({ client, ...options });

describe('tokenPage', () => {
  test('reads the paginated shape: rows parsed, cursor and total', async () => {
    const page = await tokenPage(client, { chainId: SEPOLIA, limit: 10, includeTotal: true });
    assert.deepEqual(page.data.tokens.map((t) => t.address), chainTokens(SEPOLIA).slice(0, 10).map((t) => t.address));
    assert.equal(page.data.total, chainTokens(SEPOLIA).length);
    assert.equal(typeof page.data.nextCursor, 'string');
    const next = await tokenPage(client, { chainId: SEPOLIA, limit: 10, cursor: page.data.nextCursor! });
    assert.deepEqual(next.data.tokens.map((t) => t.address), chainTokens(SEPOLIA).slice(10, 20).map((t) => t.address));
  });

  test('a service that answers a paginated request with the plain array is read as one last page', async () => {
    sandbox.faults.set({ plainTokenList: true });
    const page = await tokenPage(client, { chainId: SEPOLIA, limit: 10 });
    assert.equal(page.data.tokens.length, all.length);
    assert.equal(page.data.nextCursor, null);
    assert.equal(page.data.total, all.length);
  });
});

describe('TokenCatalog: pages', () => {
  test('start-up asks for the chain list and one first page of the selected chain, never the unpaginated list', async () => {
    const catalog = newCatalog();
    const [chains, first] = await Promise.all([catalog.chains(), catalog.firstPage(SEPOLIA), catalog.firstPage(SEPOLIA)]);
    assert.ok(chains.chains.length >= 38);
    assert.equal(chains.source, 'network');
    assert.equal(first.source, 'network');
    assert.deepEqual(first.tokens.map((t) => t.address), chainTokens(SEPOLIA).slice(0, TOKEN_PAGE_SIZE).map((t) => t.address));
    assert.equal(first.complete, false);
    const requests = catalogRequests();
    assert.deepEqual(requests.map((r) => [r.endpoint, r.query]), [
      ['chains', {}],
      ['tokens', { chainId: SEPOLIA, limit: String(TOKEN_PAGE_SIZE) }],
    ]);
    assert.ok(requests.every((r) => r.unpaginated !== true));
  });

  test('next pages walk the chain to its end, one request per page, then stop asking', async () => {
    const catalog = newCatalog({ pageSize: 1000 });
    const expected = chainTokens(SEPOLIA);
    let state = (await catalog.firstPage(SEPOLIA)).tokens.length;
    for (let i = 0; i < 20 && !catalog.known(SEPOLIA).complete; i++) state = (await catalog.nextPage(SEPOLIA)).tokens.length;
    assert.equal(state, expected.length);
    assert.deepEqual(catalog.known(SEPOLIA).tokens.map((t) => t.address), expected.map((t) => t.address));
    const pages = Math.ceil(expected.length / 1000);
    assert.equal(catalogRequests().length, pages);
    await catalog.nextPage(SEPOLIA);
    assert.equal(catalogRequests().length, pages, 'a complete chain asks for nothing more');
  });
});

describe('TokenCatalog: search, look-up, presets', () => {
  const lastOf = (chainId: string) => chainTokens(chainId).at(-1)!;

  test('a token only on the last page is found by part of its name and merged after the loaded page', async () => {
    const catalog = newCatalog();
    await catalog.firstPage(SEPOLIA);
    const target = lastOf(SEPOLIA);
    assert.ok(!catalog.known(SEPOLIA).tokens.some((t) => t.address === target.address));
    const part = target.name.split(' ')[0]!.slice(0, 6);
    assert.deepEqual(catalog.filter(SEPOLIA, part).filter((t) => t.address === target.address), [], 'not known locally yet');
    const result = await catalog.search(SEPOLIA, part);
    assert.ok(result.tokens.some((t) => t.address === target.address));
    const known = catalog.known(SEPOLIA).tokens;
    assert.equal(known.length, new Set(known.map((t) => t.address.toLowerCase())).size, 'no duplicates after the merge');
    assert.equal(known.slice(0, TOKEN_PAGE_SIZE).map((t) => t.address).join(), chainTokens(SEPOLIA).slice(0, TOKEN_PAGE_SIZE).map((t) => t.address).join());
    assert.ok(catalog.filter(SEPOLIA, part).some((t) => t.address === target.address), 'local filter now has it');
    assert.deepEqual(catalogRequests().at(-1)!.query, { chainId: SEPOLIA, q: part, limit: String(TOKEN_PAGE_SIZE) });
  });

  test('each keystroke aborts the previous search; only the latest answer arrives', async () => {
    const catalog = newCatalog();
    const search = createTokenSearch(catalog);
    const target = lastOf('8453');
    const typed = target.name.slice(0, 5);
    const early = search.search('8453', typed.slice(0, 3));
    const latest = search.search('8453', typed);
    await assert.rejects(early, (error: unknown) => error instanceof RoutingError && error.kind === 'aborted');
    const result = await latest;
    assert.ok(result.tokens.some((t) => t.address === target.address));
  });

  test('a pasted address (any case) is looked up on its chain', async () => {
    const catalog = newCatalog();
    const target = lastOf('42161');
    const found = await catalog.lookUpAddress('42161', target.address.toLowerCase());
    assert.equal(found?.address, target.address);
    assert.equal(await catalog.lookUpAddress('42161', '0x000000000000000000000000000000000000dEaD'), undefined);
    const viaSearchBox = await createTokenSearch(catalog).search('42161', `  ${target.address}  `.trim());
    assert.deepEqual(viaSearchBox.tokens.map((t) => t.address), [target.address]);
  });

  test('a preset by symbol that is not on the first page resolves through q; by address too', async () => {
    const catalog = newCatalog();
    await catalog.firstPage(SEPOLIA);
    const target = lastOf(SEPOLIA);
    const bySymbol = await catalog.resolve(SEPOLIA, target.symbol.toLowerCase());
    assert.equal(bySymbol?.address, target.address);
    const other = chainTokens(SEPOLIA).at(-2)!;
    assert.equal((await catalog.resolve(SEPOLIA, other.address))?.symbol, other.symbol);
    assert.equal((await catalog.resolve(SEPOLIA, 'USDC'))?.symbol, 'USDC', 'known tokens need no request');
    assert.equal(await catalog.resolve(SEPOLIA, 'NOSUCHTOKEN'), undefined);
    assert.ok(catalogRequests().every((r) => r.unpaginated !== true));
  });

  test('tokens the wallet holds (balances endpoint) are known at once, though only the last page lists them', async () => {
    const catalog = newCatalog();
    await catalog.firstPage(SEPOLIA);
    const weth = chainTokens(SEPOLIA).at(-1)!;
    assert.equal(weth.symbol, 'WETH');
    assert.ok(!catalog.known(SEPOLIA).tokens.some((t) => t.address === weth.address));
    const balances = await client.balances(sandbox.accounts.user.address);
    const rows = balances.data.results.find((r) => r.chain_id === SEPOLIA)!.balances;
    catalog.add(SEPOLIA, heldTokens(SEPOLIA, rows));
    const held = catalog.known(SEPOLIA).tokens.find((t) => t.address.toLowerCase() === weth.address.toLowerCase());
    assert.equal(held?.symbol, 'WETH');
    assert.equal(held?.decimals, 18);
    assert.equal(catalog.known(SEPOLIA).tokens.filter((t) => t.symbol === 'USDC').length, 1, 'a held token already on the page is not listed twice');
  });

  test('held tokens added from elsewhere are listed after the loaded page and replaced when their page arrives', async () => {
    const catalog = newCatalog({ pageSize: 1000 });
    await catalog.firstPage(SEPOLIA);
    const held = chainTokens(SEPOLIA)[1500]!;
    catalog.add(SEPOLIA, [held]);
    assert.equal(catalog.known(SEPOLIA).tokens.at(-1)?.address, held.address);
    await catalog.nextPage(SEPOLIA);
    const known = catalog.known(SEPOLIA).tokens;
    assert.equal(known.length, 2000);
    assert.equal(known[1500]!.address, held.address, 'now in page order');
  });
});

describe('TokenCatalog: storage cache', () => {
  test('a reload within the TTL makes no catalog request; past it the stale data shows and is refreshed once', async () => {
    const storage = new MapStorage();
    let now = 1_000_000;
    const clock = () => now;
    await newCatalog({ storage, now: clock }).chains();
    await newCatalog({ storage, now: clock }).firstPage(SEPOLIA);
    assert.equal(catalogRequests().length, 2);
    sandbox.clearRequests();

    now += CATALOG_TTL_MS - 1;
    const reload = newCatalog({ storage, now: clock });
    const [chains, first] = await Promise.all([reload.chains(), reload.firstPage(SEPOLIA)]);
    assert.equal(chains.source, 'cache');
    assert.equal(first.source, 'cache');
    assert.equal(first.tokens.length, TOKEN_PAGE_SIZE);
    assert.ok(chains.chains.length >= 38);
    assert.deepEqual(catalogRequests(), [], 'no catalog request within the TTL');

    now += 2;
    const stale = newCatalog({ storage, now: clock });
    const [staleChains, staleFirst] = await Promise.all([stale.chains(), stale.firstPage(SEPOLIA)]);
    assert.equal(staleChains.source, 'stale');
    assert.equal(staleFirst.source, 'stale');
    assert.equal(staleFirst.tokens.length, TOKEN_PAGE_SIZE, 'shown at once');
    assert.ok((await staleChains.refreshed!).length >= 38);
    assert.equal((await staleFirst.refreshed!).tokens.length, TOKEN_PAGE_SIZE);
    assert.deepEqual(catalogRequests().map((r) => r.endpoint).sort(), ['chains', 'tokens']);

    sandbox.clearRequests();
    now += CATALOG_MAX_STALE_MS + 1;
    const old = newCatalog({ storage, now: clock });
    assert.equal((await old.firstPage(SEPOLIA)).source, 'network', 'too old to show');
  });

  test('the stored document stays under its size cap, dropping the oldest entries first', async () => {
    const storage = new MapStorage();
    let now = 5_000_000;
    const cap = 30_000;
    const chainIds = [SEPOLIA, '84532', '1', '42161', '8453', '137'];
    for (const chainId of chainIds) {
      now += 1000;
      await newCatalog({ storage, now: () => now, maxStoredChars: cap }).firstPage(chainId);
      assert.ok(storage.getItem(CATALOG_STORAGE_KEY)!.length <= cap);
    }
    const stored = JSON.parse(storage.getItem(CATALOG_STORAGE_KEY)!) as Record<string, { pages: Record<string, unknown> }>;
    const kept = Object.keys(stored[client.baseUrl]!.pages);
    assert.ok(kept.length >= 1 && kept.length < chainIds.length, `kept ${kept.join(', ')}`);
    // Integer-like keys come back in numeric order from JSON objects: compare as sets.
    assert.deepEqual([...kept].sort(), chainIds.slice(-kept.length).sort(), 'the newest pages are the ones kept');

    sandbox.clearRequests();
    const reload = newCatalog({ storage, now: () => now, maxStoredChars: cap });
    assert.equal((await reload.firstPage(chainIds.at(-1)!)).source, 'cache');
    assert.equal((await reload.firstPage(SEPOLIA)).source, 'network', 'the evicted page is asked for again');
    assert.equal(catalogRequests().length, 1);
  });

  test('tampered stored rows are dropped on read; unreadable storage costs a request, not the widget', async () => {
    const storage = new MapStorage();
    await newCatalog({ storage }).firstPage(SEPOLIA);
    const doc = JSON.parse(storage.getItem(CATALOG_STORAGE_KEY)!) as Record<string, { pages: Record<string, { data: { tokens: Record<string, unknown>[] } }> }>;
    doc[client.baseUrl]!.pages[SEPOLIA]!.data.tokens[0]!.decimals = 'eighteen';
    storage.setItem(CATALOG_STORAGE_KEY, JSON.stringify(doc));
    const first = await newCatalog({ storage }).firstPage(SEPOLIA);
    assert.equal(first.source, 'cache');
    assert.equal(first.tokens.length, TOKEN_PAGE_SIZE - 1);

    storage.setItem(CATALOG_STORAGE_KEY, '{not json');
    sandbox.clearRequests();
    assert.equal((await newCatalog({ storage }).firstPage(SEPOLIA)).source, 'network');
    assert.equal(catalogRequests().length, 1);
  });
});

describe('TokenCatalog: untrusted pages', () => {
  test('a malformed row is dropped and counted, the rest of the page shown', async () => {
    sandbox.faults.set({ wrongType: { count: 1, endpoints: ['tokens'] } });
    const catalog = newCatalog();
    const first = await catalog.firstPage(SEPOLIA);
    assert.equal(first.skipped, 1);
    assert.equal(catalog.skipped, 1);
    assert.equal(first.tokens.length, TOKEN_PAGE_SIZE - 1);
    assert.equal(first.tokens[0]!.symbol, 'USDC', 'the corrupted first row (ETH) is the one dropped');
  });

  test('a broken page is a typed error and is not kept: the next call asks again', async () => {
    sandbox.faults.set({ malformedBody: { count: 1, endpoints: ['tokens'] } });
    const storage = new MapStorage();
    const catalog = newCatalog({ storage });
    await assert.rejects(catalog.firstPage(SEPOLIA), (error: unknown) => error instanceof RoutingError && error.kind === 'invalid-response');
    assert.equal(storage.getItem(CATALOG_STORAGE_KEY), null);
    assert.equal((await catalog.firstPage(SEPOLIA)).tokens.length, TOKEN_PAGE_SIZE);
  });

  test('against a service that ignores the parameters: one request fills every chain, searches are filtered here', async () => {
    sandbox.faults.set({ plainTokenList: true });
    const catalog = newCatalog();
    const first = await catalog.firstPage(SEPOLIA);
    assert.equal(first.complete, true);
    assert.deepEqual(first.tokens.map((t) => t.address), chainTokens(SEPOLIA).map((t) => t.address));
    const base = await catalog.firstPage('84532');
    assert.equal(base.tokens.length, chainTokens('84532').length);
    assert.equal(catalogRequests().length, 1, 'the other chains came with the first answer');
    const target = chainTokens(SEPOLIA).at(-1)!;
    const result = await catalog.search(SEPOLIA, target.name);
    assert.ok(result.tokens.some((t) => t.address === target.address));
    assert.ok(result.tokens.every((t) => t.chainId === SEPOLIA && t.name.toLowerCase().includes(target.name.toLowerCase())));
    assert.equal((await catalog.lookUpAddress('84532', chainTokens('84532').at(-1)!.address.toLowerCase()))?.symbol, chainTokens('84532').at(-1)!.symbol);
    assert.equal(catalogRequests().length, 1, 'complete chains are searched locally, not by downloading the whole list again');
  });

  test('a service that ignores q: the answer is filtered to the query and the chain', async () => {
    const catalog = newCatalog();
    await catalog.firstPage(SEPOLIA);
    sandbox.faults.set({ plainTokenList: true });
    const target = chainTokens('84532').at(-1)!;
    const result = await catalog.search('84532', target.name);
    assert.ok(result.tokens.some((t) => t.address === target.address));
    assert.ok(result.tokens.every((t) => t.chainId === '84532' && t.name.toLowerCase().includes(target.name.toLowerCase())));
    assert.ok(catalog.known(SEPOLIA).tokens.length === TOKEN_PAGE_SIZE, 'the other chain keeps its page');
  });
});
