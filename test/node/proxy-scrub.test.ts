/**
 * The key scrubber on its own: what it finds in a string or a JSON document,
 * and what it leaves alone. The same encodings through a real proxy and a
 * misbehaving upstream are in proxy-leak.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSecretScrubber, urlSecrets } from '../../src/proxy/scrub.js';

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

  describe('an undecodable neighbour never hides the key', () => {
    const bytes = [...new TextEncoder().encode(KEY)];
    const everyByte = (upper: boolean) =>
      bytes
        .map((b) => `%${b.toString(16).padStart(2, '0')}`)
        .map((e) => (upper ? e.toUpperCase() : e))
        .join('');
    const encodings: ReadonlyArray<readonly [string, string]> = [
      ['raw', KEY],
      ['upper-case', KEY.toUpperCase()],
      ['URL-encoded', encodeURIComponent(KEY)],
      ['URL-encoded, lower-case escapes', encodeURIComponent(KEY).toLowerCase()],
      ['half URL-encoded (encodeURI)', encodeURI(KEY)],
      ['every byte percent-encoded', everyByte(true)],
      ['every byte percent-encoded, lower-case', everyByte(false)],
      ['JSON-escaped', JSON.stringify(KEY).slice(1, -1)],
      ['hex', Buffer.from(KEY).toString('hex')],
      ['upper-case hex', Buffer.from(KEY).toString('hex').toUpperCase()],
      ...[0, 1, 2].map((offset) => [`base64 at offset ${offset}`, base64At(offset)] as const),
      ...[0, 1, 2].map((offset) => [`base64url at offset ${offset}`, Buffer.from(`${'ab'.slice(0, offset)}${KEY}`).toString('base64url')] as const),
    ];
    // Each is a whole escape that decodes to no character: a lead byte without its continuation, a byte
    // that never starts one, a truncated three-byte sequence, a lone continuation byte.
    const neighbours = ['%C3', '%FF', '%E0%A4', '%80'];
    for (const [name, encoded] of encodings) {
      for (const neighbour of neighbours) {
        // Halfway, moved on so as not to cut one of the encoding's own escapes in two.
        let middle = Math.floor(encoded.length / 2);
        while (encoded[middle - 1] === '%' || encoded[middle - 2] === '%') middle++;
        const placed: ReadonlyArray<readonly [string, string]> = [
          ['before', `${neighbour}${encoded}`],
          ['after', `${encoded}${neighbour}`],
          ['inside', `${encoded.slice(0, middle)}${neighbour}${encoded.slice(middle)}`],
          ['before, after and inside', `x ${neighbour}${encoded.slice(0, middle)}${neighbour}${encoded.slice(middle)}${neighbour} y`],
        ];
        for (const [where, value] of placed) {
          it(`${name}, ${neighbour} ${where}`, () => {
            const out = scrubber.text(value);
            assert.ok(out.includes('[redacted]'), `text: ${value} -> ${out}`);
            assert.ok(!out.toLowerCase().includes(encoded.toLowerCase()), out);
            const json = scrubber.json(JSON.stringify({ value, keep: 1 }));
            assert.ok(json !== undefined);
            const parsed = JSON.parse(json) as { value: string; keep: number };
            assert.equal(parsed.keep, 1);
            assert.ok(parsed.value.includes('[redacted]'), `json: ${value} -> ${parsed.value}`);
          });
        }
      }
    }
    it('the string of the report: %C3 followed by every byte of the key as %XX', () => {
      assert.equal(scrubber.text(`%C3${everyByte(true)}`), '[redacted]');
    });
    it('undecodable text without the key is left byte for byte', () => {
      for (const text of ['%C3', '%C3%A9', 'a%FFb', '%E0%A4%A', '100%', '%zz%', `%C3${everyByte(true).slice(0, -3)}`]) assert.equal(scrubber.text(text), text);
    });
  });

  describe('JSON strings, exactly (the tokenizer and the rewrite)', () => {
    // Nothing in it needs escaping in JSON or in a URL, so its string tokens have no backslash.
    const SIMPLE = 'rk_live_simple0123';
    const simple = createSecretScrubber(SIMPLE);

    it('a plain string carrying the key is rewritten, nothing else', () => {
      assert.equal(simple.json(`{"error":"bad key ${SIMPLE}","n":1}`), '{"error":"bad key [redacted]","n":1}');
      assert.equal(simple.json(`["${SIMPLE}"]`), '["[redacted]"]');
    });

    it('strings without the key keep their escapes byte for byte', () => {
      for (const json of ['{"a":"\\u0041\\/","b":"tab\\t"}', '["\\"quoted\\"", "\\\\"]', '{"path":"C:\\\\dir\\\\"}']) {
        assert.equal(simple.json(json), json);
      }
    });

    it('a string ending in an escaped backslash ends there: the next string is its own token', () => {
      const json = `{"a":"end\\\\","b":"key ${SIMPLE}","c":"\\\\\\\\","d":"${SIMPLE}"}`;
      assert.equal(simple.json(json), '{"a":"end\\\\","b":"key [redacted]","c":"\\\\\\\\","d":"[redacted]"}');
      assert.equal(simple.json(`{"a":"q\\"","b":"${SIMPLE}"}`), '{"a":"q\\"","b":"[redacted]"}');
    });
  });

  describe('base64 forms: only what encodes the key', () => {
    it('the shortest key the proxy takes (8 characters) is found base64-encoded at every byte offset', () => {
      const short = 'rk_12345';
      const scrub = createSecretScrubber(short);
      for (const prefix of ['', 'x', 'xy']) {
        assert.equal(scrub.text(btoa(`${prefix}${short}`)), '[redacted]', `offset ${prefix.length}`);
      }
    });

    it('the base64 of the key without its first three bytes is not the key', () => {
      // Without one or two, the part that encodes the rest at another alignment is still there (redacted, by design).
      assert.equal(scrubber.text(btoa(KEY.slice(3))), btoa(KEY.slice(3)));
    });
  });

  describe('several secrets: the key and the parts of the RPC URLs', () => {
    const URL_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const QUERY_KEY = 'qk%2Fsecret_0123456789';
    const rpc = `https://user:p4ssw0rd-long@rpc.example/v3/${URL_KEY}/mainnet?key=${QUERY_KEY}&network=base&bare12chars_x`;

    it("the URL's secret parts: the URL, with and without its query, its user and password, and path segments and query values of 12 characters or more, as written and decoded", () => {
      assert.deepEqual(
        urlSecrets(rpc).sort(),
        [
          'bare12chars_x',
          'https://rpc.example/v3/a1b2c3d4e5f60718293a4b5c6d7e8f90/mainnet',
          `${new URL(rpc).href}`,
          'p4ssw0rd-long',
          'qk%2Fsecret_0123456789',
          'qk/secret_0123456789',
          URL_KEY,
        ].sort(),
      );
      assert.deepEqual(urlSecrets('http://127.0.0.1:8545/'), ['http://127.0.0.1:8545/']);
      assert.deepEqual(urlSecrets('https://u:short@rpc.example/'), ['https://u:short@rpc.example/', 'https://rpc.example/']);
    });

    it('each is found in every form; a short part (v3, mainnet, the network name) is left in the text', () => {
      const scrub = createSecretScrubber(['rk_live_0123456789', ...urlSecrets(rpc)]);
      assert.equal(scrub.text(`key rk_live_0123456789 and ${URL_KEY}`), 'key [redacted] and [redacted]');
      assert.equal(scrub.text(`at ${Buffer.from(URL_KEY).toString('base64')}`), '[redacted]');
      assert.equal(scrub.text(`?q=${encodeURIComponent('qk/secret_0123456789')}`), '?q=[redacted]');
      assert.equal(scrub.text('v3 mainnet base'), 'v3 mainnet base');
      assert.throws(() => createSecretScrubber([]), /a secret/);
    });
  });

  describe('the work is bounded per document (four times its length)', () => {
    // 2 KiB that decode one layer per round for more rounds than the budget pays for.
    let nested = 'A';
    for (let round = 0; round < 8; round++) nested = encodeURIComponent(round === 0 ? '%41' : nested);
    const deep = nested.repeat(Math.ceil(2048 / nested.length));

    it('a string still decoding when the budget is spent is replaced whole; one that decodes within it is kept', () => {
      assert.equal(scrubber.text(deep), '[redacted]');
      assert.equal(JSON.parse(scrubber.json(JSON.stringify({ a: deep }))!).a, '[redacted]');
      const shallow = encodeURIComponent(encodeURIComponent('a/b c')).repeat(50);
      assert.equal(scrubber.text(shallow), shallow);
      assert.equal(scrubber.json(JSON.stringify({ a: shallow })), JSON.stringify({ a: shallow }));
      // Plain text looks once: many strings without escapes cost one pass each, never the budget.
      const plain = JSON.stringify(Array.from({ length: 200 }, (_, i) => `token name ${i} with spaces`));
      assert.equal(scrubber.json(plain), plain);
    });

    it("text whose escapes all decode goes through the platform's decoder, with U+FFFD dropped as byte by byte: a key split by one is found", () => {
      const split = `${KEY.slice(0, 5)}\uFFFD${KEY.slice(5)}`;
      assert.equal(scrubber.text(`${encodeURIComponent(split)}`), '[redacted]');
      assert.equal(scrubber.text(`%41 ${split}`), '[redacted]');
    });
  });
});
