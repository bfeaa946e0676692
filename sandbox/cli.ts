/**
 * `npm run sandbox [-- options]`: starts both chains, the routing service and
 * the proxy on 127.0.0.1, prints one `sandbox ready {json}` line to stdout
 * (logs go to stderr) and runs until SIGINT/SIGTERM.
 *
 * Options:
 *   --port <n>              0: every server on a free port. n > 0: chains on n and n+1,
 *                           service on n+2, proxy on n+3. Default: 8545, 8546, 8600, 8787.
 *   --bridging-delay <ms>   time intents spend bridging (default 1500)
 *   --synthetic-tokens <n>  add n unroutable tokens to the token list
 *   --catalog <size>        default | large (about 40 chains and 20,000 tokens)
 *   --plain-token-list      the tokens endpoint ignores its parameters (a service without pagination)
 *   --api-key <key>         the active API key (default sandbox-dev-key)
 *   --no-proxy              do not start the proxy
 *   --no-compression        the proxy answers uncompressed (to time what compression saves)
 *   --verbose               log every proxied request to stderr
 * Environment: SANDBOX_PORT, SANDBOX_BRIDGING_DELAY_MS, SANDBOX_SYNTHETIC_TOKENS, SANDBOX_CATALOG, SANDBOX_API_KEY,
 * SANDBOX_QUIET=1 (log only errors to stderr).
 */
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxHandle, type SandboxPorts } from './index.js';

/** A second signal within this long is the same stop delivered twice, not a user insisting. */
const DUPLICATE_SIGNAL_MS = 1_000;

const DEFAULT_PORTS: Required<SandboxPorts> = { sepolia: 8545, baseSepolia: 8546, service: 8600, proxy: 8787 };

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

function portsFor(base: number | undefined): SandboxPorts {
  if (base === undefined) return DEFAULT_PORTS;
  if (base === 0) return { sepolia: 0, baseSepolia: 0, service: 0, proxy: 0 };
  if (base > 65532) throw new Error('--port must leave room for four consecutive ports');
  return { sepolia: base, baseSepolia: base + 1, service: base + 2, proxy: base + 3 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'bridging-delay': { type: 'string' },
      'synthetic-tokens': { type: 'string' },
      catalog: { type: 'string' },
      'plain-token-list': { type: 'boolean', default: false },
      'api-key': { type: 'string' },
      'no-proxy': { type: 'boolean', default: false },
      'no-compression': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stderr.write(
      'usage: npm run sandbox -- [--port n] [--bridging-delay ms] [--synthetic-tokens n] [--catalog default|large] [--plain-token-list] [--api-key key] [--no-proxy] [--no-compression] [--verbose]\n',
    );
    return;
  }
  const env = process.env;
  const base = integer('--port', values.port ?? env.SANDBOX_PORT);
  const bridgingDelayMs = integer('--bridging-delay', values['bridging-delay'] ?? env.SANDBOX_BRIDGING_DELAY_MS);
  const syntheticTokens = integer('--synthetic-tokens', values['synthetic-tokens'] ?? env.SANDBOX_SYNTHETIC_TOKENS);
  const apiKey = values['api-key'] ?? env.SANDBOX_API_KEY;
  const catalog = values.catalog ?? env.SANDBOX_CATALOG;
  if (catalog !== undefined && catalog !== '' && catalog !== 'default' && catalog !== 'large') {
    throw new Error(`--catalog must be default or large, got "${catalog}"`);
  }

  // SANDBOX_QUIET=1 keeps stderr for errors only (test runners that capture it).
  const quiet = env.SANDBOX_QUIET === '1';
  const log = (line: string) => {
    if (!quiet || /fail|error/i.test(line)) process.stderr.write(`[sandbox] ${line}\n`);
  };
  const sandbox: SandboxHandle = await startSandbox({
    ports: portsFor(base),
    proxy: !values['no-proxy'],
    ...(values['no-compression'] ? { proxyCompression: false } : {}),
    ...(bridgingDelayMs !== undefined ? { bridgingDelayMs } : {}),
    ...(syntheticTokens !== undefined ? { syntheticTokens } : {}),
    ...(catalog === 'large' ? { catalog } : {}),
    ...(values['plain-token-list'] ? { plainTokenList: true } : {}),
    ...(apiKey ? { apiKey } : {}),
    log,
    ...(values.verbose ? { proxyLog: (line: string) => process.stderr.write(`[proxy] ${line}\n`) } : {}),
  });

  let stopping: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping !== undefined) {
      // One Ctrl-C or stop can arrive twice (the terminal signals the whole group, and `npm run` forwards it once more):
      // only a second one a moment later means "now".
      if (Date.now() - stopping < DUPLICATE_SIGNAL_MS) return;
      log(`${signal} again, exiting without cleanup`);
      process.exit(1);
    }
    stopping = Date.now();
    log(`${signal} received, stopping`);
    sandbox.close().then(
      () => {
        log('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log(`error while stopping: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  process.stdout.write(`sandbox ready ${JSON.stringify(sandbox.readyInfo)}\n`);
  log(`service ${sandbox.serviceUrl}, proxy ${sandbox.proxyUrl ?? '(off)'}, chains ${sandbox.chains.map((c) => `${c.chainId}@${c.rpcUrl}`).join(', ')}`);
}

main().catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    process.stderr.write(`[sandbox] failed to start: ${(error as Error).message}; another sandbox running? Try --port 0\n`);
    process.exit(1);
  }
  process.stderr.write(`[sandbox] failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
