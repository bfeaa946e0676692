#!/usr/bin/env node
// `npm run build:playground -- --proxy-url https://your-site.example/bridge [--icons <origin>]… [--out dist/playground]`
//
// Builds the playground (demo/playground.html) as static files a partner can
// host on any origin and under any path: relative URLs, the widget bundled in,
// no inline script or style, and a Content-Security-Policy in the page that
// allows only its own files and the one proxy it talks to. The proxy URL is
// the one setting (also PLAYGROUND_PROXY_URL); it is written into the page's
// <meta name="bridge-proxy-url"> and into connect-src. `--icons` names the
// routing service's icon host(s) for img-src (default `https:`, any https image).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The page's policy: its own scripts, styles and images, the logos from the icon hosts, requests only to the proxy. */
export function playgroundCsp(proxyUrl, iconSources = ['https:']) {
  const proxyOrigin = new URL(proxyUrl).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${iconSources.join(' ')} data:`,
    `connect-src ${proxyOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const attribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page's HTML for a partner's proxy: the URL in its meta tag, the policy added, the link back to the sandbox demo removed. */
export function playgroundHtml(html, proxyUrl, iconSources) {
  return html
    .replaceAll('%SANDBOX_PROXY_URL%', attribute(proxyUrl))
    .replace(/\s*<span data-demo-only>[\s\S]*?<\/span>/g, '')
    .replace(
      '<meta charset="utf-8" />',
      `<meta charset="utf-8" />\n    <meta http-equiv="Content-Security-Policy" content="${attribute(playgroundCsp(proxyUrl, iconSources))}" />`,
    );
}

export async function buildPlayground({ proxyUrl, outDir, iconSources, logLevel = 'warn' }) {
  const url = new URL(proxyUrl);
  if (url.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`the proxy URL must be https: (or http: on this machine), not ${proxyUrl}`);
  }
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: path.join(root, 'demo'),
    base: './',
    logLevel,
    clearScreen: false,
    resolve: {
      conditions: ['module', 'browser', 'production'],
      alias: [{ find: /^bridge-widget$/, replacement: path.join(root, 'src/index.ts') }],
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [{ name: 'bridge-playground:html', transformIndexHtml: { order: 'pre', handler: (html) => playgroundHtml(html, proxyUrl, iconSources) } }],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // Everything a file: an inlined asset would be a data: URL the policy does not allow for scripts.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      rollupOptions: { input: path.join(root, 'demo/playground.html') },
    },
  });
  return outDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'proxy-url': { type: 'string' }, icons: { type: 'string', multiple: true }, out: { type: 'string' } } });
  const proxyUrl = values['proxy-url'] ?? process.env.PLAYGROUND_PROXY_URL;
  if (!proxyUrl) {
    console.error('Usage: npm run build:playground -- --proxy-url https://your-site.example/bridge [--out dist/playground]');
    process.exit(2);
  }
  const outDir = path.resolve(values.out ?? path.join(root, 'dist/playground'));
  try {
    const iconSources = values.icons?.map((icons) => (icons === 'https:' ? icons : new URL(icons).origin));
    await buildPlayground({ proxyUrl, outDir, iconSources, logLevel: 'info' });
    console.log(`Playground built in ${path.relative(process.cwd(), outDir) || '.'}: host the folder anywhere; it talks to ${proxyUrl} only.`);
  } catch (error) {
    console.error(`build:playground: ${error.message}`);
    process.exit(1);
  }
}
