/** The key scrubber must catch the key however the upstream body happens to be chunked. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSecretScrubber } from '../../src/proxy/scrub.js';

const KEY = 'rk_live_7f3a9c2e51d84b6f';

async function scrubChunks(secret: string, chunks: readonly string[]): Promise<string> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(createSecretScrubber(secret).stream(source)).text();
}

describe('secret scrubber', () => {
  it('replaces the key in text, including its JSON-escaped and URL-encoded forms', () => {
    const secret = 'k/"ey+value1';
    const scrubber = createSecretScrubber(secret);
    const text = `a ${secret} b ${JSON.stringify(secret)} c ${encodeURIComponent(secret)}`;
    assert.equal(scrubber.text(text), 'a [redacted] b "[redacted]" c [redacted]');
  });

  it('catches the key at every possible chunk split', async () => {
    const body = `{"a":"${KEY}","b":"x${KEY}${KEY}y","tail":"${KEY}"}`;
    const expected = body.split(KEY).join('[redacted]');
    for (let first = 0; first <= body.length; first++) {
      const second = Math.min(body.length, first + 7);
      const chunks = [body.slice(0, first), body.slice(first, second), body.slice(second)];
      assert.equal(await scrubChunks(KEY, chunks), expected, `split at ${first}/${second}`);
    }
  });

  it('handles one-byte chunks and leaves unrelated bytes (including multi-byte UTF-8) intact', async () => {
    const body = `é ${KEY.slice(0, -1)} ✓ ${KEY} rk_live`;
    const bytes = [...new TextEncoder().encode(body)];
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const out = await new Response(createSecretScrubber(KEY).stream(source)).text();
    assert.equal(out, `é ${KEY.slice(0, -1)} ✓ [redacted] rk_live`);
  });

  it('reports settlement once on completion and on cancel', async () => {
    let settled = 0;
    const done = createSecretScrubber(KEY).stream(new Response('abc').body!, { onSettled: () => settled++ });
    assert.equal(await new Response(done).text(), 'abc');
    assert.equal(settled, 1);

    let cancelledSource = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64));
      },
      cancel() {
        cancelledSource = true;
      },
    });
    const wrapped = createSecretScrubber(KEY).stream(endless, { onSettled: () => settled++ });
    const reader = wrapped.getReader();
    await reader.read();
    await reader.cancel();
    assert.equal(settled, 2);
    assert.ok(cancelledSource);
  });
});
