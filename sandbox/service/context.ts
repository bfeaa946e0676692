/** Shared state of one running routing service, handed to every handler. */
import type { SandboxChain } from '../chains/local-networks.js';
import type { ApiKeyRecord } from './api-keys.js';
import type { Catalog } from './catalog.js';
import type { FaultController } from './faults.js';
import type { IntentStore } from './intents.js';
import type { SimulatedCosmosBank } from './simulated-cosmos.js';
import type { IntentTracker } from './tracker.js';
import type { RequestLog } from './request-log.js';

export interface ServiceContext {
  chains: ReadonlyMap<string, SandboxChain>;
  rpcUrls: ReadonlyMap<number, string>;
  catalog: Catalog;
  faults: FaultController;
  store: IntentStore;
  tracker: IntentTracker;
  cosmos: SimulatedCosmosBank;
  /** Suggested spacing of status polls while an intent is in flight (`next_poll_at`). */
  pollHintMs: number;
  /** Per-chain deadline of a balances scan; slower chains are reported as errors with `partial: true`. */
  balanceDeadlineMs: number;
  tokenPageSize: number;
  /** Every API request answered, for tests that count requests (`GET /__sandbox/requests`). */
  requests: RequestLog;
  log(line: string): void;
}

/** What a request handler returns; the server adds the common headers and error request IDs. */
export interface ApiResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ApiRequest {
  requestId: string;
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  apiKey: ApiKeyRecord;
}

export function json(status: number, body: unknown, headers?: Record<string, string>): ApiResult {
  return headers ? { status, body, headers } : { status, body };
}
