/**
 * The bench pages: plain HTML with the probe inlined, the widget's script tag
 * (the built file, served by the static server) and, for the startup page,
 * the element in the markup as a partner site would write it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const probe = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'page/probe.js'), 'utf8');

export interface PageConfig {
  proxyUrl: string;
  scriptName: string;
  fromChain: string;
  toChain: string;
  fromChainName: string;
  /** Measure startup (script fetch → widget showing a chain) on load. */
  startup?: boolean;
  /** Measure the phone profile's startup (shell, chains, interactive with a quote) on load. */
  phone?: boolean;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function shell(config: PageConfig, body: string): string {
  // The config goes in as JSON inside a script; `<` is escaped so it cannot close the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>bridge-widget bench</title>
<script>window.__benchConfig = ${json};</script>
<script>${probe}</script>
<script type="module" src="/${escapeAttr(config.scriptName)}"></script>
<style>body { margin: 0; padding: 16px; font-family: system-ui, sans-serif; } bridge-widget { display: block; max-width: 480px; }</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** A partner page: the script tag and one `<bridge-widget>` in the markup. */
export function widgetPage(config: PageConfig): string {
  return shell(
    { ...config, startup: true },
    `<bridge-widget proxy-url="${escapeAttr(config.proxyUrl)}" from-chain="${escapeAttr(config.fromChain)}" to-chain="${escapeAttr(config.toChain)}" from-token="USDC" to-token="USDC"></bridge-widget>`,
  );
}

/**
 * The phone-profile page: the partner page with a preset amount, so that
 * interactive includes a quote, and the wallet the page's init script
 * injected (`window.__benchProvider`, as an extension would) handed to the
 * widget once it is defined.
 */
export function phonePage(config: PageConfig, amount: string): string {
  return shell(
    { ...config, phone: true },
    `<bridge-widget proxy-url="${escapeAttr(config.proxyUrl)}" from-chain="${escapeAttr(config.fromChain)}" to-chain="${escapeAttr(config.toChain)}" from-token="USDC" to-token="USDC" amount="${escapeAttr(amount)}"></bridge-widget>
<script>customElements.whenDefined('bridge-widget').then(() => { document.querySelector('bridge-widget').provider = window.__benchProvider; });</script>`,
  );
}

/** The script only; widgets are mounted and unmounted by the probe. */
export function emptyPage(config: PageConfig): string {
  return shell(config, '');
}
