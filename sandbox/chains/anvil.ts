/**
 * One local EVM chain: an anvil process (Foundry's node, from the npm package
 * `@foundry-rs/anvil`; the binary ships in the platform package, e.g.
 * `@foundry-rs/anvil-linux-amd64`) listening on 127.0.0.1. Anvil answers
 * `eth_simulateV1` (with `traceTransfers`) and takes EIP-7702 transactions,
 * which the in-process EVM it replaces did not.
 *
 * No orphans: every anvil is stopped by its PID on `close()`, killed at once
 * when this process exits (normally, by `process.exit`, on an uncaught
 * exception), and on SIGINT/SIGTERM/SIGHUP when nothing else handles the
 * signal. On Linux it is also started under `setpriv --pdeathsig KILL`, so
 * the kernel kills it even when this process is killed with SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { LOCALHOST } from '../shared/http.js';
import { createHttpProvider, type JsonRpcClient } from './json-rpc.js';

export interface AnvilOptions {
  chainId: number;
  /** Display name, for messages. */
  name: string;
  /** Port on 127.0.0.1; 0 lets anvil take a free one. */
  port: number;
  /** Dev accounts are derived from this mnemonic, funded and unlocked (`eth_sendTransaction` works for them). */
  mnemonic: string;
  accounts: number;
  /** Genesis balance of every dev account, in whole ether. */
  balanceEther: bigint;
  /**
   * The genesis block's number (default 0): a chain that starts deep, as a
   * long-lived one is, without mining its history (ten thousand blocks take
   * anvil minutes).
   */
  firstBlock?: number;
}

export interface AnvilChain {
  readonly chainId: number;
  readonly name: string;
  /** `http://127.0.0.1:<port>`: anvil's own JSON-RPC endpoint (batches, CORS). */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** EIP-1193 over `url`, with JSON-RPC batches. */
  readonly provider: JsonRpcClient;
  /** Stops the process by its PID (SIGTERM, SIGKILL if it lingers) and waits until it is gone. */
  close(): Promise<void>;
}

/** A bound for a stuck start on a loaded machine, not a wait: a healthy anvil listens in tens of milliseconds. */
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

export async function startAnvil(options: AnvilOptions): Promise<AnvilChain> {
  const args = [
    '--host',
    LOCALHOST,
    '--port',
    String(options.port),
    '--chain-id',
    String(options.chainId),
    '--mnemonic',
    options.mnemonic,
    '--accounts',
    String(options.accounts),
    '--balance',
    String(options.balanceEther),
  ];
  let genesisDir: string | undefined;
  if (options.firstBlock !== undefined) {
    genesisDir = mkdtempSync(join(tmpdir(), 'anvil-genesis-'));
    const genesis = join(genesisDir, 'genesis.json');
    writeFileSync(genesis, JSON.stringify({ config: { chainId: options.chainId }, number: `0x${options.firstBlock.toString(16)}` }));
    args.push('--init', genesis);
  }
  // Not `--silent`: that also hides the "Listening on 127.0.0.1:<port>" line, the only way to learn which free
  // port `--port 0` took without a race. Logging is switched off over RPC as soon as the line is read.
  const [command, commandArgs] = withParentDeathSignal(anvilBinary(), args);
  const child = spawn(command, commandArgs, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C in a terminal (or a signal to this process group) reaches this process only,
    // which closes the service before the chains; anvil stops when this process says so or dies.
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  track(child);
  try {
    const port = await listeningPort(child, options);
    // Read at start-up: not needed any more.
    if (genesisDir) rmSync(genesisDir, { recursive: true, force: true });
    const url = `http://${LOCALHOST}:${port}`;
    const provider = createHttpProvider(url);
    await provider.request({ method: 'anvil_setLoggingEnabled', params: [false] });
    // From here on the process must not keep this one alive: a test that never calls close() still ends,
    // and the exit hook below stops anvil then.
    child.stdout?.resume();
    for (const stream of [child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();
    child.unref();
    return { chainId: options.chainId, name: options.name, url, port, pid: child.pid!, provider, close: () => stop(child) };
  } catch (error) {
    if (genesisDir) rmSync(genesisDir, { recursive: true, force: true });
    await stop(child);
    throw error;
  }
}

/** The anvil binary of this platform's optional dependency (what the `@foundry-rs/anvil` wrapper would run). */
export function anvilBinary(): string {
  const platforms: Record<string, string> = { linux: 'linux', darwin: 'darwin', win32: 'win32' };
  const arches: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };
  const platform = platforms[process.platform];
  const arch = arches[process.arch];
  const packageName = `@foundry-rs/anvil-${platform}-${arch}`;
  const file = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    return createRequire(import.meta.url).resolve(`${packageName}/bin/${file}`);
  } catch (cause) {
    throw new Error(
      `anvil is not installed for ${process.platform}-${process.arch}: expected the optional dependency ${packageName} of @foundry-rs/anvil ` +
        '(run npm install; npm skips optional dependencies with --omit=optional)',
      { cause },
    );
  }
}

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => process.platform === 'linux' && existsSync(path));

function withParentDeathSignal(binary: string, args: string[]): [string, string[]] {
  // setpriv execs anvil in place (same PID) after asking the kernel to SIGKILL it when this process dies.
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', binary, ...args]] : [binary, args];
}

function listeningPort(child: ChildProcess, options: AnvilOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    const lines = createInterface({ input: child.stdout! });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      lines.close();
      child.off('exit', onExit);
      child.off('error', onError);
      settle();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      const inUse = /address already in use/i.test(stderr);
      const error = new Error(
        inUse
          ? `anvil for chain ${options.chainId} could not listen on ${LOCALHOST}:${options.port}: address already in use`
          : `anvil for chain ${options.chainId} exited (${signal ?? `code ${code}`}) before it listened: ${stderr.trim() || '(no output)'}`,
      );
      if (inUse) (error as NodeJS.ErrnoException).code = 'EADDRINUSE';
      finish(() => reject(error));
    };
    const onError = (error: Error) => finish(() => reject(new Error(`anvil for chain ${options.chainId} could not start: ${error.message}`, { cause: error })));
    const timer = setTimeout(
      () => finish(() => reject(new Error(`anvil for chain ${options.chainId} did not listen within ${START_TIMEOUT_MS} ms: ${stderr.trim()}`))),
      START_TIMEOUT_MS,
    );
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('exit', onExit);
    child.once('error', onError);
    lines.on('line', (line) => {
      const match = /^Listening on [^\s:]+:(\d+)/.exec(line.trim());
      if (match) finish(() => resolve(Number(match[1])));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(force);
}

// Every anvil this process started and that still runs; the hooks exist only while the set is not empty.
const running = new Set<ChildProcess>();
const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const signalHandlers = new Map(EXIT_SIGNALS.map((signal) => [signal, () => onExitSignal(signal)]));

function track(child: ChildProcess): void {
  if (running.size === 0) {
    process.on('exit', killAllNow);
    for (const [signal, handler] of signalHandlers) process.on(signal, handler);
  }
  running.add(child);
  child.once('exit', () => {
    running.delete(child);
    if (running.size === 0) removeHooks();
  });
}

function removeHooks(): void {
  process.off('exit', killAllNow);
  for (const [signal, handler] of signalHandlers) process.off(signal, handler);
}

/** Synchronous, as the 'exit' event requires. */
function killAllNow(): void {
  for (const child of running) {
    try {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
}

function onExitSignal(signal: (typeof EXIT_SIGNALS)[number]): void {
  // A process with its own handler (the sandbox CLI closes everything in order) keeps that job; 'exit' still cleans up.
  if (process.listenerCount(signal) > 1) return;
  killAllNow();
  removeHooks();
  // Nothing else listens: die of the signal as Node would have without this handler.
  process.kill(process.pid, signal);
}
