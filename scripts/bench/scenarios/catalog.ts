/**
 * Startup with the sandbox's default catalog and with its production-size one
 * (`catalog: 'large'`, 42 chains, ~20,000 tokens), side by side:
 * script fetch → widget showing a chain, bytes of token data the page
 * received, JS heap once loaded (after forced garbage collection), and the
 * catalog requests of a reload of the same page.
 */
import type { Page, Response } from 'playwright-core';
import { figure, median, type Figure } from '../report.ts';
import { call, newPage, type BenchContext } from './context.ts';

export const CATALOG_SIZES = ['default', 'large'] as const;
export type CatalogSize = (typeof CATALOG_SIZES)[number];

export interface CatalogRun {
  catalog: CatalogSize;
  interactiveMs: number;
  /** Response bodies of `/routes/tokens`, decoded. */
  tokenBytes: number;
  /** The whole unpaginated list of this catalog, decoded: what a widget without paging downloads. */
  wholeListBytes: number;
  tokenRequests: number;
  /** Tokens requests without any query parameter: the whole list. */
  unpaginatedTokenRequests: number;
  heapBytes: number;
  /** Chains and tokens requests made by a reload of the page (a second visit). */
  reloadCatalogRequests: number;
}

const isTokens = (url: string) => new URL(url).pathname.endsWith('/api/v1/routes/tokens');
const isCatalog = (url: string) => /\/api\/v1\/routes\/(tokens|chains)$/.test(new URL(url).pathname);

async function settledHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Switches the sandbox's catalog and asks for one token through the proxy, so generating it is not part of a run. */
export async function useCatalog(ctx: BenchContext, catalog: CatalogSize): Promise<void> {
  await ctx.sandbox.setFaults({ catalog });
  const response = await fetch(`${ctx.sandbox.proxyUrl}/api/v1/routes/tokens?limit=1`);
  if (!response.ok) throw new Error(`warming the ${catalog} catalog: HTTP ${response.status}`);
  await response.arrayBuffer();
}

/** Size of the whole token list (decoded), fetched by the harness, not the widget. */
async function wholeListBytes(ctx: BenchContext): Promise<number> {
  const response = await fetch(`${ctx.sandbox.proxyUrl}/api/v1/routes/tokens`);
  return (await response.arrayBuffer()).byteLength;
}

export async function runCatalogStartup(ctx: BenchContext, catalog: CatalogSize, wholeList: number): Promise<CatalogRun> {
  const { context, page } = await newPage(ctx);
  try {
    const bodies: Promise<number>[] = [];
    let tokenRequests = 0;
    let unpaginatedTokenRequests = 0;
    let reloading = false;
    let reloadCatalogRequests = 0;
    page.on('request', (request) => {
      if (reloading && isCatalog(request.url())) reloadCatalogRequests += 1;
      if (reloading || !isTokens(request.url())) return;
      tokenRequests += 1;
      if (new URL(request.url()).search === '') unpaginatedTokenRequests += 1;
    });
    page.on('response', (response: Response) => {
      if (reloading || !isTokens(response.url()) || response.request().method() !== 'GET') return;
      bodies.push(
        response.body().then(
          (b) => b.length,
          () => 0,
        ),
      );
    });

    await page.goto(ctx.widgetPageUrl);
    const startup = await call<{ scriptFetchStart: number; interactiveAt: number }>(page, 'window.__bench.startup');
    const heapBytes = await settledHeap(page);
    const tokenBytes = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);

    reloading = true;
    await page.reload();
    await call(page, 'window.__bench.startup');
    return {
      catalog,
      interactiveMs: startup.interactiveAt - startup.scriptFetchStart,
      tokenBytes,
      wholeListBytes: wholeList,
      tokenRequests,
      unpaginatedTokenRequests,
      heapBytes,
      reloadCatalogRequests,
    };
  } finally {
    await context.close();
  }
}

/** The runs of each catalog size, one size after the other, the sandbox back on the default catalog at the end. */
export async function runCatalogScenario(ctx: BenchContext, repeat: <T>(label: string, run: (i: number) => Promise<T>) => Promise<T[]>): Promise<CatalogRun[]> {
  const runs: CatalogRun[] = [];
  try {
    for (const catalog of CATALOG_SIZES) {
      await useCatalog(ctx, catalog);
      const wholeList = await wholeListBytes(ctx);
      runs.push(...(await repeat(`catalog ${catalog}`, () => runCatalogStartup(ctx, catalog, wholeList))));
    }
  } finally {
    await ctx.sandbox.setFaults({ catalog: 'default' });
  }
  return runs;
}

export function catalogFigures(runs: CatalogRun[]): Figure[] {
  const of = (catalog: CatalogSize) => runs.filter((r) => r.catalog === catalog);
  const ratio = (pick: (r: CatalogRun) => number) => {
    const small = median(of('default').map(pick));
    return of('large').map((r) => (pick(r) / small) * 100);
  };
  const figures: Figure[] = [];
  for (const catalog of CATALOG_SIZES) {
    const label = catalog === 'large' ? 'large catalog (42 chains, ~20,000 tokens)' : 'default catalog (9 chains, 14 tokens)';
    const mine = of(catalog);
    figures.push(
      figure(
        `catalog.${catalog}.interactive`,
        `${label}: script fetch → interactive`,
        'ms',
        mine.map((r) => r.interactiveMs),
      ),
      figure(
        `catalog.${catalog}.tokenBytes`,
        `${label}: token data received`,
        'KB',
        mine.map((r) => r.tokenBytes / 1024),
        {
          note: `the whole list is ${((mine[0]?.wholeListBytes ?? NaN) / 1024).toFixed(1)} KB`,
        },
      ),
      figure(
        `catalog.${catalog}.unpaginated`,
        `${label}: unpaginated token requests`,
        'count',
        mine.map((r) => r.unpaginatedTokenRequests),
        {
          target: '0',
          check: (_, s) => s.every((v) => v === 0),
        },
      ),
      figure(
        `catalog.${catalog}.heap`,
        `${label}: JS heap after load`,
        'MB',
        mine.map((r) => r.heapBytes / 2 ** 20),
      ),
      figure(
        `catalog.${catalog}.reloadRequests`,
        `${label}: catalog requests on a reload`,
        'count',
        mine.map((r) => r.reloadCatalogRequests),
        {
          target: '0',
          check: (_, s) => s.every((v) => v === 0),
        },
      ),
    );
  }
  if (of('default').length && of('large').length) {
    figures.push(
      figure(
        'catalog.ratio.interactive',
        'large ÷ default, interactive time',
        '%',
        ratio((r) => r.interactiveMs),
        { target: '≤ 120 %', check: (v) => v <= 120 },
      ),
      figure(
        'catalog.ratio.heap',
        'large ÷ default, JS heap after load',
        '%',
        ratio((r) => r.heapBytes),
        { target: '≤ 120 %', check: (v) => v <= 120 },
      ),
      // The default catalog is smaller than one page, so its figure is no yardstick: the bound is two first pages, whatever the catalog's size.
      figure(
        'catalog.large.tokenShare',
        'large catalog: token data received ÷ the whole list',
        '%',
        of('large').map((r) => (r.tokenBytes / r.wholeListBytes) * 100),
        {
          target: '≤ 2 first pages (< 1 %)',
          check: (v) => v < 1,
        },
      ),
    );
  }
  return figures;
}
