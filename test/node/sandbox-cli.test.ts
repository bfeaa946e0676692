/**
 * `npm run sandbox -- --port 0` prints one ready line with working URLs and
 * stops cleanly (exit 0, ports released) on SIGTERM.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { SandboxReadyInfo } from '../../sandbox/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('npm run sandbox -- --port 0: ready line, working servers, clean SIGTERM', { timeout: 60_000 }, async () => {
  const child = spawn('npm', ['run', '--silent', 'sandbox', '--', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so cleanup after a failed assertion can reach the sandbox behind npm.
    detached: true,
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line after 30 s; stderr:\n${stderr}`)), 30_000);
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
    assert.equal(stdout.split('\n').filter((l) => l.startsWith('sandbox ready ')).length, 1);
    const info = JSON.parse(line.slice('sandbox ready '.length)) as SandboxReadyInfo;
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
    assert.equal(code, 0, stderr);
    assert.match(stderr, /SIGTERM received, stopping/);
    for (const url of [info.proxyUrl, info.serviceUrl, rpcUrl]) {
      await assert.rejects(fetch(url), `${url} should be closed`);
    }
  } finally {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is already gone: the normal outcome
    }
    child.stdout.destroy();
    child.stderr.destroy();
  }
});

test('npm run sandbox -- --catalog large: the production-size catalog from start-up; a bad size is refused', { timeout: 90_000 }, async () => {
  const refused = spawn('npm', ['run', '--silent', 'sandbox', '--', '--port', '0', '--catalog', 'huge'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let refusal = '';
  refused.stderr.on('data', (chunk: Buffer) => (refusal += chunk.toString()));
  const [refusedCode] = (await once(refused, 'exit')) as [number | null];
  assert.equal(refusedCode, 1);
  assert.match(refusal, /--catalog must be default or large, got "huge"/);

  const child = spawn('npm', ['run', '--silent', 'sandbox', '--', '--port', '0', '--no-proxy', '--catalog', 'large'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line after 60 s; stderr:\n${stderr}`)), 60_000);
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
    const faults = (await (await fetch(`${info.adminUrl}/faults`)).json()) as { faults: { catalog: string } };
    assert.equal(faults.faults.catalog, 'large');
    const page = await fetch(`${info.serviceUrl}/api/v1/routes/tokens?includeTotal=true&limit=1`, { headers: { 'x-api-key': info.apiKey } });
    assert.ok(((await page.json()) as { total: number }).total > 19_000);
    child.kill('SIGTERM');
    const [code] = await exited;
    assert.equal(code, 0, stderr);
  } finally {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is already gone: the normal outcome
    }
    child.stdout.destroy();
    child.stderr.destroy();
  }
});
