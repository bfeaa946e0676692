/**
 * The route's simulation: the approvals and the bridge transaction,
 * in order, from the user's address, through `eth_simulateV1` with
 * `traceTransfers`. Not from the routing service (it is what the check
 * distrusts) and not through the wallet (wallets refuse the method): the
 * host's proxy forwards this one JSON-RPC request to an RPC its operator
 * configures per chain (`POST {proxy}/simulate/{chainId}`, see docs/proxy.md,
 * "Simulation").
 *
 * Whatever goes wrong here is "not simulated", never a crash: the proxy has
 * no RPC for the chain (404), the RPC fails, times out or answers something
 * this schema does not read. The caller decides what that means (the guards
 * alone, or a stop under `require-simulation`). Only a cancelled attempt
 * rejects.
 *
 * The answer is read as anvil 1.7.1 and the spec both give it (see
 * sandbox/README.md, "Simulation"): a reverted call is `status: 0x0` with the
 * revert data in `returnData` (anvil) or in `error.data` (the spec); a
 * reverted call's logs are not effects (anvil keeps them).
 */
import * as z from 'zod/mini';
import { EVM_ADDRESS } from '../model/checksum.js';
import { proxyBaseUrl } from './client.js';

/** One call of the sequence, as it will be sent. */
export interface SimulationCall {
  from: `0x${string}`;
  to: `0x${string}`;
  data: `0x${string}`;
  value?: bigint | undefined;
}

export interface SimulatedLog {
  /** Lower-case. Native transfers come from `0xeeee…eeee`. */
  address: string;
  topics: readonly string[];
  data: string;
}

export interface SimulatedCall {
  ok: boolean;
  /** What the call returned, or for a reverted one its revert data. */
  returnData: `0x${string}`;
  gasUsed: bigint;
  /** Empty for a reverted call. */
  logs: readonly SimulatedLog[];
}

export type Simulation =
  | { kind: 'simulated'; calls: readonly SimulatedCall[] }
  /** `unavailable`: the proxy has no simulation RPC for this chain; `timeout`: no answer in time; `failed`: any other failure or an answer that cannot be read. */
  | { kind: 'unavailable' | 'timeout' | 'failed'; detail: string };

export interface SimulateOptions {
  signal?: AbortSignal | undefined;
  /** Longer than the proxy's own deadline (10 s by default), so its 504 arrives first. */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

export const SIMULATION_TIMEOUT_MS = 12_000;

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/));
const word = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/));
const quantity = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/)),
  z.transform((value: string) => BigInt(value)),
);
const log = z.object({
  address: z.string().check(z.regex(EVM_ADDRESS)),
  topics: z.array(word).check(z.maxLength(4)),
  data: hex,
});
const call = z.object({
  status: z.enum(['0x0', '0x1']),
  returnData: hex,
  gasUsed: quantity,
  logs: z._default(z.array(log), () => []),
  error: z.optional(z.object({ data: z.optional(hex) })),
});
/** The JSON-RPC answer: the simulated blocks, or an error for the whole request. */
export const simulationAnswerSchema = z.union([
  z.object({ result: z.array(z.object({ calls: z.array(call) })) }),
  z.object({ error: z.object({ code: z.number(), message: z.string() }) }),
]);

const quantityHex = (value: bigint) => `0x${value.toString(16)}`;

/** The JSON-RPC request: one simulated block with the calls in order, transfers traced, no validation (nonce, fees and balance for gas are the wallet's business). */
export function simulationRequest(calls: readonly SimulationCall[]) {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_simulateV1',
    params: [
      {
        blockStateCalls: [{ calls: calls.map(({ from, to, data, value }) => ({ from, to, data, ...(value ? { value: quantityHex(value) } : {}) })) }],
        traceTransfers: true,
        validation: false,
      },
      'latest',
    ],
  };
}

/** The answer, read: every call of the one block, in order, or why it cannot be used. */
export function readSimulation(body: unknown, expected: number): Simulation {
  const parsed = simulationAnswerSchema.safeParse(body);
  if (!parsed.success) return { kind: 'failed', detail: 'the simulation answer cannot be read' };
  const answer = parsed.data;
  if ('error' in answer) return { kind: 'failed', detail: `the simulation RPC refused: ${answer.error.message.slice(0, 200)}` };
  const calls = answer.result[0]?.calls ?? [];
  if (answer.result.length !== 1 || calls.length !== expected)
    return { kind: 'failed', detail: `the simulation answered ${calls.length} calls for ${expected}` };
  return {
    kind: 'simulated',
    calls: calls.map((c) => {
      const ok = c.status === '0x1';
      const returnData = (ok || c.returnData !== '0x' ? c.returnData : (c.error?.data ?? '0x')) as `0x${string}`;
      return { ok, returnData, gasUsed: c.gasUsed, logs: ok ? c.logs.map((l) => ({ ...l, address: l.address.toLowerCase() })) : [] };
    }),
  };
}

/** The proxy's simulation endpoint for a chain: `{proxy}/simulate/{chainId}`. */
export function simulationEndpoint(proxyUrl: string, chainId: string): string {
  return `${proxyBaseUrl(proxyUrl)}/simulate/${encodeURIComponent(chainId)}`;
}

/**
 * Simulates `calls` through `endpoint` (see {@link simulationEndpoint}; any
 * URL that answers the JSON-RPC request does). Resolves with the simulation
 * or why there is none; rejects only when `signal` aborts.
 */
export async function simulateCalls(endpoint: string, calls: readonly SimulationCall[], options: SimulateOptions = {}): Promise<Simulation> {
  const { signal } = options;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? SIMULATION_TIMEOUT_MS);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let response: Response;
  let body: unknown;
  try {
    response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(simulationRequest(calls)),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    signal?.throwIfAborted();
    return timeout.aborted ? { kind: 'timeout', detail: 'the simulation did not answer in time' } : { kind: 'failed', detail: String(error) };
  }
  if (response.status === 404) return { kind: 'unavailable', detail: 'the proxy has no simulation RPC for this chain' };
  if (response.status === 504) return { kind: 'timeout', detail: 'the simulation RPC did not answer in time' };
  if (!response.ok) return { kind: 'failed', detail: `the proxy answered HTTP ${response.status}` };
  return readSimulation(body, calls.length);
}
