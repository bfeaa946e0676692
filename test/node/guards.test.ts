/**
 * The guards of issue 11 ("sign only what the user saw"), rule by rule: each
 * with a route a honest service sends (accepted, including the legitimate
 * edge cases) and one a compromised service could send (refused, naming the
 * rule). Pure functions: no chain, no DOM.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem';
import { routeResponseSchema, statusResponseSchema } from '../../src/api/schemas.ts';
import type { Chain, Route } from '../../src/api/schemas.ts';
import { usableApprovals } from '../../src/api/approvals.ts';
import { NATIVE_TOKEN } from '../../src/model/tokens.ts';
import { checkApproval, checkApprovals, checkRoute, checkStatus, checkTransaction, compareTerms, switchParams } from '../../src/flow/guards.ts';
import type { Agreement, Verdict } from '../../src/flow/guards.ts';

const SRC = '11155111';
const DST = '84532';
const USER = '0x1111111111111111111111111111111111111111';
const RECIPIENT = '0x2222222222222222222222222222222222222222';
const USDC = '0x3333333333333333333333333333333333333333';
const WETH = '0x4444444444444444444444444444444444444444';
const ROUTER = '0x5555555555555555555555555555555555555555';
const PROXY = '0x6666666666666666666666666666666666666666';
const FEE_COLLECTOR = '0x7777777777777777777777777777777777777777';
const AMOUNT = 25_000_000n;
const GAS_FEE = 300_000_000_000_000n;
const SERVICE_FEE = 25_000n;

function chain(chainId: string, networkName: string, rpc: string): Chain {
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
const sepolia = chain(SRC, 'Sepolia', 'https://rpc.sepolia.example');
const baseSepolia = chain(DST, 'Base Sepolia', 'https://rpc.base-sepolia.example');
const polygon = chain('137', 'Polygon', 'https://rpc.polygon.example');

function agreement(overrides: Partial<Agreement> = {}): Agreement {
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

const bridgeCall = '0x12345678' + '00'.repeat(64);

interface RawRoute {
  estimate?: Record<string, unknown>;
  transaction?: Record<string, unknown>;
  approvals?: Record<string, unknown>[] | undefined;
}

/** A route as the service sends it, read through the widget's own schema (so amounts are what the guards get in the widget). */
function route({
  estimate = {},
  transaction = {},
  approvals = [{ chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: String(AMOUNT) }],
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
        provider: 'swiftbridge',
      },
    },
  };
  return routeResponseSchema.parse(body).data.route;
}

function nativeRoute(value: bigint): Route {
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
const nativeAgreement = () => agreement({ fromToken: { address: NATIVE_TOKEN }, amount: 10n ** 16n });

function refused(verdict: Verdict, rule: string): void {
  assert.equal(verdict.ok, false, `expected a refusal by ${rule}`);
  if (!verdict.ok) assert.equal(verdict.rule, rule);
}
const accepted = (verdict: Verdict) => assert.deepEqual(verdict, { ok: true });

describe('guards: the transaction', () => {
  it('accepts the honest ERC-20 route whose value is the listed native fee', () => {
    accepted(checkTransaction(agreement(), route()));
    accepted(checkRoute(agreement(), route()));
  });

  it('refuses a fromAmount other than the amount requested', () => {
    refused(checkTransaction(agreement(), route({ estimate: { fromAmount: String(AMOUNT + 1n) } })), 'transaction-amount');
    refused(checkTransaction(agreement(), route({ estimate: { fromAmount: String(AMOUNT - 1n) } })), 'transaction-amount');
  });

  it('ERC-20 source: value within the listed native fees plus 1 % is accepted; above, or any value with no native fee listed, is refused', () => {
    accepted(checkTransaction(agreement(), route({ transaction: { value: String(GAS_FEE + GAS_FEE / 100n) } })));
    refused(checkTransaction(agreement(), route({ transaction: { value: String(GAS_FEE + GAS_FEE / 100n + 1n) } })), 'transaction-value');
    refused(checkTransaction(agreement(), route({ transaction: { value: String(2n * 10n ** 18n) } })), 'transaction-value');
    const noNativeFee = { fees: [] };
    accepted(checkTransaction(agreement(), route({ estimate: noNativeFee, transaction: { value: '0' } })));
    refused(checkTransaction(agreement(), route({ estimate: noNativeFee, transaction: { value: '1' } })), 'transaction-value');
  });

  it('a native fee listed for another chain does not count', () => {
    const fees = [
      { type: 'gas_receiver_fee', amount: String(GAS_FEE), amountUsd: '1', token: { chainId: DST, address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 } },
    ];
    refused(checkTransaction(agreement(), route({ estimate: { fees } })), 'transaction-value');
  });

  it('native source: value = amount + native fees is accepted (the legitimate edge); more is refused', () => {
    const amountPlusFees = 10n ** 16n + GAS_FEE + 10_000_000_000_000n;
    accepted(checkTransaction(nativeAgreement(), nativeRoute(10n ** 16n)));
    accepted(checkTransaction(nativeAgreement(), nativeRoute(amountPlusFees)));
    refused(checkTransaction(nativeAgreement(), nativeRoute(amountPlusFees + amountPlusFees / 10n)), 'transaction-value');
    refused(checkTransaction(nativeAgreement(), nativeRoute(10n ** 18n)), 'transaction-value');
  });

  it('refuses a malformed target, the zero address, the user, the source token and an approved token as `to`', () => {
    refused(checkTransaction(agreement(), route({ transaction: { to: USER.toUpperCase().replace('0X', '0x') } })), 'transaction-target');
    refused(checkTransaction(agreement(), route({ transaction: { to: USDC } })), 'transaction-target');
    refused(checkTransaction(agreement(), route({ transaction: { to: `0x${'0'.repeat(40)}` } })), 'transaction-target');
    const approvals = [{ chainId: SRC, tokenAddress: WETH, spender: PROXY, amount: '1' }];
    refused(checkTransaction(agreement(), route({ transaction: { to: WETH }, approvals })), 'transaction-target');
  });

  it('refuses ERC-20 transfer, transferFrom, approve, increaseAllowance and permit calldata, even to a contract that is not the token', () => {
    const calls = [
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ROUTER, AMOUNT] }),
      encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [USER, ROUTER, AMOUNT] }),
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, AMOUNT] }),
      '0x39509351' + '00'.repeat(64),
      '0xd505accf' + '00'.repeat(224),
    ];
    for (const data of calls) refused(checkTransaction(agreement(), route({ transaction: { data } })), 'transaction-calldata');
    accepted(checkTransaction(agreement(), route({ transaction: { data: '0x' } })));
  });

  it('the transaction is signed on the source chain: a chainId of another chain is refused, the source chain accepted', () => {
    accepted(checkTransaction(agreement(), route({ transaction: { chainId: SRC } })));
    refused(checkTransaction(agreement(), route({ transaction: { chainId: DST } })), 'transaction-chain');
  });

  it('a source chain missing from the chain list is refused', () => {
    refused(checkTransaction(agreement({ chains: [baseSepolia, polygon] }), route()), 'chain-unknown');
  });
});

describe('guards: approvals', () => {
  const approvalsOf = (r: Route) => usableApprovals(r, SRC);

  it('accepts the exact approval, and one with no chainId (it falls back to the source chain)', () => {
    accepted(checkApprovals(agreement(), route()));
    const r = route({ approvals: [{ tokenAddress: USDC, spender: PROXY, amount: String(AMOUNT) }] });
    accepted(checkApprovals(agreement(), r, approvalsOf(r)));
  });

  it('accepts two approvals to two spenders that add up to the amount plus the fee in the token', () => {
    const r = route({
      approvals: [
        { chainId: SRC, tokenAddress: USDC, spender: ROUTER, amount: String(AMOUNT - SERVICE_FEE) },
        { chainId: SRC, tokenAddress: USDC, spender: FEE_COLLECTOR, amount: String(SERVICE_FEE) },
      ],
    });
    accepted(checkApprovals(agreement(), r, approvalsOf(r)));
    // Each alone within the bound, together a drain: refused.
    const twice = route({
      approvals: [
        { chainId: SRC, tokenAddress: USDC, spender: ROUTER, amount: String(AMOUNT) },
        { chainId: SRC, tokenAddress: USDC, spender: FEE_COLLECTOR, amount: String(AMOUNT) },
      ],
    });
    refused(checkApprovals(agreement(), twice, approvalsOf(twice)), 'approval-amount');
  });

  it('skips entries the spec says to skip (no spender, no token, zero amount) before checking', () => {
    const r = route({
      approvals: [
        { chainId: SRC, tokenAddress: WETH, amount: '5' },
        { chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: '0' },
        { chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: String(AMOUNT) },
      ],
    });
    accepted(checkApprovals(agreement(), r, approvalsOf(r)));
  });

  it('refuses a token other than the source token', () => {
    const r = route({ approvals: [{ chainId: SRC, tokenAddress: WETH, spender: PROXY, amount: String(AMOUNT) }] });
    refused(checkApprovals(agreement(), r, approvalsOf(r)), 'approval-token');
  });

  it('refuses an approval on the destination chain or on a chain not in the list', () => {
    for (const chainId of [DST, '1']) {
      const r = route({ approvals: [{ chainId, tokenAddress: USDC, spender: PROXY, amount: String(AMOUNT) }] });
      refused(checkApprovals(agreement(), r, approvalsOf(r)), 'approval-chain');
    }
  });

  it('amount: up to fromAmount plus fees in the token is accepted; one more, or 1000×, is refused', () => {
    const at = (amount: bigint) => route({ approvals: [{ chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: String(amount) }] });
    accepted(checkApprovals(agreement(), at(AMOUNT + SERVICE_FEE), approvalsOf(at(AMOUNT + SERVICE_FEE))));
    refused(checkApprovals(agreement(), at(AMOUNT + SERVICE_FEE + 1n), approvalsOf(at(AMOUNT + SERVICE_FEE + 1n))), 'approval-amount');
    refused(checkApprovals(agreement(), at(1000n * AMOUNT), approvalsOf(at(1000n * AMOUNT))), 'approval-amount');
    refused(checkApproval(agreement(), route(), { chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: 0n }), 'approval-amount');
  });

  it('2^256−1 is refused without the unlimited-approval opt-in and accepted with it', () => {
    const r = route({ approvals: [{ chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: maxUint256.toString() }] });
    refused(checkApprovals(agreement(), r, approvalsOf(r)), 'approval-unlimited');
    accepted(checkApprovals(agreement({ unlimitedApproval: true }), r, approvalsOf(r)));
    // The opt-in is not a licence for any other amount above the bound.
    const huge = route({ approvals: [{ chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: String(1000n * AMOUNT) }] });
    refused(checkApprovals(agreement({ unlimitedApproval: true }), huge, approvalsOf(huge)), 'approval-amount');
  });

  it('refuses the user, the zero address or the token itself as spender', () => {
    for (const spender of [USER, `0x${'0'.repeat(40)}`, USDC]) {
      refused(checkApproval(agreement(), route(), { chainId: SRC, tokenAddress: USDC, spender: spender as `0x${string}`, amount: AMOUNT }), 'approval-spender');
    }
  });
});

describe('guards: chains', () => {
  it('builds switch parameters from the chain’s own entry of the list', () => {
    const built = switchParams(agreement(), SRC);
    assert.ok(built.ok);
    if (built.ok)
      assert.deepEqual(built.params, {
        chainId: 11155111,
        chainName: 'Sepolia',
        nativeCurrency: sepolia.nativeCurrency,
        rpcUrls: [sepolia.rpc],
        blockExplorerUrls: sepolia.blockExplorerUrls,
      });
  });

  it('refuses a chain other than the source, and a source chain missing from the list, with no parameters built', () => {
    const other = switchParams(agreement(), '137');
    refused(other as Verdict, 'transaction-chain');
    assert.equal('params' in other, false);
    refused(switchParams(agreement({ chains: [baseSepolia] }), SRC) as Verdict, 'chain-unknown');
    const nonEvm = { ...sepolia, chainId: 'cataclysm-1', chainType: 'cosmos' };
    refused(switchParams(agreement({ fromChain: nonEvm, chains: [nonEvm] }), 'cataclysm-1') as Verdict, 'chain-unknown');
  });
});

describe('guards: terms', () => {
  const quote = route().estimate;

  it('the same terms, or worse by no more than the slippage, pass', () => {
    assert.equal(compareTerms(quote, route(), 1), undefined);
    const slightly = route({ estimate: { toAmount: String((24975000n * 995n) / 1000n), toAmountMin: String((24725250n * 995n) / 1000n) } });
    assert.equal(compareTerms(quote, slightly, 1), undefined);
  });

  it('toAmount or toAmountMin 50 % worse is a terms change with both figures', () => {
    const halved = route({ estimate: { toAmount: '12487500', toAmountMin: '12362625' } });
    const change = compareTerms(quote, halved, 1);
    assert.ok(change);
    assert.deepEqual(change.worse, ['toAmount', 'toAmountMin']);
    assert.equal(change.before.toAmount, 24975000n);
    assert.equal(change.after.toAmount, 12487500n);
    const minOnly = compareTerms(quote, route({ estimate: { toAmountMin: '20000000' } }), 1);
    assert.deepEqual(minOnly?.worse, ['toAmountMin']);
  });

  it('a higher slippage tolerates more', () => {
    const lower = route({ estimate: { toAmount: String((24975000n * 97n) / 100n), toAmountMin: String((24725250n * 97n) / 100n) } });
    assert.ok(compareTerms(quote, lower, 1));
    assert.equal(compareTerms(quote, lower, 3), undefined);
  });

  it('fees in USD up by more than 10 % and 5 cents change the terms; a smaller rise does not', () => {
    assert.deepEqual(compareTerms(quote, route({ estimate: { totalFeesUsd: '1.30' } }), 1)?.worse, ['fees']);
    assert.equal(compareTerms(quote, route({ estimate: { totalFeesUsd: '1.10' } }), 1), undefined);
    const tiny = route({ estimate: { totalFeesUsd: '0.01' } }).estimate;
    assert.equal(compareTerms(tiny, route({ estimate: { totalFeesUsd: '0.04' } }), 1), undefined, 'a rise under 5 cents');
  });

  it('better terms pass', () => {
    assert.equal(compareTerms(quote, route({ estimate: { toAmount: '30000000', toAmountMin: '29000000', totalFeesUsd: '0.5' } }), 1), undefined);
  });
});

describe('guards: status', () => {
  const saved = { intentId: '0xintent', fromChainId: SRC, toChainId: DST, toAddress: RECIPIENT, sourceTxHash: `0x${'ab'.repeat(32)}` };
  const status = (data: Record<string, unknown>) =>
    statusResponseSchema.parse({
      data: {
        intent_id: '0xintent',
        status: 'success',
        from_chain_id: SRC,
        to_chain_id: DST,
        from_address: USER,
        to_address: RECIPIENT.toUpperCase().replace('0X', '0x'),
        source_tx_hash: saved.sourceTxHash,
        ...data,
      },
    });

  it('accepts the transfer’s own status, a pending stub, and a hash before the widget knows its own', () => {
    accepted(checkStatus(saved, status({})));
    accepted(checkStatus(saved, statusResponseSchema.parse({ data: { intent_id: '0xintent', status: 'pending' } })));
    accepted(checkStatus({ ...saved, sourceTxHash: undefined }, status({ source_tx_hash: `0x${'cd'.repeat(32)}` })));
  });

  it('refuses another intent id, other chains, another source hash, another recipient', () => {
    refused(checkStatus(saved, status({ intent_id: '0xother' })), 'status-intent');
    refused(checkStatus(saved, statusResponseSchema.parse({ data: { intent_id: '0xother', status: 'pending' } })), 'status-intent');
    refused(checkStatus(saved, status({ from_chain_id: '1' })), 'status-chain');
    refused(checkStatus(saved, status({ to_chain_id: '137' })), 'status-chain');
    refused(checkStatus(saved, status({ source_tx_hash: `0x${'cd'.repeat(32)}` })), 'status-tx-hash');
    refused(checkStatus(saved, status({ to_address: USER })), 'status-recipient');
  });
});
