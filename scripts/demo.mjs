#!/usr/bin/env node
// `npm run demo`: installs dependencies when missing, starts the local sandbox
// (routing service, proxy, two EVM chains), then serves the pages in demo/
// with vite. Ctrl-C or SIGTERM stops everything it started.
//
// Options: --port N (or DEMO_PORT=N) for the page server; 0 picks a free port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demoRoot = path.join(root, 'demo');
const SANDBOX_READY_PREFIX = 'sandbox ready ';
const SANDBOX_START_TIMEOUT_MS = 120_000;
const SANDBOX_STOP_TIMEOUT_MS = 10_000;
const DEFAULT_PORT = 5173;

function log(message) {
  process.stdout.write(`${message}\n`);
}

function fail(message) {
  process.stderr.write(`demo: ${message}\n`);
}

function requestedPort(argv, env) {
  const flag = argv.indexOf('--port');
  const raw = flag >= 0 ? argv[flag + 1] : env.DEMO_PORT;
  if (raw === undefined || raw === '') return { port: DEFAULT_PORT, explicit: false };
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${raw}`);
  return { port, explicit: true };
}

// A fresh clone has no node_modules; the demo must still be one command.
function ensureDependencies() {
  if (existsSync(path.join(root, 'node_modules'))) return;
  log('node_modules is missing: running `npm install` first…');
  const result = spawnSync('npm', ['install'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    fail('`npm install` failed; see the output above.');
    process.exit(1);
  }
}

/**
 * Spawns the sandbox (node itself, not through `npm run`, which would forward
 * each signal a second time) in its own process group (detached), so that
 * stopping the group stops it once, and it cleans up.
 */
function startSandbox() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr = [];
  let ready = false;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    // The sandbox prefixes its own log lines.
    if (ready) process.stderr.write(chunk);
    else stderr.push(chunk);
  });

  const config = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not report ready within ${SANDBOX_START_TIMEOUT_MS / 1000} s`)), SANDBOX_START_TIMEOUT_MS);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (ready || !line.startsWith(SANDBOX_READY_PREFIX)) {
        if (line.trim()) log(`[sandbox] ${line}`);
        return;
      }
      try {
        const parsed = JSON.parse(line.slice(SANDBOX_READY_PREFIX.length));
        ready = true;
        clearTimeout(timer);
        resolve(parsed);
      } catch (error) {
        clearTimeout(timer);
        reject(new Error(`the sandbox's ready line is not JSON: ${error.message}`));
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'close' rather than 'exit': it waits for stderr to drain, which is what we print.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited before it was ready (${signal ?? `code ${code}`})`));
    });
  });
  return { child, config, stderr: () => stderr.join('') };
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the sandbox's whole process group (npm and the node process under it)
 * with SIGTERM, escalating to SIGKILL if it is still there after a grace period.
 */
async function stopSandbox(child) {
  const pid = child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + SANDBOX_STOP_TIMEOUT_MS;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) {
    fail('the sandbox ignored SIGTERM; killing it.');
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone in the meantime.
    }
  }
}

/** Only what the browser needs. The API key stays in the sandbox and the proxy. */
function publicConfig(sandbox) {
  const config = {
    proxyUrl: sandbox.proxyUrl,
    serviceUrl: sandbox.serviceUrl,
    adminUrl: sandbox.adminUrl ?? `${sandbox.serviceUrl}/__sandbox`,
    chains: sandbox.chains,
    tokens: sandbox.tokens,
    // Local, throw-away test keys (Hardhat's well-known accounts): exposing
    // them lets the page run the development wallet.
    account: sandbox.account,
    otherAccount: sandbox.extraAccounts?.[0] ?? null,
    // Addresses only: the development wallet runs EIP-5792 batches through each chain's BatchExecutor.
    contracts: sandbox.contracts,
    // The local WalletConnect relay, its project id and the phone wallet's address (the phone page, pages/phone.html).
    walletConnect: sandbox.walletConnect ?? null,
  };
  const json = JSON.stringify(config);
  if (sandbox.apiKey && json.includes(sandbox.apiKey)) {
    throw new Error('the page configuration would contain the API key; refusing to serve it');
  }
  return json;
}

/** Serves `/sandbox-config.json` to the pages, and writes the proxy URL into pages that say `%SANDBOX_PROXY_URL%` (pages with no script of their own). */
function sandboxConfigPlugin(json) {
  const { proxyUrl } = JSON.parse(json);
  return {
    name: 'bridge-demo:sandbox-config',
    transformIndexHtml: (html) => html.replaceAll('%SANDBOX_PROXY_URL%', proxyUrl),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/sandbox-config.json') return next();
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(json);
      });
    },
  };
}

/** The URL folder the pages load the script-tag build from (`/script/bridge-widget.js` and its chunks beside it). */
const SCRIPT_FOLDER = '/script/';

/**
 * Serves the script-tag build, a folder (the entry `bridge-widget.js`, its
 * chunks and the language add-ons `bridge-widget.<code>.js`), under
 * `/script/` for the script-tag and zero-JS pages. Built from the current
 * source by scripts/script-build.ts when the demo starts (a few
 * seconds, in the background), into a temporary directory, so the pages never
 * run a stale dist/ and the first visit does not wait for the build.
 * `BRIDGE_WIDGET_SCRIPT=<entry file>` serves that entry's folder instead.
 * Vite is told to leave the pages' tag for it alone (`vite-ignore`, added as
 * the page is served, so the page's source stays what a host writes):
 * otherwise it tries to pre-transform the URL as a module of its own and logs
 * "Pre-transform error: Failed to load url".
 */
function scriptFolderPlugin() {
  let built;
  let buildDir;
  const build = async () => {
    if (process.env.BRIDGE_WIDGET_SCRIPT) return path.dirname(path.resolve(process.env.BRIDGE_WIDGET_SCRIPT));
    // scripts/script-build.ts is TypeScript: tsx loads it (this file runs under plain node). Its failure reaches the page and the terminal through the rejection.
    const { tsImport } = await import('tsx/esm/api');
    const { buildScriptFolder } = await tsImport('./script-build.ts', import.meta.url);
    buildDir = mkdtempSync(path.join(tmpdir(), 'bridge-widget-demo-script-'));
    await buildScriptFolder({ outDir: buildDir });
    return buildDir;
  };
  return {
    name: 'bridge-demo:script-folder',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/<script([^>]*?) src="\/script\//g, '<script$1 vite-ignore src="/script/'),
    },
    configureServer(server) {
      server.httpServer?.once('close', () => {
        if (buildDir) rmSync(buildDir, { recursive: true, force: true });
      });
      // Build now; a failure is reported when a page asks for a file, and the next request builds again.
      built = build();
      built.catch(() => {});
      server.middlewares.use((req, res, next) => {
        const pathname = req.url?.split('?')[0] ?? '';
        if (!pathname.startsWith(SCRIPT_FOLDER)) return next();
        const name = pathname.slice(SCRIPT_FOLDER.length);
        built ??= build();
        built.then(
          (dir) => {
            // One file of the folder, by its plain name: nothing above it, nothing else.
            const served = path.join(dir, name);
            if (!/^[\w.-]+\.js$/.test(name) || !existsSync(served)) {
              res.statusCode = 404;
              res.end();
              return;
            }
            res.setHeader('content-type', 'text/javascript');
            res.setHeader('cache-control', 'no-store');
            res.end(readFileSync(served));
          },
          (error) => {
            built = undefined;
            fail(`could not build the script-tag build: ${error.message}`);
            res.statusCode = 500;
            res.setHeader('content-type', 'text/javascript');
            res.end(`console.error(${JSON.stringify(`the script-tag build could not be made: ${error.message}`)});`);
          },
        );
      });
    },
  };
}

async function startPages(sandbox, { port, explicit }) {
  const { createServer } = await import('vite');
  const { svelte } = await import('@sveltejs/vite-plugin-svelte');
  const server = await createServer({
    configFile: false,
    root: demoRoot,
    clearScreen: false,
    logLevel: 'warn',
    server: { host: '127.0.0.1', port, strictPort: explicit },
    resolve: {
      // The demo shows what ships: Lit's production build (its development build logs "Lit is in dev mode").
      conditions: ['module', 'browser', 'production'],
      alias: [
        // Pages import the package by name, as a host application would.
        { find: /^bridge-widget$/, replacement: path.join(root, 'src/index.ts') },
        { find: /^bridge-widget\/elements$/, replacement: path.join(root, 'src/elements.ts') },
        // The Vue page compiles its template in the browser: Vue's full build.
        { find: /^vue$/, replacement: 'vue/dist/vue.esm-bundler.js' },
      ],
    },
    define: {
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    // Known up front, so that the first visit of a framework page does not
    // make vite re-optimise dependencies and reload the page.
    optimizeDeps: {
      entries: ['index.html', 'playground.html', 'pages/*.html'],
      include: ['react', 'react/jsx-runtime', 'react-dom/client', 'vue/dist/vue.esm-bundler.js', 'viem', 'viem/accounts', '@walletconnect/sign-client'],
    },
    plugins: [sandboxConfigPlugin(publicConfig(sandbox)), scriptFolderPlugin(), svelte({ configFile: false })],
  });
  await server.listen();
  const address = server.httpServer?.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { server, url: `http://127.0.0.1:${actualPort}/` };
}

async function main() {
  let port;
  try {
    port = requestedPort(process.argv.slice(2), process.env);
  } catch (error) {
    fail(error.message);
    process.exit(2);
  }
  ensureDependencies();

  const sandbox = startSandbox();
  let pages;
  let stopping = false;
  const stop = async (exitCode) => {
    if (stopping) return;
    stopping = true;
    await pages?.server.close().catch(() => {});
    await stopSandbox(sandbox.child);
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  let config;
  try {
    config = await sandbox.config;
  } catch (error) {
    fail(`could not start the sandbox: ${error.message}`);
    const stderr = sandbox.stderr().trim();
    if (stderr) process.stderr.write(`${stderr}\n`);
    await stop(1);
    return;
  }
  sandbox.child.once('exit', (code, signal) => {
    if (stopping) return;
    fail(`the sandbox stopped unexpectedly (${signal ?? `code ${code}`}); shutting down.`);
    void stop(1);
  });

  try {
    pages = await startPages(config, port);
  } catch (error) {
    fail(`could not start the page server: ${error.message}`);
    await stop(1);
    return;
  }
  log(`Demo ready: ${pages.url}`);
}

await main();
