/** Reading `npm run demo`'s ready line, shared by the tests that start the demo. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { ROOT } from './build.ts';

export const DEMO_READY_TIMEOUT_MS = 120_000;

/** Everything the demo printed so far, for failure messages. */
export interface DemoLog {
  text: string;
}

/** Resolves with the URL of `Demo ready: URL`; rejects if the demo exits first or prints nothing in time. */
export function waitForDemoReady(child: ChildProcess, log: DemoLog, timeoutMs = DEMO_READY_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line within ${timeoutMs} ms:\n${log.text}`)), timeoutMs);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      log.text += `${line}\n`;
      const match = /^Demo ready: (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (log.text += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited early (${signal ?? code}):\n${log.text}`));
    });
  });
}

export interface RunningDemo {
  url: string;
  /** SIGTERM, then waits for the exit (nothing if it already exited). */
  stop(): Promise<void>;
}

/** Starts `npm run demo` (scripts/demo.mjs) on a free port and waits for its ready line. */
export async function startDemo(log: DemoLog, env: NodeJS.ProcessEnv = {}): Promise<RunningDemo> {
  const child = spawn(process.execPath, ['scripts/demo.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DEMO_PORT: '0', ...env },
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    return { url: await waitForDemoReady(child, log), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What a test file that drives the demo pages reads: the demo's URL and the headless Chromium. */
export interface DemoAndBrowser {
  readonly url: string;
  readonly browser: Browser;
}

/** `npm run demo` and a headless Chromium for the whole test file: started before its tests, stopped after them. */
export function demoAndBrowserForFile(log: DemoLog): DemoAndBrowser {
  let demo: RunningDemo | undefined;
  let browser: Browser | undefined;
  before(async () => {
    demo = await startDemo(log);
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await demo?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: read it inside a test`);
    return value;
  };
  return {
    get url() {
      return started(demo, 'the demo').url;
    },
    get browser() {
      return started(browser, 'Chromium');
    },
  };
}
