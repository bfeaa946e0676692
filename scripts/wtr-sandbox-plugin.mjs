/**
 * Starts the sandbox (chains + routing service + proxy) once for the browser
 * test run and gives tests its ready JSON through `/__sandbox-config`.
 * Started lazily on the first request so that unit-only runs cost nothing.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

export function startSandboxProcess(extraArgs = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SANDBOX_QUIET: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    if (process.env.SANDBOX_LOG) appendFileSync(process.env.SANDBOX_LOG, chunk);
  });
  child.on('exit', (code, signal) => {
    if (process.env.SANDBOX_LOG) appendFileSync(process.env.SANDBOX_LOG, `sandbox exited: ${code ?? signal}\n`);
  });
  const ready = new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('sandbox ready ')) resolve(JSON.parse(line.slice('sandbox ready '.length)));
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code} before it was ready:\n${stderr}`)));
  });
  return { child, ready };
}

/**
 * The script-tag build (scripts/script-build.ts, minified as `npm run build` makes it), built once per run on the first
 * request into node_modules/.cache and served under `/__script-tag/`: tests compare what it shows with the sources.
 */
function scriptTagBuild() {
  const dir = path.resolve('node_modules/.cache/bridge-widget-tests/wtr-script-tag');
  let built;
  return async (file) => {
    built ??= new Promise((resolve, reject) => {
      mkdirSync(dir, { recursive: true });
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/script-build.ts', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`script-tag build failed (${code}):\n${stderr}`))));
    });
    await built;
    const target = path.join(dir, path.basename(file));
    return existsSync(target) ? { body: readFileSync(target, 'utf8'), type: 'js' } : undefined;
  };
}

export function sandboxPlugin() {
  let sandbox;
  const scriptTag = scriptTagBuild();
  return {
    name: 'bridge-sandbox',
    async serve(context) {
      if (context.path.startsWith('/__script-tag/')) return scriptTag(context.path);
      if (context.path !== '/__sandbox-config') return undefined;
      sandbox ??= startSandboxProcess();
      const config = await sandbox.ready;
      // The API key stays here: browser tests only ever talk to the proxy.
      const { apiKey: _apiKey, ...publicConfig } = config;
      return { body: JSON.stringify(publicConfig), type: 'application/json' };
    },
    async serverStop() {
      if (sandbox) {
        sandbox.child.kill('SIGTERM');
        await new Promise((resolve) => {
          if (sandbox.child.exitCode !== null) resolve();
          else sandbox.child.once('exit', resolve);
        });
      }
    },
  };
}
