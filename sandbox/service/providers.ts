/**
 * The three simulated routing providers and how each turns a request into a
 * route over the sandbox contracts. Each provider either declines (a
 * negative answer), fails (fault switch: no usable answer) or returns a plan
 * with real calldata for its contract.
 */
import { encodeFunctionData, stringToHex, type Address, type Hex } from 'viem';
import { HoplineRouterAbi, SlowlaneBridgeAbi, SwiftRouterAbi } from '../artifacts/abis.js';
import { NATIVE_TOKEN_ADDRESS, type SandboxNetwork } from '../chains/networks.js';
import { CATACLYSM_CHAIN_ID, type CatalogChain, type CatalogToken, type ProviderName } from './catalog.js';
import { amountToMicroUsd, applySlippage, bps, convertAmount } from './money.js';
import type { PostHookPlan, RouteRequest } from './request-validation.js';

export interface ProviderProfile {
  name: ProviderName;
  reliabilityScore: number;
  serviceFeeBps: bigint;
  /** Native-token fee that pays the destination relayer's gas. */
  gasReceiverFeeWei: bigint;
  /** Highest slippage (percent) accepted; null = no ceiling. */
  maxSlippage: number | null;
  supportsNative: boolean;
  supportsHooks: boolean;
  supportsCataclysm: boolean;
  /** When set, only these token symbols can be bridged (both ends). */
  symbols: readonly string[] | null;
  estimatedRouteSeconds: number;
  gasLimit: { erc20: bigint; native: bigint };
  /** Offers deposit addresses (`POST /routes/deposit-address`). */
  depositAddresses: boolean;
}

/**
 * What a plan is for: a route (a transaction the user signs), a quote, or a
 * deposit address (the user sends the amount to an address; the service moves
 * it). A chain no wallet signs on here (`depositSource`) is a source for
 * quotes and deposit addresses only. A deposit carries no gas receiver fee: the
 * user sends the token alone, and the provider's cost comes out of its service fee.
 */
export type PlanPurpose = 'route' | 'quote' | 'deposit';

export const PROVIDERS: Readonly<Record<ProviderName, ProviderProfile>> = {
  // Spender ≠ transaction.to: tokens move through SwiftTokenTransferProxy.
  swiftbridge: {
    name: 'swiftbridge',
    reliabilityScore: 0.98,
    serviceFeeBps: 10n,
    // What paying the destination's gas costs on an L2 such as Base Sepolia: cents (0.00001 ETH is $0.03 at the
    // catalog's $3,000). Ten times that ($0.30, a mainnet price) made every ordinary 2-3 USDC transfer a real
    // 10-15 % loss once the widget counts fees paid on top in its value-loss check.
    gasReceiverFeeWei: 10_000_000_000_000n, // 0.00001 ETH
    maxSlippage: 3,
    supportsNative: true,
    supportsHooks: true,
    supportsCataclysm: true,
    symbols: null,
    estimatedRouteSeconds: 30,
    gasLimit: { erc20: 300_000n, native: 200_000n },
    depositAddresses: true,
  },
  // Two approvals: the router (bridged amount) and the fee collector (service fee).
  hopline: {
    name: 'hopline',
    reliabilityScore: 0.95,
    serviceFeeBps: 25n,
    gasReceiverFeeWei: 15_000_000_000_000n, // 0.000015 ETH
    maxSlippage: null,
    supportsNative: true,
    supportsHooks: true,
    supportsCataclysm: true,
    symbols: null,
    estimatedRouteSeconds: 120,
    gasLimit: { erc20: 400_000n, native: 200_000n },
    depositAddresses: true,
  },
  // The plain case (spender = transaction.to), USDC only, no native, no hooks, no Cosmos.
  slowlane: {
    name: 'slowlane',
    reliabilityScore: 0.82,
    serviceFeeBps: 50n,
    gasReceiverFeeWei: 0n,
    maxSlippage: 3,
    supportsNative: false,
    supportsHooks: false,
    supportsCataclysm: false,
    symbols: ['USDC'],
    estimatedRouteSeconds: 900,
    gasLimit: { erc20: 250_000n, native: 0n },
    depositAddresses: false,
  },
};

export interface FeeLine {
  type: 'gas_receiver_fee' | 'service_fee';
  amount: bigint;
  amountUsdMicro: bigint;
  token: CatalogToken;
}

export interface EstimateNumbers {
  fromAmount: bigint;
  toAmount: bigint;
  toAmountMin: bigint;
  fromAmountUsdMicro: bigint;
  toAmountUsdMicro: bigint;
  toAmountMinUsdMicro: bigint;
  totalFeesUsdMicro: bigint;
  fees: FeeLine[];
  slippage: number;
  estimatedRouteSeconds: number;
}

export interface ApprovalPlan {
  tokenAddress: Address;
  spender: Address;
  amount: bigint;
}

/** Everything needed to build the transaction, track the deposit and settle the destination. */
export interface RoutePlan {
  provider: ProviderProfile;
  /** The local EVM chain the transaction runs on; undefined for a deposit-only source (the simulated Cosmos chain). */
  source: SandboxNetwork | undefined;
  destination: CatalogChain;
  fromToken: CatalogToken;
  toToken: CatalogToken;
  estimate: EstimateNumbers;
  approvals: ApprovalPlan[];
  /** Contract the transaction goes to; also the escrow that emits BridgeDeposit. */
  to: Address;
  value: bigint;
  gasLimit: bigint;
  /** What the BridgeDeposit event must show for the deposit to match. */
  expectedDeposit: { token: Address; amount: bigint; nativeFee: bigint };
  /** Amount handed to the post hook (0 without one). */
  hookAmount: bigint;
  postHook: PostHookPlan | null;
  calldata(intentId: Hex): Hex;
}

export type ProviderAnswer =
  { provider: ProviderName; outcome: 'declined' | 'failed'; code: string; reason: string } | { provider: ProviderName; outcome: 'ok'; plan: RoutePlan };

export interface PlanningContext {
  chain(chainId: string): CatalogChain | undefined;
  token(chainId: string, address: string): CatalogToken | undefined;
  nativeToken(chainId: string): CatalogToken | undefined;
  /** Destination liquidity for EVM chains (vault balance), bigint smallest units. */
  vaultBalance(chainId: string, token: string): Promise<bigint>;
}

function decline(provider: ProviderName, code: string, reason: string): ProviderAnswer {
  return { provider, outcome: 'declined', code, reason };
}

export async function askProvider(
  profile: ProviderProfile,
  request: RouteRequest,
  context: PlanningContext,
  failing: boolean,
  purpose: PlanPurpose = 'route',
): Promise<ProviderAnswer> {
  const name = profile.name;
  if (failing) return { provider: name, outcome: 'failed', code: 'UPSTREAM_TIMEOUT', reason: 'Provider did not answer in time' };

  const sourceChain = context.chain(request.fromChain);
  const destination = context.chain(request.toChain);
  const signable = !!sourceChain?.local && sourceChain.routable === 'source-and-destination';
  if (!sourceChain || (!signable && !(sourceChain.depositSource && purpose !== 'route'))) {
    const depositOnly = sourceChain?.depositSource ? ': it is paid into a deposit address only' : '';
    return decline(name, 'SOURCE_CHAIN_NOT_SUPPORTED', `Chain ${request.fromChain} is not supported as a source${depositOnly}`);
  }
  if (purpose === 'deposit' && !profile.depositAddresses) {
    return decline(name, 'DEPOSIT_ADDRESS_NOT_SUPPORTED', 'Deposit addresses are not offered by this provider');
  }
  if (!destination || destination.routable === 'no' || !destination.providersSupported.includes(name)) {
    return decline(name, 'DESTINATION_NOT_SUPPORTED', `Chain ${request.toChain} is not supported as a destination`);
  }
  if (destination.chainId === CATACLYSM_CHAIN_ID && !profile.supportsCataclysm) {
    return decline(name, 'DESTINATION_NOT_SUPPORTED', `Chain ${request.toChain} is not supported as a destination`);
  }
  if (sourceChain.chainId === destination.chainId) {
    return decline(name, 'SAME_CHAIN_NOT_SUPPORTED', 'Source and destination chain are the same');
  }
  const fromToken = context.token(request.fromChain, request.fromToken);
  const toToken = context.token(request.toChain, request.toToken);
  if (!fromToken?.routable) return decline(name, 'TOKEN_NOT_SUPPORTED', `fromToken ${request.fromToken} is not supported`);
  if (!toToken?.routable) return decline(name, 'TOKEN_NOT_SUPPORTED', `toToken ${request.toToken} is not supported`);
  const nativeSource = fromToken.category === 'native';
  if (nativeSource && !profile.supportsNative) {
    return decline(name, 'NATIVE_NOT_SUPPORTED', 'Native-token routes are not supported');
  }
  if (profile.symbols && (!profile.symbols.includes(fromToken.symbol) || !profile.symbols.includes(toToken.symbol))) {
    return decline(name, 'PAIR_NOT_SUPPORTED', `Pair ${fromToken.symbol} → ${toToken.symbol} is not supported`);
  }
  if (profile.maxSlippage !== null && request.slippage > profile.maxSlippage) {
    return decline(name, 'SLIPPAGE_TOO_HIGH', `Slippage above ${profile.maxSlippage}% is not accepted`);
  }
  if (request.postHook && !profile.supportsHooks) {
    return decline(name, 'HOOKS_NOT_SUPPORTED', 'Post hooks are not supported');
  }
  const sourceNative = context.nativeToken(request.fromChain);
  if (!sourceNative && signable) return decline(name, 'SOURCE_CHAIN_NOT_SUPPORTED', 'Source chain has no native token');

  // Fees: the service fee is taken in the source token; the gas receiver fee in
  // the source chain's native token, paid as value on ERC-20 routes and
  // deducted from the amount on native routes (value then carries the amount).
  const serviceFee = bps(request.fromAmount, profile.serviceFeeBps);
  const gasFee = purpose === 'deposit' || !signable ? 0n : profile.gasReceiverFeeWei;
  const net = request.fromAmount - serviceFee - (nativeSource ? gasFee : 0n);
  if (net <= 0n) return decline(name, 'AMOUNT_TOO_LOW', 'Amount does not cover the fees');
  const toAmount = convertAmount(net, fromToken, toToken);
  if (toAmount <= 0n) return decline(name, 'AMOUNT_TOO_LOW', 'Amount does not cover the fees');

  let hookAmount = 0n;
  if (request.postHook) {
    hookAmount = request.postHook.mode === 'full' ? toAmount : (request.postHook.fundAmount ?? 0n);
    if (hookAmount > toAmount) {
      return decline(name, 'HOOK_AMOUNT_TOO_HIGH', 'fundAmount exceeds the expected destination amount');
    }
  }

  if (destination.local) {
    const liquidity = await context.vaultBalance(destination.chainId, toToken.address);
    if (liquidity < toAmount) return decline(name, 'INSUFFICIENT_LIQUIDITY', 'Not enough liquidity on the destination');
  }

  const fees: FeeLine[] = [];
  if (gasFee > 0n && sourceNative) {
    fees.push({
      type: 'gas_receiver_fee',
      amount: gasFee,
      amountUsdMicro: amountToMicroUsd(gasFee, sourceNative.decimals, sourceNative.priceMicro),
      token: sourceNative,
    });
  }
  fees.push({
    type: 'service_fee',
    amount: serviceFee,
    amountUsdMicro: amountToMicroUsd(serviceFee, fromToken.decimals, fromToken.priceMicro),
    token: fromToken,
  });
  const toAmountMin = applySlippage(toAmount, request.slippage);
  const estimate: EstimateNumbers = {
    fromAmount: request.fromAmount,
    toAmount,
    toAmountMin,
    fromAmountUsdMicro: amountToMicroUsd(request.fromAmount, fromToken.decimals, fromToken.priceMicro),
    toAmountUsdMicro: amountToMicroUsd(toAmount, toToken.decimals, toToken.priceMicro),
    toAmountMinUsdMicro: amountToMicroUsd(toAmountMin, toToken.decimals, toToken.priceMicro),
    totalFeesUsdMicro: fees.reduce((sum, fee) => sum + fee.amountUsdMicro, 0n),
    fees,
    slippage: request.slippage,
    estimatedRouteSeconds: profile.estimatedRouteSeconds,
  };

  const source = sourceChain.local;
  const destChain = destination.chainId;
  const base = {
    provider: profile,
    source,
    destination,
    fromToken,
    toToken,
    estimate,
    hookAmount,
    postHook: request.postHook,
    gasLimit: nativeSource ? profile.gasLimit.native : profile.gasLimit.erc20,
  };
  if (!source || !signable) {
    // A deposit-only source: no transaction to build; the service moves what arrives at the deposit address.
    return ok(name, {
      ...base,
      source: undefined,
      gasLimit: 0n,
      to: '0x0000000000000000000000000000000000000000',
      value: 0n,
      approvals: [],
      expectedDeposit: { token: fromToken.address as Address, amount: request.fromAmount, nativeFee: 0n },
      calldata: () => '0x',
    });
  }
  const recipient: Hex = destination.chainType === 'evm' ? (request.toAddress.toLowerCase() as Hex) : stringToHex(request.toAddress);
  const token = fromToken.address as Address;
  const routed = { ...base, source };

  switch (name) {
    case 'swiftbridge': {
      const to = source.contracts.swiftRouter;
      if (nativeSource) {
        return ok(name, {
          ...routed,
          to,
          value: request.fromAmount,
          approvals: [],
          expectedDeposit: { token: NATIVE_TOKEN_ADDRESS, amount: request.fromAmount, nativeFee: 0n },
          calldata: (intentId) => encodeFunctionData({ abi: SwiftRouterAbi, functionName: 'bridgeNative', args: [intentId, destChain, recipient] }),
        });
      }
      return ok(name, {
        ...routed,
        to,
        value: gasFee,
        approvals: [{ tokenAddress: token, spender: source.contracts.swiftTokenTransferProxy, amount: request.fromAmount }],
        expectedDeposit: { token, amount: request.fromAmount, nativeFee: gasFee },
        calldata: (intentId) =>
          encodeFunctionData({
            abi: SwiftRouterAbi,
            functionName: 'bridgeERC20',
            args: [intentId, token, request.fromAmount, destChain, recipient],
          }),
      });
    }
    case 'hopline': {
      const to = source.contracts.hoplineRouter;
      if (nativeSource) {
        return ok(name, {
          ...routed,
          to,
          value: request.fromAmount,
          approvals: [],
          expectedDeposit: { token: NATIVE_TOKEN_ADDRESS, amount: request.fromAmount, nativeFee: 0n },
          calldata: (intentId) =>
            encodeFunctionData({
              abi: HoplineRouterAbi,
              functionName: 'bridge',
              args: [intentId, NATIVE_TOKEN_ADDRESS, request.fromAmount, 0n, destChain, recipient],
            }),
        });
      }
      const bridged = request.fromAmount - serviceFee;
      const approvals: ApprovalPlan[] = [{ tokenAddress: token, spender: to, amount: bridged }];
      if (serviceFee > 0n) {
        approvals.push({ tokenAddress: token, spender: source.contracts.hoplineFeeCollector, amount: serviceFee });
      }
      return ok(name, {
        ...routed,
        to,
        value: gasFee,
        approvals,
        expectedDeposit: { token, amount: bridged, nativeFee: gasFee },
        calldata: (intentId) =>
          encodeFunctionData({
            abi: HoplineRouterAbi,
            functionName: 'bridge',
            args: [intentId, token, bridged, serviceFee, destChain, recipient],
          }),
      });
    }
    case 'slowlane': {
      const to = source.contracts.slowlaneBridge;
      return ok(name, {
        ...routed,
        to,
        value: 0n,
        approvals: [{ tokenAddress: token, spender: to, amount: request.fromAmount }],
        expectedDeposit: { token, amount: request.fromAmount, nativeFee: 0n },
        calldata: (intentId) =>
          encodeFunctionData({
            abi: SlowlaneBridgeAbi,
            functionName: 'deposit',
            args: [intentId, token, request.fromAmount, destChain, recipient],
          }),
      });
    }
  }
}

function ok(provider: ProviderName, plan: RoutePlan): ProviderAnswer {
  return { provider, outcome: 'ok', plan };
}

/**
 * Best route: highest destination value net of fees paid on top of the
 * amount (the native gas fee on ERC-20 routes), then reliability.
 */
export function pickBest(plans: RoutePlan[]): RoutePlan | undefined {
  const score = (plan: RoutePlan) => {
    const onTop = plan.fromToken.category === 'native' ? 0n : (plan.estimate.fees.find((f) => f.type === 'gas_receiver_fee')?.amountUsdMicro ?? 0n);
    return plan.estimate.toAmountUsdMicro - onTop;
  };
  return [...plans].sort((a, b) => {
    const diff = score(b) - score(a);
    if (diff !== 0n) return diff > 0n ? 1 : -1;
    return b.provider.reliabilityScore - a.provider.reliabilityScore;
  })[0];
}
