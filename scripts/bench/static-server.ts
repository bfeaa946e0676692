/**
 * A bare static file server on 127.0.0.1 for the bench pages: files from one
 * directory plus in-memory pages, no compression, no caching, no dev-server
 * transforms, so startup figures measure the built script as a site serves it.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  url: string;
  /** Adds or replaces an in-memory page, e.g. `/startup.html`. */
  page(path: string, html: string): string;
  close(): Promise<void>;
}

export async function startStaticServer(dir: string): Promise<StaticServer> {
  const pages = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      const headers = { 'cache-control': 'no-store' };
      const page = pages.get(path);
      if (page !== undefined) {
        res.writeHead(200, { ...headers, 'content-type': TYPES['.html']! });
        res.end(page);
        return;
      }
      const file = normalize(join(dir, path));
      if (!file.startsWith(normalize(dir)) || path.endsWith('/')) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(file);
        res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': body.length });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page(path, html) {
      pages.set(path, html);
      return `${url}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
