/**
 * The status poller follows a transfer at the service's pace until its phase
 * is final: never before `next_poll_at`, never sooner than `Retry-After`,
 * backing off on failures up to a cap, and stopping on 404. The waits are
 * read from what the poller reports (`onProblem`) and from its pure delay
 * functions, so nothing here depends on how fast the machine is.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TransferClient } from '../../src/api/transfer-client.ts';
import { RateLimitedError, RoutingError } from '../../src/api/errors.ts';
import type { IntentStatus } from '../../src/api/schemas.ts';
import { POLL_BACKOFF, isFinalStatus, nextPollDelay, pollUntilFinal, retryDelay } from '../../src/flow/status-poller.ts';
import { isFinalPhase, phaseOfStatus } from '../../src/model/transfer-phase.ts';
import { ScriptedServer } from './helpers/scripted-server.ts';

const tracked = (status: string, fields: Partial<IntentStatus> = {}): IntentStatus =>
  ({ kind: 'tracked', intent_id: 'i', status, rawStatus: status, nextPollAt: undefined, ...fields }) as IntentStatus;
const record = (status: string, extra: Record<string, unknown> = {}) => ({ json: { data: { intent_id: 'int_1', status, ...extra } } });
const noJitter = { baseMs: 10, maxMs: 80, jitter: 0 };

describe('status poller: when to ask again', () => {
  const now = () => 1_000_000;

  it('waits until next_poll_at, within the floor and the cap', () => {
    assert.equal(nextPollDelay(tracked('bridging', { nextPollAt: 1_004_000 }), { now }), 4_000);
    assert.equal(nextPollDelay(tracked('bridging', { nextPollAt: 999_000 }), { now, minIntervalMs: 500 }), 500, 'a time in the past is not a tight loop');
    assert.equal(nextPollDelay(tracked('bridging', { nextPollAt: 1_000_000 + 3_600_000 }), { now, maxIntervalMs: 60_000 }), 60_000, 'capped');
  });

  it('uses its own interval while the service suggests none', () => {
    assert.equal(nextPollDelay({ kind: 'pending', status: 'pending', intent_id: 'i' }, { now, intervalMs: 3_000 }), 3_000);
    assert.equal(nextPollDelay(tracked('submitted'), { now, intervalMs: 2_500 }), 2_500);
    assert.equal(nextPollDelay(tracked('submitted'), { now }), 3_000, 'the default interval');
  });

  it('backs off after failures, doubling up to its cap', () => {
    const failure = new RoutingError('network', 'down');
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((n) => retryDelay(failure, n, noJitter)),
      [10, 20, 40, 80, 80],
    );
    assert.ok(retryDelay(failure, 0) >= POLL_BACKOFF.baseMs * (1 - POLL_BACKOFF.jitter), 'the default back-off starts at a second');
  });

  it('never asks sooner than Retry-After, nor sooner than its own back-off', () => {
    assert.equal(retryDelay(new RateLimitedError(5_000), 0, noJitter), 5_000, 'Retry-After longer than the back-off');
    assert.equal(retryDelay(new RateLimitedError(1), 3, noJitter), 80, 'the back-off longer than Retry-After');
  });

  it('stops exactly on the statuses whose phase is final (the one rule)', () => {
    for (const word of ['pending', 'submitted', 'bridging', 'success', 'failed', 'unknown']) {
      const status = word === 'pending' ? ({ kind: 'pending', status: 'pending', intent_id: 'i' } as IntentStatus) : tracked(word);
      const phase = phaseOfStatus(word);
      assert.equal(isFinalStatus(status), phase !== undefined && isFinalPhase(phase), word);
    }
  });
});

describe('status poller against a real HTTP server', () => {
  const server = new ScriptedServer();
  let client: TransferClient;
  before(async () => {
    await server.start();
    client = new TransferClient({ baseUrl: server.url, maxRetries: 0, backoff: { baseMs: 1, maxMs: 2, jitter: 0 } });
  });
  after(() => server.stop());

  it('follows pending, submitted and bridging to success, reporting each, and asks no more', async () => {
    server.answerSequence([
      { json: { data: { intent_id: 'int_1', status: 'pending' } } },
      record('submitted'),
      record('teleporting'),
      record('bridging'),
      record('success', { to_amount_wei: '25' }),
      record('bridging'),
    ]);
    const seen: string[] = [];
    const outcome = await pollUntilFinal(client, 'int_1', { intervalMs: 5, minIntervalMs: 1, onStatus: (s) => seen.push(s.status) });
    assert.deepEqual(seen, ['pending', 'submitted', 'unknown', 'bridging', 'success']);
    assert.ok(outcome.kind === 'final' && outcome.status.status === 'success' && outcome.status.to_amount_wei === 25n);
    assert.equal(server.requests.length, 5, 'no request after the final status');
  });

  it('stops on failed', async () => {
    server.answerSequence([record('bridging'), record('failed')]);
    const outcome = await pollUntilFinal(client, 'int_1', { intervalMs: 5, minIntervalMs: 1 });
    assert.ok(outcome.kind === 'final' && outcome.status.status === 'failed');
  });

  it('a 404 is terminal: not found after one request', async () => {
    server.answerSequence([{ status: 404, json: { error: 'not found' } }, record('success')]);
    const outcome = await pollUntilFinal(client, 'int_1', { intervalMs: 5, minIntervalMs: 1 });
    assert.equal(outcome.kind, 'not-found');
    assert.equal(server.requests.length, 1);
  });

  it('rides out failures with a growing wait, and the service’s Retry-After as a floor', async () => {
    server.answerSequence([
      { status: 503, json: { error: 'busy' } },
      { status: 503, json: { error: 'busy' } },
      { status: 429, headers: { 'retry-after': '0.05' }, json: { error: 'slow down' } },
      record('success'),
    ]);
    const waits: Array<[string, number]> = [];
    const outcome = await pollUntilFinal(client, 'int_1', {
      intervalMs: 5,
      minIntervalMs: 1,
      backoff: noJitter,
      onProblem: (error, ms) => waits.push([error.kind, ms]),
    });
    assert.equal(outcome.kind, 'final');
    assert.deepEqual(waits, [
      ['upstream', 10],
      ['upstream', 20],
      ['rate-limited', 50],
    ]);
  });

  it('a status the caller refuses is neither reported nor final; polling goes on', async () => {
    server.answerSequence([record('success', { dest_tx_hash: '0xforged' }), record('success', { dest_tx_hash: '0xreal' })]);
    const seen: string[] = [];
    const outcome = await pollUntilFinal(client, 'int_1', {
      intervalMs: 5,
      minIntervalMs: 1,
      accept: (status) => status.kind === 'tracked' && status.dest_tx_hash === '0xreal',
      onStatus: (s) => seen.push(s.kind === 'tracked' ? `${s.status}:${s.dest_tx_hash}` : s.status),
    });
    assert.deepEqual(seen, ['success:0xreal']);
    assert.ok(outcome.kind === 'final' && outcome.status.dest_tx_hash === '0xreal');
  });

  it('asks again only once next_poll_at has come', async () => {
    const nextPollAt = Date.now() + 400;
    server.answerSequence([record('bridging', { next_poll_at: new Date(nextPollAt).toISOString() }), record('success')]);
    const outcome = await pollUntilFinal(client, 'int_1', { intervalMs: 5, minIntervalMs: 1 });
    assert.equal(outcome.kind, 'final');
    assert.equal(server.requests.length, 2);
    // A lower bound only (a loaded machine asks later, never sooner); 2 ms for the timer's rounding.
    assert.ok(server.requests[1]!.receivedAt >= nextPollAt - 2, `asked ${nextPollAt - server.requests[1]!.receivedAt} ms before next_poll_at`);
  });

  it('after a refused status, waits its own interval before asking again', async () => {
    server.answerSequence([record('success', { dest_tx_hash: '0xforged' }), record('success', { dest_tx_hash: '0xreal' })]);
    const intervalMs = 400;
    const outcome = await pollUntilFinal(client, 'int_1', {
      intervalMs,
      minIntervalMs: 1,
      accept: (status) => status.kind === 'tracked' && status.dest_tx_hash === '0xreal',
    });
    assert.equal(outcome.kind, 'final');
    const [first, second] = server.requests;
    assert.ok(second!.receivedAt - first!.receivedAt >= intervalMs - 2, `asked again after ${second!.receivedAt - first!.receivedAt} ms`);
  });

  it('rides out a failure without an onProblem listener', async () => {
    server.answerSequence([{ status: 503, json: { error: 'busy' } }, record('success')]);
    const outcome = await pollUntilFinal(client, 'int_1', { intervalMs: 5, minIntervalMs: 1, backoff: noJitter });
    assert.equal(outcome.kind, 'final');
    assert.equal(server.requests.length, 2);
  });

  it('an error thrown by the caller’s onStatus ends polling with that error, not retried as a network failure', async () => {
    server.answerSequence([record('bridging'), record('success')]);
    const bug = new TypeError('the page’s handler broke');
    const problems: string[] = [];
    let calls = 0;
    const polling = pollUntilFinal(client, 'int_1', {
      intervalMs: 5,
      minIntervalMs: 1,
      backoff: noJitter,
      onStatus: () => {
        if (calls++ === 0) throw bug;
      },
      onProblem: (error) => problems.push(error.kind),
    });
    await assert.rejects(polling, (error: unknown) => error === bug);
    assert.deepEqual(problems, []);
    assert.equal(server.requests.length, 1);
  });

  it('a stop while a request is in flight cancels it: the answer that comes later is not taken, and no problem is reported', async () => {
    const controller = new AbortController();
    // The server receives the request, the caller stops, then the server answers "success".
    server.answer(() => {
      controller.abort();
      return record('success');
    });
    const problems: string[] = [];
    const polling = pollUntilFinal(client, 'int_1', {
      intervalMs: 5,
      minIntervalMs: 1,
      signal: controller.signal,
      onProblem: (error) => problems.push(error.kind),
    });
    await assert.rejects(polling, (error: unknown) => error instanceof RoutingError && error.kind === 'aborted');
    assert.deepEqual(problems, [], 'a stop is not a problem to show');
  });

  it('a stop during the wait says polling was stopped, with the caller’s reason as its cause', async () => {
    server.answerSequence([record('bridging')]);
    const controller = new AbortController();
    const reason = new Error('the page closed the transfer');
    const polling = pollUntilFinal(client, 'int_1', {
      intervalMs: 60_000,
      signal: controller.signal,
      onStatus: () => controller.abort(reason),
    });
    await assert.rejects(
      polling,
      (error: unknown) => error instanceof RoutingError && error.kind === 'aborted' && /polling was stopped/.test(error.message) && error.cause === reason,
    );
    assert.equal(server.requests.length, 1);
  });

  it('stops when asked to, with an aborted error', async () => {
    server.answerSequence([record('bridging')]);
    const controller = new AbortController();
    const polling = pollUntilFinal(client, 'int_1', {
      intervalMs: 60_000,
      signal: controller.signal,
      onStatus: () => controller.abort(),
    });
    await assert.rejects(polling, (error: unknown) => error instanceof RoutingError && error.kind === 'aborted');
  });
});
