/**
 * Admin endpoints under `/__sandbox/` for tests and the demo's fault panel.
 * No API key, no rate limit, no faults: they control the sandbox, they are
 * not part of the routing-service contract.
 */
import { parseUnits, type Address } from 'viem';
import { mint, toQuantity } from '../chains/deploy.js';
import { SANDBOX_ERC20S } from '../chains/networks.js';
import { json, type ApiResult, type ServiceContext } from './context.js';
import { FaultInputError } from './faults.js';
import { fullPayload, type Intent } from './intents.js';
import type { FixedWindowRateLimiter } from './rate-limit.js';
import { isEvmAddress } from './request-validation.js';
import { handlePhoneAdmin } from '../walletconnect/admin.js';
import type { PhoneWallet } from '../walletconnect/phone-wallet.js';

export interface AdminDeps {
  ctx: ServiceContext;
  rateLimiter: FixedWindowRateLimiter;
  info: () => unknown;
  /** The phone wallet (../walletconnect/phone-wallet.ts), when the sandbox runs one. */
  phone?: (() => PhoneWallet | undefined) | undefined;
}

export function intentSummary(intent: Intent) {
  const plan = intent.plan;
  return {
    ...fullPayload(intent, [], 0),
    status: intent.status,
    sandbox: {
      provider: plan.provider.name,
      transactionTo: plan.to,
      value: plan.value.toString(),
      approvals: plan.approvals.map((a) => ({ tokenAddress: a.tokenAddress, spender: a.spender, amount: a.amount.toString() })),
      expectedDeposit: {
        token: plan.expectedDeposit.token,
        amount: plan.expectedDeposit.amount.toString(),
        nativeFee: plan.expectedDeposit.nativeFee.toString(),
      },
      toAmount: plan.estimate.toAmount.toString(),
      hookAmount: plan.hookAmount.toString(),
      hookSucceeded: intent.hookSucceeded,
      outcomeOverride: intent.outcomeOverride,
      hostileRoute: intent.hostileRoute,
      deposit: intent.deposit && {
        address: intent.deposit.address,
        chainId: intent.deposit.chainId,
        token: intent.deposit.token,
        amount: intent.deposit.amount.toString(),
        expiresAt: new Date(intent.deposit.expiresAt).toISOString(),
        received: intent.deposit.received.toString(),
        paymentTxHash: intent.deposit.paymentTxHash,
        refundTxHash: intent.deposit.refundTxHash,
      },
    },
  };
}

export async function handleAdmin(
  deps: AdminDeps,
  method: string,
  parts: string[],
  readJson: () => Promise<unknown>,
  query: URLSearchParams = new URLSearchParams(),
): Promise<ApiResult> {
  const { ctx } = deps;
  const [resource, id] = parts;
  if (resource === 'info' && method === 'GET') {
    // The admin API answers any origin; the key stays with whoever started the sandbox (its ready line).
    const { apiKey: _key, inactiveApiKey: _inactive, ...publicInfo } = (deps.info() ?? {}) as Record<string, unknown>;
    return json(200, publicInfo);
  }
  if (resource === 'faults') {
    if (method === 'GET') return json(200, { faults: ctx.faults.get() });
    if (method === 'DELETE') return json(200, { faults: ctx.faults.reset() });
    if (method === 'POST' || method === 'PUT') {
      try {
        return json(200, { faults: ctx.faults.set(await readJson()) });
      } catch (error) {
        if (error instanceof FaultInputError || error instanceof SyntaxError) return json(400, { error: error.message });
        throw error;
      }
    }
  }
  if (resource === 'reset' && method === 'POST') {
    const body = await readJson().catch(() => ({}));
    const clearIntents = typeof body === 'object' && body !== null && (body as { intents?: unknown }).intents === true;
    ctx.faults.reset();
    deps.rateLimiter.reset();
    ctx.requests.clear();
    if (clearIntents) ctx.store.clear();
    return json(200, { ok: true, faults: ctx.faults.get(), intentsCleared: clearIntents });
  }
  if (resource === 'intents' && method === 'GET') {
    if (id) {
      const intent = ctx.store.get(id);
      return intent ? json(200, intentSummary(intent)) : json(404, { error: 'Intent not found' });
    }
    return json(200, { intents: ctx.store.all().map(intentSummary) });
  }
  if (resource === 'requests') {
    if (method === 'DELETE') {
      ctx.requests.clear();
      return json(200, { ok: true });
    }
    if (method === 'GET') {
      const endpoints = query
        .get('endpoint')
        ?.split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const sinceText = query.get('since');
      if (sinceText !== null && !/^\d+$/.test(sinceText)) return json(400, { error: 'since must be a non-negative integer (a seq)' });
      return json(200, { requests: ctx.requests.list({ endpoints, since: sinceText === null ? undefined : Number(sinceText) }) });
    }
  }
  if (resource === 'fund' && method === 'POST') return fund(ctx, await readJson());
  if (resource === 'cosmos' && method === 'POST' && (id === 'fund' || id === 'send')) return cosmos(ctx, id, await readJson());
  if (resource === 'phone') return handlePhoneAdmin(deps.phone?.(), method, id, readJson);
  return json(404, { error: 'Unknown admin endpoint' });
}

/**
 * Gives an address ETH and sandbox tokens on every chain (or one), e.g. for a
 * freshly generated browser wallet. Body: `{ address, chainId?, eth?, usdc?, weth? }`,
 * amounts in whole tokens as strings.
 */
async function fund(ctx: ServiceContext, body: unknown): Promise<ApiResult> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const address = input.address;
  if (!isEvmAddress(address)) return json(400, { error: 'address must be an EVM address' });
  const amounts: Record<string, string> = { eth: '100', usdc: '10000', weth: '10' };
  for (const key of Object.keys(amounts)) {
    const value = input[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) return json(400, { error: `${key} must be a decimal string` });
    amounts[key] = value;
  }
  const chains = [...ctx.chains.values()].filter((c) => input.chainId === undefined || String(c.network.chainId) === String(input.chainId));
  if (chains.length === 0) return json(400, { error: 'Unknown chainId' });
  const funded = [];
  for (const chain of chains) {
    const client = chain.clients.publicClient;
    const eth = parseUnits(amounts.eth ?? '0', 18);
    const current = await client.getBalance({ address });
    await chain.chain.provider.request({ method: 'anvil_setBalance', params: [address, toQuantity(current + eth)] });
    for (const token of SANDBOX_ERC20S) {
      const amount = parseUnits(amounts[token.key] ?? '0', token.decimals);
      if (amount > 0n) await mint(chain.clients, chain.network, chain.network.contracts[token.key] as Address, address, amount);
    }
    funded.push({ chainId: String(chain.network.chainId), eth: amounts.eth, usdc: amounts.usdc, weth: amounts.weth });
  }
  return json(200, { ok: true, address, funded });
}

/**
 * The simulated Cosmos chain's bank, for paying into a `cata1…` deposit address: `fund` mints
 * (`{ address, denom, amount }`), `send` moves (`{ from, to, denom, amount }`, answers the transfer's hash).
 * Amounts in smallest units, as decimal strings.
 */
function cosmos(ctx: ServiceContext, action: 'fund' | 'send', body: unknown): ApiResult {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { address, from, to, denom, amount } = input;
  const text = (value: unknown) => typeof value === 'string' && value.length > 0;
  if (!text(denom) || typeof amount !== 'string' || !/^\d+$/.test(amount)) return json(400, { error: 'denom and amount (a decimal string) are required' });
  if (action === 'fund') {
    if (!text(address)) return json(400, { error: 'address is required' });
    ctx.cosmos.fund(address as string, denom as string, BigInt(amount));
    return json(200, { ok: true });
  }
  if (!text(from) || !text(to)) return json(400, { error: 'from and to are required' });
  try {
    return json(200, { ok: true, hash: ctx.cosmos.send(from as string, to as string, denom as string, BigInt(amount)).hash });
  } catch (error) {
    return json(400, { error: (error as Error).message });
  }
}
