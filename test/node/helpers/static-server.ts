/**
 * A bare node:http file server on 127.0.0.1 (no vite, no transforms) for
 * pages that load the built files as a host site would. Each path maps to a
 * function, called per request, so bodies can depend on state known only
 * after start-up (the sandbox's URLs). Records every path it was asked for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface StaticFile {
  type: string;
  body: string | Buffer;
  /** Extra response headers (e.g. Content-Security-Policy), added to the server-wide ones. */
  headers?: Record<string, string>;
  /** 200 unless set (a test's CDN answering 503). */
  status?: number;
}

export type StaticRoutes = Record<string, () => StaticFile>;

/**
 * Every JavaScript file of a built folder (the script-tag build: its entry,
 * chunks and language add-ons) under `prefix` (`/script` serves
 * `<dir>/bridge-widget.js` as `/script/bridge-widget.js`), read from disk at
 * each request. No source maps: the build ships none.
 */
export function folderRoutes(prefix: string, dir: string): StaticRoutes {
  const base = prefix.replace(/\/$/, '');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => [`${base}/${name}`, () => ({ type: 'text/javascript', body: readFileSync(path.join(dir, name)) })]),
  );
}

export interface StaticServer {
  url: string;
  /** Paths requested so far, in order (404s included). */
  served: string[];
  close(): Promise<void>;
}

export async function startStaticServer(routes: StaticRoutes, options: { headers?: Record<string, string> } = {}): Promise<StaticServer> {
  const served: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    served.push(url.pathname);
    const route = routes[url.pathname];
    if (!route || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain', ...options.headers }).end('not found');
      return;
    }
    const { type, body, headers, status = 200 } = route();
    response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...options.headers, ...headers }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
