/**
 * Browser-side access to the sandbox the test runner started (see
 * scripts/wtr-sandbox-plugin.mjs): its public config, its fault switches and
 * on-chain reads through the chains' JSON-RPC, so tests can check balances.
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi } from 'viem';
import { createDevWallet } from '../../../demo/dev-wallet.js';
import type { DevWallet } from '../../../demo/dev-wallet.js';

export interface SandboxConfig {
  proxyUrl: string;
  /** The same service behind a proxy with no simulation RPC (sandbox/index.ts). */
  unsimulatedProxyUrl: string;
  serviceUrl: string;
  adminUrl: string;
  chains: { chainId: number; rpcUrl: string; name: string; explorerUrl: string }[];
  tokens: { chainId: number; address: `0x${string}`; symbol: string; decimals: number }[];
  account: { address: `0x${string}`; privateKey: `0x${string}` };
  extraAccounts: { address: `0x${string}`; privateKey: `0x${string}` }[];
  /** The attacker the hostile routes name (an account without code). */
  attacker: { address: `0x${string}` };
  /** Contract addresses per chain id (decimal string): usdc, weth, permit2, collectible, batchExecutor, …. */
  contracts: Record<string, { batchExecutor: `0x${string}` } & Record<string, `0x${string}` | undefined>>;
  /** The WalletConnect relay fixture and the phone wallet (sandbox/walletconnect/). */
  walletConnect: { relayUrl: string; silentRelayUrl: string; projectId: string; phoneAddress: `0x${string}` };
}

let config: Promise<SandboxConfig> | undefined;

export function sandboxConfig(): Promise<SandboxConfig> {
  config ??= fetch('/__sandbox-config').then((r) => {
    if (!r.ok) throw new Error(`sandbox config: HTTP ${r.status}`);
    return r.json() as Promise<SandboxConfig>;
  });
  return config;
}

async function admin(path: string, body: unknown): Promise<void> {
  const { adminUrl } = await sandboxConfig();
  const response = await fetch(`${adminUrl}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`sandbox ${path}: HTTP ${response.status} ${await response.text()}`);
}

export const setFaults = (patch: Record<string, unknown>) => admin('faults', patch);

/** What the phone wallet (sandbox/walletconnect/phone-wallet.ts) shows: what waits for the user's answer, its sessions, its log. */
export interface PhoneState {
  address: `0x${string}`;
  chainId: number;
  pending: { id: number; kind: 'proposal' | 'request'; title: string; chains: string[]; detail: string }[];
  sessions: { topic: string; peer: string; chains: string[]; expiry: number }[];
  log: string[];
}

/** Drives the phone wallet as its user would: `pair` (the camera read the code), `respond`, `settings`, `chain`, `disconnect`, `reset`. */
export const phone = (action: 'pair' | 'respond' | 'settings' | 'chain' | 'disconnect' | 'reset', body: Record<string, unknown> = {}) =>
  admin(`phone/${action}`, body);

export async function phoneState(): Promise<PhoneState> {
  const { adminUrl } = await sandboxConfig();
  return (await fetch(`${adminUrl}/phone`)).json() as Promise<PhoneState>;
}
export const resetSandbox = () => admin('reset', {});

/** A page as a new visitor sees it, on a reset sandbox: nothing saved, and (unless told not to) the resource timings, which tests count requests by, cleared. */
export async function freshPage({ clearTimings = true } = {}): Promise<void> {
  localStorage.clear();
  if (clearTimings) {
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(10_000);
  }
  await resetSandbox();
}

/** The page's fetches whose path ends with `/${path}` (a source module: the test server serves src/ as is; or an API path), as resource timings. */
export const fetchesOf = (path: string): PerformanceResourceTiming[] =>
  (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => new URL(entry.name).pathname.endsWith(`/${path}`));

/** One API request as the routing service logged it (see sandbox/service/request-log.ts). */
export interface ServiceRequest {
  seq: number;
  receivedAt: number;
  method: string;
  path: string;
  endpoint: string | null;
  status: number;
  nextPollAt?: number;
  intentStatus?: string;
}

/** The service's own log of the API requests it received since the last reset, in order of arrival. */
export async function serviceRequests(): Promise<ServiceRequest[]> {
  const { adminUrl } = await sandboxConfig();
  return ((await (await fetch(`${adminUrl}/requests`)).json()) as { requests: ServiceRequest[] }).requests;
}

/** Resolves once the service has received a request matching `match`; returns the log at that moment. */
export async function untilServiceRequest(match: (r: ServiceRequest) => boolean, what: string, timeoutMs = 30_000): Promise<ServiceRequest[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await serviceRequests();
    if (log.some(match)) return log;
    if (Date.now() > deadline) throw new Error(`Timeout: the service never received ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function intentSummary(intentId: string): Promise<Record<string, unknown>> {
  const { adminUrl } = await sandboxConfig();
  return (await fetch(`${adminUrl}/intents/${intentId}`)).json();
}

export async function rpc(chainId: number, method: string, params: unknown[]): Promise<unknown> {
  const chain = (await sandboxConfig()).chains.find((c) => c.chainId === chainId);
  if (!chain) throw new Error(`no chain ${chainId}`);
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

export async function tokenAddress(chainId: number, symbol: string): Promise<`0x${string}`> {
  const token = (await sandboxConfig()).tokens.find((t) => t.chainId === chainId && t.symbol === symbol);
  if (!token) throw new Error(`no ${symbol} on ${chainId}`);
  return token.address;
}

export async function erc20Balance(chainId: number, token: `0x${string}`, owner: `0x${string}`): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  const result = (await rpc(chainId, 'eth_call', [{ to: token, data }, 'latest'])) as `0x${string}`;
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result });
}

export async function nativeBalance(chainId: number, owner: `0x${string}`): Promise<bigint> {
  return BigInt((await rpc(chainId, 'eth_getBalance', [owner, 'latest'])) as string);
}

/** Transactions sent by `owner`, mined or still in the pool ('latest' can lag a broadcast that anvil has not mined yet). */
export async function transactionCount(chainId: number, owner: `0x${string}`): Promise<number> {
  return Number(BigInt((await rpc(chainId, 'eth_getTransactionCount', [owner, 'pending'])) as string));
}

/**
 * A development wallet for one of the sandbox's funded accounts, connected, on `chainId`. With `batching` it knows
 * each chain's BatchExecutor and runs EIP-5792 batches atomically (one prompt); without, it answers EIP-5792 but says
 * `atomic: unsupported`, so the widget sends the sequence, as with most wallets today.
 */
export async function devWallet(options: { account?: number; chainId?: number; batching?: boolean } = {}): Promise<DevWallet> {
  const c = await sandboxConfig();
  const account = options.account === undefined ? c.account : c.extraAccounts[options.account]!;
  return createDevWallet({
    privateKey: account.privateKey,
    chains: c.chains.map((ch) => ({
      chainId: ch.chainId,
      rpcUrl: ch.rpcUrl,
      name: ch.name,
      ...(options.batching ? { batchExecutor: c.contracts[String(ch.chainId)]!.batchExecutor } : {}),
    })),
    chainId: options.chainId ?? c.chains[0]!.chainId,
    autoConnect: true,
  });
}
