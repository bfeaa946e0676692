#!/usr/bin/env node
// `npm run sri`: Subresource Integrity for the script-tag build, a folder
// (dist/script/: the entry bridge-widget.js, its chunks, the language add-ons).
//
//   npm run sri -- [--base https://your-cdn.example/bridge-widget/0.1.0/] [--dir dist/script] [--json]
//
// Prints what a page pastes into its <head>, in this order:
// - an import map whose `integrity` field gives a sha384 hash for every file
//   of the folder by its full URL (`--base` + name): the browser checks the
//   chunks the entry imports (`import()` relative to the entry's URL) against
//   it, where it supports the field (Chromium 127 and later; elsewhere the
//   map's integrity is ignored and the chunks load unchecked);
// - the entry's script tag with its own `integrity` attribute;
// - the Content-Security-Policy source for the import map ('sha256-…'): an
//   import map is an inline script, so a policy without 'unsafe-inline' must
//   name its hash in script-src.
// The hashes hold for these exact bytes: run it again after every build.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ENTRY = 'bridge-widget.js';

function usage(code) {
  process.stdout.write('usage: npm run sri -- [--base URL of the folder, ending in /] [--dir dist/script] [--json]\n');
  process.exit(code);
}

/** `sha384-<base64>`, the form `integrity` takes. */
export function integrityOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * The import map, the entry's tag and the policy source for the folder `dir`
 * served at `base` (a URL ending in `/`).
 */
export function sriSnippet(dir, base) {
  if (!existsSync(path.join(dir, ENTRY))) throw new Error(`${path.join(dir, ENTRY)} is missing: run npm run build first (or pass --dir)`);
  const folder = base.endsWith('/') ? base : `${base}/`;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .sort();
  const integrity = Object.fromEntries(files.map((name) => [`${folder}${name}`, integrityOf(readFileSync(path.join(dir, name)))]));
  const importMap = `\n${JSON.stringify({ integrity }, null, 2)}\n`;
  const importMapHash = `'sha256-${createHash('sha256').update(importMap).digest('base64')}'`;
  const entry = { url: `${folder}${ENTRY}`, integrity: integrity[`${folder}${ENTRY}`] };
  const html = [
    `<!-- bridge-widget script tag with Subresource Integrity (npm run sri). Content-Security-Policy: script-src ${folder} ${importMapHash} -->`,
    `<script type="importmap">${importMap}</script>`,
    `<script type="module" src="${entry.url}" integrity="${entry.integrity}" crossorigin="anonymous"></script>`,
  ].join('\n');
  return { integrity, importMap, importMapHash, entry, html };
}

function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        base: { type: 'string', default: 'https://your-cdn.example/bridge-widget/' },
        dir: { type: 'string', default: 'dist/script' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`sri: ${error.message}\n`);
    usage(2);
  }
  if (values.help) usage(0);
  let snippet;
  try {
    snippet = sriSnippet(path.resolve(values.dir), values.base);
  } catch (error) {
    process.stderr.write(`sri: ${error.message}\n`);
    process.exit(1);
  }
  process.stdout.write(values.json ? `${JSON.stringify(snippet, null, 2)}\n` : `${snippet.html}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
