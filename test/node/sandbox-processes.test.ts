/**
 * No orphaned anvil: every sandbox chain is a child process, and it must die
 * with the process that started it however that process ends, even when
 * close() is never called (a test failing half-way, a runner's timeout).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { until } from './helpers/until.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const child = path.join(root, 'test/node/fixtures/sandbox-child.ts');
const PARENT_DEATH_SIGNAL = process.platform === 'linux' && ['/usr/bin/setpriv', '/bin/setpriv'].some((p) => existsSync(p));

/** A PID that no longer runs: gone, or (Linux) a zombie waiting for init to reap it. */
function stopped(pid: number): boolean {
  if (process.platform === 'linux') {
    const stat = `/proc/${pid}/stat`;
    if (!existsSync(stat)) return true;
    try {
      // "pid (comm) S ..." — the state letter follows the last ')'.
      const text = readFileSync(stat, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2)[0] === 'Z';
    } catch {
      return true;
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

async function waitUntilStopped(pids: number[]): Promise<void> {
  // Bounded, not timed: a healthy run finds them stopped on the first look or soon after.
  await until(() => pids.every(stopped), 'anvil to stop', { timeout: 10_000, interval: 50 }).catch(() => {
    const running = pids.filter((pid) => !stopped(pid));
    for (const pid of running) process.kill(pid, 'SIGKILL'); // this test's own leftovers, by PID
    assert.fail(`anvil still running: ${running.join(', ')}`);
  });
}

async function runChild(mode: string, kill?: NodeJS.Signals): Promise<{ pids: number[]; code: number | null; signal: NodeJS.Signals | null }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, mode], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => proc.once('exit', (code, signal) => resolve([code, signal])));
  let stderr = '';
  proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const pids = await new Promise<number[]>((resolve, reject) => {
    createInterface({ input: proc.stdout }).on('line', (line) => {
      if (line.startsWith('anvil ')) resolve(line.slice(6).split(' ').map(Number));
    });
    void exited.then(() => reject(new Error(`the child ended before the sandbox was ready:\n${stderr}`)));
  });
  assert.equal(pids.length, 2);
  assert.ok(!pids.some(stopped), 'both anvils run while the child does');
  proc.stdin.write('go\n');
  if (kill) proc.kill(kill);
  const [code, signal] = await exited;
  return { pids, code, signal };
}

test('an uncaught exception: the anvils are killed as the process exits', async () => {
  const { pids, code } = await runChild('throw');
  assert.equal(code, 1);
  await waitUntilStopped(pids);
});

test('process.exit() without close(): the anvils are killed on exit', async () => {
  const { pids, code } = await runChild('exit');
  assert.equal(code, 1);
  await waitUntilStopped(pids);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} to a process with no handler of its own: the anvils are killed and the process still dies of the signal`, async () => {
    const result = await runChild('wait', signal);
    assert.equal(result.signal, signal);
    await waitUntilStopped(result.pids);
  });
}

test(
  'SIGKILL: the kernel kills the anvils with their parent (Linux, setpriv --pdeathsig)',
  { skip: !PARENT_DEATH_SIGNAL && 'needs Linux and setpriv' },
  async () => {
    const { pids, signal } = await runChild('wait', 'SIGKILL');
    assert.equal(signal, 'SIGKILL');
    await waitUntilStopped(pids);
  },
);
