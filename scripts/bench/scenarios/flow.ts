/**
 * One full flow on the partner page, per run:
 * startup (script fetch → widget showing a chain), the first quote after
 * typing `12.34` one character at a time (faster than the widget's debounce),
 * a transfer to `bridge-success`, then a second mount in the same page.
 * Every request to the proxy is counted by endpoint; every status poll is
 * compared with the `next_poll_at` of the status before it.
 */
import type { Request } from 'playwright-core';
import { call, newPage, pause, type BenchContext } from './context.ts';

export const TYPED_AMOUNT = '12.34';
/** Below the widget's 400 ms quote debounce, with room for a busy machine. */
export const KEY_DELAY_MS = 100;
/** A poll this much before `next_poll_at` counts as early (clock rounding to whole milliseconds). */
export const EARLY_TOLERANCE_MS = 1;

export interface StartupTimes {
  scriptFetchStart: number;
  scriptResponseEnd: number;
  scriptBytes: number;
  definedAt: number;
  chainsResponseEnd: number;
  tokensResponseEnd: number;
  interactiveAt: number;
}

export interface FlowRun {
  startup: StartupTimes;
  quote: { lastInputAt: number; firstInputAt: number; keystrokes: number; maxGap: number; quoteEventAt: number; shownAt: number; text: string };
  /** POST /routes/quote between the first keystroke and the Bridge click. */
  quoteRequestsWhileTyping: number;
  outcome: string;
  /** Times the wallet asked its user from the Bridge click to the end (network switches, approvals, transfers, batches). */
  walletPrompts: number;
  /** Requests to the proxy by endpoint, page load to the end of the transfer. */
  requestsByEndpoint: Record<string, number>;
  statusPolls: number;
  /** Polls that followed a status carrying `next_poll_at`. */
  hintedPolls: number;
  earlyPolls: number;
  /** Smallest (poll start − previous `next_poll_at`), ms; negative means early. */
  minPollMargin: number;
  secondMount: { interactiveMs: number; chainsRefetches: number; tokensRefetches: number; requests: Record<string, number> };
}

interface LoggedRequest {
  at: number;
  key: string;
}

/** `GET /api/v1/route-intent/:id/status` style keys. */
export function endpointKey(proxyUrl: string, request: Pick<Request, 'method' | 'url'>): string | undefined {
  const url = request.url();
  if (!url.startsWith(proxyUrl)) return undefined;
  const path = new URL(url).pathname
    .slice(new URL(proxyUrl).pathname.replace(/\/$/, '').length)
    .replace(/0x[0-9a-fA-F]{64}/g, ':id')
    .replace(/0x[0-9a-fA-F]{40}/g, ':address');
  return `${request.method()} ${path}`;
}

function countBy(entries: readonly LoggedRequest[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of entries) out[e.key] = (out[e.key] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

export async function runFlow(ctx: BenchContext): Promise<FlowRun> {
  const { context, page } = await newPage(ctx);
  const proxyUrl = ctx.sandbox.proxyUrl;
  const requests: LoggedRequest[] = [];
  const statuses: Promise<{ start: number; next: number | undefined }>[] = [];
  page.on('request', (request) => {
    const key = endpointKey(proxyUrl, request);
    if (key && request.method() !== 'OPTIONS') requests.push({ at: Date.now(), key });
  });
  page.on('requestfinished', (request) => {
    const key = endpointKey(proxyUrl, request);
    if (!key?.endsWith('/status') || request.method() !== 'GET') return;
    statuses.push(
      (async () => {
        const start = request.timing().startTime;
        const response = await request.response();
        let next: number | undefined;
        try {
          const body = (await response?.json()) as { data?: { next_poll_at?: string }; next_poll_at?: string } | undefined;
          const hint = body?.data?.next_poll_at ?? body?.next_poll_at;
          next = hint ? Date.parse(hint) : undefined;
        } catch {
          next = undefined;
        }
        return { start, next };
      })(),
    );
  });

  try {
    await page.goto(ctx.widgetPageUrl);
    const startup = await call<StartupTimes>(page, 'window.__bench.startup');

    const balances = page.waitForResponse((r) => r.url().includes('/data/balances/'), { timeout: 30_000 });
    await call(page, `window.__bench.connectWallet(${JSON.stringify(ctx.wallet)})`);
    await balances;
    await pause(200);

    await call(page, 'window.__bench.focusAmount()');
    const typingFrom = requests.length;
    await page.keyboard.type(TYPED_AMOUNT, { delay: KEY_DELAY_MS });
    const quote = await call<FlowRun['quote']>(page, 'window.__bench.quoteShown()');
    // Anything the keystrokes still cause arrives within the debounce; wait twice that.
    await pause(800);
    const quoteRequestsWhileTyping = requests.slice(typingFrom).filter((r) => r.key.endsWith('/routes/quote')).length;

    // The transfer.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const button = await call<{ text: string; disabled: boolean }>(page, 'window.__bench.primaryText()');
      if (!button.disabled && /\d/.test(button.text)) break;
      if (Date.now() > deadline) throw new Error(`the Bridge button never became ready (it says “${button.text}”)`);
      await pause(100);
    }
    const promptsBefore = await call<number>(page, 'window.__bench.walletPrompts()');
    await page.locator('bridge-widget').locator('[part~="primary-button"]').click();
    const outcome = await call<{ type: string; kind?: string; message?: string }>(page, 'window.__bench.outcome(120000)');
    if (outcome.type !== 'bridge-success') ctx.log(`  flow ended with ${outcome.type}${outcome.kind ? ` (${outcome.kind}: ${outcome.message})` : ''}`);
    await pause(500);
    const walletPrompts = (await call<number>(page, 'window.__bench.walletPrompts()')) - promptsBefore;
    const requestsByEndpoint = countBy(requests);

    const polls = (await Promise.all(statuses)).sort((a, b) => a.start - b.start);
    let hintedPolls = 0;
    let earlyPolls = 0;
    let minPollMargin = Infinity;
    for (let i = 1; i < polls.length; i++) {
      const allowed = polls[i - 1]!.next;
      if (allowed === undefined) continue;
      hintedPolls++;
      const margin = polls[i]!.start - allowed;
      minPollMargin = Math.min(minPollMargin, margin);
      if (margin < -EARLY_TOLERANCE_MS) earlyPolls++;
    }

    // A second widget in the same page, within the catalog's cache lifetime.
    const mountFrom = requests.length;
    const remount = await call<{ startedAt: number; interactiveAt: number }>(page, 'window.__bench.remount()');
    await pause(1000);
    const after = requests.slice(mountFrom);
    return {
      startup,
      quote,
      quoteRequestsWhileTyping,
      outcome: outcome.type === 'bridge-success' ? 'success' : `${outcome.type}${outcome.kind ? `: ${outcome.kind}` : ''}`,
      walletPrompts,
      requestsByEndpoint,
      statusPolls: polls.length,
      hintedPolls,
      earlyPolls,
      minPollMargin: Number.isFinite(minPollMargin) ? minPollMargin : NaN,
      secondMount: {
        interactiveMs: remount.interactiveAt - remount.startedAt,
        chainsRefetches: after.filter((r) => r.key.endsWith('/routes/chains')).length,
        tokensRefetches: after.filter((r) => r.key.endsWith('/routes/tokens')).length,
        requests: countBy(after),
      },
    };
  } finally {
    await context.close();
  }
}
