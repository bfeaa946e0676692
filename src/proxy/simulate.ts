/**
 * `POST {mountPath}/simulate/{chainId}`: the widget's simulation of a route
 * before the wallet prompt. Browser wallets refuse
 * `eth_simulateV1`, so the host's backend forwards it to an RPC the operator
 * configures per chain (`simulationRpcUrls`, `SIMULATION_RPC_URLS`).
 *
 * One JSON-RPC request, method `eth_simulateV1`, nothing else (no batch, no
 * other method: the endpoint must not become an open RPC relay paid by the
 * host). The routing API key is never sent to the RPC, and is scrubbed from
 * whatever comes back; the routing key's quota is not spent. The Host and
 * origin allow-lists, CORS and the flood limit apply as on every other route;
 * `guardRpcRequest` (rpc-guard.ts) adds an `Origin` required, the size cap and
 * the JSON-RPC shape, and `boundedSimulation` what the widget sends and no
 * more (one block, a few calls, no overrides, gas capped), so it is no
 * general-purpose RPC paid by the host.
 */
import { guardRpcRequest, refusal, relayRpcCall, stateDepthRefusal, type RpcEndpoint, type RpcRelayConfig } from './rpc-guard.js';
import type { Exchange } from './exchange.js';

export const SIMULATE_TEMPLATE = '/simulate/:chainId';
export const SIMULATE_PATH = /^\/simulate\/([1-9]\d{0,15})$/;
export const SIMULATION_METHOD = 'eth_simulateV1';
/** A simulation request carries a few calls: far below this. */
export const SIMULATION_MAX_BODY_BYTES = 256 * 1024;
export const DEFAULT_SIMULATION_TIMEOUT_MS = 10_000;
/**
 * The most calls one simulation may carry: what the widget sends for a route
 * (src/flow/simulate-route.ts, `simulationCalls`): each approval (at most
 * `MAX_APPROVALS`, 3, in src/flow/guards.ts, checked before a route is
 * simulated), the bridge transaction, then one `allowance` read per approval.
 */
export const SIMULATION_MAX_CALLS = 7;
/** Gas one simulated call may burn on the RPC; a call that names none is given its share of the request's. */
export const SIMULATION_MAX_GAS_PER_CALL = 5_000_000n;
/** Gas all calls of one simulation together may burn on the RPC. */
export const SIMULATION_MAX_GAS_PER_REQUEST = 15_000_000n;

export interface SimulationConfig extends RpcRelayConfig {
  /** RPC URL by decimal chain id. */
  readonly rpcUrls: ReadonlyMap<string, string>;
  /** Serve requests without `Origin` (server-side callers); off by default. */
  readonly withoutOrigin: boolean;
}

/** `/simulate`: `eth_simulateV1` only, bounded to what the widget sends (`boundedSimulation`). */
export const SIMULATION_ENDPOINT: RpcEndpoint = {
  admit: (method, params) => {
    if (method !== SIMULATION_METHOD) return { ok: false, message: `Only ${SIMULATION_METHOD} is forwarded` };
    const bounded = boundedSimulation(params);
    return typeof bounded === 'string' ? { ok: false, message: bounded } : { ok: true, method, params: bounded };
  },
  notAllowed: 'proxy_simulation_not_allowed',
};

export function simulate(config: SimulationConfig, request: Request, chainId: string): Promise<Exchange> {
  return forwardRpc(config, request, chainId, SIMULATION_ENDPOINT);
}

/**
 * Every RPC endpoint (`/simulate`, `/read`) goes through here: a configured
 * chain, then `guardRpcRequest` (an `Origin` unless the operator opted out,
 * the size cap, one JSON-RPC 2.0 request that `endpoint` admits, rebuilt from
 * what was checked, with a bounded id), the depth check of a read of state,
 * then `relayRpcCall` (the proxy's own id, deadline, capped, scrubbed answer
 * under the caller's id with the security headers). Host, origin allow-list and the flood limit are
 * the core's, checked before.
 */
export async function forwardRpc(config: SimulationConfig, request: Request, chainId: string, endpoint: RpcEndpoint): Promise<Exchange> {
  const rpcUrl = config.rpcUrls.get(chainId);
  if (rpcUrl === undefined) {
    await request.body?.cancel().catch(() => undefined);
    return refusal(404, 'proxy_simulation_unavailable', `No RPC is configured for chain ${chainId}`);
  }
  const guarded = await guardRpcRequest(request, { endpoint, maxBodyBytes: SIMULATION_MAX_BODY_BYTES, withoutOrigin: config.withoutOrigin });
  if (!guarded.ok) return guarded.refusal;
  if (guarded.call.stateAt !== undefined) {
    const tooDeep = await stateDepthRefusal(config, rpcUrl, guarded.call.stateAt, endpoint.notAllowed);
    if (tooDeep) return tooDeep;
  }
  return relayRpcCall(config, request, rpcUrl, guarded.call);
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const QUANTITY = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/;
const OPTIONS_KEYS = new Set(['blockStateCalls', 'traceTransfers', 'validation']);
const CALL_KEYS = new Set(['from', 'to', 'data', 'value', 'gas']);

/**
 * The params of what the widget sends (src/api/simulation.ts,
 * `simulationRequest`), rebuilt from what was checked, or why not: one block
 * of at most `SIMULATION_MAX_CALLS` plain calls (`from`, `to`, `data`,
 * `value`, `gas`) on `latest`, `traceTransfers` and `validation` as
 * booleans; no state or block overrides, nothing else. Every call goes with a
 * gas limit: its own up to `SIMULATION_MAX_GAS_PER_CALL`, else its share of
 * `SIMULATION_MAX_GAS_PER_REQUEST`, all together at most that.
 */
export function boundedSimulation(params: readonly unknown[]): unknown[] | string {
  const [options, block, ...rest] = params;
  if (rest.length > 0 || (block !== undefined && block !== 'latest')) return 'One simulation on the latest block';
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return 'Not simulation options';
  const fields = options as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !OPTIONS_KEYS.has(key));
  if (unknown !== undefined) return `"${unknown.slice(0, 40)}" is not forwarded`;
  for (const flag of ['traceTransfers', 'validation'] as const) {
    if (fields[flag] !== undefined && typeof fields[flag] !== 'boolean') return `${flag} must be true or false`;
  }
  const blocks = fields.blockStateCalls;
  if (!Array.isArray(blocks) || blocks.length !== 1) return 'One simulated block';
  const only = blocks[0] as unknown;
  if (typeof only !== 'object' || only === null || Array.isArray(only) || Object.keys(only).some((key) => key !== 'calls')) {
    return 'A block of calls only: no state or block overrides';
  }
  const calls = (only as { calls?: unknown }).calls;
  if (!Array.isArray(calls) || calls.length === 0 || calls.length > SIMULATION_MAX_CALLS) return `One to ${SIMULATION_MAX_CALLS} calls`;
  const checked: Record<string, string>[] = [];
  for (const call of calls as unknown[]) {
    if (typeof call !== 'object' || call === null || Array.isArray(call)) return 'A call must be an object';
    const entries = Object.entries(call as Record<string, unknown>);
    if (entries.some(([key]) => !CALL_KEYS.has(key))) return 'A call has from, to, data, value and gas only';
    const fieldsOfCall = Object.fromEntries(entries) as Record<string, unknown>;
    const { from, to, data, value, gas } = fieldsOfCall;
    if (typeof from !== 'string' || !ADDRESS.test(from) || typeof to !== 'string' || !ADDRESS.test(to)) return 'A call needs from and to addresses';
    if (data !== undefined && (typeof data !== 'string' || !DATA.test(data))) return 'data must be hex bytes';
    if (value !== undefined && (typeof value !== 'string' || !QUANTITY.test(value))) return 'value must be a hex quantity';
    if (gas !== undefined && (typeof gas !== 'string' || !QUANTITY.test(gas) || BigInt(gas) > SIMULATION_MAX_GAS_PER_CALL)) {
      return `gas must be a hex quantity of at most ${SIMULATION_MAX_GAS_PER_CALL}`;
    }
    checked.push({ from, to, ...(data === undefined ? {} : { data }), ...(value === undefined ? {} : { value }), ...(gas === undefined ? {} : { gas }) });
  }
  const named = checked.reduce((sum, call) => sum + (call.gas === undefined ? 0n : BigInt(call.gas)), 0n);
  const unnamed = BigInt(checked.filter((call) => call.gas === undefined).length);
  if (named > SIMULATION_MAX_GAS_PER_REQUEST) return `The calls' gas must add up to at most ${SIMULATION_MAX_GAS_PER_REQUEST}`;
  const share = unnamed === 0n ? 0n : (SIMULATION_MAX_GAS_PER_REQUEST - named) / unnamed;
  const perUnnamed = share < SIMULATION_MAX_GAS_PER_CALL ? share : SIMULATION_MAX_GAS_PER_CALL;
  if (unnamed > 0n && perUnnamed === 0n) return 'No gas left for the calls that name none';
  const bounded = checked.map((call) => (call.gas === undefined ? { ...call, gas: `0x${perUnnamed.toString(16)}` } : call));
  const forwardedOptions: Record<string, unknown> = { blockStateCalls: [{ calls: bounded }] };
  for (const flag of ['traceTransfers', 'validation'] as const) if (fields[flag] !== undefined) forwardedOptions[flag] = fields[flag];
  return block === undefined ? [forwardedOptions] : [forwardedOptions, block];
}

/** `{ "11155111": "https://…" }` checked once at start-up: decimal chain ids, absolute http(s) URLs without credentials in a fragment. */
export function resolveSimulationRpcUrls(value: Readonly<Record<string, string>> | undefined): ReadonlyMap<string, string> {
  const urls = new Map<string, string>();
  if (value === undefined) return urls;
  if (typeof value !== 'object' || value === null) throw new TypeError('simulationRpcUrls must map chain ids to RPC URLs');
  for (const [chainId, url] of Object.entries(value)) {
    if (!/^[1-9]\d{0,15}$/.test(chainId)) throw new TypeError(`simulationRpcUrls: "${chainId}" is not a decimal chain id`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new TypeError(`simulationRpcUrls: the URL for chain ${chainId} is not an absolute http(s) URL`);
    }
    if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.hash) {
      throw new TypeError(`simulationRpcUrls: the URL for chain ${chainId} is not an absolute http(s) URL`);
    }
    urls.set(chainId, parsed.href);
  }
  return urls;
}
