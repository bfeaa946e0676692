/** Request body reading with a hard byte cap, using only web streams. */

export type BodyResult =
  { readonly ok: true; readonly bytes: Uint8Array<ArrayBuffer> } | { readonly ok: false; readonly reason: 'too_large' | 'bad_length' | 'unreadable' };

/**
 * Checks `Content-Length` first so an honest oversized upload is refused
 * before any of it is read, then counts while reading because the header may
 * be absent (chunked) or wrong.
 */
export async function readCappedBody(request: Request, maxBytes: number): Promise<BodyResult> {
  return readCappedStream(request.headers.get('content-length'), request.body, maxBytes);
}

/**
 * The same for any body: `declaredLength` is its Content-Length header, if
 * any. Reading stops (and the stream is cancelled) as soon as the cap is passed.
 */
export async function readCappedStream(declaredLength: string | null, body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<BodyResult> {
  if (declaredLength !== null) {
    if (!/^\d{1,16}$/.test(declaredLength.trim())) {
      await body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'bad_length' };
    }
    if (Number(declaredLength) > maxBytes) {
      await body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'too_large' };
    }
  }
  if (body === null) return { ok: true, bytes: new Uint8Array(0) };

  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Stop pulling: the Node adapter then stops reading the socket.
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }

  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** `application/json`, optionally with a UTF-8 charset; anything else is 415. */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const [mediaType = '', ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return false;
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-8"?$/.test(param));
}

/** The upstream only speaks JSON; refusing garbage here keeps it from ever seeing it. */
export function isJsonDocument(bytes: Uint8Array): boolean {
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return true;
  } catch {
    return false;
  }
}

/** `application/json` or any `+json` type (problem details), in UTF-8 or without a charset. */
export function isJsonResponseType(value: string | null): boolean {
  if (value === null) return false;
  const [mediaType = '', ...params] = value.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(mediaType)) return false;
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-8"?$/.test(param));
}

/** UTF-8 text, or undefined when the bytes are not valid UTF-8. */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Shared bytes are streamed in parts this large (a copy of one part at a time). */
const PART_BYTES = 64 * 1024;

/**
 * Bytes kept once for every visitor (a cached answer, or an encoding of it),
 * as a stream of parts, each copied only when the reader asks for it: a
 * visitor that reads slowly, or never, holds one part, not a copy.
 */
export function partsOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.byteLength) return controller.close();
        const end = Math.min(offset + PART_BYTES, bytes.byteLength);
        controller.enqueue(bytes.slice(offset, end));
        offset = end;
      },
    },
    { highWaterMark: 0 },
  );
}
