/** What an upstream exchange came to, before CORS: a response to pass on, or the proxy's refusal. */
import type { ProxyErrorCode } from './errors.js';

export type Exchange =
  | {
      readonly kind: 'response';
      readonly status: number;
      readonly headers: Headers;
      /** Text read whole (and scrubbed), or a cached answer streamed in parts. */
      readonly body: string | ReadableStream<Uint8Array> | null;
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
