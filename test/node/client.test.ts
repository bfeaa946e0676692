import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  IntentNotFoundError,
  InvalidRequestError,
  InvalidResponseError,
  NoRouteError,
  PostHookRejectedError,
  ProxyRefusedError,
  QuoteRejectedError,
  RateLimitGate,
  RateLimitedError,
  RoutingClient,
  RoutingError,
  submitReceiptUntilAccepted,
  usableApprovals,
} from '../../src/api/index.ts';
import { ScriptedServer } from './helpers/scripted-server.ts';

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ROUTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const PROXY = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const HASH = `0x${'ab'.repeat(32)}`;
const fast = { baseMs: 5, maxMs: 20, jitter: 0 };

const estimate = {
  fromAmount: '25500000',
  toAmount: '25400000',
  toAmountMin: '25146000',
  toAmountUsd: '25.40',
  totalFeesUsd: '0.10',
  fees: [{ type: 'service', amount: '100000', amountUsd: '0.10', token: { chainId: '11155111', address: USDC, symbol: 'USDC', decimals: 6 } }],
  fromAmountUsd: '25.50',
};

const routeBody = {
  data: {
    intentId: 'int_123',
    route: {
      estimate,
      execution: {
        transaction: {
          to: ROUTER,
          data: '0xdeadbeef',
          value: '0',
          gasLimit: '210000',
          gasPrice: '1',
          maxFeePerGas: '2',
          maxPriorityFeePerGas: '1',
          type: 'ON_CHAIN_EXECUTION',
        },
        approvals: [
          { tokenAddress: USDC, spender: PROXY, amount: '25500000' },
          { chainId: '84532', tokenAddress: USDC, spender: ROUTER, amount: '1' },
          { tokenAddress: USDC, amount: '5' },
          { tokenAddress: USDC, spender: PROXY, amount: '0' },
          { spender: PROXY, amount: '7' },
        ],
      },
      provider: 'swiftbridge',
      requestId: 'prov-1',
      reliabilityScore: 0.97,
      someProviderField: { extra: true },
    },
  },
};

const quoteRequest = {
  fromChain: '11155111',
  toChain: '84532',
  fromToken: USDC,
  toToken: USDC,
  fromAmount: 25_500_000n,
  fromAddress: USER,
  toAddress: USER,
  slippage: 1,
};

describe('RoutingClient against a real HTTP server', () => {
  const server = new ScriptedServer();
  let client: RoutingClient;

  before(async () => {
    await server.start();
    client = new RoutingClient({ baseUrl: `${server.url}/bridge/`, backoff: fast, maxRetries: 2 });
  });
  after(() => server.stop());

  it('appends the v1 paths to the proxy base URL and returns the response ids and rate-limit headers', async () => {
    server.answer(() => ({
      json: [
        {
          chainId: '11155111',
          id: '11155111',
          chainName: 'sepolia',
          networkName: 'Sepolia',
          chainType: 'evm',
          type: 'evm',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpc: 'http://x',
          blockExplorerUrls: ['https://e'],
          chainIconURI: 'https://i',
          providersSupported: ['a'],
          axelarChainName: 'x',
        },
        { chainId: 'cataclysm-1', chainName: 'cataclysm', networkName: 'Cataclysm', type: 'cosmos' },
        { networkName: 'no id at all' },
      ],
      headers: { 'x-request-id': 'r-1', 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '99', 'x-ratelimit-reset': '1900000000' },
    }));
    const result = await client.chains();
    assert.equal(server.requests[0]!.url, '/bridge/api/v1/routes/chains');
    assert.equal(server.requests[0]!.method, 'GET');
    assert.deepEqual(
      result.data.map((c) => [c.chainId, c.chainType]),
      [
        ['11155111', 'evm'],
        ['cataclysm-1', 'cosmos'],
      ],
    );
    assert.equal(result.meta.skipped, 1, 'the malformed chain is dropped, not fatal');
    assert.equal(result.meta.requestId, 'r-1');
    assert.deepEqual(result.meta.rateLimit, { limit: 100, remaining: 99, resetAt: 1_900_000_000_000 });
  });

  it('sends a request within the call when no rate limit holds it, so a render queued before the call cannot delay it', async () => {
    server.answer(() => ({ json: [] }));
    const order: string[] = [];
    const recording = new RoutingClient({
      baseUrl: server.url,
      fetch: (input, init) => {
        order.push('request sent');
        return globalThis.fetch(input, init);
      },
    });
    // The widget's first render is a microtask queued when the element connects, before it asks for the chains.
    queueMicrotask(() => order.push('render'));
    const answer = recording.chains();
    order.push('call returned');
    await answer;
    assert.deepEqual(order, ['request sent', 'call returned', 'render']);
  });

  it('reads the plain token array and the paginated token page', async () => {
    const token = { address: USDC, chainId: '11155111', symbol: 'USDC', name: 'USD Coin', decimals: 6, type: 'evm', usdPrice: 1, logoURI: 'x' };
    server.answer(() => ({ json: [token, { ...token, decimals: 'six' }] }));
    const plain = await client.tokens();
    assert.equal(server.requests[0]!.url, '/bridge/api/v1/routes/tokens');
    assert.equal(plain.data.length, 1);
    assert.equal(plain.meta.skipped, 1);

    server.answer(() => ({ json: { data: [token], nextCursor: 'c2', total: 41 } }));
    const page = await client.tokenPage({ chainId: '11155111', limit: 1, q: 'us d', includeTotal: true });
    assert.equal(server.requests[0]!.url, '/bridge/api/v1/routes/tokens?chainId=11155111&limit=1&q=us+d&includeTotal=true');
    assert.deepEqual([page.data.tokens.length, page.data.nextCursor, page.data.total], [1, 'c2', 41]);

    server.answer(() => ({ json: { tokens: [token], pagination: { next_cursor: 'c3' } } }));
    const other = await client.tokenPage({ cursor: 'c2' });
    assert.deepEqual([other.data.tokens.length, other.data.nextCursor, other.data.total], [1, 'c3', null]);
  });

  it('reads the allowance as a bigint, including the unlimited value', async () => {
    const max = (2n ** 256n - 1n).toString();
    server.answer(() => ({
      json: {
        success: true,
        data: {
          chainId: '11155111',
          tokenAddress: USDC.toLowerCase(),
          ownerAddress: USER.toLowerCase(),
          spenderAddress: PROXY.toLowerCase(),
          allowance: max,
          rpcHost: 'rpc',
        },
      },
    }));
    const result = await client.allowance({ chainId: '11155111', tokenAddress: USDC, ownerAddress: USER, spenderAddress: PROXY });
    assert.equal(result.data.allowance, 2n ** 256n - 1n);
    assert.match(server.requests[0]!.url, /^\/bridge\/api\/v1\/sdk\/rpc\/evm\/allowance\?chainId=11155111&tokenAddress=0x/);
  });

  it('sends the quote with the amount as a decimal string and returns bigint amounts', async () => {
    server.answer(() => ({ json: { data: { estimate } } }));
    const result = await client.quote(quoteRequest);
    const sent = JSON.parse(server.requests[0]!.body);
    assert.equal(server.requests[0]!.url, '/bridge/api/v1/routes/quote');
    assert.equal(sent.fromAmount, '25500000');
    assert.equal(result.data.toAmountMin, 25_146_000n);
    assert.equal(result.data.fees[0]!.amount, 100_000n);
  });

  it('routes with metadata and slippageBps, exposing the provider request id, and keeps only usable approvals', async () => {
    server.answer(() => ({ json: routeBody, headers: { 'x-provider-request-id': 'pr-9' } }));
    const result = await client.route({ ...quoteRequest, metadata: { orderId: 'o-1' } });
    const sent = JSON.parse(server.requests[0]!.body);
    assert.deepEqual(sent.metadata, { orderId: 'o-1' });
    assert.equal(sent.slippageBps, 100);
    assert.equal(result.meta.providerRequestId, 'pr-9');
    assert.equal(result.data.intentId, 'int_123');
    const approvals = usableApprovals(result.data.route, '11155111');
    assert.deepEqual(approvals, [
      { chainId: '11155111', tokenAddress: USDC, spender: PROXY, amount: 25_500_000n },
      { chainId: '84532', tokenAddress: USDC, spender: ROUTER, amount: 1n },
    ]);
    assert.notEqual(approvals[0]!.spender, result.data.route.execution.transaction.to);
  });

  it('submits a receipt and reads the status: pending stub first, then the full record', async () => {
    server.answer(() => ({ json: { data: { ok: true, transaction_id: 'tx-1' } } }));
    const receipt = await client.receipt('int_123', HASH);
    assert.equal(server.requests[0]!.url, '/bridge/api/v1/route-intent/int_123/receipt');
    assert.deepEqual(JSON.parse(server.requests[0]!.body), { txHash: HASH });
    assert.equal(receipt.data.ok, true);

    server.answer(() => ({ json: { data: { intent_id: 'int_123', status: 'pending', intent_status: 'created', create_date: '2026-11-21T10:00:00Z' } } }));
    const pending = await client.status('int_123');
    assert.equal(pending.data.kind, 'pending');

    server.answer(() => ({
      json: {
        data: {
          id: 'x',
          intent_id: 'int_123',
          status: 'success',
          to_amount_wei: '25400000',
          dest_tx_hash: HASH,
          next_poll_at: '2026-11-21T10:00:05Z',
          poll_attempt: 3,
          gas_status: 'needs_gas',
          metadata: { orderId: 'o-1' },
        },
      },
    }));
    const done = await client.status('int_123');
    assert.equal(server.requests[0]!.url, '/bridge/api/v1/route-intent/int_123/status');
    assert.ok(done.data.kind === 'tracked');
    assert.equal(done.data.status, 'success');
    assert.equal(done.data.to_amount_wei, 25_400_000n);
    assert.deepEqual(done.data.metadata, { orderId: 'o-1' });

    server.answer(() => ({ json: { data: { intent_id: 'int_123', status: 'teleporting' } } }));
    const odd = await client.status('int_123');
    assert.ok(odd.data.kind === 'tracked');
    assert.equal(odd.data.status, 'unknown', 'an unlisted status is never read as progress');
    assert.equal(odd.data.rawStatus, 'teleporting');
  });

  it('validates the key and reads balances, dropping malformed rows', async () => {
    server.answer(() => ({
      json: {
        valid: true,
        status: 'active',
        message: 'ok',
        key_id: 'k',
        label: 'l',
        project_id: 'p',
        created_at: 'a',
        last_used_at: 'b',
        quote: { id: '1', text: 'hi' },
      },
    }));
    const info = await client.validate();
    assert.equal(server.requests[0]!.url, '/bridge/api/v1/sdk/validate');
    assert.equal(info.data.valid, true);

    server.answer(() => ({
      json: {
        address: USER,
        partial: true,
        results: [
          {
            chain_id: '11155111',
            source: 'fallback',
            balances: [
              { chain_key: '11155111', category: 'erc20', contract: USDC, symbol: 'USDC', decimals: 6, balance: '1000000' },
              { category: 'erc20', symbol: 'BAD', decimals: 6, balance: '1.5' },
            ],
            count: 2,
            error: null,
          },
          { chain_id: '84532', source: 'rpc', balances: [], count: 0, error: 'timeout' },
        ],
      },
    }));
    const balances = await client.balances(USER);
    assert.equal(server.requests[0]!.url, `/bridge/api/v1/data/balances/${USER}`);
    assert.equal(balances.data.partial, true);
    assert.equal(balances.data.results[0]!.balances[0]!.balance, 1_000_000n);
    assert.equal(balances.meta.skipped, 1);
    assert.equal(balances.data.results[1]!.error, 'timeout');
  });

  describe('the error table', () => {
    it('400 on allowance is an invalid request with the server message and request id', async () => {
      server.answer(() => ({ status: 400, json: { success: false, error: 'Malformed ownerAddress', requestId: 'r-400' } }));
      const error = await client.allowance({ chainId: '1', tokenAddress: USDC, ownerAddress: USER, spenderAddress: PROXY }).catch((e) => e);
      assert.ok(error instanceof InvalidRequestError);
      assert.equal(error.message, 'Malformed ownerAddress');
      assert.equal(error.requestId, 'req-1');
    });

    it('500/502 on allowance are upstream errors, retried before giving up', async () => {
      server.answer(() => ({ status: 502, json: { success: false, error: 'RPC failed after retries' } }));
      const error = await client.allowance({ chainId: '1', tokenAddress: USDC, ownerAddress: USER, spenderAddress: PROXY }).catch((e) => e);
      assert.ok(error instanceof RoutingError);
      assert.equal(error.kind, 'upstream');
      assert.equal(error.retryable, true);
      assert.equal(server.requests.length, 3, 'one try and two retries');
    });

    it('400 on route with a post hook is a post-hook rejection carrying the server message', async () => {
      server.answer(() => ({ status: 400, json: { error: 'postHook target not allowed', requestId: 'r-b' } }));
      const error = await client.route({ ...quoteRequest, postHook: { target: PROXY, callData: '0x', fundAmount: '1' } }).catch((e) => e);
      assert.ok(error instanceof PostHookRejectedError);
      assert.equal(error.serverMessage, 'postHook target not allowed');
      assert.equal(server.requests.length, 1, 'a route is not retried');
    });

    it('a post hook breaking the spec rules is refused locally without a request', async () => {
      server.answer(() => ({ json: routeBody }));
      for (const hook of [
        { callData: '0x', fundAmount: '1' },
        { target: PROXY, fundAmount: '1' },
        { target: PROXY, callData: '0x', fullAmount: true },
        { target: PROXY, callData: '0x' },
      ]) {
        await assert.rejects(client.route({ ...quoteRequest, postHook: hook }), PostHookRejectedError);
      }
      assert.equal(server.requests.length, 0);
    });

    it("the proxy's own refusals (origin 403, host 421, method 405) are a proxy-refused error naming the setting, not retried, even at quote", async () => {
      const cases = [
        {
          status: 403,
          code: 'proxy_origin_not_allowed',
          reason: 'origin',
          setting: "This page's origin is not allowed by the bridge proxy (ALLOWED_ORIGINS).",
        },
        { status: 421, code: 'proxy_host_not_allowed', reason: 'host', setting: 'ALLOWED_HOSTS' },
        { status: 405, code: 'proxy_method_not_allowed', reason: 'method', setting: 'proxy-url must point at the bridge proxy itself' },
      ] as const;
      for (const { status, code, reason, setting } of cases) {
        for (const call of [() => client.chains(), () => client.quote(quoteRequest)]) {
          // The reference proxy's body: { error: <message>, code }.
          server.answer(() => ({ status, json: { error: 'Origin not allowed', code } }));
          const error = await call().catch((e: unknown) => e);
          assert.ok(error instanceof ProxyRefusedError, `${code}: ${String(error)}`);
          assert.deepEqual([error.kind, error.reason, error.code, error.status, error.retryable], ['proxy-refused', reason, code, status, false]);
          assert.ok(error.message.includes(setting), error.message);
          // fetch itself repeats a 421 once on a fresh connection (RFC 9110, 15.5.20); the client adds no retry of its own.
          assert.equal(server.requests.length, status === 421 ? 2 : 1, `${code} is not retried`);
        }
      }
      // Another 403 is still the service's answer: a quote refusal stays generic (AML).
      server.answer(() => ({ status: 403, json: { error: 'flagged', code: 'aml' } }));
      assert.ok((await client.quote(quoteRequest).catch((e: unknown) => e)) instanceof QuoteRejectedError);
    });

    it('404 on status is a terminal intent-not-found, not retried', async () => {
      server.answer(() => ({ status: 404, json: { error: 'Intent not found', requestId: 'r-404' } }));
      const error = await client.status('int_gone').catch((e) => e);
      assert.ok(error instanceof IntentNotFoundError);
      assert.equal(error.retryable, false);
      assert.equal(error.intentId, 'int_gone');
      assert.equal(server.requests.length, 1);
    });

    it('429 honours Retry-After, then succeeds', async () => {
      server.answerSequence([{ status: 429, headers: { 'retry-after': '1' }, json: { error: 'slow down' } }, { json: { data: { estimate } } }]);
      const result = await client.quote(quoteRequest);
      assert.equal(result.data.toAmount, 25_400_000n);
      assert.equal(server.requests.length, 2);
      // Not before the server allowed it, by the server's own clock (1 ms of rounding either side).
      const [refused, retried] = server.requests;
      assert.ok(retried!.receivedAt - refused!.receivedAt >= 998, `retried ${retried!.receivedAt - refused!.receivedAt} ms after the 429`);
    });

    it('429: the retry comes when Retry-After says, not after a longer back-off of its own', async () => {
      // A back-off of two minutes: were it used instead of the server's 1 s, this test would time out.
      const patient = new RoutingClient({ baseUrl: server.url, backoff: { baseMs: 120_000, maxMs: 120_000, jitter: 0 }, maxRetries: 2 });
      server.answerSequence([
        { status: 429, headers: { 'retry-after': '1' }, json: { error: 'slow down' } },
        { status: 429, headers: { 'retry-after': '1' }, json: { error: 'slow down' } },
        { json: { data: { estimate } } },
      ]);
      const result = await patient.quote(quoteRequest);
      assert.equal(result.data.toAmount, 25_400_000n);
      assert.equal(server.requests.length, 3);
    });

    it('429 beyond the retry bound is a rate-limited error carrying the wait', async () => {
      const limited = new RoutingClient({ baseUrl: server.url, backoff: fast, maxRetries: 0 });
      server.answer(() => ({ status: 429, headers: { 'retry-after': '7' }, json: { error: 'Too many', requestId: 'r-429' } }));
      const error = await limited.chains().catch((e) => e);
      assert.ok(error instanceof RateLimitedError);
      assert.equal(error.retryAfterMs, 7000);
      assert.equal(error.requestId, 'req-1');
    });

    it('502 on route with a failed provider is a retryable no-route error listing providers', async () => {
      server.answer(() => ({
        status: 502,
        json: {
          code: 'NO_ROUTE',
          error: 'No provider could build the route',
          providers: [
            { provider: 'a', outcome: 'declined' },
            { provider: 'b', outcome: 'failed' },
          ],
          requestId: 'r-502',
        },
      }));
      const error = await client.route(quoteRequest).catch((e) => e);
      assert.ok(error instanceof NoRouteError);
      assert.equal(error.retryable, true);
      assert.equal(error.code, 'NO_ROUTE');
      assert.deepEqual(
        error.providers.map((p) => p.outcome),
        ['declined', 'failed'],
      );
    });

    it('a no-route body with only declines is not retryable', async () => {
      server.answer(() => ({ status: 422, json: { code: 'NO_ROUTE', error: 'declined', providers: [{ provider: 'a', outcome: 'declined' }] } }));
      const error = await client.route(quoteRequest).catch((e) => e);
      assert.ok(error instanceof NoRouteError);
      assert.equal(error.retryable, false);
    });

    it('a flagged quote is a generic rejection that never repeats the reason', async () => {
      server.answer(() => ({ status: 403, json: { error: 'Address is on the OFAC SDN list', requestId: 'r-aml' } }));
      const error = await client.quote(quoteRequest).catch((e) => e);
      assert.ok(error instanceof QuoteRejectedError);
      assert.doesNotMatch(error.message, /OFAC|SDN|list/);
      assert.equal(error.requestId, 'req-1');
    });

    it('malformed JSON is an invalid-response error, never an untyped throw', async () => {
      server.answer(() => ({ raw: '{"data": {"estimate": {"fromAm', headers: { 'content-type': 'application/json' } }));
      const error = await client.quote(quoteRequest).catch((e) => e);
      assert.ok(error instanceof InvalidResponseError);
      assert.equal(error.field, '');
    });

    it('a wrong-typed field names the field', async () => {
      server.answer(() => ({ json: { data: { estimate: { ...estimate, toAmountMin: 25146000.5 } } } }));
      const error = await client.quote(quoteRequest).catch((e) => e);
      assert.ok(error instanceof InvalidResponseError);
      assert.equal(error.field, 'data.estimate.toAmountMin');
    });

    it('a non-JSON error page (a proxy or CDN HTML page) is a typed upstream error', async () => {
      server.answer(() => ({ status: 503, raw: '<html>down</html>' }));
      const error = await client.validate().catch((e) => e);
      assert.ok(error instanceof RoutingError);
      assert.equal(error.kind, 'upstream');
    });

    it('an unreachable proxy is a typed network error', async () => {
      const dead = new RoutingClient({ baseUrl: 'http://127.0.0.1:1', backoff: fast, maxRetries: 1 });
      const error = await dead.chains().catch((e) => e);
      assert.ok(error instanceof RoutingError);
      assert.equal(error.kind, 'network');
    });

    it('a slow proxy times out with a typed error', async () => {
      const impatient = new RoutingClient({ baseUrl: server.url, timeoutMs: 100, maxRetries: 0 });
      server.answer(() => ({ json: [], delayMs: 400 }));
      const error = await impatient.chains().catch((e) => e);
      assert.ok(error instanceof RoutingError);
      assert.equal(error.kind, 'timeout');
    });

    it('an aborted signal cancels the call', async () => {
      const controller = new AbortController();
      // Cancelled once the request is on the server, before it answers.
      server.answer(() => {
        controller.abort();
        return { json: [], delayMs: 300 };
      });
      const pending = client.chains({ signal: controller.signal });
      const error = await pending.catch((e) => e);
      assert.ok(error instanceof RoutingError);
      assert.equal(error.kind, 'aborted');
    });
  });

  describe('input checks before any request', () => {
    it('refuses a zero amount, a bad slippage and an intent id that could reach another path', async () => {
      server.answer(() => ({ json: { data: { estimate } } }));
      await assert.rejects(client.quote({ ...quoteRequest, fromAmount: 0n }), InvalidRequestError);
      await assert.rejects(client.quote({ ...quoteRequest, fromAmount: -1n }), InvalidRequestError);
      await assert.rejects(client.quote({ ...quoteRequest, fromAmount: 2n ** 256n }), InvalidRequestError);
      await assert.rejects(client.quote({ ...quoteRequest, slippage: 0 }), InvalidRequestError);
      await assert.rejects(client.quote({ ...quoteRequest, slippage: Number.NaN }), InvalidRequestError);
      await assert.rejects(client.status('../sdk/validate'), InvalidRequestError);
      await assert.rejects(client.receipt('int_1', '0x1234'), InvalidRequestError);
      assert.equal(server.requests.length, 0);
    });
  });

  describe('rate-limit discipline', () => {
    it('holds new requests while X-RateLimit-Remaining is 0 until the reset', async () => {
      const gate = new RateLimitGate();
      const held = new RoutingClient({ baseUrl: server.url, gate });
      const resetSeconds = Math.ceil(Date.now() / 1000) + 1;
      server.answer(() => ({ json: [], headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetSeconds), 'x-ratelimit-limit': '10' } }));
      await held.chains();
      assert.ok(gate.waitMs > 0, 'the gate is closed after remaining hit 0');
      server.answer(() => ({ json: [] }));
      await held.chains();
      assert.equal(server.requests.length, 1);
      assert.ok(server.requests[0]!.receivedAt >= resetSeconds * 1000 - 5, 'the second request reached the server only after the window reset');
    });
  });

  describe('submitReceiptUntilAccepted', () => {
    it('retries through failures and ok:false until the receipt is accepted', async () => {
      server.answerSequence([
        { status: 503, json: { error: 'busy' } },
        { status: 429, headers: { 'retry-after': '0' }, json: { error: 'slow' } },
        { json: { data: { ok: false } } },
        { json: { data: { ok: true, transaction_id: 't' } } },
      ]);
      const noRetryClient = new RoutingClient({ baseUrl: server.url, backoff: fast, maxRetries: 0 });
      const retries: number[] = [];
      const result = await submitReceiptUntilAccepted(noRetryClient, 'int_1', HASH, { backoff: fast, onRetry: (n) => retries.push(n) });
      assert.equal(result.data.ok, true);
      assert.equal(server.requests.length, 4);
      assert.ok(
        server.requests.every((r) => JSON.parse(r.body).txHash === HASH),
        'the same hash every time',
      );
      assert.deepEqual(retries, [1, 2, 3]);
    });

    it('retries on 408, 5xx and network failures with the same hash until accepted', async () => {
      server.answerSequence([
        // What the reference proxy answers when the body came too slowly, and what it answers while draining.
        { status: 408, json: { error: 'Request body was not received in time', code: 'proxy_body_timeout' } },
        { status: 503, json: { error: 'draining', code: 'proxy_draining' } },
        { hangUp: true },
        { status: 500, json: { error: 'boom' } },
        { status: 502, json: { error: 'Routing service unreachable', code: 'proxy_upstream_unreachable' } },
        { status: 504, json: { error: 'Routing service did not answer in time', code: 'proxy_upstream_timeout' } },
        { json: { data: { ok: true, transaction_id: 't' } } },
      ]);
      const noRetryClient = new RoutingClient({ baseUrl: server.url, backoff: fast, maxRetries: 0 });
      const kinds: string[] = [];
      const result = await submitReceiptUntilAccepted(noRetryClient, 'int_1', HASH, {
        backoff: fast,
        onRetry: (_n, error) => kinds.push(error instanceof RoutingError ? `${error.kind} ${error.status ?? '-'}` : 'other'),
      });
      assert.equal(result.data.ok, true);
      assert.deepEqual(kinds, ['invalid-request 408', 'upstream 503', 'network -', 'upstream 500', 'upstream 502', 'upstream 504']);
      assert.equal(server.requests.length, 7);
      assert.ok(
        server.requests.every((r) => JSON.parse(r.body).txHash === HASH && r.url === '/api/v1/route-intent/int_1/receipt'),
        'the same hash every time',
      );
    });

    it('stops at a definite refusal (a 4xx other than 408 and 429) and says which', async () => {
      for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 422]) {
        server.answer(() => ({ status, json: { error: 'no', code: 'refused' } }));
        const error = await submitReceiptUntilAccepted(client, 'int_1', HASH, { backoff: fast }).then(
          () => undefined,
          (e: unknown) => e,
        );
        assert.ok(error instanceof RoutingError, String(status));
        assert.equal(error.status, status);
        assert.equal(server.requests.length, 1, `${status}: one attempt`);
      }
    });

    it('gives up at once on a terminal error', async () => {
      server.answer(() => ({ status: 404, json: { error: 'unknown intent' } }));
      await assert.rejects(submitReceiptUntilAccepted(client, 'int_1', HASH, { backoff: fast }), IntentNotFoundError);
      assert.equal(server.requests.length, 1);
    });
  });
});
