/**
 * The guards ("sign only what the user saw"), rule by rule: each
 * with a route a honest service sends (accepted, including the legitimate
 * edge cases) and one a compromised service could send (refused, naming the
 * rule). Pure functions: no chain, no DOM.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem';
import { statusResponseSchema } from '../../src/api/transfer-schemas.ts';
import type { Chain, Route } from '../../src/api/schemas.ts';
import { usableApprovals } from '../../src/api/approvals.ts';
import { NATIVE_TOKEN } from '../../src/model/tokens.ts';
import {
  MAX_APPROVALS,
  MAX_CALLDATA_BYTES,
  checkApproval,
  checkApprovals,
  checkBounds,
  checkRoute,
  checkStatus,
  checkTransaction,
  compareTerms,
  refusalMessage,
  refuse,
  switchParams,
  walletUrls,
} from '../../src/flow/guards.ts';
import type { RequiredApproval } from '../../src/api/approvals.ts';
import type { GuardRule, Verdict } from '../../src/flow/guards.ts';
import {
  SRC,
  DST,
  USER,
  RECIPIENT,
  USDC,
  WETH,
  ROUTER,
  PROXY,
  FEE_COLLECTOR,
  AMOUNT,
  GAS_FEE,
  SERVICE_FEE,
  sepolia,
  baseSepolia,
  polygon,
  agreement,
  bridgeCall,
  route,
  nativeRoute,
  nativeAgreement,
} from './helpers/route-fixtures.ts';

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

  it('reads execution.approvals as the spec says: entries without a well-formed spender or token, or without a positive amount, are skipped', () => {
    const good = { chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: String(AMOUNT) };
    assert.deepEqual(approvalsOf(route({ approvals: [] })), []);
    const r = route({
      approvals: [
        { chainId: SRC, tokenAddress: USDC, amount: String(AMOUNT) },
        { chainId: SRC, spender: PROXY, amount: String(AMOUNT) },
        { ...good, spender: '0x1234' },
        { ...good, tokenAddress: 'USDC' },
        { ...good, spender: '' },
        { chainId: SRC, tokenAddress: USDC, spender: PROXY },
        { ...good, amount: '' },
        { ...good, amount: '0' },
        { ...good, spender: ROUTER, chainId: undefined },
        good,
      ],
    });
    assert.deepEqual(approvalsOf(r), [
      { chainId: SRC, tokenAddress: USDC, spender: ROUTER, amount: AMOUNT },
      { chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: AMOUNT },
    ]);
  });

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

  it('gives the wallet only https: URLs (http: on the loopback interface) and a cleaned name', () => {
    const hostile: Chain = {
      ...sepolia,
      networkName: `Sepolia \u202E${'x'.repeat(200)}`,
      rpc: 'javascript:alert(1)',
      blockExplorerUrls: ['javascript:alert(document.domain)', 'http://explorer.example', 'data:text/html,hi', 'https://explorer.example/'],
      nativeCurrency: { name: '\u202EEther', symbol: 'ETH\u2066', decimals: 18 },
    };
    const built = switchParams(agreement({ fromChain: hostile, chains: [hostile] }), SRC);
    assert.ok(built.ok);
    if (!built.ok) return;
    assert.deepEqual(built.params.rpcUrls, []);
    assert.deepEqual(built.params.blockExplorerUrls, ['https://explorer.example/']);
    assert.equal(built.params.chainName, `Sepolia ${'x'.repeat(31)}…`);
    assert.deepEqual(built.params.nativeCurrency, { name: 'Ether', symbol: 'ETH', decimals: 18 });
    assert.deepEqual(
      walletUrls(['http://127.0.0.1:8545', 'http://localhost:8545/', 'http://[::1]:8545', 'http://10.0.0.1:8545', 'https://rpc.example', undefined, '']),
      ['http://127.0.0.1:8545', 'http://localhost:8545/', 'http://[::1]:8545', 'https://rpc.example'],
    );
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

describe('guards: bounded routes', () => {
  const approval = { chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: '1' };

  it(`up to ${MAX_APPROVALS} approval entries pass; one more, 50 or 5,000 are refused at once, before any other rule`, () => {
    accepted(checkBounds(route({ approvals: Array.from({ length: MAX_APPROVALS }, () => approval) })));
    for (const count of [MAX_APPROVALS + 1, 50, 5_000]) {
      const r = route({ approvals: Array.from({ length: count }, () => approval), transaction: { value: String(10n ** 21n) } });
      refused(checkBounds(r), 'approval-count');
      // First, even though the value is inflated too.
      refused(checkRoute(agreement(), r), 'approval-count');
    }
    assert.equal(refusalMessage('approval-count'), 'The route asks for more approvals than a transfer needs. Nothing was signed.');
  });

  it(`calldata up to ${MAX_CALLDATA_BYTES} bytes passes; one byte more is refused; an odd number of hex digits is no calldata`, () => {
    const sized = (bytes: number) => route({ transaction: { data: `0x12345678${'00'.repeat(bytes - 4)}` } });
    accepted(checkBounds(sized(MAX_CALLDATA_BYTES)));
    accepted(checkTransaction(agreement(), sized(MAX_CALLDATA_BYTES)));
    refused(checkBounds(sized(MAX_CALLDATA_BYTES + 1)), 'transaction-calldata-size');
    refused(checkRoute(agreement(), sized(MAX_CALLDATA_BYTES + 1)), 'transaction-calldata-size');
    refused(checkTransaction(agreement(), route({ transaction: { data: `${bridgeCall}0` } })), 'transaction-calldata');
  });
});

describe('guards: chain ids compare as numbers', () => {
  it('an approval and a transaction naming the source chain in 0x hex (any case) are the source chain', () => {
    const hex = route({
      transaction: { chainId: '0xaa36a7' },
      approvals: [{ chainId: '0xAA36A7', tokenAddress: USDC, spender: PROXY, amount: String(AMOUNT) }],
    });
    assert.equal(hex.execution.transaction.chainId, SRC, 'the schema writes it in decimal');
    accepted(checkRoute(agreement(), hex));
    // The rules compare as numbers on their own too, whatever spelling reaches them.
    const raw: RequiredApproval = { chainId: '0xaa36a7', tokenAddress: USDC, spender: PROXY, amount: AMOUNT };
    accepted(checkApproval(agreement(), route(), raw));
    accepted(checkApproval(agreement({ fromChain: { ...sepolia, chainId: '0xaa36a7' } }), route(), { ...raw, chainId: SRC }));
  });

  it('another chain in hex is another chain; an id that is neither decimal nor 0x hex is refused as unreadable', () => {
    refused(checkTransaction(agreement(), route({ transaction: { chainId: '0x14a34' } })), 'transaction-chain');
    refused(checkApproval(agreement(), route(), { chainId: '0x1', tokenAddress: USDC, spender: PROXY, amount: AMOUNT }), 'approval-chain');
    for (const unreadable of ['sepolia', '011155111', '0x', '1e3', '11155111.0', ' 11155111']) {
      refused(checkTransaction(agreement(), route({ transaction: { chainId: unreadable } })), 'chain-unreadable');
      refused(checkApproval(agreement(), route(), { chainId: unreadable, tokenAddress: USDC, spender: PROXY, amount: AMOUNT }), 'chain-unreadable');
    }
    assert.equal(refusalMessage('chain-unreadable'), 'The route names a chain the widget cannot read. Nothing was signed.');
  });

  it('a status naming the chains in hex is the transfer’s own', () => {
    const saved = { intentId: '0xintent', fromChainId: SRC, toChainId: DST, toAddress: RECIPIENT };
    const status = (from: string, to: string) =>
      statusResponseSchema.parse({ data: { intent_id: '0xintent', status: 'bridging', from_chain_id: from, to_chain_id: to, to_address: RECIPIENT } });
    accepted(checkStatus(saved, status('0xaa36a7', '0x14a34')));
    refused(checkStatus(saved, status('0x14a34', '0xaa36a7')), 'status-chain');
  });
});

describe('guards: every rule has its sentence, and the edges of each bound (mutation testing)', () => {
  it('each refusal says what was refused, and always that nothing was signed', () => {
    const sentences: Record<string, string> = {
      'terms-changed': 'The terms changed and were not accepted.',
      'approval-count': 'The route asks for more approvals than a transfer needs.',
      'transaction-calldata-size': 'The route’s transaction is far larger than a transfer needs.',
      'chain-unreadable': 'The route names a chain the widget cannot read.',
      'approval-spender-code': 'The route asks you to approve an address that is not a contract.',
      'transaction-target-code': 'The route sends the transfer to an address that is not a contract.',
      'effect-reverted': 'The route would fail on chain.',
      'effect-token': 'The route would move another token out of your wallet.',
      'effect-allowance': 'The route would give another address access to your tokens.',
      'transaction-amount': 'The route asks for more than you agreed to send.',
      'transaction-value': 'The route asks for more than you agreed to send.',
      'approval-amount': 'The route asks for more than you agreed to send.',
      'approval-unlimited': 'The route asks for more than you agreed to send.',
      'effect-amount': 'The route asks for more than you agreed to send.',
      'effect-native': 'The route asks for more than you agreed to send.',
      'transaction-target': 'The route asks you to sign something other than this transfer.',
      'approval-token': 'The route asks you to sign something other than this transfer.',
    };
    for (const [rule, sentence] of Object.entries(sentences)) assert.equal(refusalMessage(rule as GuardRule), `${sentence} Nothing was signed.`, rule);
    assert.equal(refusalMessage('effect-reverted', 'out of tokens'), 'The route would fail on chain: out of tokens. Nothing was signed.');
    assert.deepEqual(refuse('effect-reverted', 'out of tokens'), { ok: false, rule: 'effect-reverted', reason: 'out of tokens' });
    assert.deepEqual(refuse('effect-token'), { ok: false, rule: 'effect-token' });
  });

  it('an approval entry without a token is no token the transaction could be sent to', () => {
    accepted(checkTransaction(agreement(), route({ approvals: [{ chainId: SRC, spender: PROXY, amount: '1' }] })));
  });

  it('DAI’s older permit is never the bridge call', () => {
    refused(checkTransaction(agreement(), route({ transaction: { data: `0x8fcbaf0c${'00'.repeat(64)}` } })), 'transaction-calldata');
  });

  it('one approval above the bound is refused on its own; the bound itself passes', () => {
    const bound = AMOUNT + SERVICE_FEE;
    accepted(checkApproval(agreement(), route(), { chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: bound }));
    refused(checkApproval(agreement(), route(), { chainId: SRC, tokenAddress: USDC, spender: PROXY, amount: bound + 1n }), 'approval-amount');
  });

  it('a route within its bounds still meets every other rule; a route without approvals is within them', () => {
    refused(checkRoute(agreement(), route({ transaction: { value: String(10n ** 21n) } })), 'transaction-value');
    const r = nativeRoute(GAS_FEE);
    accepted(checkBounds({ ...r, execution: { ...r.execution, approvals: undefined } }));
  });

  it('the transaction’s own chain id does not spare the chain-list check; without a list, the agreed chains are it', () => {
    refused(checkTransaction(agreement({ chains: [baseSepolia, polygon] }), route({ transaction: { chainId: SRC } })), 'chain-unknown');
    accepted(checkTransaction(agreement({ chains: undefined }), route()));
    accepted(checkTransaction(agreement({ chains: [] }), route()));
  });

  it('a chain without a native currency is added as Ether', () => {
    const bare = { ...sepolia, nativeCurrency: undefined };
    const built = switchParams(agreement({ fromChain: bare, chains: [bare] }), SRC);
    assert.ok(built.ok);
    if (built.ok) assert.deepEqual(built.params.nativeCurrency, { name: 'Ether', symbol: 'ETH', decimals: 18 });
  });

  it('loopback http: means 127.x.y.z, localhost and [::1] exactly, and only over http:', () => {
    assert.deepEqual(
      walletUrls(['http://127.10.20.30:8545', 'http://127.0.0.1.evil.example', 'http://evil-localhost:8545', 'ws://localhost:8545', 'ftp://127.0.0.1/']),
      ['http://127.10.20.30:8545'],
    );
  });

  it('fees: a rise of exactly 10 % is not worse; a rise of exactly $0.05 from nothing is', () => {
    assert.equal(compareTerms({ ...route().estimate, totalFeesUsd: '10' }, route({ estimate: { totalFeesUsd: '11' } }), 1), undefined);
    assert.deepEqual(compareTerms({ ...route().estimate, totalFeesUsd: '0' }, route({ estimate: { totalFeesUsd: '0.05' } }), 1)?.worse, ['fees']);
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
