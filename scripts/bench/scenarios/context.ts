/** What every browser scenario gets, and small helpers around the in-page probe. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { StaticServer } from '../static-server.ts';
import type { BenchSandbox } from '../sandbox.ts';

export interface WalletOptions {
  walletModule: string;
  privateKey: string;
  chains: { chainId: number; rpcUrl: string; name: string }[];
  chainId: number;
}

export interface BenchContext {
  browser: Browser;
  server: StaticServer;
  sandbox: BenchSandbox;
  /** URL of the partner page (script tag + one widget in the markup). */
  widgetPageUrl: string;
  /** URL of the page with the script only. */
  emptyPageUrl: string;
  wallet: WalletOptions;
  log: (line: string) => void;
}

/** Evaluates an expression on `window.__bench` (text, so no transpiler helper reaches the page). */
export function call<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(`(async () => (${expression}))()`) as Promise<T>;
}

export async function newPage(ctx: BenchContext): Promise<{ context: BrowserContext; page: Page }> {
  const context = await ctx.browser.newContext({ viewport: { width: 1024, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => ctx.log(`  page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') ctx.log(`  console error: ${message.text()}`);
  });
  return { context, page };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
