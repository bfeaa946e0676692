/**
 * sandbox/dev-wallet.js, the development wallet as one classic script: the
 * committed file is what its sources build to, and a test runner injects it
 * as the file says (two `page.addInitScript` calls: the config, then the
 * file) into a page served without a bundler, where it announces itself over
 * EIP-6963 before the page's own script runs and signs on the sandbox's real
 * chains. test/node/integrator-apps.test.ts injects it the same way into
 * framework apps.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.js';
// @ts-expect-error: plain JS build script without declarations
import { buildDevWalletScript } from '../../scripts/build-dev-wallet.mjs';
import { launchChromium } from './helpers/browser.js';
import { ROOT } from './helpers/build.js';
import { startStaticServer, type StaticServer } from './helpers/static-server.js';

const SCRIPT = path.join(ROOT, 'sandbox/dev-wallet.js');

// The page's own script runs after every init script: it hears the announcement only because it asks (eip6963:requestProvider).
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script>
window.announced = [];
window.addEventListener('eip6963:announceProvider', (event) => window.announced.push(event.detail));
window.dispatchEvent(new Event('eip6963:requestProvider'));
</script></body></html>`;

let sandbox: SandboxHandle;
let server: StaticServer;
let browser: Browser;

before(async () => {
  sandbox = await startSandbox({ proxy: false });
  server = await startStaticServer({ '/': () => ({ type: 'text/html', body: PAGE }) });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  await sandbox?.close();
});

describe('sandbox/dev-wallet.js', { timeout: 120_000 }, () => {
  it('is what demo/dev-wallet.ts builds to (npm run sandbox:dev-wallet)', async () => {
    const built = (await buildDevWalletScript()) as string;
    assert.ok(readFileSync(SCRIPT, 'utf8') === built, 'sandbox/dev-wallet.js is stale: run npm run sandbox:dev-wallet and commit it');
  });

  it('injected by page.addInitScript with the sandbox chains and key, announces itself (EIP-6963) and signs on the real chains', async () => {
    const ready = sandbox.readyInfo;
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.addInitScript((config) => ((window as unknown as { bridgeDevWallet: unknown }).bridgeDevWallet = config), {
      privateKey: ready.account.privateKey,
      chains: ready.chains,
    });
    await page.addInitScript({ path: SCRIPT });
    await page.goto(server.url);
    const result = await page.evaluate(async () => {
      const w = window as unknown as {
        announced: { info: { name: string; rdns: string; uuid: string }; provider: { request(a: { method: string; params?: unknown[] }): Promise<unknown> } }[];
        devWallet: unknown;
      };
      const [first] = w.announced;
      const provider = first!.provider;
      const before = await provider.request({ method: 'eth_accounts' });
      const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      const chainId = await provider.request({ method: 'eth_chainId' });
      const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ from: accounts[0], to: accounts[0], value: '0x1' }] });
      return { count: w.announced.length, info: first!.info, same: provider === w.devWallet, before, accounts, chainId, hash };
    });
    assert.equal(result.count, 1);
    assert.deepEqual([result.info.name, result.info.rdns], ['Dev Wallet', 'org.bridge-widget.dev-wallet']);
    assert.match(result.info.uuid, /^[0-9a-f-]{36}$/);
    assert.equal(result.same, true, 'window.devWallet is the announced provider');
    assert.deepEqual(result.before, [], 'not connected to the site before it asks');
    assert.deepEqual(
      result.accounts.map((a) => a.toLowerCase()),
      [ready.account.address.toLowerCase()],
    );
    assert.equal(Number(result.chainId), ready.chains[0]!.chainId);
    const receipt = await sandbox.chain(ready.chains[0]!.chainId).publicClient.waitForTransactionReceipt({ hash: result.hash as `0x${string}` });
    assert.equal(receipt.status, 'success', 'the transaction is on the chain');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
