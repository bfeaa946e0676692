/**
 * Pieces shared by the node:test files that drive the script-tag build in a
 * real page (script-tag, security-key, csp): the page's own script (the
 * development wallet connected to the sandbox, every widget event recorded in
 * `window.seen`), a watcher for page errors and console output, a whole
 * transfer from the Bridge button to the final event, and on-chain balances.
 */
import assert from 'node:assert/strict';
import { erc20Abi, type Address } from 'viem';
import type { Locator, Page } from 'playwright-core';
import type { SandboxHandle } from '../../../sandbox/index.js';
import { DST, SRC } from './chains.ts';
import { until } from './until.ts';

export const SOURCE_CHAIN = SRC;
export const DESTINATION_CHAIN = DST;
export const WIDGET_EVENTS = [
  'bridge-quote',
  'bridge-route',
  'bridge-approval',
  'bridge-transaction',
  'bridge-status',
  'bridge-success',
  'bridge-failed',
  'bridge-error',
];
const FINAL_EVENTS = ['bridge-success', 'bridge-failed', 'bridge-error'];

/** What the page needs to run the development wallet against the sandbox. No API key: the page never has one. */
export interface FlowPageConfig {
  proxyUrl: string;
  privateKey: string;
  chains: { chainId: number; rpcUrl: string | null; name: string }[];
}

export function flowPageConfig(sandbox: SandboxHandle, proxyUrl = sandbox.proxyUrl): FlowPageConfig {
  assert.ok(proxyUrl, 'the sandbox runs its proxy');
  return {
    proxyUrl,
    privateKey: sandbox.readyInfo.account.privateKey,
    chains: sandbox.readyInfo.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name })),
  };
}

/** The element as the flow pages write it: 2 USDC from the source to the destination chain. */
export const FLOW_WIDGET_TAG = `<bridge-widget from-chain="${SOURCE_CHAIN}" to-chain="${DESTINATION_CHAIN}" from-token="USDC" to-token="USDC" amount="2"></bridge-widget>`;
export const FLOW_BUTTON = /^Bridge 2 USDC/;

/** JSON safe to embed in a script (inline or not): no `</script>` can close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page's own ES module: imports the development wallet from `/dev-wallet.js`,
 * records every widget event in `window.seen`, then gives the widget its
 * proxy URL and provider. Works inline or served as a file (strict CSP pages).
 * The wallet is `window.wallet` (its `requests` lists every method it was asked).
 */
export function flowScript(config: FlowPageConfig): string {
  return `import { createDevWallet } from '/dev-wallet.js';
const config = ${scriptJson(config)};
const wallet = createDevWallet({ privateKey: config.privateKey, chains: config.chains, chainId: ${DESTINATION_CHAIN}, autoConnect: true });
window.wallet = wallet;
const widget = document.querySelector('bridge-widget');
window.seen = [];
for (const type of ${scriptJson(WIDGET_EVENTS)}) widget.addEventListener(type, (event) => window.seen.push({ type, detail: event.detail }));
widget.setAttribute('proxy-url', config.proxyUrl);
widget.provider = wallet;
`;
}

export interface PageLog {
  /** Uncaught exceptions and console errors. */
  errors: string[];
  warnings: string[];
  /** Every console message, `type: text`. */
  console: string[];
}

/** Page errors and console output, for assertions and failure messages. */
export function watchPage(page: Page): PageLog {
  const log: PageLog = { errors: [], warnings: [], console: [] };
  page.on('pageerror', (error) => log.errors.push(error.message));
  page.on('console', (message) => {
    log.console.push(`${message.type()}: ${message.text()}`);
    if (message.type() === 'error') log.errors.push(message.text());
    if (message.type() === 'warning') log.warnings.push(message.text());
  });
  return log;
}

/** The primary button can be disabled for a moment while a quote refreshes. */
export async function waitUntilEnabled(button: Locator, timeoutMs = 30_000): Promise<void> {
  let text: string | null = '';
  await until(
    async () => (await button.isEnabled()) || ((text = await button.textContent()), false),
    () => `the button to be enabled (it stayed disabled: “${text}”)`,
    { timeout: timeoutMs, interval: 100 },
  );
}

export interface SeenEvent {
  type: string;
  detail: Record<string, unknown>;
}

/** `window.seen` with bigints as decimal strings. */
export async function seenEvents(page: Page): Promise<SeenEvent[]> {
  return (await page.evaluate(() =>
    JSON.parse(
      JSON.stringify((window as unknown as { seen?: unknown[] }).seen ?? [], (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
    ),
  )) as SeenEvent[];
}

/**
 * On a page running {@link flowScript}: waits for the first quote, presses the
 * Bridge button and waits for the final event. Returns every event seen and
 * the final one (undefined only if the page lost `window.seen`).
 */
export async function runTransfer(page: Page, button = FLOW_BUTTON): Promise<{ seen: SeenEvent[]; outcome: SeenEvent | undefined }> {
  const bridge = page.getByRole('button', { name: button });
  await bridge.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { seen: { type: string }[] }).seen.some((e) => e.type === 'bridge-quote'), undefined, {
    timeout: 60_000,
  });
  await waitUntilEnabled(bridge);
  await bridge.click();
  await page.waitForFunction((types) => (window as unknown as { seen: { type: string }[] }).seen.some((e) => types.includes(e.type)), FINAL_EVENTS, {
    timeout: 90_000,
  });
  const seen = await seenEvents(page);
  return { seen, outcome: seen.find((e) => FINAL_EVENTS.includes(e.type)) };
}

export function sandboxUsdc(sandbox: SandboxHandle, chainId: number): Address {
  const token = sandbox.tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC');
  assert.ok(token, `the sandbox has USDC on ${chainId}`);
  return token.address;
}

/** USDC balance read from the chain itself. */
export async function usdcBalance(sandbox: SandboxHandle, chainId: number, owner: Address): Promise<bigint> {
  return sandbox.chain(chainId).publicClient.readContract({ address: sandboxUsdc(sandbox, chainId), abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

/** A test page whose first script is the CSP violation watcher the test serves at /csp-watch.js; `head` and `body` as written (indented). */
export const cspWatchedPage = (title: string, head: string, body: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <link rel="icon" href="data:,">
  <title>${title}</title>
  <script src="/csp-watch.js"></script>
${head}
</head>
<body>
${body}
</body>
</html>`;
