/// <reference types="node" />
/**
 * Compressed JSON answers for the Node adapter: brotli or gzip, as the
 * client's `Accept-Encoding` allows (brotli first), with `Vary:
 * Accept-Encoding`. The catalog's cached answers are encoded once per
 * encoding and kept with the cache entry's bytes (an entry replaced or
 * dropped takes its encodings with it), so every visitor streams the same
 * bytes; other answers (already read whole, to be scrubbed) are encoded each
 * time, at a quick setting. Small answers go as they are: below
 * `MIN_COMPRESSED_BYTES` the headers cost more than the bytes saved.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { partsOf } from './body.js';
import { sharedBodyOf } from './exchange.js';

export type ContentCoding = 'br' | 'gzip';

export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli's quality and gzip's level: a cached answer is encoded once for
 * every visitor, so it gets more work; an answer encoded for one visitor
 * gets a setting that costs about what sending it plain would.
 */
const EFFORT = { shared: { br: 9, gzip: 9 }, single: { br: 4, gzip: 6 } } as const;

/** The coding to answer in: `br` when the client takes it, else `gzip`, else none (`q=0` refuses one; `*` stands for both). */
export function chosenCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

function encode(bytes: Uint8Array, coding: ContentCoding, effort: keyof typeof EFFORT): Promise<Uint8Array> {
  const level = EFFORT[effort][coding];
  return coding === 'br'
    ? brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      })
    : gzipped(bytes, { level });
}

/** Each cached answer's encodings, made once (the first visitor's request starts it; the others share the promise). */
const encodings = new WeakMap<Uint8Array, Map<ContentCoding, Promise<Uint8Array>>>();

function sharedEncoding(bytes: Uint8Array, coding: ContentCoding): Promise<Uint8Array> {
  let made = encodings.get(bytes);
  if (!made) encodings.set(bytes, (made = new Map()));
  let encoded = made.get(coding);
  if (!encoded) {
    encoded = encode(bytes, coding, 'shared');
    made.set(coding, encoded);
    // A failure is not kept: the next visitor tries again.
    encoded.catch(() => made.delete(coding));
  }
  return encoded;
}

function isJson(type: string | null): boolean {
  const media = type?.split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media);
}

/**
 * `response` encoded for a client that sent `acceptEncoding`, or `response`
 * itself: a JSON answer of at least `MIN_COMPRESSED_BYTES` is sent in the
 * chosen coding, with `Content-Encoding`, its length and `Vary:
 * Accept-Encoding` (also when the client takes none, since the answer
 * depends on it); anything else goes as it is.
 */
export async function compressed(response: Response, acceptEncoding: string | undefined): Promise<Response> {
  if (response.body === null || response.headers.has('content-encoding') || !isJson(response.headers.get('content-type'))) return response;
  const shared = sharedBodyOf(response);
  const bytes = shared ?? new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  const init = (body: ReadableStream<Uint8Array> | Uint8Array) =>
    new Response(body instanceof Uint8Array ? partsOf(body) : body, { status: response.status, statusText: response.statusText, headers });
  if (bytes.byteLength < MIN_COMPRESSED_BYTES) return shared ? response : init(bytes);
  headers.append('vary', 'Accept-Encoding');
  const coding = chosenCoding(acceptEncoding);
  if (!coding) return shared ? init(response.body) : init(bytes);
  let encoded: Uint8Array;
  try {
    encoded = shared ? await sharedEncoding(bytes, coding) : await encode(bytes, coding, 'single');
  } catch {
    // Not encoded: sent as it is.
    return shared ? init(response.body) : init(bytes);
  }
  if (shared) await response.body.cancel().catch(() => undefined);
  headers.set('content-encoding', coding);
  headers.set('content-length', String(encoded.byteLength));
  return init(encoded);
}
