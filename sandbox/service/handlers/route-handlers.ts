/** POST /routes/quote, /routes/route and /routes/deposit-address. */
import { randomBytes } from 'node:crypto';
import { bytesToHex, erc20Abi, type Address, type Hex } from 'viem';
import { PROVIDER_NAMES, type ProviderName } from '../catalog.js';
import { json, type ApiRequest, type ApiResult, type ServiceContext } from '../context.js';
import { DEPOSIT_TTL_MS, openDeposit } from '../deposits.js';
import { applyHostileDeposit, applyHostileRoute, type HostileDepositTarget } from '../hostile.js';
import { OUTCOME_OVERRIDES, type Intent, type OutcomeOverride } from '../intents.js';
import { formatMicroUsd } from '../money.js';
import {
  askProvider,
  pickBest,
  PROVIDERS,
  type EstimateNumbers,
  type PlanningContext,
  type PlanPurpose,
  type ProviderAnswer,
  type RoutePlan,
} from '../providers.js';
import { parseRouteRequest, RequestValidationError, type RouteRequest } from '../request-validation.js';

const PROVIDER_ID_PREFIX: Record<ProviderName, string> = { swiftbridge: 'swb', hopline: 'hop', slowlane: 'slw' };

function providerRequestId(provider: ProviderName): string {
  return `${PROVIDER_ID_PREFIX[provider]}_${randomBytes(12).toString('hex')}`;
}

export function estimateJson(estimate: EstimateNumbers, ctx: ServiceContext) {
  return {
    fromAmount: estimate.fromAmount.toString(),
    toAmount: estimate.toAmount.toString(),
    toAmountMin: estimate.toAmountMin.toString(),
    fromAmountUsd: formatMicroUsd(estimate.fromAmountUsdMicro),
    toAmountUsd: formatMicroUsd(estimate.toAmountUsdMicro),
    toAmountMinUsd: formatMicroUsd(estimate.toAmountMinUsdMicro),
    totalFeesUsd: formatMicroUsd(estimate.totalFeesUsdMicro),
    fees: estimate.fees.map((fee) => ({
      type: fee.type,
      amount: fee.amount.toString(),
      amountUsd: formatMicroUsd(fee.amountUsdMicro),
      token: { chainId: fee.token.chainId, address: fee.token.address, symbol: fee.token.symbol, decimals: fee.token.decimals },
    })),
    // Not named by the spec ("slippage and estimated completion time ... fields not shown"):
    slippage: estimate.slippage,
    estimatedRouteDuration: ctx.faults.peek('estimatedRouteSeconds') ?? estimate.estimatedRouteSeconds,
  };
}

function planningContext(ctx: ServiceContext): PlanningContext {
  return {
    chain: (id) => ctx.catalog.chain(id),
    token: (chainId, address) => ctx.catalog.token(chainId, address),
    nativeToken: (chainId) => ctx.catalog.nativeToken(chainId),
    async vaultBalance(chainId, token) {
      const chain = ctx.chains.get(chainId);
      if (!chain) return 0n;
      const vault = chain.network.contracts.liquidityVault;
      const native = ctx.catalog.nativeToken(chainId);
      if (native && native.address.toLowerCase() === token.toLowerCase()) {
        return chain.clients.publicClient.getBalance({ address: vault });
      }
      return chain.clients.publicClient.readContract({
        address: token as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [vault],
      });
    },
  };
}

/** `metadata.sandboxProvider` (per request) beats the `forceProvider` switch; otherwise all providers are asked. */
function consultedProviders(ctx: ServiceContext, request: RouteRequest): ProviderName[] {
  const fromMetadata = request.metadata?.sandboxProvider;
  if (fromMetadata !== undefined) {
    if (typeof fromMetadata !== 'string' || !(PROVIDER_NAMES as readonly string[]).includes(fromMetadata)) {
      throw new RequestValidationError(`metadata.sandboxProvider must be one of ${PROVIDER_NAMES.join(', ')}`);
    }
    return [fromMetadata as ProviderName];
  }
  const forced = ctx.faults.peek('forceProvider');
  return forced ? [forced] : [...PROVIDER_NAMES];
}

function outcomeOverride(request: RouteRequest): OutcomeOverride | null {
  const value = request.metadata?.sandboxOutcome;
  if (value === undefined) return null;
  if (typeof value !== 'string' || !(OUTCOME_OVERRIDES as readonly string[]).includes(value)) {
    throw new RequestValidationError(`metadata.sandboxOutcome must be one of ${OUTCOME_OVERRIDES.join(', ')}`);
  }
  return value as OutcomeOverride;
}

type Planned = { kind: 'plan'; plan: RoutePlan; answers: ProviderAnswer[] } | { kind: 'none'; result: ApiResult };

async function planRoute(ctx: ServiceContext, request: RouteRequest, purpose: PlanPurpose): Promise<Planned> {
  const providers = consultedProviders(ctx, request);
  const failing = ctx.faults.peek('failedProviders');
  const context = planningContext(ctx);
  const answers = await Promise.all(providers.map((name) => askProvider(PROVIDERS[name], request, context, failing.includes(name), purpose)));
  const plans = answers.flatMap((a) => (a.outcome === 'ok' ? [a.plan] : []));
  const best = pickBest(plans);
  if (best) return { kind: 'plan', plan: best, answers };
  const anyFailed = answers.some((a) => a.outcome === 'failed');
  return {
    kind: 'none',
    result: json(anyFailed ? 502 : 422, {
      code: 'NO_ROUTE',
      error: anyFailed
        ? 'No route available: at least one provider gave no usable answer; retrying later may succeed'
        : 'No route available: every provider consulted declined this request',
      providers: answers.map((a) => ({
        provider: a.provider,
        outcome: a.outcome === 'ok' ? 'declined' : a.outcome,
        ...(a.outcome !== 'ok' ? { code: a.code, reason: a.reason } : {}),
      })),
    }),
  };
}

function parse(ctx: ServiceContext, body: unknown): RouteRequest {
  return parseRouteRequest(body, (id) => ctx.catalog.chain(id));
}

function validationFailure(error: unknown): ApiResult {
  if (error instanceof RequestValidationError) return json(400, { error: error.message, code: error.code });
  throw error;
}

export async function quote(ctx: ServiceContext, req: ApiRequest): Promise<ApiResult> {
  let request: RouteRequest;
  try {
    request = parse(ctx, req.body);
    consultedProviders(ctx, request);
  } catch (error) {
    return validationFailure(error);
  }
  // AML screening: generic refusal, never the reason.
  if (ctx.faults.isFlagged(request.fromAddress) || ctx.faults.isFlagged(request.toAddress)) {
    return json(403, { error: 'Quote could not be provided', code: 'QUOTE_REJECTED' });
  }
  const planned = await planRoute(ctx, request, 'quote');
  if (planned.kind === 'none') return planned.result;
  return json(200, {
    data: {
      estimate: estimateJson(planned.plan.estimate, ctx),
      provider: planned.plan.provider.name, // sandbox extra
    },
  });
}

export async function route(ctx: ServiceContext, req: ApiRequest): Promise<ApiResult> {
  let request: RouteRequest;
  let override: OutcomeOverride | null;
  try {
    request = parse(ctx, req.body);
    consultedProviders(ctx, request);
    override = outcomeOverride(request);
  } catch (error) {
    return validationFailure(error);
  }
  // As the spec warns, route runs no AML screening: that happens at quote only.
  const planned = await planRoute(ctx, request, 'route');
  if (planned.kind === 'none') return planned.result;
  const plan = planned.plan;
  const intentId = bytesToHex(randomBytes(32)) as Hex;
  const providerId = providerRequestId(plan.provider.name);
  const chain = ctx.chains.get(request.fromChain);
  if (!chain) throw new Error(`source chain ${request.fromChain} is not running`);
  const [fees, gasPrice] = await Promise.all([chain.clients.publicClient.estimateFeesPerGas(), chain.clients.publicClient.getGasPrice()]);

  const intent = newIntent(req, request, plan, override, intentId, providerId);
  ctx.store.add(intent);

  const sourceChainId = request.fromChain;
  const body = {
    data: {
      intentId,
      route: {
        estimate: estimateJson(plan.estimate, ctx),
        execution: {
          transaction: {
            to: plan.to,
            data: plan.calldata(intentId),
            value: plan.value.toString(),
            gasLimit: plan.gasLimit.toString(),
            gasPrice: gasPrice.toString(),
            maxFeePerGas: fees.maxFeePerGas.toString(),
            maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
            type: 'ON_CHAIN_EXECUTION',
            chainId: sourceChainId, // sandbox extra
          },
          ...(plan.approvals.length > 0
            ? {
                approvals: plan.approvals.map((a) => ({
                  chainId: sourceChainId,
                  tokenAddress: a.tokenAddress,
                  spender: a.spender,
                  amount: a.amount.toString(),
                })),
              }
            : {}),
        },
        provider: plan.provider.name,
        requestId: providerId,
        reliabilityScore: plan.provider.reliabilityScore,
      },
    },
  };
  const hostile = ctx.faults.peek('hostile');
  if (hostile) {
    const changed = applyHostileRoute(hostile, body.data.route, plan);
    if (changed) intent.hostileRoute = hostile;
    ctx.log(changed ? `hostile ${hostile}: route ${intentId}: ${changed}` : `hostile ${hostile}: route ${intentId} served honestly (mode does not fit)`);
  }
  return json(200, body, { 'X-Provider-Request-Id': providerId });
}

/** A new intent's record, as the route and deposit-address endpoints store it (the tracker advances it). */
function newIntent(req: ApiRequest, request: RouteRequest, plan: RoutePlan, override: OutcomeOverride | null, intentId: Hex, providerId: string): Intent {
  const now = Date.now();
  return {
    intentId,
    createdAt: now,
    updatedAt: now,
    requestId: req.requestId,
    providerRequestId: providerId,
    apiKeyId: req.apiKey.keyId,
    sdkRequest: req.apiKey.sdk,
    request,
    plan,
    status: 'pending',
    intentStatus: 'created',
    transactionId: null,
    sourceTxHash: null,
    sourceTxState: 'unknown',
    destTxHash: null,
    refundTxHash: null,
    toAmountWei: null,
    hookSucceeded: null,
    gasStatus: null,
    pollAttempt: 0,
    failureReason: null,
    submittedAt: null,
    bridgingSince: null,
    settlementAttempts: 0,
    refundHeld: false,
    outcomeOverride: override,
    hostileRoute: null,
    deposit: null,
  };
}

/**
 * A deposit address (the sandbox's shape, which the widget defines: docs/client.md): validated and planned like a
 * route (post hook rules included), by the providers that offer deposit addresses, from a local chain or from the
 * simulated Cosmos chain; a fresh address per intent, watched by the tracker (../deposits.ts). No AML screening,
 * as for a route: the quote before it screens. Every provider declining is 422 with their outcomes.
 */
export async function depositAddress(ctx: ServiceContext, req: ApiRequest): Promise<ApiResult> {
  let request: RouteRequest;
  let override: OutcomeOverride | null;
  try {
    request = parse(ctx, req.body);
    consultedProviders(ctx, request);
    override = outcomeOverride(request);
  } catch (error) {
    return validationFailure(error);
  }
  const planned = await planRoute(ctx, request, 'deposit');
  if (planned.kind === 'none') return planned.result;
  const plan = planned.plan;
  const source = ctx.catalog.chain(request.fromChain)!;
  const ttlSeconds = ctx.faults.peek('depositTtlSeconds');
  const deposit = await openDeposit(
    source,
    ctx.chains.get(request.fromChain),
    plan.fromToken,
    request.fromAmount,
    ttlSeconds === null ? DEPOSIT_TTL_MS : ttlSeconds * 1000,
  );
  const intentId = bytesToHex(randomBytes(32)) as Hex;
  const providerId = providerRequestId(plan.provider.name);
  const intent = { ...newIntent(req, request, plan, override, intentId, providerId), deposit, intentStatus: 'awaiting_deposit' };
  ctx.store.add(intent);
  const answer: HostileDepositTarget & Record<string, unknown> = {
    intentId,
    depositAddress: deposit.address,
    chainId: deposit.chainId,
    token: deposit.token,
    amount: deposit.amount.toString(),
    expiresAt: new Date(deposit.expiresAt).toISOString(),
    estimate: estimateJson(plan.estimate, ctx),
    provider: plan.provider.name,
  };
  const hostile = ctx.faults.peek('hostile');
  const lie = hostile && applyHostileDeposit(hostile, answer, request);
  if (lie) ctx.log(`hostile ${hostile}: deposit address ${intentId}: ${lie}`);
  return json(200, { data: answer }, { 'X-Provider-Request-Id': providerId });
}
