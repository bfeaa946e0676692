/**
 * Routes and agreements as the guards and the effect rules see them: a route
 * as the service sends it, read through the widget's own schema (so amounts
 * and chain ids are what the rules get in the widget), and what the user
 * agreed to on the form. Shared by the guard, effect and schema
 * tests.
 */
import { routeResponseSchema } from '../../../src/api/transfer-schemas.ts';
import type { Chain, Route } from '../../../src/api/schemas.ts';
import { NATIVE_TOKEN } from '../../../src/model/tokens.ts';
import type { Agreement } from '../../../src/flow/guards.ts';
import { DST as DESTINATION_ID, SRC as SOURCE_ID } from './chains.ts';

export const SRC = String(SOURCE_ID);
export const DST = String(DESTINATION_ID);
export const USER = '0x1111111111111111111111111111111111111111';
export const RECIPIENT = '0x2222222222222222222222222222222222222222';
export const USDC = '0x3333333333333333333333333333333333333333';
export const WETH = '0x4444444444444444444444444444444444444444';
export const ROUTER = '0x5555555555555555555555555555555555555555';
export const PROXY = '0x6666666666666666666666666666666666666666';
export const FEE_COLLECTOR = '0x7777777777777777777777777777777777777777';
export const AMOUNT = 25_000_000n;
export const GAS_FEE = 300_000_000_000_000n;
export const SERVICE_FEE = 25_000n;

export function chain(chainId: string, networkName: string, rpc: string): Chain {
  return {
    chainId,
    chainName: networkName,
    networkName,
    chainType: 'evm',
    rpc,
    blockExplorerUrls: [`https://explorer.${chainId}.example`],
    providersSupported: [],
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    chainIconURI: undefined,
  };
}
export const sepolia = chain(SRC, 'Sepolia', 'https://rpc.sepolia.example');
export const baseSepolia = chain(DST, 'Base Sepolia', 'https://rpc.base-sepolia.example');
export const polygon = chain('137', 'Polygon', 'https://rpc.polygon.example');

export function agreement(overrides: Partial<Agreement> = {}): Agreement {
  return {
    fromChain: sepolia,
    toChain: baseSepolia,
    fromToken: { address: USDC },
    amount: AMOUNT,
    fromAddress: USER,
    toAddress: RECIPIENT,
    slippage: 1,
    chains: [sepolia, baseSepolia, polygon],
    ...overrides,
  };
}

export const bridgeCall = '0x12345678' + '00'.repeat(64);

export interface RawRoute {
  estimate?: Record<string, unknown>;
  transaction?: Record<string, unknown>;
  approvals?: Record<string, unknown>[] | undefined;
  provider?: string;
}

/** A route as the service sends it, read through the widget's own schema (so amounts are what the guards get in the widget). */
export function route({
  estimate = {},
  transaction = {},
  approvals = [{ chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: String(AMOUNT) }],
  provider = 'swiftbridge',
}: RawRoute = {}): Route {
  const body = {
    data: {
      intentId: '0xintent',
      route: {
        estimate: {
          fromAmount: String(AMOUNT),
          toAmount: '24975000',
          toAmountMin: '24725250',
          toAmountUsd: '24.97',
          totalFeesUsd: '1.05',
          fees: [
            {
              type: 'gas_receiver_fee',
              amount: String(GAS_FEE),
              amountUsd: '1.02',
              token: { chainId: SRC, address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 },
            },
            { type: 'service_fee', amount: String(SERVICE_FEE), amountUsd: '0.03', token: { chainId: SRC, address: USDC, symbol: 'USDC', decimals: 6 } },
          ],
          ...estimate,
        },
        execution: {
          transaction: { to: ROUTER, data: bridgeCall, value: String(GAS_FEE), gasLimit: '300000', type: 'ON_CHAIN_EXECUTION', ...transaction },
          ...(approvals ? { approvals } : {}),
        },
        provider,
      },
    },
  };
  return routeResponseSchema.parse(body).data.route;
}

export function nativeRoute(value: bigint): Route {
  return route({
    estimate: {
      fromAmount: String(10n ** 16n),
      fees: [
        { type: 'gas_receiver_fee', amount: String(GAS_FEE), amountUsd: '1.02', token: { chainId: SRC, address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 } },
        { type: 'service_fee', amount: '10000000000000', amountUsd: '0.03', token: { chainId: SRC, address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 } },
      ],
    },
    transaction: { value: String(value) },
    approvals: undefined,
  });
}
export const nativeAgreement = () => agreement({ fromToken: { address: NATIVE_TOKEN }, amount: 10n ** 16n });
