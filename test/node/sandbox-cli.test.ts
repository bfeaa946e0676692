/**
 * `npm run sandbox -- --port 0` prints one ready line with working URLs and
 * stops cleanly (exit 0, ports released) on SIGTERM.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SandboxReadyInfo } from '../../sandbox/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface SandboxRun {
  child: ChildProcess;
  /** The ready line's JSON. */
  info: SandboxReadyInfo;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** All the command printed so far. */
  stdout: () => string;
  stderr: () => string;
}

/**
 * `npm run sandbox -- …args` once it printed its ready line (within
 * `readyWithinMs`); `body` runs with it. The command runs in its own process
 * group, killed at the end whatever happened, so cleanup after a failed
 * assertion reaches the sandbox behind npm.
 */
async function withSandboxCli(args: string[], readyWithinMs: number, body: (run: SandboxRun) => Promise<void>): Promise<void> {
  const child = spawn('npm', ['run', '--silent', 'sandbox', '--', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line after ${readyWithinMs / 1000} s; stderr:\n${stderr}`)), readyWithinMs);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const ready = stdout.split('\n').find((l) => l.startsWith('sandbox ready '));
        if (ready && stdout.includes(`${ready}\n`)) {
          clearTimeout(timer);
          resolve(ready);
        }
      });
      child.once('exit', () => reject(new Error(`sandbox exited before ready; stderr:\n${stderr}`)));
    });
    const info = JSON.parse(line.slice('sandbox ready '.length)) as SandboxReadyInfo;
    await body({ child, info, exited, stdout: () => stdout, stderr: () => stderr });
  } finally {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is already gone: the normal outcome
    }
    child.stdout.destroy();
    child.stderr.destroy();
  }
}

test('npm run sandbox -- --port 0: ready line, working servers, clean SIGTERM', { timeout: 60_000 }, async () => {
  await withSandboxCli(['--port', '0'], 30_000, async ({ child, info, exited, stdout, stderr }) => {
    const readyLines = stdout()
      .split('\n')
      .filter((l) => l.startsWith('sandbox ready '));
    assert.equal(readyLines.length, 1, 'one ready line');
    assert.ok(info.proxyUrl && info.serviceUrl && info.apiKey);
    assert.deepEqual(
      info.chains.map((c) => c.chainId).sort((a, b) => a - b),
      [84532, 11155111],
    );
    assert.ok(info.tokens.some((t) => t.symbol === 'USDC' && t.decimals === 6));
    assert.equal(info.account.address, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');

    const chains = await fetch(`${info.proxyUrl}/api/v1/routes/chains`);
    assert.equal(chains.status, 200);
    const rpcUrl = info.chains[0]?.rpcUrl ?? '';
    for (const url of [info.proxyUrl, info.serviceUrl, rpcUrl]) assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const rpc = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
    });
    assert.equal(((await rpc.json()) as { result: string }).result, `0x${(info.chains[0]?.chainId ?? 0).toString(16)}`);

    child.kill('SIGTERM');
    const [code] = await exited;
    assert.equal(code, 0, stderr());
    assert.match(stderr(), /SIGTERM received, stopping/);
    for (const url of [info.proxyUrl, info.serviceUrl, rpcUrl]) {
      await assert.rejects(fetch(url), `${url} should be closed`);
    }
  });
});

test(
  'Ctrl-C in a terminal (SIGINT to the whole group, which npm forwards once more): the sandbox cleans up, it does not exit without cleanup',
  { timeout: 60_000 },
  async () => {
    await withSandboxCli(['--port', '0'], 30_000, async ({ child, info, exited, stderr }) => {
      process.kill(-child.pid!, 'SIGINT');
      const [code] = await exited;
      assert.equal(code, 0, stderr());
      assert.match(stderr(), /SIGINT received, stopping/);
      assert.doesNotMatch(stderr(), /again, exiting without cleanup/);
      assert.match(stderr(), /stopped/);
      await assert.rejects(fetch(info.serviceUrl), 'the service is closed');
    });
  },
);

test('npm run sandbox -- --catalog large: the production-size catalog from start-up; a bad size is refused', { timeout: 90_000 }, async () => {
  const refused = spawn('npm', ['run', '--silent', 'sandbox', '--', '--port', '0', '--catalog', 'huge'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let refusal = '';
  refused.stderr.on('data', (chunk: Buffer) => (refusal += chunk.toString()));
  const [refusedCode] = (await once(refused, 'exit')) as [number | null];
  assert.equal(refusedCode, 1);
  assert.match(refusal, /--catalog must be default or large, got "huge"/);

  await withSandboxCli(['--port', '0', '--no-proxy', '--catalog', 'large'], 60_000, async ({ child, info, exited, stderr }) => {
    const faults = (await (await fetch(`${info.adminUrl}/faults`)).json()) as { faults: { catalog: string } };
    assert.equal(faults.faults.catalog, 'large');
    const page = await fetch(`${info.serviceUrl}/api/v1/routes/tokens?includeTotal=true&limit=1`, { headers: { 'x-api-key': info.apiKey } });
    assert.ok(((await page.json()) as { total: number }).total > 19_000);
    child.kill('SIGTERM');
    const [code] = await exited;
    assert.equal(code, 0, stderr());
  });
});
