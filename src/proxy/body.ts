/** Request body reading with a hard byte cap, using only web streams. */

export type BodyResult =
  | { readonly ok: true; readonly bytes: Uint8Array<ArrayBuffer> }
  | { readonly ok: false; readonly reason: 'too_large' | 'bad_length' | 'unreadable' };

/**
 * Checks `Content-Length` first so an honest oversized upload is refused
 * before any of it is read, then counts while reading because the header may
 * be absent (chunked) or wrong.
 */
export async function readCappedBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (!/^\d{1,16}$/.test(declared.trim())) return { ok: false, reason: 'bad_length' };
    if (Number(declared) > maxBytes) return { ok: false, reason: 'too_large' };
  }
  if (request.body === null) return { ok: true, bytes: new Uint8Array(0) };

  const reader = request.body.getReader();
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
