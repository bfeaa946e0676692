/**
 * A WalletConnect relay on 127.0.0.1, for the demo and the tests: the same
 * JSON-RPC over a WebSocket as the public relay (`irn_subscribe`,
 * `irn_publish`, `irn_subscription`, `irn_batchSubscribe`,
 * `irn_batchFetchMessages`, `irn_unsubscribe`, … in `@walletconnect/relay-api`;
 * `wc_proposeSession` and `wc_approveSession`, which sign-client 2.2x sends
 * for a session's proposal and its approval), so a real `@walletconnect/
 * sign-client` on each side pairs, signs and ends sessions through it without
 * the internet.
 *
 * What it keeps is what a relay keeps: the encrypted messages of each topic
 * until their TTL, and which client has acknowledged which. A client is the
 * `iss` of the JWT it connects with (`?auth=`), so a page that reloads (a new
 * socket, the same client) is not sent again what it acknowledged; a message
 * it never acknowledged reaches it on its next subscribe or fetch. It reads no
 * message (they are encrypted between the two peers), checks no signature and
 * no project id: it is a fixture, not a service.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { LOCALHOST, closeServer, listen } from '../shared/http.js';

interface StoredMessage {
  topic: string;
  message: string;
  publishedAt: number;
  expiresAt: number;
  tag: number | undefined;
  attestation: string | undefined;
  /** Clients that acknowledged it (or published it: a relay does not echo a message to its sender). */
  acknowledged: Set<string>;
}

interface Connection {
  socket: WebSocket;
  client: string;
  topics: Set<string>;
  /** Deliveries waiting for the client's acknowledgement, by the id of our `irn_subscription` request. */
  unacknowledged: Map<number, StoredMessage>;
}

interface RpcRequest {
  id: number | string;
  method: string;
  params?: Record<string, unknown>;
}

export interface LocalRelay {
  /** `ws://127.0.0.1:<port>`: the widget's `walletconnect-relay-url`, and the phone wallet's. */
  url: string;
  /** Methods the relay was asked, oldest first (tests check that nothing else was called). */
  readonly calls: readonly string[];
  /** Drops every socket (clients reconnect by themselves), as a relay restart would. */
  dropConnections(): void;
  close(): Promise<void>;
}

/** How often the relay pings each socket: Node clients (the phone wallet) take 35 s without a ping for a stalled socket. */
const PING_INTERVAL_MS = 10_000;
const MAX_TTL_SECONDS = 30 * 24 * 3600;

const subscriptionId = (topic: string, client: string) =>
  createHash('sha256')
    .update(topic + client)
    .digest('hex');

/** The `iss` of the relay auth JWT (a did:key of the client's own key pair), or a name for this socket alone. */
function clientOf(url: string | undefined, fallback: string): string {
  const auth = new URL(url ?? '/', 'ws://relay').searchParams.get('auth');
  const payload = auth?.split('.')[1];
  if (!payload) return fallback;
  try {
    const iss = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown }).iss;
    return typeof iss === 'string' && iss ? iss : fallback;
  } catch {
    return fallback;
  }
}

export async function startLocalRelay(options: { port?: number } = {}): Promise<LocalRelay> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('WalletConnect relay fixture: connect with a WebSocket');
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const wss = new WebSocket.Server({ server });
  const connections = new Set<Connection>();
  const mailbox = new Map<string, StoredMessage[]>();
  const calls: string[] = [];
  let nextId = Date.now() * 1000;
  let anonymous = 0;

  const live = (topic: string) => {
    const now = Date.now();
    const kept = (mailbox.get(topic) ?? []).filter((m) => m.expiresAt > now);
    if (kept.length) mailbox.set(topic, kept);
    else mailbox.delete(topic);
    return kept;
  };

  const deliver = (connection: Connection, message: StoredMessage) => {
    if (message.acknowledged.has(connection.client) || [...connection.unacknowledged.values()].includes(message)) return;
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    const id = ++nextId;
    connection.unacknowledged.set(id, message);
    const data = {
      topic: message.topic,
      message: message.message,
      publishedAt: message.publishedAt,
      ...(message.tag === undefined ? {} : { tag: message.tag }),
      ...(message.attestation === undefined ? {} : { attestation: message.attestation }),
    };
    connection.socket.send(
      JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_subscription', params: { id: subscriptionId(message.topic, connection.client), data } }),
    );
  };

  const publish = (from: Connection, params: Record<string, unknown>, topic: unknown, message: unknown) => {
    if (typeof topic !== 'string' || !topic || typeof message !== 'string' || !message) throw new Error('publish needs a topic and a message');
    const ttl = typeof params.ttl === 'number' && params.ttl > 0 ? Math.min(params.ttl, MAX_TTL_SECONDS) : 300;
    const stored: StoredMessage = {
      topic,
      message,
      publishedAt: Date.now(),
      expiresAt: Date.now() + ttl * 1000,
      tag: typeof params.tag === 'number' ? params.tag : undefined,
      attestation: typeof params.attestation === 'string' ? params.attestation : undefined,
      acknowledged: new Set([from.client]),
    };
    mailbox.set(topic, [...live(topic), stored]);
    for (const connection of connections) if (connection.topics.has(topic)) deliver(connection, stored);
  };

  const subscribe = (connection: Connection, topics: unknown[]): string[] =>
    topics.map((topic) => {
      if (typeof topic !== 'string' || !topic) throw new Error('subscribe needs a topic');
      connection.topics.add(topic);
      // What arrived while this client was away (or before it knew the topic) is delivered now.
      queueMicrotask(() => live(topic).forEach((message) => deliver(connection, message)));
      return subscriptionId(topic, connection.client);
    });

  const handle = (connection: Connection, { method, params = {} }: RpcRequest): unknown => {
    switch (method) {
      case 'irn_subscribe':
        return subscribe(connection, [params.topic])[0];
      case 'irn_batchSubscribe':
        return subscribe(connection, Array.isArray(params.topics) ? params.topics : []);
      case 'irn_unsubscribe':
        connection.topics.delete(String(params.topic));
        return true;
      case 'irn_batchUnsubscribe':
        for (const s of Array.isArray(params.subscriptions) ? (params.subscriptions as { topic?: unknown }[]) : []) connection.topics.delete(String(s.topic));
        return true;
      case 'irn_publish':
        publish(connection, params, params.topic, params.message);
        return true;
      case 'irn_batchPublish':
        for (const m of Array.isArray(params.messages) ? (params.messages as Record<string, unknown>[]) : []) publish(connection, m, m.topic, m.message);
        return true;
      case 'irn_batchFetchMessages': {
        const topics = (Array.isArray(params.topics) ? params.topics : []).filter((t): t is string => typeof t === 'string');
        const messages = topics
          .flatMap((topic) => live(topic))
          .filter((m) => !m.acknowledged.has(connection.client))
          .map((m) => {
            m.acknowledged.add(connection.client);
            return { topic: m.topic, message: m.message, publishedAt: m.publishedAt, ...(m.attestation ? { attestation: m.attestation } : {}) };
          });
        return { messages, hasMore: false };
      }
      // A session's proposal, on the pairing topic; the proposer is subscribed to it by this call (it sends no irn_subscribe).
      case 'wc_proposeSession':
        publish(connection, params, params.pairingTopic, params.sessionProposal);
        subscribe(connection, [params.pairingTopic]);
        return true;
      // Its approval: the answer to the proposal on the pairing topic, the settlement on the new session's topic, to which
      // the approver is subscribed by this call.
      case 'wc_approveSession':
        publish(connection, params, params.pairingTopic, params.sessionProposalResponse);
        publish(connection, params, params.sessionTopic, params.sessionSettlementRequest);
        subscribe(connection, [params.sessionTopic]);
        return true;
      default:
        throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
    }
  };

  wss.on('connection', (socket, request) => {
    const connection: Connection = { socket, client: clientOf(request.url, `anonymous-${++anonymous}`), topics: new Set(), unacknowledged: new Map() };
    connections.add(connection);
    socket.on('message', (raw) => {
      let payload: Partial<RpcRequest> & { result?: unknown; error?: unknown };
      try {
        payload = JSON.parse(String(raw)) as typeof payload;
      } catch {
        return;
      }
      if (payload.id === undefined) return;
      if (typeof payload.method !== 'string') {
        // An acknowledgement of one of our deliveries.
        const acknowledged = connection.unacknowledged.get(Number(payload.id));
        connection.unacknowledged.delete(Number(payload.id));
        if (acknowledged && payload.result !== undefined) acknowledged.acknowledged.add(connection.client);
        return;
      }
      calls.push(payload.method);
      let reply: Record<string, unknown>;
      try {
        reply = { result: handle(connection, payload as RpcRequest) };
      } catch (error) {
        reply = { error: { code: (error as { code?: number }).code ?? -32602, message: (error as Error).message } };
      }
      socket.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', ...reply }));
    });
    socket.on('close', () => connections.delete(connection));
    socket.on('error', () => socket.terminate());
  });

  const ping = setInterval(() => {
    for (const { socket } of connections) if (socket.readyState === WebSocket.OPEN) socket.ping();
  }, PING_INTERVAL_MS);
  ping.unref();

  const port = await listen(server, LOCALHOST, options.port ?? 0);
  return {
    url: `ws://${LOCALHOST}:${port}`,
    calls,
    dropConnections() {
      for (const { socket } of connections) socket.terminate();
    },
    async close() {
      clearInterval(ping);
      for (const { socket } of connections) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
}

/**
 * A relay that cannot be reached in the way that costs most: it accepts the
 * TCP connection and never answers the WebSocket handshake, so a client
 * waits rather than failing at once (as behind a firewall that drops
 * packets). The widget must say so within its deadline.
 */
export async function startSilentRelay(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(() => undefined);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A handshake is an `upgrade` request: leave it unanswered.
  server.on('upgrade', () => undefined);
  const port = await listen(server, LOCALHOST, 0);
  return {
    url: `ws://${LOCALHOST}:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await closeServer(server);
    },
  };
}
