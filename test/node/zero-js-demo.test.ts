/**
 * demo/pages/zero-js.html end to end: a page whose only script is the
 * script-tag build (plus the stand-in for two wallet extensions announcing
 * over EIP-6963) lets a visitor choose a wallet and bridge USDC against the
 * sandbox's real chains; only the chosen wallet is asked anything.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeFunctionResult, encodeFunctionData, erc20Abi } from 'viem';
import { demoAndBrowserForFile, type DemoLog } from './helpers/demo.ts';
import { DST } from './helpers/chains.ts';

interface PageConfig {
  chains: { chainId: number; rpcUrl: string }[];
  tokens: { chainId: number; address: `0x${string}`; symbol: string }[];
  otherAccount: { address: `0x${string}` };
}

const log: DemoLog = { text: '' };
const demo = demoAndBrowserForFile(log);

async function usdcBalance(config: PageConfig, owner: `0x${string}`): Promise<bigint> {
  const chain = config.chains.find((c) => c.chainId === DST)!;
  const token = config.tokens.find((t) => t.chainId === DST && t.symbol === 'USDC')!;
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: token.address, data }, 'latest'] }),
  });
  const { result } = (await response.json()) as { result: `0x${string}` };
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result });
}

describe('zero-JS demo page', { timeout: 300_000 }, () => {
  it('has no script of its own besides the script tag and the extensions stand-in', async () => {
    const html = await (await fetch(new URL('pages/zero-js.html', demo.url))).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    // vite's dev client is injected by the demo server, not written by the page.
    const own = scripts.filter(([, attrs]) => !/\/@vite\/client/.test(attrs ?? ''));
    assert.deepEqual(
      own.map(([, attrs]) => /src="([^"]+)"/.exec(attrs ?? '')?.[1]),
      ['/extensions/dev-wallets.ts', '/script/bridge-widget.js'],
    );
    assert.ok(
      own.every(([, , body]) => !body?.trim()),
      'no inline script',
    );
    assert.doesNotMatch(html, /%SANDBOX_PROXY_URL%/, 'the demo server wrote the proxy URL into the page');
  });

  it('a visitor chooses the second wallet and bridges 2 USDC; only that wallet is asked anything', async () => {
    const config = (await (await fetch(new URL('/sandbox-config.json', demo.url))).json()) as PageConfig;
    const page = await demo.browser.newPage();
    const errors: string[] = [];
    const walletLog: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.text().startsWith('[Dev Wallet')) walletLog.push(message.text());
    });
    // The first request builds the script-tag file from source: allow for it.
    await page.goto(new URL('pages/zero-js.html', demo.url).href, { timeout: 180_000 });
    const before = await usdcBalance(config, config.otherAccount.address);

    await page.getByRole('button', { name: 'Connect wallet' }).click({ timeout: 120_000 });
    await page.getByRole('option', { name: /Dev Wallet One/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('option', { name: /Dev Wallet Two/ }).click();
    await page.getByRole('button', { name: /^Bridge 2 USDC/ }).click({ timeout: 60_000 });
    await page.getByText('Transfer complete').first().waitFor({ timeout: 120_000 });

    assert.equal((await usdcBalance(config, config.otherAccount.address)) > before, true, 'USDC arrived on the destination chain for the second wallet');
    assert.ok(
      walletLog.some((line) => line.startsWith('[Dev Wallet Two] eth_sendTransaction: ok')),
      walletLog.join('\n'),
    );
    assert.deepEqual(
      walletLog.filter((line) => line.startsWith('[Dev Wallet One]')),
      [],
    );
    assert.deepEqual(errors, []);
  });
});
