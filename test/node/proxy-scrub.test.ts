/**
 * The key scrubber on its own: what it finds in a string or a JSON document,
 * and what it leaves alone. The same encodings through a real proxy and a
 * misbehaving upstream are in proxy-leak.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSecretScrubber } from '../../src/proxy/scrub.js';

/** Every character here is changed by encodeURIComponent, and its base64 has `+` and `/` at every alignment. */
const KEY = 'rk/live+7f3a"9c2e~~~51&d8>?4b6f';
const scrubber = createSecretScrubber(KEY);

const base64At = (offset: number, prefix = 'user:') => btoa(`${prefix.slice(0, offset)}${KEY}`);

describe('secret scrubber', () => {
  it('cuts the key out of text, raw, URL-encoded, JSON-escaped and in any letter case', () => {
    assert.equal(scrubber.text(`a ${KEY} b`), `a [redacted] b`);
    assert.equal(scrubber.text(`a ${KEY.toUpperCase()} b`), `a [redacted] b`);
    assert.equal(scrubber.text(`?k=${encodeURIComponent(KEY)}&x=1`), '?k=[redacted]&x=1');
    assert.equal(scrubber.text(`?k=${encodeURIComponent(KEY).toLowerCase()}`), '?k=[redacted]');
    assert.equal(scrubber.text(`"${JSON.stringify(KEY).slice(1, -1)}"`), '"[redacted]"');
  });

  it('replaces a whole value that carries the key base64, base64url or hex encoded, or half URL-encoded', () => {
    for (const offset of [0, 1, 2, 3, 4, 5]) {
      const encoded = base64At(offset);
      assert.equal(scrubber.text(`Basic ${encoded}`), '[redacted]', `base64 at ${offset}`);
      const url = encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      assert.equal(scrubber.text(url), '[redacted]', `base64url at ${offset}`);
    }
    const hex = Buffer.from(KEY).toString('hex');
    assert.equal(scrubber.text(`sig=${hex}`), '[redacted]');
    assert.equal(scrubber.text(`sig=${hex.toUpperCase()}`), '[redacted]');
    assert.equal(scrubber.text(`next=${encodeURI(KEY)}`), '[redacted]');
  });

  it('leaves text without the key byte for byte, including near misses and unrelated encodings', () => {
    for (const text of ['', 'ordinary text é ✓', KEY.slice(0, -1), btoa(KEY.slice(1)).slice(0, 6), '%E0%A4%A', '{"amount":"1000000000000000000000"}']) {
      assert.equal(scrubber.text(text), text);
    }
  });

  it('scrubs JSON string values and member names after unescaping, keeping everything else byte for byte', () => {
    const unicodeEscaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const body = `{ "big": 123456789012345678901234567890, "f": 1.50, "ok": "fine",
      "${unicodeEscaped}": true, "msg": "key ${unicodeEscaped} echoed", "list": [null, "${JSON.stringify(KEY).slice(1, -1)}"] }`;
    const out = scrubber.json(body);
    assert.ok(out !== undefined);
    assert.ok(out.includes('"big": 123456789012345678901234567890, "f": 1.50, "ok": "fine"'), out);
    assert.deepEqual(JSON.parse(out), {
      big: 123456789012345678901234567890,
      f: 1.5,
      ok: 'fine',
      '[redacted]': true,
      msg: 'key [redacted] echoed',
      list: [null, '[redacted]'],
    });
    assert.equal(scrubber.json('{"a":1,}'), undefined, 'not JSON');
    assert.equal(scrubber.json('<html></html>'), undefined);
  });
});
