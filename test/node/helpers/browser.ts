/** Headless Chromium for node:test files that drive real pages (playwright-core, no downloaded browser). */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromePath(): string {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), headless: true, args: CHROME_FLAGS });
}
