/**
 * The sandbox's production-size catalog (`catalog: 'large'`), its two modes
 * of the tokens endpoint, the plain-list switch and the request log, over
 * real HTTP against a real sandbox.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSandbox, type LoggedRequest, type SandboxHandle } from '../../sandbox/index.js';
import { Catalog } from '../../sandbox/service/catalog.js';
import { rawApiClient, type RawApiClient, type RawResponse } from '../../sandbox/testing.js';

interface TokenRow {
  chainId: string;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  logoURI: string;
}
interface ChainRow {
  chainId: string;
  chainType: string;
  chainIconURI: string;
}
interface TokenPageBody {
  data: TokenRow[];
  nextCursor: string | null;
  total?: number;
}

const SEPOLIA = '11155111';

let sandbox: SandboxHandle;
let api: RawApiClient;
let admin: RawApiClient;
let all: TokenRow[];

before(async () => {
  sandbox = await startSandbox({ proxy: false, catalog: 'large', bridgingDelayMs: 0 });
  api = rawApiClient(sandbox.serviceUrl, sandbox.apiKey);
  admin = rawApiClient(sandbox.adminUrl);
  const response = await api.get<TokenRow[]>('/api/v1/routes/tokens');
  assert.equal(response.status, 200);
  all = response.body;
});

after(async () => {
  await sandbox?.close();
});

/** Every page of a query, following nextCursor (bounded). */
async function walk(query: string): Promise<{ pages: TokenPageBody[]; tokens: TokenRow[] }> {
  const pages: TokenPageBody[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const response: RawResponse<TokenPageBody> = await api.get<TokenPageBody>(
      `/api/v1/routes/tokens?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    assert.equal(response.status, 200);
    pages.push(response.body);
    cursor = response.body.nextCursor;
    if (cursor === null) return { pages, tokens: pages.flatMap((p) => p.data) };
  }
  throw new Error('more than 100 pages');
}

describe('the large catalog', () => {
  test('about 40 chains across every family of the spec, the two local chains first and still routable', async () => {
    const chains = (await api.get<ChainRow[]>('/api/v1/routes/chains')).body;
    assert.ok(chains.length >= 38 && chains.length <= 45, `${chains.length} chains`);
    assert.deepEqual(
      chains.slice(0, 2).map((c) => c.chainId),
      [SEPOLIA, '84532'],
    );
    assert.deepEqual([...new Set(chains.map((c) => c.chainType))].sort(), ['bitcoin', 'cosmos', 'evm', 'solana', 'sui']);
    assert.equal(new Set(chains.map((c) => c.chainId)).size, chains.length, 'chain IDs are unique');
    assert.ok(chains.every((c) => c.chainIconURI.startsWith(`${sandbox.serviceUrl}/icons/chains/`)));
  });

  test('about 20,000 tokens with names, symbols and logos served by the sandbox itself', async () => {
    assert.ok(all.length >= 19_000 && all.length <= 21_000, `${all.length} tokens`);
    const chainIds = new Set((await api.get<ChainRow[]>('/api/v1/routes/chains')).body.map((c) => c.chainId));
    assert.ok(
      all.every((t) => chainIds.has(t.chainId)),
      'every token is on a listed chain',
    );
    assert.ok(all.every((t) => t.symbol.length > 0 && t.name.length > 0 && t.logoURI.startsWith(`${sandbox.serviceUrl}/icons/tokens/`)));
    const perChain = new Map<string, Set<string>>();
    for (const t of all) perChain.set(t.chainId, (perChain.get(t.chainId) ?? new Set()).add(t.symbol.toUpperCase()));
    assert.equal(
      [...perChain.values()].reduce((n, s) => n + s.size, 0),
      all.length,
      'symbols are unique per chain',
    );
    const sample = all[all.length - 1]!;
    const logo = await fetch(sample.logoURI);
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get('content-type'), 'image/svg+xml');
    assert.match(await logo.text(), /^<svg /);
  });

  test('ETH and USDC open each local chain; its WETH, still routable, is the last token of its last page', async () => {
    for (const chainId of [SEPOLIA, '84532']) {
      const tokens = all.filter((t) => t.chainId === chainId);
      assert.ok(tokens.length > 2000, 'a local chain runs to many pages');
      assert.deepEqual(
        tokens.slice(0, 2).map((t) => t.symbol),
        ['ETH', 'USDC'],
      );
      const weth = sandbox.tokens.find((t) => String(t.chainId) === chainId && t.symbol === 'WETH')!;
      assert.equal(tokens.at(-1)!.address, weth.address);
      assert.equal(tokens.filter((t) => t.symbol === 'WETH').length, 1);
    }
    const quote = await api.post<{ data: { estimate: { toAmount: string } } }>('/api/v1/routes/quote', {
      fromChain: SEPOLIA,
      toChain: '84532',
      fromToken: all.filter((t) => t.chainId === SEPOLIA).at(-1)!.address,
      toToken: all.filter((t) => t.chainId === '84532').at(-1)!.address,
      fromAmount: '1000000000000000',
      fromAddress: sandbox.accounts.user.address,
      toAddress: sandbox.accounts.user.address,
    });
    assert.equal(quote.status, 200, 'the last-page token routes');
    assert.ok(BigInt(quote.body.data.estimate.toAmount) > 0n);
    const generated = all.filter((t) => t.chainId === SEPOLIA)[500]!;
    const refused = await api.post('/api/v1/routes/quote', {
      fromChain: SEPOLIA,
      toChain: '84532',
      fromToken: generated.address,
      toToken: all.filter((t) => t.chainId === '84532').at(-1)!.address,
      fromAmount: '1000000000000000',
      fromAddress: sandbox.accounts.user.address,
      toAddress: sandbox.accounts.user.address,
    });
    assert.notEqual(refused.status, 200, 'generated tokens never route');
  });

  test('deterministic: a catalog built anew from the seed lists the same tokens in the same order', () => {
    const fresh = new Catalog(sandbox.serviceUrl, new Map(), () => ({ catalog: 'large', syntheticTokens: 0 }));
    const again = fresh.tokens().map((t) => fresh.tokenJson(t));
    assert.equal(again.length, all.length);
    assert.deepEqual(
      again.map((t) => `${t.chainId} ${t.address} ${t.symbol} ${t.name} ${t.decimals}`),
      all.map((t) => `${t.chainId} ${t.address} ${t.symbol} ${t.name} ${t.decimals}`),
    );
  });

  test('paging a chain to its end returns exactly its tokens, in order, with the total', async () => {
    const { pages, tokens } = await walk(`chainId=${SEPOLIA}&limit=1000&includeTotal=true`);
    const expected = all.filter((t) => t.chainId === SEPOLIA);
    assert.equal(pages.length, Math.ceil(expected.length / 1000));
    assert.ok(pages.every((p) => p.total === expected.length));
    assert.deepEqual(
      tokens.map((t) => t.address),
      expected.map((t) => t.address),
    );
  });

  test('the default page size applies without limit, and the sandbox page shape is { data, nextCursor }', async () => {
    const page = (await api.get<TokenPageBody>(`/api/v1/routes/tokens?chainId=${SEPOLIA}`)).body;
    assert.equal(page.data.length, 100);
    assert.equal(typeof page.nextCursor, 'string');
    assert.equal(page.total, undefined);
  });

  test('q finds a token that exists only on the last page of its chain, by part of its name', async () => {
    const { pages } = await walk(`chainId=${SEPOLIA}&limit=100`);
    const lastPage = pages[pages.length - 1]!.data;
    const firstPage = pages[0]!.data;
    const target = lastPage[lastPage.length - 1]!;
    assert.ok(!firstPage.some((t) => t.address === target.address));
    const part = target.name.split(' ')[0]!.slice(0, 6).toLowerCase();
    const found = await walk(`chainId=${SEPOLIA}&q=${encodeURIComponent(part)}&limit=1000`);
    assert.ok(
      found.tokens.some((t) => t.address === target.address),
      `"${part}" finds ${target.name}`,
    );
    assert.ok(found.tokens.every((t) => `${t.symbol} ${t.name}`.toLowerCase().includes(part)));
  });

  test('a pasted contract address, in any case, finds exactly its token', async () => {
    const target = all.filter((t) => t.chainId === '42161').at(-1)!;
    for (const typed of [target.address, target.address.toLowerCase(), target.address.toUpperCase().replace('0X', '0x')]) {
      const page = (await api.get<TokenPageBody>(`/api/v1/routes/tokens?chainId=42161&q=${encodeURIComponent(typed)}`)).body;
      assert.deepEqual(
        page.data.map((t) => t.address),
        [target.address],
      );
    }
    const cosmos = all.find((t) => t.chainId === 'osmosis-1' && t.address.startsWith('ibc/'))!;
    const page = (await api.get<TokenPageBody>(`/api/v1/routes/tokens?q=${encodeURIComponent(cosmos.address)}`)).body;
    assert.deepEqual(
      page.data.map((t) => t.address),
      [cosmos.address],
    );
  });

  test('switchable at runtime: back to the default catalog and again to the large one', async () => {
    try {
      sandbox.faults.set({ catalog: 'default' });
      assert.equal((await api.get<TokenRow[]>('/api/v1/routes/tokens')).body.length, 14);
      assert.equal((await api.get<ChainRow[]>('/api/v1/routes/chains')).body.length, 9);
      assert.equal((await admin.post('/faults', { catalog: 'large' })).status, 200);
      assert.equal((await api.get<TokenRow[]>('/api/v1/routes/tokens')).body.length, all.length);
      assert.equal((await admin.post('/faults', { catalog: 'huge' })).status, 400);
    } finally {
      sandbox.reset();
    }
  });
});

describe('plainTokenList: a service that ignores the paging parameters', () => {
  test('answers the plain array to a paginated request until switched off', async () => {
    try {
      sandbox.faults.set({ plainTokenList: true });
      const response = await api.get<TokenRow[]>(`/api/v1/routes/tokens?chainId=${SEPOLIA}&limit=5&q=usd`);
      assert.ok(Array.isArray(response.body));
      assert.equal(response.body.length, all.length);
    } finally {
      sandbox.reset();
    }
    const paged = await api.get<TokenPageBody>(`/api/v1/routes/tokens?chainId=${SEPOLIA}&limit=5`);
    assert.equal(paged.body.data.length, 5);
  });
});

describe('request log', () => {
  test('records each tokens request, marks the unpaginated one, filters by endpoint and seq, clears', async () => {
    assert.equal((await admin.post('/reset', {})).status, 200);
    assert.deepEqual((await admin.get<{ requests: LoggedRequest[] }>('/requests')).body.requests, []);
    await api.get('/api/v1/routes/chains');
    await api.get('/api/v1/routes/tokens');
    await api.get(`/api/v1/routes/tokens?chainId=${SEPOLIA}&limit=3`);
    await api.get('/api/v1/routes/tokens?limit=0');

    const tokens = (await admin.get<{ requests: LoggedRequest[] }>('/requests?endpoint=tokens')).body.requests;
    assert.deepEqual(
      tokens.map((r) => [r.status, r.unpaginated, r.query]),
      [
        [200, true, {}],
        [200, false, { chainId: SEPOLIA, limit: '3' }],
        [400, false, { limit: '0' }],
      ],
    );
    assert.ok(tokens.every((r) => r.method === 'GET' && r.path.startsWith('/routes/tokens') && r.endpoint === 'tokens'));
    const both = (await admin.get<{ requests: LoggedRequest[] }>('/requests?endpoint=tokens,chains')).body.requests;
    assert.deepEqual(
      both.map((r) => r.endpoint),
      ['chains', 'tokens', 'tokens', 'tokens'],
    );
    const later = (await admin.get<{ requests: LoggedRequest[] }>(`/requests?since=${both[1]!.seq}`)).body.requests;
    assert.equal(later.length, 2);
    assert.deepEqual(
      sandbox.requests({ endpoints: ['chains'] }).map((r) => r.path),
      ['/routes/chains'],
    );

    const cleared = await fetch(`${sandbox.adminUrl}/requests`, { method: 'DELETE' });
    assert.equal(cleared.status, 200);
    assert.deepEqual(sandbox.requests(), []);
    assert.equal((await admin.get('/requests?since=x')).status, 400);
  });
});
