import { existsSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { countReporter } from './scripts/wtr-count-reporter.mjs';
import { sandboxPlugin } from './scripts/wtr-sandbox-plugin.mjs';
import { prebundlePlugin } from './scripts/wtr-prebundle-plugin.mjs';

function chromePath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH');
}

export const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const groupFilter = process.env.WTR_FILES;

export default {
  files: groupFilter ? groupFilter.split(',') : ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  rootDir: '.',
  concurrency: 1,
  testsFinishTimeout: 10 * 60_000,
  browserStartTimeout: 60_000,
  // Every test has a default time limit, so a stuck promise fails by name; WTR_GREP narrows a run to some tests (scripts/check-guarantees.mjs).
  testFramework: { config: { timeout: 60_000, ...(process.env.WTR_GREP ? { grep: process.env.WTR_GREP } : {}) } },
  plugins: [esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' }), prebundlePlugin(), sandboxPlugin()],
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromePath(), headless: true, args: chromeFlags },
    }),
  ],
  reporters: [
    defaultReporter({ reportTestResults: true, reportTestProgress: false }),
    summaryReporter({ flatten: false }),
    ...(process.env.WTR_COUNT_FILE ? [countReporter(process.env.WTR_COUNT_FILE)] : []),
  ],
};
