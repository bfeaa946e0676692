/**
 * Keeps the routing-service API key out of everything the proxy emits.
 *
 * The upstream is not expected to echo the key, but if it ever does (a debug
 * field, an error message quoting the request, a pagination link with the key
 * in its query) the browser must still never see it. Besides the raw key we
 * also scrub the forms it would take inside a JSON string and a URL, because
 * those are the two ways it could plausibly be echoed.
 */

const REPLACEMENT = '[redacted]';

export interface SecretScrubber {
  /** Returns `text` with every occurrence of the secret replaced. */
  text(text: string): string;
  /** Wraps a byte stream; matches that straddle chunk boundaries are caught too. */
  stream(source: ReadableStream<Uint8Array>, hooks?: StreamHooks): ReadableStream<Uint8Array>;
}

export interface StreamHooks {
  /** Called once when the wrapped stream ends for any reason (done, error, cancel). */
  onSettled?: () => void;
}

export function createSecretScrubber(secret: string): SecretScrubber {
  const forms = secretForms(secret);
  const encoder = new TextEncoder();
  const needles = forms.map((form) => encoder.encode(form));
  const replacement = encoder.encode(REPLACEMENT);
  // A match can start at most (longest - 1) bytes before a chunk's end.
  const carry = Math.max(...needles.map((n) => n.length)) - 1;

  return {
    text(text) {
      let out = text;
      for (const form of forms) out = out.split(form).join(REPLACEMENT);
      return out;
    },
    stream(source, hooks = {}) {
      const reader = source.getReader();
      let tail = new Uint8Array(0);
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        hooks.onSettled?.();
      };
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) {
                if (tail.length > 0) controller.enqueue(tail);
                controller.close();
                settle();
                return;
              }
              const buffer = concat(tail, value);
              const { output, keepFrom } = replaceAll(buffer, needles, replacement, carry);
              tail = buffer.slice(keepFrom);
              if (output.length > 0) {
                controller.enqueue(output);
                return;
              }
            }
          } catch (error) {
            settle();
            controller.error(error);
          }
        },
        async cancel(reason) {
          settle();
          await reader.cancel(reason).catch(() => undefined);
        },
      });
    },
  };
}

function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  return [...forms].filter((form) => form.length > 0);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Replaces every complete match in `buffer` and reports where the unsafe tail
 * begins: bytes from `keepFrom` on could still be the start of a match that
 * the next chunk completes, so they are held back.
 */
function replaceAll(
  buffer: Uint8Array,
  needles: readonly Uint8Array[],
  replacement: Uint8Array,
  carry: number,
): { output: Uint8Array; keepFrom: number } {
  const parts: Uint8Array[] = [];
  let position = 0;
  for (;;) {
    const match = earliestMatch(buffer, needles, position);
    if (!match) break;
    parts.push(buffer.subarray(position, match.index), replacement);
    position = match.index + match.length;
  }
  const keepFrom = Math.max(position, buffer.length - carry);
  parts.push(buffer.subarray(position, keepFrom));
  return { output: parts.length === 1 ? parts[0]!.slice() : joinParts(parts), keepFrom };
}

function earliestMatch(
  buffer: Uint8Array,
  needles: readonly Uint8Array[],
  from: number,
): { index: number; length: number } | undefined {
  let best: { index: number; length: number } | undefined;
  for (const needle of needles) {
    const index = indexOfBytes(buffer, needle, from);
    if (index === -1) continue;
    if (!best || index < best.index || (index === best.index && needle.length > best.length)) {
      best = { index, length: needle.length };
    }
  }
  return best;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  if (first === undefined) return -1;
  const last = haystack.length - needle.length;
  let i = haystack.indexOf(first, from);
  while (i !== -1 && i <= last) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
    i = haystack.indexOf(first, i + 1);
  }
  return -1;
}

function joinParts(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
