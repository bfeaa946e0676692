/**
 * A bare static file server on 127.0.0.1 for the bench pages: files from one
 * directory plus in-memory pages, gzip-compressed (level 9) when the browser
 * accepts it, as a site or CDN serves them, no caching, no dev-server
 * transforms, so startup figures measure the built script as a site serves it.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
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

/** Types worth compressing; images and the like are sent as they are. */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.map', '.json', '.css', '.svg']);

export async function startStaticServer(dir: string): Promise<StaticServer> {
  const pages = new Map<string, string>();
  // Compressed once per content, so a request does not wait for gzip -9 (as a CDN's cache would have it).
  const compressed = new Map<string, { source: Buffer; gzip: Buffer }>();
  const gzipOf = (key: string, source: Buffer) => {
    const hit = compressed.get(key);
    if (hit?.source.equals(source)) return hit.gzip;
    const gzip = gzipSync(source, { level: 9 });
    compressed.set(key, { source, gzip });
    return gzip;
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      const headers = { 'cache-control': 'no-store', vary: 'accept-encoding' };
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const send = (type: string, body: Buffer, compress: boolean) => {
        const encoded = gzip && compress ? gzipOf(path, body) : body;
        res.writeHead(200, {
          ...headers,
          'content-type': type,
          'content-length': encoded.length,
          ...(encoded !== body ? { 'content-encoding': 'gzip' } : {}),
        });
        res.end(encoded);
      };
      const page = pages.get(path);
      if (page !== undefined) {
        send(TYPES['.html']!, Buffer.from(page), true);
        return;
      }
      const file = normalize(join(dir, path));
      if (!file.startsWith(normalize(dir)) || path.endsWith('/')) {
        res.writeHead(404).end();
        return;
      }
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch {
        res.writeHead(404).end();
        return;
      }
      send(TYPES[extname(file)] ?? 'application/octet-stream', body, COMPRESSED.has(extname(file)));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
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
