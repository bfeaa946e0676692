/**
 * The effect rules ("judge a route by what it does"), rule by
 * rule: the simulated calls of a honest route pass (including the
 * legitimate edge cases: two approvals, an allowance lowered as it is spent,
 * a revocation, dust coming back, the unlimited opt-in), and each effect a
 * compromised service could hide in a call is refused, naming its rule. The
 * logs are encoded with viem, as a node returns them. Pure functions: the
 * same rules against real anvil simulations are in test/node/simulation.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  encodeAbiParameters,
  encodeErrorResult,
  encodeEventTopics,
  erc1155Abi,
  erc20Abi,
  erc721Abi,
  keccak256,
  maxUint160,
  maxUint256,
  parseAbi,
  toEventSelector,
  toHex,
  type AbiEvent,
  type Hex,
} from 'viem';
import type { RequiredApproval } from '../../src/api/approvals.ts';
import { readSimulation, simulationRequest, type SimulatedCall, type SimulatedLog } from '../../src/api/simulation.ts';
import { FOUR_TOPICS, THREE_TOPICS, checkEffects, readEffects, revertReason } from '../../src/flow/effects.ts';
import { refusalMessage, type Verdict } from '../../src/flow/guards.ts';
import { NATIVE_TOKEN } from '../../src/model/tokens.ts';
import {
  AMOUNT,
  FEE_COLLECTOR,
  GAS_FEE,
  PROXY,
  ROUTER,
  SERVICE_FEE,
  SRC,
  USDC,
  USER,
  WETH,
  agreement,
  nativeAgreement,
  nativeRoute,
  route,
} from './helpers/route-fixtures.ts';

const ATTACKER = '0x8888888888888888888888888888888888888888';
const NFT = '0x9999999999999999999999999999999999999999';
const PERMIT2 = '0x000000000022d473030f116ddee9f6b43ac78ba3';

const abi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);
const nftAbi = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
]);
const permit2Abi = parseAbi([
  'event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)',
  'event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)',
]);

const word = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value]);
const log = (address: string, topics: readonly unknown[], data: Hex = '0x'): SimulatedLog => ({
  address: address.toLowerCase(),
  topics: topics as Hex[],
  data,
});
const transfer = (token: string, from: string, to: string, value: bigint) =>
  log(token, encodeEventTopics({ abi, eventName: 'Transfer', args: { from: from as Hex, to: to as Hex } }), word(value));
const approval = (token: string, owner: string, spender: string, value: bigint) =>
  log(token, encodeEventTopics({ abi, eventName: 'Approval', args: { owner: owner as Hex, spender: spender as Hex } }), word(value));
const call = (...logs: SimulatedLog[]): SimulatedCall => ({ ok: true, returnData: '0x', gasUsed: 50_000n, logs });
const reverted = (returnData: Hex): SimulatedCall => ({ ok: false, returnData, gasUsed: 30_000n, logs: [] });

/** The approvals as the widget sends them. */
const sent = (...entries: [spender: string, amount: bigint, token?: string][]): RequiredApproval[] =>
  entries.map(([spender, amount, token = USDC]) => ({ chainId: SRC, tokenAddress: token as Hex, spender: spender as Hex, amount }));

/** The honest swiftbridge-like sequence: approve the proxy, then the router pulls the tokens and takes the native fee. */
function honest(extra: SimulatedLog[] = []): SimulatedCall[] {
  return [call(approval(USDC, USER, PROXY, AMOUNT)), call(transfer(NATIVE_TOKEN, USER, ROUTER, GAS_FEE), transfer(USDC, USER, ROUTER, AMOUNT), ...extra)];
}

const judge = (calls: SimulatedCall[], approvals = sent([PROXY, AMOUNT]), agreed = agreement(), r = route()) =>
  checkEffects(agreed, r, approvals, readEffects(USER, calls));

function refused(verdict: Verdict, rule: string): void {
  assert.equal(verdict.ok, false, `expected a refusal by ${rule}`);
  if (!verdict.ok) assert.equal(verdict.rule, rule);
}
const accepted = (verdict: Verdict) => assert.deepEqual(verdict, { ok: true });

describe('effects: reading the simulation', () => {
  it('the events read are their standards’ declarations (ERC-20, ERC-721, ERC-1155, Permit2), by the number of topics', () => {
    const signature = (e: AbiEvent) => `${e.name}(${e.inputs.map((i) => `${i.type}${'indexed' in i && i.indexed ? ' indexed' : ''}`).join(',')})`;
    assert.deepEqual(THREE_TOPICS.map(signature), [
      'Transfer(address indexed,address indexed,uint256)',
      'Approval(address indexed,address indexed,uint256)',
      'ApprovalForAll(address indexed,address indexed,bool)',
    ]);
    assert.deepEqual(FOUR_TOPICS.map(signature), [
      'Transfer(address indexed,address indexed,uint256 indexed)',
      'Approval(address indexed,address indexed,uint256 indexed)',
      'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)',
      'TransferBatch(address indexed,address indexed,address indexed,uint256[],uint256[])',
      'Approval(address indexed,address indexed,address indexed,uint160,uint48)',
      'Permit(address indexed,address indexed,address indexed,uint160,uint48,uint48)',
    ]);
    // The same events as viem's own ERC-20, ERC-721 and ERC-1155 ABIs declare them.
    const standard = ([...erc20Abi, ...erc721Abi, ...erc1155Abi] as readonly (AbiEvent | { type: string })[])
      .filter((item): item is AbiEvent => item.type === 'event')
      .map(signature);
    for (const e of [...THREE_TOPICS, ...FOUR_TOPICS].filter((e) => !(e.inputs[1]?.name === 'token'))) assert.ok(standard.includes(signature(e)), signature(e));
  });

  it('counts net amounts per asset, only from successful calls, and notes the first revert', () => {
    const effects = readEffects(USER, [
      ...honest([transfer(USDC, ROUTER, USER, 5n)]),
      { ...call(transfer(WETH, USER, ATTACKER, 1n)), ok: false, returnData: '0x' },
    ]);
    assert.deepEqual(
      effects.net,
      new Map([
        [NATIVE_TOKEN, GAS_FEE],
        [USDC.toLowerCase(), AMOUNT - 5n],
      ]),
    );
    assert.deepEqual(effects.reverted, { index: 2, reason: undefined });
    assert.deepEqual(effects.grants, [{ kind: 'allowance', token: USDC.toLowerCase(), spender: PROXY.toLowerCase(), amount: AMOUNT }]);
  });

  it('reads a revert reason from Error(string) and Panic(uint256), none from a custom error or empty data; reasons are inert and short', () => {
    const error = (message: string) => encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [message] });
    assert.equal(revertReason(error('ERC20: insufficient allowance')), 'ERC20: insufficient allowance');
    assert.equal(revertReason(encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [0x11n] })), 'panic 0x11');
    assert.equal(revertReason(encodeErrorResult({ abi: parseAbi(['error CallFailed(uint256)']), errorName: 'CallFailed', args: [1n] })), undefined);
    assert.equal(revertReason('0x'), undefined);
    assert.equal(revertReason('0x08c379a0'), undefined);
    assert.equal(revertReason(error(`evil \u202E${'x'.repeat(300)}`)), `evil ${'x'.repeat(114)}…`);
  });

  it('reads the JSON-RPC answer as anvil 1.7.1 and the spec give a revert; a malformed answer is not a simulation', () => {
    const data = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['nope'] });
    const anvil = {
      status: '0x0',
      returnData: data,
      gasUsed: '0x5208',
      logs: [{ address: NATIVE_TOKEN, topics: [toEventSelector('Transfer(address,address,uint256)')], data: '0x' }],
    };
    const spec = { status: '0x0', returnData: '0x', gasUsed: '0x5208', logs: [], error: { code: 3, message: 'execution reverted', data } };
    for (const body of [anvil, spec]) {
      const read = readSimulation({ jsonrpc: '2.0', id: 1, result: [{ calls: [body] }] }, 1);
      assert.equal(read.kind, 'simulated');
      if (read.kind === 'simulated') assert.deepEqual(read.calls[0], { ok: false, returnData: data, gasUsed: 21_000n, logs: [] });
    }
    assert.equal(readSimulation({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'method not found' } }, 1).kind, 'failed');
    assert.equal(readSimulation({ jsonrpc: '2.0', id: 1, result: [{ calls: [] }] }, 1).kind, 'failed');
    assert.equal(readSimulation({ jsonrpc: '2.0', id: 1, result: [{ calls: [{ ...spec, gasUsed: 21000 }] }] }, 1).kind, 'failed');
    assert.equal(readSimulation('<html>', 1).kind, 'failed');
  });

  it('asks for one block, the calls in order from the user, transfers traced, no validation', () => {
    const request = simulationRequest([
      { from: USER, to: USDC, data: '0x095ea7b3' },
      { from: USER, to: ROUTER, data: '0x12345678', value: GAS_FEE },
    ]);
    assert.deepEqual(request, {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_simulateV1',
      params: [
        {
          blockStateCalls: [
            {
              calls: [
                { from: USER, to: USDC, data: '0x095ea7b3' },
                { from: USER, to: ROUTER, data: '0x12345678', value: `0x${GAS_FEE.toString(16)}` },
              ],
            },
          ],
          traceTransfers: true,
          validation: false,
        },
        'latest',
      ],
    });
  });
});

describe('effects: exactly what is read (mutation testing)', () => {
  const grantsOf = (...logs: SimulatedLog[]) => readEffects(USER, [call(...logs)]).grants;

  it('each kind of grant, as read: an NFT approval, an operator, a Permit2 allowance; none from a log without topics or of another event', () => {
    const nftApproval = log(
      NFT,
      encodeEventTopics({ abi: nftAbi, eventName: 'Approval', args: { owner: USER as Hex, approved: ATTACKER as Hex, tokenId: 7n } }),
    );
    const operator = log(NFT, encodeEventTopics({ abi, eventName: 'ApprovalForAll', args: { owner: USER as Hex, operator: ATTACKER as Hex } }), word(1n));
    const permit2 = log(
      PERMIT2,
      encodeEventTopics({ abi: permit2Abi, eventName: 'Approval', args: { owner: USER as Hex, token: USDC as Hex, spender: ATTACKER as Hex } }),
      encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [5n, 9]),
    );
    const other = log(USDC, [keccak256(toHex('Other(address,address)')), encodeAbiParameters([{ type: 'address' }], [USER as Hex])]);
    assert.deepEqual(grantsOf(nftApproval, operator, permit2, log(USDC, []), other), [
      { kind: 'allowance', token: NFT, spender: ATTACKER, amount: undefined },
      { kind: 'operator', token: NFT, spender: ATTACKER },
      { kind: 'permit2', token: USDC, spender: ATTACKER, amount: 5n },
    ]);
  });

  it('an NFT or ERC-1155 token arriving is no NFT leaving; an ERC-721 transfer moves no fungible amount', () => {
    const nftIn = log(NFT, encodeEventTopics({ abi: nftAbi, eventName: 'Transfer', args: { from: ATTACKER as Hex, to: USER as Hex, tokenId: 7n } }));
    const single = log(
      NFT,
      encodeEventTopics({ abi, eventName: 'TransferSingle', args: { operator: ATTACKER as Hex, from: ATTACKER as Hex, to: USER as Hex } }),
      encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [1n, 1n]),
    );
    const read = readEffects(USER, [call(nftIn, single)]);
    assert.equal(read.collectibleOut, false);
    assert.deepEqual([...read.net], []);
    const nftOut = log(NFT, encodeEventTopics({ abi: nftAbi, eventName: 'Transfer', args: { from: USER as Hex, to: ATTACKER as Hex, tokenId: 7n } }));
    const out = readEffects(USER, [call(nftOut)]);
    assert.equal(out.collectibleOut, true);
    assert.deepEqual([...out.net], []);
  });

  it('a Permit2 allowance to a listed spender is still no listed approval', () => {
    const permit2 = log(
      PERMIT2,
      encodeEventTopics({ abi: permit2Abi, eventName: 'Approval', args: { owner: USER as Hex, token: USDC as Hex, spender: PROXY as Hex } }),
      encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [1n, 9]),
    );
    refused(judge([...honest(), call(permit2)]), 'effect-allowance');
  });

  it('exactly the amount plus the fees in the token may leave', () => {
    accepted(
      judge(
        [call(approval(USDC, USER, PROXY, AMOUNT + SERVICE_FEE)), call(transfer(USDC, USER, ROUTER, AMOUNT + SERVICE_FEE))],
        sent([PROXY, AMOUNT + SERVICE_FEE]),
      ),
    );
  });

  it('revert reasons: a short panic, a malformed or non-hex Error(string) and a custom error read as none', () => {
    const error = (text: string) => encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [text] });
    assert.equal(revertReason(error('no')), 'no');
    assert.equal(revertReason('0x4e487b71'), undefined);
    assert.equal(revertReason(`0x4e487b71${'00'.repeat(31)}11`), 'panic 0x11');
    const good = error('no');
    assert.equal(revertReason(`${good.slice(0, 138)}zz${good.slice(140)}`), undefined, 'not hex');
    assert.equal(revertReason(`${good.slice(0, 74)}${'ff'.repeat(32)}${good.slice(138)}`), undefined, 'a length beyond the data');
    assert.equal(revertReason(good.slice(0, 139)), undefined, 'cut inside a byte');
    assert.equal(revertReason(`0x12345678${good.slice(10)}`), undefined, 'a custom error');
  });
});

describe('effects: accepted', () => {
  it('the honest route: the amount and the listed native fee leave, the listed allowance is given', () => {
    accepted(judge(honest()));
  });

  it('two approvals of the source token to two listed spenders, each within what the widget approves', () => {
    const r = route({
      approvals: [
        { chainId: SRC, tokenAddress: USDC, spender: ROUTER, amount: String(AMOUNT - SERVICE_FEE) },
        { chainId: SRC, tokenAddress: USDC, spender: FEE_COLLECTOR, amount: String(SERVICE_FEE) },
      ],
    });
    const calls = [
      call(approval(USDC, USER, ROUTER, AMOUNT - SERVICE_FEE)),
      call(approval(USDC, USER, FEE_COLLECTOR, SERVICE_FEE)),
      call(transfer(NATIVE_TOKEN, USER, ROUTER, GAS_FEE), transfer(USDC, USER, ROUTER, AMOUNT - SERVICE_FEE), transfer(USDC, USER, FEE_COLLECTOR, SERVICE_FEE)),
    ];
    accepted(judge(calls, sent([ROUTER, AMOUNT - SERVICE_FEE], [FEE_COLLECTOR, SERVICE_FEE]), agreement(), r));
  });

  it('an allowance lowered as it is spent, a revocation, a cleared NFT approval and a revoked operator are no grants', () => {
    const revoke = approval(USDC, USER, ATTACKER, 0n);
    const cleared = log(NFT, encodeEventTopics({ abi: nftAbi, eventName: 'Approval', args: { owner: USER, approved: `0x${'0'.repeat(40)}`, tokenId: 7n } }));
    const unoperator = log(NFT, encodeEventTopics({ abi, eventName: 'ApprovalForAll', args: { owner: USER, operator: ATTACKER } }), word(0n));
    const permitZero = log(
      PERMIT2,
      encodeEventTopics({ abi: permit2Abi, eventName: 'Approval', args: { owner: USER, token: USDC, spender: ATTACKER } }),
      encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [0n, 0]),
    );
    accepted(judge(honest([approval(USDC, USER, PROXY, 0n), revoke, cleared, unoperator, permitZero])));
  });

  it('up to the amount plus the fees listed in the token, and the listed native fees plus 1 %, may leave; dust may come back', () => {
    const calls = [
      call(approval(USDC, USER, PROXY, AMOUNT + SERVICE_FEE)),
      call(transfer(NATIVE_TOKEN, USER, ROUTER, (GAS_FEE * 101n) / 100n), transfer(USDC, USER, ROUTER, AMOUNT + SERVICE_FEE), transfer(USDC, ROUTER, USER, 3n)),
    ];
    accepted(judge(calls, sent([PROXY, AMOUNT + SERVICE_FEE])));
  });

  it('a token that leaves and comes back in the same sequence did not leave', () => {
    accepted(judge(honest([transfer(WETH, USER, ROUTER, 10n), transfer(WETH, ROUTER, USER, 10n)])));
  });

  it('native source: the amount plus the native fees leave, nothing is approved', () => {
    const value = 10n ** 16n + GAS_FEE + 10_000_000_000_000n;
    accepted(checkEffects(nativeAgreement(), nativeRoute(value), [], readEffects(USER, [call(transfer(NATIVE_TOKEN, USER, ROUTER, value))])));
  });

  it('with the host’s unlimited-approval opt-in, the 2^256−1 allowance the widget sends is its own', () => {
    const calls = [call(approval(USDC, USER, PROXY, maxUint256)), honest()[1]!];
    accepted(judge(calls, sent([PROXY, maxUint256]), agreement({ unlimitedApproval: true })));
  });
});

describe('effects: refused', () => {
  it('effect-reverted: any call that reverts, with its reason when readable', () => {
    const data = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: ['ERC20: insufficient allowance'] });
    const verdict = judge([call(approval(USDC, USER, PROXY, AMOUNT)), reverted(data)]);
    assert.deepEqual(verdict, { ok: false, rule: 'effect-reverted', reason: 'ERC20: insufficient allowance' });
    assert.equal(
      refusalMessage('effect-reverted', 'ERC20: insufficient allowance'),
      'The route would fail on chain: ERC20: insufficient allowance. Nothing was signed.',
    );
    assert.deepEqual(judge([reverted('0x'), ...honest()]), { ok: false, rule: 'effect-reverted' });
    assert.equal(refusalMessage('effect-reverted'), 'The route would fail on chain. Nothing was signed.');
  });

  it('effect-token: another ERC-20, an NFT or an ERC-1155 token leaving the wallet', () => {
    refused(judge(honest([transfer(WETH, USER, ATTACKER, 1n)])), 'effect-token');
    refused(
      judge(honest([log(NFT, encodeEventTopics({ abi: nftAbi, eventName: 'Transfer', args: { from: USER, to: ATTACKER, tokenId: 1n } }))])),
      'effect-token',
    );
    const single = encodeEventTopics({ abi, eventName: 'TransferSingle', args: { operator: ATTACKER, from: USER, to: ATTACKER } });
    refused(judge(honest([log(NFT, single, encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [1n, 1n]))])), 'effect-token');
    const batch = encodeEventTopics({ abi, eventName: 'TransferBatch', args: { operator: ATTACKER, from: USER, to: ATTACKER } });
    refused(judge(honest([log(NFT, batch, '0x')])), 'effect-token');
    // Native source: the ERC-20 the route moves is the foreign one.
    const value = 10n ** 16n + GAS_FEE;
    const native = [call(transfer(NATIVE_TOKEN, USER, ROUTER, value), transfer(USDC, USER, ATTACKER, 1n))];
    refused(checkEffects(nativeAgreement(), nativeRoute(value), [], readEffects(USER, native)), 'effect-token');
    assert.equal(refusalMessage('effect-token'), 'The route would move another token out of your wallet. Nothing was signed.');
  });

  it('effect-amount: one unit of the source token more than the amount plus its listed fees', () => {
    const calls = [call(approval(USDC, USER, PROXY, AMOUNT)), call(transfer(USDC, USER, ROUTER, AMOUNT + SERVICE_FEE + 1n))];
    refused(judge(calls), 'effect-amount');
    assert.equal(refusalMessage('effect-amount'), 'The route asks for more than you agreed to send. Nothing was signed.');
  });

  it('effect-native: native currency beyond the listed fees plus 1 % (ERC-20 source), or beyond amount plus fees (native source)', () => {
    refused(
      judge([
        call(approval(USDC, USER, PROXY, AMOUNT)),
        call(transfer(NATIVE_TOKEN, USER, ROUTER, (GAS_FEE * 101n) / 100n + 1n), transfer(USDC, USER, ROUTER, AMOUNT)),
      ]),
      'effect-native',
    );
    const bound = 10n ** 16n + GAS_FEE + 10_000_000_000_000n + (GAS_FEE + 10_000_000_000_000n) / 100n;
    refused(
      checkEffects(nativeAgreement(), nativeRoute(bound), [], readEffects(USER, [call(transfer(NATIVE_TOKEN, USER, ATTACKER, bound + 1n))])),
      'effect-native',
    );
  });

  it('effect-allowance: every grant that is not a listed approval within what the widget sends', () => {
    const grants: [string, SimulatedLog][] = [
      ['an allowance to another spender', approval(USDC, USER, ATTACKER, 1n)],
      ['more than the widget approves', approval(USDC, USER, PROXY, AMOUNT + 1n)],
      ['the listed spender, on another token', approval(WETH, USER, PROXY, 1n)],
      [
        'setApprovalForAll(attacker, true)',
        log(NFT, encodeEventTopics({ abi, eventName: 'ApprovalForAll', args: { owner: USER, operator: ATTACKER } }), word(1n)),
      ],
      ['an NFT approval', log(NFT, encodeEventTopics({ abi: nftAbi, eventName: 'Approval', args: { owner: USER, approved: ATTACKER, tokenId: 1n } }))],
      [
        'Permit2 approve(token, attacker, 2^160−1, 2^48−1)',
        log(
          PERMIT2,
          encodeEventTopics({ abi: permit2Abi, eventName: 'Approval', args: { owner: USER, token: USDC, spender: ATTACKER } }),
          encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [maxUint160, 2 ** 48 - 1]),
        ),
      ],
      [
        'a Permit2 permit',
        log(
          PERMIT2,
          encodeEventTopics({ abi: permit2Abi, eventName: 'Permit', args: { owner: USER, token: USDC, spender: ATTACKER } }),
          encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }, { type: 'uint48' }], [1n, 1, 0]),
        ),
      ],
    ];
    for (const [what, grant] of grants) {
      const verdict = judge(honest([grant]));
      assert.equal(verdict.ok, false, what);
      if (!verdict.ok) assert.equal(verdict.rule, 'effect-allowance', what);
    }
    // Someone else's approval in the same sequence is not the user's grant.
    accepted(judge(honest([approval(USDC, ATTACKER, USER, maxUint256)])));
    assert.equal(refusalMessage('effect-allowance'), 'The route would give another address access to your tokens. Nothing was signed.');
  });
});
