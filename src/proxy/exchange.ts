/** What an upstream exchange came to, before CORS: a response to pass on, or the proxy's refusal. */
import type { ProxyErrorCode } from './errors.js';

export type Exchange =
  | {
      readonly kind: 'response';
      readonly status: number;
      readonly headers: Headers;
      /** Text read whole (and scrubbed), or a cached answer streamed in parts. */
      readonly body: string | ReadableStream<Uint8Array> | null;
      /** A cached answer's bytes (the body streams from them), so each encoding of them is made once (`sharedBodyOf`). */
      readonly cached?: Uint8Array;
      readonly note: string;
    }
  | {
      readonly kind: 'refusal';
      readonly status: number;
      readonly code: ProxyErrorCode;
      readonly message: string;
      readonly headers?: Readonly<Record<string, string>>;
      readonly notes: readonly string[];
    };

/** Responses that stream a cached answer, and its bytes: an adapter that compresses encodes them once, not per visitor. */
const sharedBodies = new WeakMap<Response, Uint8Array>();

export function markSharedBody(response: Response, bytes: Uint8Array): void {
  sharedBodies.set(response, bytes);
}

/** The cached bytes `response` streams, the same object for every visitor of that cache entry; undefined for any other answer. */
export function sharedBodyOf(response: Response): Uint8Array | undefined {
  return sharedBodies.get(response);
}
