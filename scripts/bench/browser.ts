/** Headless Chromium for the bench (CHROME_PATH or /usr/bin/chromium), as the NOTES describe. */
import { chromium, type Browser } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumPath(): string {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`no Chromium at ${path}: install it (apt-get install -y chromium) or set CHROME_PATH`);
  return path;
}

export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
