/**
 * JS heap after mount/unmount cycles: one cycle, then the rest, each time
 * after the page settled and two forced garbage collections (CDP
 * HeapProfiler.collectGarbage, Runtime.getHeapUsage). Also counts the
 * BridgeWidget instances still alive (Runtime.queryObjects) and the listeners
 * left on the shared wallet, which point at what holds memory when it grows.
 * The heap is also read halfway, so that warm-up (compiled code, caches)
 * can be told from growth per cycle.
 */
import type { CDPSession } from 'playwright-core';
import { call, newPage, pause, type BenchContext } from './context.ts';

export interface MemoryRun {
  cycles: number;
  heapAfterFirst: number;
  heapAtHalf: number;
  heapAfterAll: number;
  growth: number;
  /** (heap after all − heap at half) / cycles in the second half. */
  growthPerCycleSecondHalf: number;
  /** Requests to the proxy that started after the last widget was removed. */
  requestsAfterUnmount: number;
  /** Proxy responses by status other than 2xx during the cycles. */
  failedResponses: Record<string, number>;
  widgetsAliveAfterAll: number;
  walletListenersAfterFirst: number;
  walletListenersAfterAll: number;
}

async function settledHeap(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

async function liveWidgets(cdp: CDPSession): Promise<number> {
  const group = 'bench-memory';
  try {
    const proto = await cdp.send('Runtime.evaluate', { expression: "customElements.get('bridge-widget').prototype", objectGroup: group });
    if (!proto.result.objectId) return NaN;
    const found = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId, objectGroup: group });
    if (!found.objects.objectId) return NaN;
    const length = await cdp.send('Runtime.callFunctionOn', {
      objectId: found.objects.objectId,
      functionDeclaration: 'function () { return this.length; }',
      returnByValue: true,
      objectGroup: group,
    });
    return Number(length.result.value);
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: group }).catch(() => undefined);
  }
}

export async function runMemory(ctx: BenchContext, cycles: number): Promise<MemoryRun> {
  const { context, page } = await newPage(ctx);
  try {
    await page.goto(ctx.emptyPageUrl);
    await page.waitForFunction("customElements.get('bridge-widget') !== undefined", undefined, { timeout: 30_000 });
    await call(page, `window.__bench.connectWallet(${JSON.stringify(ctx.wallet)})`);
    let unmountedAt = Infinity;
    let requestsAfterUnmount = 0;
    const failedResponses: Record<string, number> = {};
    page.on('request', (request) => {
      if (request.url().startsWith(ctx.sandbox.proxyUrl) && request.method() !== 'OPTIONS' && Date.now() > unmountedAt) requestsAfterUnmount++;
    });
    page.on('response', (response) => {
      if (response.url().startsWith(ctx.sandbox.proxyUrl) && response.status() >= 300)
        failedResponses[response.status()] = (failedResponses[response.status()] ?? 0) + 1;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');

    await call(page, 'window.__bench.cycles(1)');
    // Let in-flight requests (balances) of the unmounted widget settle before measuring.
    await pause(1500);
    const heapAfterFirst = await settledHeap(cdp);
    const walletListenersAfterFirst = await call<number>(page, 'window.__bench.walletListeners()');

    const half = Math.max(1, Math.floor(cycles / 2));
    await call(page, `window.__bench.cycles(${half - 1})`);
    await pause(1500);
    const heapAtHalf = await settledHeap(cdp);
    await call(page, `window.__bench.cycles(${cycles - half})`);
    unmountedAt = Date.now();
    await pause(2500);
    const heapAfterAll = await settledHeap(cdp);
    const walletListenersAfterAll = await call<number>(page, 'window.__bench.walletListeners()');
    const widgetsAliveAfterAll = await liveWidgets(cdp);
    await cdp.detach();
    return {
      cycles,
      heapAfterFirst,
      heapAtHalf,
      heapAfterAll,
      growth: heapAfterAll - heapAfterFirst,
      growthPerCycleSecondHalf: (heapAfterAll - heapAtHalf) / Math.max(1, cycles - half),
      requestsAfterUnmount,
      failedResponses,
      widgetsAliveAfterAll,
      walletListenersAfterFirst,
      walletListenersAfterAll,
    };
  } finally {
    await context.close();
  }
}
