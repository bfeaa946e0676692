/**
 * The routing-service sandbox in its own process (`sandbox/cli.ts --port 0`),
 * so that its chains and service do not share an event loop with the bench
 * driver. Faults are switched over its admin HTTP endpoint; stopped by PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './build.ts';
import type { SandboxReadyInfo } from '../../sandbox/index.ts';

export interface BenchSandbox {
  info: SandboxReadyInfo;
  proxyUrl: string;
  pid: number;
  setFaults(patch: Record<string, unknown>): Promise<void>;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

export async function startBenchSandbox(options: { bridgingDelayMs: number; timeoutMs?: number; compression?: boolean }): Promise<BenchSandbox> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'sandbox/cli.ts'),
      '--port',
      '0',
      '--bridging-delay',
      String(options.bridgingDelayMs),
      // The proxy's answers compressed (as a production proxy sends them) unless the run is the comparison's "before".
      ...(options.compression === false ? ['--no-compression'] : []),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SANDBOX_QUIET: '1' } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-20_000);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  let info: SandboxReadyInfo;
  try {
    info = await new Promise<SandboxReadyInfo>((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(
        () => reject(new Error(`the sandbox printed no ready line within ${options.timeoutMs ?? 60_000} ms; stderr:\n${stderr}`)),
        options.timeoutMs ?? 60_000,
      );
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const line = stdout.split('\n').find((l, i, all) => l.startsWith('sandbox ready ') && i < all.length - 1);
        if (line) {
          clearTimeout(timer);
          resolve(JSON.parse(line.slice('sandbox ready '.length)) as SandboxReadyInfo);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the sandbox exited (${code}) before it was ready; stderr:\n${stderr}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  if (!info.proxyUrl) {
    await stop();
    throw new Error('the sandbox started without its proxy');
  }
  const admin = async (path: string, body: unknown) => {
    const response = await fetch(`${info.adminUrl}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`sandbox ${path}: HTTP ${response.status} ${await response.text()}`);
  };
  return {
    info,
    proxyUrl: info.proxyUrl,
    pid: child.pid!,
    setFaults: (patch) => admin('faults', patch),
    reset: () => admin('reset', {}),
    stop,
  };
}
