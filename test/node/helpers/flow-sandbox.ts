/**
 * The one fixture for "a flow on a sandbox" (src/flow driven in Node): the
 * sandbox started with a short bridging delay, a client through its proxy and
 * its chain list; the plan of a USDC transfer SRC → DST; the flow's deps with
 * fast polls; a development wallet of the sandbox's user, behind a provider
 * that logs every prompt. Tests keep their own `let`s and fill them from here,
 * so what they assert reads as before.
 */
import assert from 'node:assert/strict';
import { startSandbox, type SandboxHandle } from '../../../sandbox/index.ts';
import { createDevWallet, PROMPT_METHODS, type DevWallet } from '../../../demo/dev-wallet.ts';
import { RoutingClient } from '../../../src/api/index.ts';
import type { Chain } from '../../../src/api/schemas.ts';
import type { TransferPlan } from '../../../src/flow/transfer.ts';
import type { IntentStore } from '../../../src/flow/intent-store.ts';
import type { Eip1193Provider } from '../../../src/wallet/index.ts';
import { DST, SRC } from './chains.ts';

export const fastPoll = { intervalMs: 100, minIntervalMs: 50 };
export const fastBackoff = { baseMs: 20, maxMs: 200, jitter: 0 };

export interface FlowSandbox {
  sandbox: SandboxHandle;
  client: RoutingClient;
  chains: Chain[];
}

/** The sandbox, a client through its proxy, and the chains the service lists. */
export async function startFlowSandbox(): Promise<FlowSandbox> {
  const sandbox = await startSandbox({ bridgingDelayMs: 200, pollHintMs: 150 });
  const client = new RoutingClient({ baseUrl: sandbox.proxyUrl!, backoff: fastBackoff });
  const chains = (await client.chains()).data;
  return { sandbox, client, chains };
}

/** A token of the sandbox's catalog as a plan names it. */
export function sandboxToken(sandbox: SandboxHandle, chainId: number | string, symbol: string): { address: string; symbol: string; decimals: number } {
  const t = sandbox.tokens.find((x) => String(x.chainId) === String(chainId) && x.symbol === symbol);
  assert.ok(t, `${symbol} on ${chainId}`);
  return { address: t.address as string, symbol: t.symbol, decimals: t.decimals };
}

/** A USDC transfer SRC → DST of `amount` from `from` to the sandbox's first extra user; `withChains` hands the flow the chain list too. */
export function usdcPlan(
  { sandbox, chains }: FlowSandbox,
  from: `0x${string}`,
  amount: bigint,
  overrides: Partial<TransferPlan> = {},
  withChains = false,
): TransferPlan {
  return {
    fromChain: chains.find((c) => c.chainId === String(SRC))!,
    toChain: chains.find((c) => c.chainId === String(DST))!,
    fromToken: sandboxToken(sandbox, SRC, 'USDC'),
    toToken: sandboxToken(sandbox, DST, 'USDC'),
    amount,
    fromAddress: from,
    toAddress: sandbox.accounts.extraUsers[0]!.address,
    slippage: 1,
    ...(withChains ? { chains } : {}),
    ...overrides,
  };
}

/** What the flow needs besides the plan, with polls and back-offs fast enough for tests. */
export function flowDeps(client: RoutingClient, provider: Eip1193Provider, store: IntentStore) {
  return { client, provider, store, confirmPollMs: 50, receiptBackoff: fastBackoff, poll: fastPoll };
}

/** The sandbox user's development wallet on `chainId`, connected. */
export function userWallet(sandbox: SandboxHandle, chainId: number, knownChains = sandbox.readyInfo.chains): DevWallet {
  return createDevWallet({
    privateKey: sandbox.accounts.user.privateKey,
    chains: knownChains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl!, name: c.name })),
    chainId,
    autoConnect: true,
  });
}

/** `wallet` behind a provider that records, in order, every prompt method it is asked for. */
export function promptLogging(wallet: DevWallet): { provider: Eip1193Provider; prompts: string[] } {
  const prompts: string[] = [];
  const provider: Eip1193Provider = {
    request: (args) => {
      if (PROMPT_METHODS.includes(args.method)) prompts.push(args.method);
      return wallet.request(args);
    },
    on: (event, listener) => wallet.on(event, listener),
    removeListener: (event, listener) => wallet.removeListener(event, listener),
  };
  return { provider, prompts };
}
