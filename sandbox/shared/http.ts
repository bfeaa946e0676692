/** Small node:http helpers shared by the RPC servers and the service. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export const LOCALHOST = '127.0.0.1';

export async function listen(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return address.port;
}

/** Stops accepting, drops idle keep-alive sockets and waits for the close. */
export async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // In-flight requests get a moment to finish before their sockets are cut.
  const force = setTimeout(() => server.closeAllConnections(), 500);
  force.unref();
  await closed;
  clearTimeout(force);
}

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage, limitBytes = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limitBytes) throw new BodyTooLargeError(`request body exceeds ${limitBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Permissive CORS: everything here is local, and browsers call the RPCs and admin endpoints directly. */
export function applyCors(req: IncomingMessage, res: ServerResponse, exposedHeaders: readonly string[] = []): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Content-Type, X-API-Key, Authorization');
  res.setHeader('Access-Control-Max-Age', '600');
  if (exposedHeaders.length > 0) res.setHeader('Access-Control-Expose-Headers', exposedHeaders.join(', '));
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}
