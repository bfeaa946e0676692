/**
 * A real HTTP server on 127.0.0.1 whose answers each test scripts, and which
 * records every request it received. Used where a precise upstream answer
 * (an exact error row of the spec) is the thing under test.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** Epoch milliseconds at arrival, by the server's clock: for "not before" checks of a client's pacing. */
  receivedAt: number;
}

export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON unless `raw` is given. */
  json?: unknown;
  raw?: string;
  delayMs?: number;
  /** Close the connection without an answer (a network failure, as the client sees it). */
  hangUp?: boolean;
}

export type Script = (request: RecordedRequest) => ScriptedAnswer | Promise<ScriptedAnswer>;

export class ScriptedServer {
  readonly requests: RecordedRequest[] = [];
  private server: Server | undefined;
  private script: Script = () => ({ status: 500, json: { error: 'no script' } });
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        this.requests.push(recorded);
        const answer = await this.script(recorded);
        if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
        if (res.destroyed) return;
        if (answer.hangUp) return void req.socket.destroy();
        const headers: Record<string, string> = { 'x-request-id': `req-${this.requests.length}`, ...(answer.headers ?? {}) };
        const body = answer.raw ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
        if (answer.raw === undefined && answer.json !== undefined) headers['content-type'] = 'application/json';
        res.writeHead(answer.status ?? 200, headers);
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  answer(script: Script): void {
    this.script = script;
    this.requests.length = 0;
  }

  /** Answers in order, repeating the last one. */
  answerSequence(answers: ScriptedAnswer[]): void {
    let i = 0;
    this.answer(() => answers[Math.min(i++, answers.length - 1)]!);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
