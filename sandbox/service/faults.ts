/**
 * Fault switches and runtime settings, scriptable in-process
 * (`sandbox.faults.set({...})`) and over HTTP (`POST /__sandbox/faults`).
 * Counted faults ("the next N responses") decrement as they fire; endpoint
 * lists narrow a fault to some endpoints, `null` means every API endpoint.
 */
import * as z from 'zod';
import { PROVIDER_NAMES, type CatalogSize, type ProviderName } from './catalog.js';

export const ENDPOINT_NAMES = ['chains', 'tokens', 'allowance', 'quote', 'route', 'deposit-address', 'receipt', 'status', 'validate', 'balances'] as const;
export type EndpointName = (typeof ENDPOINT_NAMES)[number];

/**
 * A compromised routing service, one lie at a time (see README, "Hostile
 * responses"). Each mode rewrites only the fields it names in route or
 * status responses; the intent underneath stays honest.
 */
export const HOSTILE_MODES = [
  'inflated-value',
  'foreign-token-approval',
  'huge-approval',
  'max-approval',
  'drain-calldata',
  'foreign-chain-approval',
  'worse-terms',
  'foreign-status',
  'fee-griefing',
  'permit2-approval',
  'nft-approval-for-all',
  'eoa-spender',
  'many-approvals',
  'below-minimum',
  'dest-another-transfer',
  'dest-reverted',
  'dest-other-recipient',
  'dest-other-token',
  'dest-missing',
  'hex-chain-ids',
  'bidi-names',
  'multicall-grant',
  'forged-hashes',
  'deposit-no-address',
  'deposit-other-chain',
  'deposit-other-token',
  'deposit-other-amount',
  'deposit-sender-address',
  'deposit-recipient-address',
  'deposit-invalid-address',
  'deposit-expired',
] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

export interface CountedFault {
  /** How many more responses the fault applies to. */
  count: number;
  endpoints: EndpointName[] | null;
}

export interface FaultState {
  /** Added delay before the handler runs; with `count`, only for that many more matching requests. */
  latency: { ms: number; endpoints: EndpointName[] | null; count?: number } | null;
  /** The next `count` requests get 429 with `Retry-After: retryAfterSeconds`, whatever the real quota says. */
  rateLimitBurst: (CountedFault & { retryAfterSeconds: number }) | null;
  /** The next `count` 2xx responses have a broken body: cut in half, or not JSON at all. */
  malformedBody: (CountedFault & { mode: 'truncated' | 'not-json' }) | null;
  /** The next `count` 2xx responses carry one field with the wrong JSON type (see README for which). */
  wrongType: CountedFault | null;
  /** Providers that answer `failed` (route/quote → 502 when no other provider can serve). */
  failedProviders: ProviderName[];
  /** Intents reaching the destination step stay `bridging` forever. */
  stuckBridge: boolean;
  /** Intents reaching the destination step fail; the operator refunds the deposit on the source chain. */
  failWithRefund: boolean;
  /** A refund is reported (`failed`) at once, but its transaction on the source chain waits until the switch is cleared. */
  holdRefund: boolean;
  /** Intents reaching the destination step stall with `gas_status: needs_gas` until the switch is cleared. */
  needsGas: boolean;
  /** Chain IDs whose balance reads miss the balances deadline (→ `partial: true`). */
  slowBalanceChains: string[];
  /** The allowance endpoint answers as if its upstream RPC failed. */
  allowanceRpcFailure: { status: 500 | 502 } | null;
  /** Addresses refused at quote (AML), compared case-insensitively. */
  flaggedAddresses: string[];
  /** Only this provider is consulted for quotes and routes. */
  forceProvider: ProviderName | null;
  /** Extra unroutable tokens in the token list (list-performance tests). */
  syntheticTokens: number;
  /** `large`: about 40 chains and 20,000 tokens, as a production routing service lists (see large-catalog.ts). */
  catalog: CatalogSize;
  /** The tokens endpoint ignores its query parameters and answers the plain array, as a service without pagination does. */
  plainTokenList: boolean;
  /** Time an intent spends `bridging` before the destination step. */
  bridgingDelayMs: number;
  /** Per-key fixed-window quota. */
  rateLimit: { limit: number; windowMs: number };
  /** Route or status responses lie in this way until set back to null (or reset). */
  hostile: HostileMode | null;
  /** Status answers past `pending` report this value instead of the real one (e.g. one the spec does not list). */
  statusOverride: string | null;
  /** Quotes and routes announce this `estimatedRouteDuration` (seconds) instead of the provider's own. */
  estimatedRouteSeconds: number | null;
  /** Deposit addresses take payments this long (seconds) instead of 15 minutes. */
  depositTtlSeconds: number | null;
}

const endpointList = z.union([z.array(z.enum(ENDPOINT_NAMES)), z.enum(ENDPOINT_NAMES), z.null()]).optional();
const normaliseEndpoints = (value: EndpointName[] | EndpointName | null | undefined): EndpointName[] | null =>
  value === undefined || value === null ? null : Array.isArray(value) ? value : [value];

const count = z.number().int().min(0);
const counted = z.union([count, z.object({ count, endpoints: endpointList })]);

/** Input accepted by `POST /__sandbox/faults` and `faults.set()`; every key optional, `null` clears. */
export const faultPatchSchema = z
  .object({
    latency: z
      .union([z.number().int().min(0), z.object({ ms: z.number().int().min(0), endpoints: endpointList, count: count.optional() }), z.null()])
      .optional(),
    rateLimitBurst: z.union([count, z.object({ count, endpoints: endpointList, retryAfterSeconds: z.number().int().min(0).optional() }), z.null()]).optional(),
    malformedBody: z.union([count, z.object({ count, endpoints: endpointList, mode: z.enum(['truncated', 'not-json']).optional() }), z.null()]).optional(),
    wrongType: z.union([counted, z.null()]).optional(),
    failedProviders: z.union([z.array(z.enum(PROVIDER_NAMES)), z.literal(true), z.null()]).optional(),
    stuckBridge: z.boolean().optional(),
    failWithRefund: z.boolean().optional(),
    holdRefund: z.boolean().optional(),
    needsGas: z.boolean().optional(),
    slowBalanceChains: z.union([z.array(z.union([z.string(), z.number()])), z.null()]).optional(),
    allowanceRpcFailure: z.union([z.boolean(), z.object({ status: z.union([z.literal(500), z.literal(502)]) }), z.null()]).optional(),
    flaggedAddresses: z.array(z.string().min(1)).optional(),
    forceProvider: z.union([z.enum(PROVIDER_NAMES), z.null()]).optional(),
    syntheticTokens: z.number().int().min(0).max(200_000).optional(),
    catalog: z.enum(['default', 'large']).optional(),
    plainTokenList: z.boolean().optional(),
    bridgingDelayMs: z.number().int().min(0).optional(),
    rateLimit: z.object({ limit: z.number().int().min(1), windowMs: z.number().int().min(100) }).optional(),
    hostile: z.union([z.enum(HOSTILE_MODES), z.null()]).optional(),
    statusOverride: z.union([z.string().min(1), z.null()]).optional(),
    estimatedRouteSeconds: z.union([z.number().int().min(0), z.null()]).optional(),
    depositTtlSeconds: z.union([z.number().int().min(1), z.null()]).optional(),
  })
  .strict();
export type FaultPatch = z.input<typeof faultPatchSchema>;

export class FaultInputError extends Error {}

export class FaultController {
  private state: FaultState;
  private readonly initial: FaultState;

  constructor(initial: FaultState) {
    this.initial = structuredClone(initial);
    this.state = structuredClone(initial);
  }

  get(): FaultState {
    return structuredClone(this.state);
  }

  /** Current value of one switch without copying everything (hot paths). */
  peek<K extends keyof FaultState>(key: K): FaultState[K] {
    return this.state[key];
  }

  /** Merges a patch; throws FaultInputError (with zod's message) on bad input. */
  set(patch: FaultPatch | unknown): FaultState {
    const parsed = faultPatchSchema.safeParse(patch);
    if (!parsed.success) throw new FaultInputError(z.prettifyError(parsed.error));
    const p = parsed.data;
    const s = this.state;
    if (p.latency !== undefined) {
      s.latency =
        p.latency === null
          ? null
          : typeof p.latency === 'number'
            ? { ms: p.latency, endpoints: null }
            : { ms: p.latency.ms, endpoints: normaliseEndpoints(p.latency.endpoints), ...(p.latency.count !== undefined ? { count: p.latency.count } : {}) };
    }
    if (p.rateLimitBurst !== undefined) {
      const v = p.rateLimitBurst;
      s.rateLimitBurst =
        v === null
          ? null
          : typeof v === 'number'
            ? { count: v, endpoints: null, retryAfterSeconds: 1 }
            : { count: v.count, endpoints: normaliseEndpoints(v.endpoints), retryAfterSeconds: v.retryAfterSeconds ?? 1 };
    }
    if (p.malformedBody !== undefined) {
      const v = p.malformedBody;
      s.malformedBody =
        v === null
          ? null
          : typeof v === 'number'
            ? { count: v, endpoints: null, mode: 'truncated' }
            : { count: v.count, endpoints: normaliseEndpoints(v.endpoints), mode: v.mode ?? 'truncated' };
    }
    if (p.wrongType !== undefined) {
      const v = p.wrongType;
      s.wrongType = v === null ? null : typeof v === 'number' ? { count: v, endpoints: null } : { count: v.count, endpoints: normaliseEndpoints(v.endpoints) };
    }
    if (p.failedProviders !== undefined) {
      s.failedProviders = p.failedProviders === true ? [...PROVIDER_NAMES] : (p.failedProviders ?? []);
    }
    if (p.stuckBridge !== undefined) s.stuckBridge = p.stuckBridge;
    if (p.failWithRefund !== undefined) s.failWithRefund = p.failWithRefund;
    if (p.holdRefund !== undefined) s.holdRefund = p.holdRefund;
    if (p.needsGas !== undefined) s.needsGas = p.needsGas;
    if (p.slowBalanceChains !== undefined) s.slowBalanceChains = (p.slowBalanceChains ?? []).map(String);
    if (p.allowanceRpcFailure !== undefined) {
      const v = p.allowanceRpcFailure;
      s.allowanceRpcFailure = v === null || v === false ? null : v === true ? { status: 502 } : { status: v.status };
    }
    if (p.flaggedAddresses !== undefined) s.flaggedAddresses = [...p.flaggedAddresses];
    if (p.forceProvider !== undefined) s.forceProvider = p.forceProvider;
    if (p.syntheticTokens !== undefined) s.syntheticTokens = p.syntheticTokens;
    if (p.catalog !== undefined) s.catalog = p.catalog;
    if (p.plainTokenList !== undefined) s.plainTokenList = p.plainTokenList;
    if (p.bridgingDelayMs !== undefined) s.bridgingDelayMs = p.bridgingDelayMs;
    if (p.rateLimit !== undefined) s.rateLimit = { ...p.rateLimit };
    if (p.hostile !== undefined) s.hostile = p.hostile;
    if (p.statusOverride !== undefined) s.statusOverride = p.statusOverride;
    if (p.estimatedRouteSeconds !== undefined) s.estimatedRouteSeconds = p.estimatedRouteSeconds;
    if (p.depositTtlSeconds !== undefined) s.depositTtlSeconds = p.depositTtlSeconds;
    return this.get();
  }

  reset(): FaultState {
    this.state = structuredClone(this.initial);
    return this.get();
  }

  /** The delay for this request; a counted latency is used up by the requests it delays. */
  latencyFor(endpoint: EndpointName): number {
    const latency = this.state.latency;
    if (!latency || !matches(latency.endpoints, endpoint)) return 0;
    if (latency.count !== undefined) {
      if (latency.count <= 0) return 0;
      latency.count -= 1;
      if (latency.count === 0) this.state.latency = null;
    }
    return latency.ms;
  }

  /** Fires the 429 burst for this request if it applies; returns Retry-After seconds. */
  takeRateLimitBurst(endpoint: EndpointName): number | null {
    const burst = this.state.rateLimitBurst;
    if (!burst || burst.count <= 0 || !matches(burst.endpoints, endpoint)) return null;
    burst.count -= 1;
    if (burst.count === 0) this.state.rateLimitBurst = null;
    return burst.retryAfterSeconds;
  }

  takeMalformedBody(endpoint: EndpointName): 'truncated' | 'not-json' | null {
    const fault = this.state.malformedBody;
    if (!fault || fault.count <= 0 || !matches(fault.endpoints, endpoint)) return null;
    fault.count -= 1;
    if (fault.count === 0) this.state.malformedBody = null;
    return fault.mode;
  }

  takeWrongType(endpoint: EndpointName): boolean {
    const fault = this.state.wrongType;
    if (!fault || fault.count <= 0 || !matches(fault.endpoints, endpoint)) return false;
    fault.count -= 1;
    if (fault.count === 0) this.state.wrongType = null;
    return true;
  }

  isFlagged(address: string): boolean {
    const lower = address.toLowerCase();
    return this.state.flaggedAddresses.some((a) => a.toLowerCase() === lower);
  }
}

function matches(endpoints: EndpointName[] | null, endpoint: EndpointName): boolean {
  return endpoints === null || endpoints.includes(endpoint);
}
