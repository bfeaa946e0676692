/**
 * The deposit address's shape (ours: docs/client.md) as the client reads it,
 * tolerantly, and the checks that decide whether the widget may show it: each
 * refusal is a typed error naming its rule, and nothing is returned to pay into.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkDeposit,
  DepositRefusedError,
  DepositUnavailableError,
  depositResponseSchema,
  loadAddressRules,
  loadChecksum,
  paymentRequest,
  RoutingClient,
  type DepositAnswer,
  type DepositRule,
} from '../../src/api/index.ts';
import { ScriptedServer } from './helpers/scripted-server.ts';

const SENDER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const DEPOSIT = '0x1111111111111111111111111111111111111111';
const USDC = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const NOW = Date.parse('2026-12-02T10:00:00Z');

const request = {
  fromChain: '11155111',
  toChain: '84532',
  fromToken: USDC,
  toToken: USDC,
  fromAmount: 2_000_000n,
  fromAddress: SENDER,
  toAddress: RECIPIENT,
  slippage: 1,
};

const answer = (data: Record<string, unknown>) => ({
  data: { intentId: '0xabc', depositAddress: DEPOSIT, chainId: '11155111', token: USDC, amount: '2000000', expiresAt: '2026-12-02T10:15:00Z', ...data },
});

const read = (body: unknown): DepositAnswer => depositResponseSchema.parse(body);
const check = (body: unknown, family: 'evm' | 'cosmos' = 'evm', asked = request) => checkDeposit(read(body), { request: asked, family, now: NOW });

function refusedWith(rule: DepositRule, run: () => unknown): void {
  assert.throws(run, (error: unknown) => error instanceof DepositRefusedError && error.kind === 'deposit-refused' && error.rule === rule, rule);
}

describe('the deposit address answer, read tolerantly', () => {
  before(async () => {
    await Promise.all([loadChecksum(), loadAddressRules()]);
  });

  it('reads our shape: the address, chain, token, exact amount and expiry', () => {
    const deposit = check(answer({ estimate: { fromAmount: '2000000', toAmount: '1998000', toAmountMin: '1978020' }, provider: 'swiftbridge' }));
    assert.deepEqual(
      { ...deposit, estimate: deposit.estimate?.toAmountMin },
      {
        intentId: '0xabc',
        address: DEPOSIT,
        chainId: '11155111',
        token: USDC,
        amount: 2_000_000n,
        expiresAt: Date.parse('2026-12-02T10:15:00Z'),
        estimate: 1_978_020n,
        provider: 'swiftbridge',
      },
    );
  });

  it('reads the aliases a service may use instead: bare object, snake case, a token object, numbers, epoch seconds', () => {
    const deposit = check({
      intent_id: 42,
      deposit_address: DEPOSIT,
      chain_id: 11155111,
      token: { address: USDC, symbol: 'USDC' },
      depositAmount: 2_000_000,
      expires_at: NOW / 1000 + 60,
      somethingElse: [1, 2],
    });
    assert.equal(deposit.intentId, '42');
    assert.equal(deposit.amount, 2_000_000n);
    assert.equal(deposit.expiresAt, NOW + 60_000);
  });

  it('takes the chain, token and amount asked when the answer leaves them out, and has no expiry when none is given', () => {
    const deposit = check({ data: { intentId: 'i-1', address: DEPOSIT } });
    assert.equal(deposit.chainId, '11155111');
    assert.equal(deposit.token, USDC);
    assert.equal(deposit.amount, 2_000_000n);
    assert.equal(deposit.expiresAt, undefined);
  });

  it('a hex chain id is the same chain', () => {
    assert.equal(check(answer({ chainId: '0xaa36a7' })).chainId, '11155111');
  });

  it('an unreadable estimate is left out rather than failing the answer', () => {
    assert.equal(check(answer({ estimate: { toAmount: 12 } })).estimate, undefined);
  });

  it('an answer without an intent id, or with an unreadable amount or date, is not read at all', () => {
    assert.throws(() => read({ data: { depositAddress: DEPOSIT } }));
    assert.throws(() => read(answer({ amount: '2.5' })));
    assert.throws(() => read(answer({ expiresAt: 'soon' })));
  });
});

describe('the deposit address checks: nothing to pay into', () => {
  before(async () => {
    await Promise.all([loadChecksum(), loadAddressRules()]);
  });

  it('no address', () => {
    refusedWith('no-address', () => check(answer({ depositAddress: undefined })));
    refusedWith('no-address', () => check(answer({ depositAddress: '' })));
    refusedWith('no-address', () => check(answer({ depositAddress: null })));
  });

  it('another chain than asked', () => refusedWith('other-chain', () => check(answer({ chainId: '84532' }))));

  it('another token than asked', () => refusedWith('other-token', () => check(answer({ token: NATIVE }))));

  it('another amount than asked (more or less)', () => {
    refusedWith('other-amount', () => check(answer({ amount: '1000000' })));
    refusedWith('other-amount', () => check(answer({ amount: '2000001' })));
  });

  it("the sender's address (in any case)", () => refusedWith('sender-address', () => check(answer({ depositAddress: SENDER.toLowerCase() }))));

  it("the recipient's address", () => refusedWith('recipient-address', () => check(answer({ depositAddress: RECIPIENT }))));

  it('an address not valid on the source chain: not hex, a wrong checksum, the zero address, another family', () => {
    refusedWith('invalid-address', () => check(answer({ depositAddress: '0x1234' })));
    refusedWith('invalid-address', () => check(answer({ depositAddress: '0xAbcdef0123456789abcdef0123456789ABCDEF01' })));
    refusedWith('invalid-address', () => check(answer({ depositAddress: `0x${'0'.repeat(40)}` })));
    refusedWith('invalid-address', () => check(answer({ depositAddress: 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu' })));
  });

  it('already expired, or expiring this very moment', () => {
    refusedWith('expired', () => check(answer({ expiresAt: '2026-12-02T09:59:00Z' })));
    refusedWith('expired', () => check(answer({ expiresAt: NOW })));
    assert.equal(new DepositRefusedError('expired').retryable, true);
    assert.equal(new DepositRefusedError('other-amount').retryable, false);
  });

  it("a Cosmos source: its address rules, not EVM's", () => {
    const cosmos = { ...request, fromChain: 'cataclysm-1', fromToken: 'uusdc', fromAddress: 'cata1errud3wyc0pvrs9lh67mewa6hxut0d44a23q8g' };
    const valid = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';
    assert.equal(
      check({ data: { intentId: 'i', depositAddress: valid, chainId: 'cataclysm-1', token: 'uusdc', amount: '2000000' } }, 'cosmos', cosmos).address,
      valid,
    );
    refusedWith('invalid-address', () => check({ data: { intentId: 'i', depositAddress: DEPOSIT } }, 'cosmos', cosmos));
    refusedWith('invalid-address', () => check({ data: { intentId: 'i', depositAddress: 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xx' } }, 'cosmos', cosmos));
  });
});

describe('the payment request a phone wallet reads (EIP-681)', () => {
  it('an ERC-20: the token contract, the chain, the deposit address and the exact amount', () => {
    assert.equal(
      paymentRequest({ address: DEPOSIT, chainId: '11155111', token: USDC, amount: 2_000_000n }, 'evm'),
      `ethereum:${USDC}@11155111/transfer?address=${DEPOSIT}&uint256=2000000`,
    );
  });

  it("the chain's own currency: the deposit address, the chain and the value in wei", () => {
    assert.equal(
      paymentRequest({ address: DEPOSIT, chainId: '84532', token: NATIVE, amount: 10n ** 16n }, 'evm'),
      `ethereum:${DEPOSIT}@84532?value=10000000000000000`,
    );
  });

  it('another family: the address alone', () => {
    assert.equal(paymentRequest({ address: 'cata1xyz', chainId: 'cataclysm-1', token: 'uusdc', amount: 1n }, 'cosmos'), 'cata1xyz');
  });
});

describe('RoutingClient.depositAddress against a real HTTP server', () => {
  const server = new ScriptedServer();
  let client: RoutingClient;

  before(async () => {
    await server.start();
    client = new RoutingClient({ baseUrl: `${server.url}/bridge`, backoff: { baseMs: 5, maxMs: 20, jitter: 0 }, maxRetries: 2 });
  });
  after(() => server.stop());

  it("sends the route's fields and reads the answer", async () => {
    server.answer(() => ({ json: answer({}), headers: { 'x-provider-request-id': 'swb_1' } }));
    const { data, meta } = await client.depositAddress({ ...request, metadata: { order: 'o-1' } });
    assert.equal(server.requests[0]!.url, '/bridge/api/v1/routes/deposit-address');
    const sent = JSON.parse(server.requests[0]!.body);
    assert.deepEqual(
      { ...sent },
      {
        fromChain: '11155111',
        toChain: '84532',
        fromToken: USDC,
        toToken: USDC,
        fromAmount: '2000000',
        fromAddress: SENDER,
        toAddress: RECIPIENT,
        slippage: 1,
        slippageBps: 100,
        metadata: { order: 'o-1' },
      },
    );
    assert.equal(data.address, DEPOSIT);
    assert.equal(meta.providerRequestId, 'swb_1');
  });

  it('is never retried: each call may make an intent', async () => {
    server.answer(() => ({ status: 503, json: { error: 'busy' } }));
    await assert.rejects(client.depositAddress(request), { kind: 'upstream' });
    assert.equal(server.requests.length, 1);
  });

  it('a 404: the service offers no deposit addresses', async () => {
    server.answer(() => ({ status: 404, json: { error: 'Not found' } }));
    await assert.rejects(client.depositAddress(request), (error: unknown) => error instanceof DepositUnavailableError && error.reason === 'not-offered');
  });

  it('every provider declined: the route cannot be paid that way, with their outcomes', async () => {
    server.answer(() => ({
      status: 422,
      json: {
        code: 'DEPOSIT_ADDRESS_UNAVAILABLE',
        error: 'no',
        providers: [{ provider: 'slowlane', outcome: 'declined', code: 'DEPOSIT_ADDRESS_NOT_SUPPORTED' }],
      },
    }));
    await assert.rejects(
      client.depositAddress(request),
      (error: unknown) => error instanceof DepositUnavailableError && error.reason === 'declined' && error.providers[0]?.provider === 'slowlane',
    );
  });

  it('a provider that failed may answer later: a retryable no-route, not a refusal', async () => {
    server.answer(() => ({ status: 502, json: { code: 'NO_ROUTE', error: 'no', providers: [{ provider: 'hopline', outcome: 'failed' }] } }));
    await assert.rejects(
      client.depositAddress(request),
      (error: unknown) => !(error instanceof DepositUnavailableError) && (error as { kind: string }).kind === 'no-route',
    );
  });

  it('an unreadable answer is an invalid response', async () => {
    server.answer(() => ({ json: { data: { depositAddress: DEPOSIT } } }));
    await assert.rejects(client.depositAddress(request), { kind: 'invalid-response' });
  });
});
