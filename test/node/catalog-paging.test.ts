/**
 * The widget's paged catalog (src/flow/catalog.ts TokenCatalog, and
 * `WidgetClient#tokenPage` under it) against the real sandbox with its large
 * catalog, through the real proxy. Requests are asserted on the sandbox's
 * request log; storage is a Map behind the Web Storage interface.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { WidgetClient } from '../../src/api/client.js';
import { RoutingError } from '../../src/api/errors.js';
import type { Token } from '../../src/api/schemas.js';
import {
  CATALOG_MAX_STALE_MS,
  CATALOG_STORAGE_KEY,
  CATALOG_TTL_MS,
  TOKEN_PAGE_SIZE,
  TokenCatalog,
  clearCatalogCache,
  heldTokens,
  matchesToken,
  type TokenCatalogOptions,
} from '../../src/flow/catalog.js';
import { startSandbox, type LoggedRequest, type SandboxHandle } from '../../sandbox/index.js';
import { MemoryStorage } from './helpers/memory-storage.ts';

const SEPOLIA = '11155111';

let sandbox: SandboxHandle;
let client: WidgetClient;
/** The sandbox's whole list, read once directly from the service (not through the code under test). */
let all: Token[];

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
  clearCatalogCache();
});

const catalogRequests = (): LoggedRequest[] => sandbox.requests({ endpoints: ['chains', 'tokens'] });
const chainTokens = (chainId: string) => all.filter((t) => t.chainId === chainId);
const newCatalog = (options: Partial<TokenCatalogOptions> = {}) => new TokenCatalog({ client, ...options });

describe('tokenPage', () => {
  test('reads the paginated shape: rows parsed, cursor and total', async () => {
    const page = await client.tokenPage({ chainId: SEPOLIA, limit: 10, includeTotal: true });
    assert.deepEqual(
      page.data.tokens.map((t) => t.address),
      chainTokens(SEPOLIA)
        .slice(0, 10)
        .map((t) => t.address),
    );
    assert.equal(page.data.total, chainTokens(SEPOLIA).length);
    assert.equal(typeof page.data.nextCursor, 'string');
    const next = await client.tokenPage({ chainId: SEPOLIA, limit: 10, cursor: page.data.nextCursor! });
    assert.deepEqual(
      next.data.tokens.map((t) => t.address),
      chainTokens(SEPOLIA)
        .slice(10, 20)
        .map((t) => t.address),
    );
  });

  test('a service that answers a paginated request with the plain array is read as one last page', async () => {
    sandbox.faults.set({ plainTokenList: true });
    const page = await client.tokenPage({ chainId: SEPOLIA, limit: 10 });
    assert.equal(page.data.tokens.length, all.length);
    assert.equal(page.data.nextCursor, null);
    assert.equal(page.data.total, all.length);
  });
});

describe('TokenCatalog: pages', () => {
  test('start-up asks for the chain list and one first page of the selected chain, never the unpaginated list', async () => {
    const catalog = newCatalog();
    const [chains, first] = await Promise.all([catalog.chains(), catalog.firstPage(SEPOLIA), catalog.firstPage(SEPOLIA)]);
    assert.ok(chains.length >= 38);
    assert.deepEqual(
      first.tokens.map((t) => t.address),
      chainTokens(SEPOLIA)
        .slice(0, TOKEN_PAGE_SIZE)
        .map((t) => t.address),
    );
    assert.equal(first.started, true);
    assert.equal(first.complete, false);
    const requests = catalogRequests();
    assert.deepEqual(
      requests.map((r) => [r.endpoint, r.query]),
      [
        ['chains', {}],
        ['tokens', { chainId: SEPOLIA, limit: String(TOKEN_PAGE_SIZE) }],
      ],
    );
    assert.ok(requests.every((r) => r.unpaginated !== true));
  });

  test('next pages walk the chain to its end, one request per page, then stop asking', async () => {
    const catalog = newCatalog({ pageSize: 1000 });
    const expected = chainTokens(SEPOLIA);
    await catalog.firstPage(SEPOLIA);
    for (let i = 0; i < 20 && !catalog.known(SEPOLIA).complete; i++) await catalog.nextPage(SEPOLIA);
    assert.deepEqual(
      catalog.known(SEPOLIA).tokens.map((t) => t.address),
      expected.map((t) => t.address),
    );
    const pages = Math.ceil(expected.length / 1000);
    assert.equal(catalogRequests().length, pages);
    await catalog.nextPage(SEPOLIA);
    assert.equal(catalogRequests().length, pages, 'a complete chain asks for nothing more');
  });
});

describe('TokenCatalog: search, look-up, presets', () => {
  const lastOf = (chainId: string) => chainTokens(chainId).at(-1)!;
  const local = (catalog: TokenCatalog, chainId: string, text: string) => catalog.known(chainId).tokens.filter((t) => matchesToken(t, text));

  test('a token only on the last page is found by part of its name and merged after the loaded page', async () => {
    const catalog = newCatalog();
    await catalog.firstPage(SEPOLIA);
    const target = lastOf(SEPOLIA);
    assert.ok(!catalog.known(SEPOLIA).tokens.some((t) => t.address === target.address));
    const part = target.name.split(' ')[0]!.slice(0, 6);
    assert.deepEqual(
      local(catalog, SEPOLIA, part).filter((t) => t.address === target.address),
      [],
      'not known locally yet',
    );
    const found = await catalog.search(SEPOLIA, part);
    assert.ok(found.some((t) => t.address === target.address));
    const known = catalog.known(SEPOLIA).tokens;
    assert.equal(known.length, new Set(known.map((t) => t.address.toLowerCase())).size, 'no duplicates after the merge');
    assert.equal(
      known
        .slice(0, TOKEN_PAGE_SIZE)
        .map((t) => t.address)
        .join(),
      chainTokens(SEPOLIA)
        .slice(0, TOKEN_PAGE_SIZE)
        .map((t) => t.address)
        .join(),
    );
    assert.ok(
      local(catalog, SEPOLIA, part).some((t) => t.address === target.address),
      'local filter now has it',
    );
    assert.deepEqual(catalogRequests().at(-1)!.query, { chainId: SEPOLIA, q: part, limit: String(TOKEN_PAGE_SIZE) });
  });

  test('a search is aborted through its signal (the next keystroke); the latest answer arrives', async () => {
    const catalog = newCatalog();
    const target = lastOf('8453');
    const typed = target.name.slice(0, 5);
    const keystroke = new AbortController();
    const early = catalog.search('8453', typed.slice(0, 3), { signal: keystroke.signal });
    keystroke.abort();
    const latest = catalog.search('8453', typed);
    await assert.rejects(early, (error: unknown) => error instanceof RoutingError && error.kind === 'aborted');
    assert.ok((await latest).some((t) => t.address === target.address));
  });

  test('a pasted address (any case) is looked up on its chain', async () => {
    const catalog = newCatalog();
    const target = lastOf('42161');
    assert.equal((await catalog.resolve('42161', target.address.toLowerCase()))?.address, target.address);
    assert.equal(await catalog.resolve('42161', '0x000000000000000000000000000000000000dEaD'), undefined);
    assert.deepEqual(
      (await catalog.search('42161', target.address)).map((t) => t.address),
      [target.address],
    );
  });

  test('a preset by symbol that is not on the first page resolves through q; by address too', async () => {
    const catalog = newCatalog();
    await catalog.firstPage(SEPOLIA);
    const target = lastOf(SEPOLIA);
    const bySymbol = await catalog.resolve(SEPOLIA, target.symbol.toLowerCase());
    assert.equal(bySymbol?.address, target.address);
    const other = chainTokens(SEPOLIA).at(-2)!;
    assert.equal((await catalog.resolve(SEPOLIA, other.address))?.symbol, other.symbol);
    sandbox.clearRequests();
    assert.equal((await catalog.resolve(SEPOLIA, 'USDC'))?.symbol, 'USDC');
    assert.deepEqual(catalogRequests(), [], 'known tokens need no request');
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
    assert.ok(
      catalog.all().some((t) => t.address === held.address),
      'all() lists it too',
    );
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
    const storage = new MemoryStorage();
    let now = 1_000_000;
    const clock = () => now;
    await newCatalog({ storage, now: clock }).chains();
    await newCatalog({ storage, now: clock }).firstPage(SEPOLIA);
    assert.equal(catalogRequests().length, 2);
    sandbox.clearRequests();

    now += CATALOG_TTL_MS - 1;
    clearCatalogCache();
    const reload = newCatalog({ storage, now: clock });
    const [chains, first] = await Promise.all([reload.chains(), reload.firstPage(SEPOLIA)]);
    assert.equal(first.tokens.length, TOKEN_PAGE_SIZE);
    assert.ok(chains.length >= 38);
    assert.deepEqual(catalogRequests(), [], 'no catalog request within the TTL');

    now += 2;
    clearCatalogCache();
    const stale = newCatalog({ storage, now: clock });
    let freshChains: unknown[] = [];
    const pageRefreshed = new Promise<void>(
      (resolve) => void stale.firstPage(SEPOLIA, {}, resolve).then((page) => assert.equal(page.tokens.length, TOKEN_PAGE_SIZE, 'shown at once')),
    );
    const chainsRefreshed = new Promise<void>(
      (resolve) => void stale.chains({}, (fresh) => ((freshChains = fresh), resolve())).then((shown) => assert.ok(shown.length >= 38)),
    );
    await Promise.all([pageRefreshed, chainsRefreshed]);
    assert.ok(freshChains.length >= 38);
    assert.equal(stale.known(SEPOLIA).tokens.length, TOKEN_PAGE_SIZE);
    assert.deepEqual(
      catalogRequests()
        .map((r) => r.endpoint)
        .sort(),
      ['chains', 'tokens'],
    );

    sandbox.clearRequests();
    now += CATALOG_MAX_STALE_MS + 1;
    clearCatalogCache();
    await newCatalog({ storage, now: clock }).firstPage(SEPOLIA);
    assert.equal(catalogRequests().length, 1, 'too old to show: asked for');
  });

  test('the stored document stays under its size cap, dropping the oldest entries first', async () => {
    const storage = new MemoryStorage();
    let now = 5_000_000;
    const cap = 30_000;
    const chainIds = [SEPOLIA, '84532', '1', '42161', '8453', '137'];
    for (const chainId of chainIds) {
      now += 1000;
      await newCatalog({ storage, now: () => now, maxStoredChars: cap }).firstPage(chainId);
      assert.ok(storage.getItem(CATALOG_STORAGE_KEY)!.length <= cap);
    }
    const stored = JSON.parse(storage.getItem(CATALOG_STORAGE_KEY)!) as Record<string, unknown>;
    const kept = Object.keys(stored).map((key) => key.split(' page ')[1]!);
    assert.ok(kept.length >= 1 && kept.length < chainIds.length, `kept ${kept.join(', ')}`);
    assert.ok(
      Object.keys(stored).every((key) => key.startsWith(`${client.baseUrl} `)),
      'keyed by proxy URL',
    );
    assert.deepEqual([...kept].sort(), chainIds.slice(-kept.length).sort(), 'the newest pages are the ones kept');

    sandbox.clearRequests();
    clearCatalogCache();
    const reload = newCatalog({ storage, now: () => now, maxStoredChars: cap });
    await reload.firstPage(chainIds.at(-1)!);
    assert.equal(catalogRequests().length, 0, 'a kept page is read from storage');
    await reload.firstPage(SEPOLIA);
    assert.equal(catalogRequests().length, 1, 'the evicted page is asked for again');
  });

  test('tampered stored rows are dropped on read; unreadable storage costs a request, not the widget', async () => {
    const storage = new MemoryStorage();
    await newCatalog({ storage }).firstPage(SEPOLIA);
    const doc = JSON.parse(storage.getItem(CATALOG_STORAGE_KEY)!) as Record<string, { data: { tokens: Record<string, unknown>[] } }>;
    doc[`${client.baseUrl} page ${SEPOLIA}`]!.data.tokens[0]!.decimals = 'eighteen';
    storage.setItem(CATALOG_STORAGE_KEY, JSON.stringify(doc));
    sandbox.clearRequests();
    clearCatalogCache();
    const first = await newCatalog({ storage }).firstPage(SEPOLIA);
    assert.equal(catalogRequests().length, 0);
    assert.equal(first.tokens.length, TOKEN_PAGE_SIZE - 1);

    for (const junk of ['{not json', '[1,2]', '42', JSON.stringify({ [`${client.baseUrl} page ${SEPOLIA}`]: { at: 'yesterday', data: { tokens: [] } } })]) {
      storage.setItem(CATALOG_STORAGE_KEY, junk);
      sandbox.clearRequests();
      clearCatalogCache();
      assert.equal((await newCatalog({ storage }).firstPage(SEPOLIA)).tokens.length, TOKEN_PAGE_SIZE, junk);
      assert.equal(catalogRequests().length, 1, junk);
    }
  });
});

describe('TokenCatalog: untrusted pages', () => {
  test('a malformed row is dropped and counted by the client, the rest of the page shown', async () => {
    sandbox.faults.set({ wrongType: { count: 1, endpoints: ['tokens'] } });
    const page = await client.tokenPage({ chainId: SEPOLIA, limit: TOKEN_PAGE_SIZE });
    assert.equal(page.meta.skipped, 1);
    sandbox.faults.set({ wrongType: { count: 1, endpoints: ['tokens'] } });
    const first = await newCatalog().firstPage(SEPOLIA);
    assert.equal(first.tokens.length, TOKEN_PAGE_SIZE - 1);
    assert.equal(first.tokens[0]!.symbol, 'USDC', 'the corrupted first row (ETH) is the one dropped');
  });

  test('a broken page is a typed error and is not kept: the next call asks again', async () => {
    sandbox.faults.set({ malformedBody: { count: 1, endpoints: ['tokens'] } });
    const storage = new MemoryStorage();
    const catalog = newCatalog({ storage });
    await assert.rejects(catalog.firstPage(SEPOLIA), (error: unknown) => error instanceof RoutingError && error.kind === 'invalid-response');
    assert.equal(storage.getItem(CATALOG_STORAGE_KEY), null);
    sandbox.clearRequests();
    assert.equal((await catalog.firstPage(SEPOLIA)).tokens.length, TOKEN_PAGE_SIZE);
    assert.equal(catalogRequests().length, 1, 'asked again');
  });

  test('a second catalog on the page (another widget, a remount) asks for nothing, even without storage', async () => {
    await newCatalog().chains();
    await newCatalog().firstPage(SEPOLIA);
    sandbox.clearRequests();
    const again = newCatalog();
    await again.chains();
    assert.equal((await again.firstPage(SEPOLIA)).tokens.length, TOKEN_PAGE_SIZE);
    assert.deepEqual(catalogRequests(), []);
  });

  test('against a service that ignores the parameters: the plain array is one last page of each chain, searches are local', async () => {
    sandbox.faults.set({ plainTokenList: true });
    const catalog = newCatalog();
    const first = await catalog.firstPage(SEPOLIA);
    assert.equal(first.complete, true);
    assert.deepEqual(
      first.tokens.map((t) => t.address),
      chainTokens(SEPOLIA).map((t) => t.address),
    );
    const base = await catalog.firstPage('84532');
    assert.equal(base.tokens.length, chainTokens('84532').length);
    assert.ok(
      catalog.known(SEPOLIA).tokens.every((t) => t.chainId === SEPOLIA),
      'other chains are not piled in',
    );
    sandbox.clearRequests();
    const target = chainTokens(SEPOLIA).at(-1)!;
    const found = await catalog.search(SEPOLIA, target.name);
    assert.ok(found.some((t) => t.address === target.address));
    assert.ok(found.every((t) => t.chainId === SEPOLIA && t.name.toLowerCase().includes(target.name.toLowerCase())));
    assert.equal((await catalog.resolve('84532', chainTokens('84532').at(-1)!.address.toLowerCase()))?.symbol, chainTokens('84532').at(-1)!.symbol);
    assert.equal(catalogRequests().length, 0, 'complete chains are searched locally, not by downloading the whole list again');
  });

  test('a service that ignores q: the answer is filtered to the query and the chain', async () => {
    const catalog = newCatalog();
    await catalog.firstPage(SEPOLIA);
    sandbox.faults.set({ plainTokenList: true });
    const target = chainTokens('84532').at(-1)!;
    const found = await catalog.search('84532', target.name);
    assert.ok(found.some((t) => t.address === target.address));
    assert.ok(found.every((t) => t.chainId === '84532' && t.name.toLowerCase().includes(target.name.toLowerCase())));
    assert.ok(catalog.known(SEPOLIA).tokens.length === TOKEN_PAGE_SIZE, 'the other chain keeps its page');
  });
});
