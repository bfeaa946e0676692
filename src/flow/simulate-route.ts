/**
 * The simulation step, before the first wallet prompt: the
 * approvals as the widget will send them, then the bridge transaction, from
 * the user's address on the source chain, followed by a read of each
 * allowance they leave (so the review can say whether an allowance is used up
 * by the transfer). Its effects are judged by ./effects.ts and summed up for
 * the review; with no simulation available the review says "Not simulated".
 */
import type { RequiredApproval } from '../api/approvals.js';
import type { Route } from '../api/schemas.js';
import { simulateCalls, type Simulation, type SimulationCall } from '../api/simulation.js';
import { encodeAllowance, encodeApprove } from '../wallet/erc20.js';
import type { Address } from '../wallet/index.js';
import { checkEffects, readEffects } from './effects.js';
import { OK, type Agreement, type Verdict } from './guards.js';

/** An allowance the route asks for, and what of it is left once the transfer ran (undefined: could not be read). */
export interface SimulatedAllowance {
  token: string;
  spender: string;
  amount: bigint;
  remaining: bigint | undefined;
}

/** What the review shows of the simulation. */
export type SimulationReview =
  | {
      kind: 'simulated';
      /** Net amounts that leave the wallet (the source token, native currency), per asset: lower-case token address or the native token's. */
      leaves: readonly { asset: string; amount: bigint }[];
      allowances: readonly SimulatedAllowance[];
      /** Gas each call used: the approvals in order, then the bridge transaction. */
      gas: readonly bigint[];
    }
  | { kind: 'not-simulated'; reason: Exclude<Simulation['kind'], 'simulated'> };

export interface SimulateRouteOptions {
  /** Where the JSON-RPC request goes: the proxy's `/simulate/{chainId}`. */
  endpoint: string;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/** The calls, in order: each approval, the bridge transaction, then one `allowance` read per approval. */
export function simulationCalls(from: Address, route: Route, approvals: readonly RequiredApproval[]): SimulationCall[] {
  const tx = route.execution.transaction;
  return [
    ...approvals.map((a) => ({ from, to: a.tokenAddress, data: encodeApprove(a.spender, a.amount) })),
    { from, to: tx.to as Address, data: tx.data as `0x${string}`, value: tx.value },
    ...approvals.map((a) => ({ from, to: a.tokenAddress, data: encodeAllowance(from, a.spender) })),
  ];
}

/**
 * Simulates the route and judges it. `approvals` are as the widget sends them
 * (amount 2^256−1 under the `unlimited-approval` opt-in). The verdict is OK
 * when there is no simulation: the guards alone decide then.
 */
export async function simulateRoute(
  agreed: Agreement,
  route: Route,
  approvals: readonly RequiredApproval[],
  options: SimulateRouteOptions,
): Promise<{ verdict: Verdict; review: SimulationReview }> {
  const from = agreed.fromAddress as Address;
  const simulation = await simulateCalls(options.endpoint, simulationCalls(from, route, approvals), options);
  if (simulation.kind !== 'simulated') return { verdict: OK, review: { kind: 'not-simulated', reason: simulation.kind } };
  const sequence = simulation.calls.slice(0, approvals.length + 1);
  const effects = readEffects(from, sequence);
  const reads = simulation.calls.slice(approvals.length + 1);
  return {
    verdict: checkEffects(agreed, route, approvals, effects),
    review: {
      kind: 'simulated',
      leaves: [...effects.net].flatMap(([asset, amount]) => (amount > 0n ? [{ asset, amount }] : [])),
      allowances: approvals.map((a, i) => {
        const read = reads[i];
        return {
          token: a.tokenAddress.toLowerCase(),
          spender: a.spender,
          amount: a.amount,
          remaining: read?.ok && /^0x[0-9a-fA-F]{64}$/.test(read.returnData) ? BigInt(read.returnData) : undefined,
        };
      }),
      gas: sequence.map((c) => c.gasUsed),
    },
  };
}
