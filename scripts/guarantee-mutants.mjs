// The mutants of the "Guarantees" table (docs/security.md), one list for scripts/check-guarantees.mjs
// (which applies and runs them) and test/node/guarantees-stale.test.ts (which, in
// `npm test`, fails the moment a refactor moves the text a mutant breaks).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Covering tests: `node` files run with node:test, `browser` files with
 * web-test-runner; `grep` narrows either to the tests that matter (a name
 * pattern), so a mutant costs seconds, not the whole file.
 */
const FLOW = 'test/node/flow.test.ts';
const GUARDS = 'test/node/guards.test.ts';
const GUARDS_FLOW = 'test/node/guards-flow.test.ts';
const FAULTS = 'test/browser/faults.e2e.test.ts';
const EFFECTS = 'test/node/effects.test.ts';
const SIMULATION = 'test/node/simulation.test.ts';
const SIMULATION_E2E = 'test/browser/simulation.e2e.test.ts';
const PROXY_PROMISES = 'test/node/proxy-promises.test.ts';
const PROXY_REDIS = 'test/node/proxy-redis.test.ts';
const RPC_RELAY = 'test/node/proxy-rpc-relay.test.ts';
const ARRIVAL = 'test/node/arrival-check.test.ts';
const ARRIVAL_E2E = 'test/browser/arrival.e2e.test.ts';
const BATCH = 'test/node/batch.test.ts';
const UNKNOWN = 'test/node/unknown-outcome.test.ts';
const TRUST_E2E = 'test/browser/trust.e2e.test.ts';
const DEPOSIT_API = 'test/node/deposit-address.test.ts';
const DEPOSIT_FLOW = 'test/node/deposit-flow.test.ts';
const DEPOSIT_E2E = 'test/browser/deposit.e2e.test.ts';
const WALLETCONNECT = 'test/node/walletconnect.test.ts';
const WALLETCONNECT_E2E = 'test/browser/walletconnect.e2e.test.ts';
const PROXY_KEY_TESTS = ['test/node/proxy-leak.test.ts', 'test/node/proxy-scrub.test.ts', 'test/node/security-key.test.ts', 'test/node/proxy.test.ts'];

/** @type {{ row: number, name: string, edits: { file: string, find: string, replace: string }[], node?: string[], browser?: string[], grep?: string, note?: string }[]} */
export const MUTANTS = [
  // 1. Sign only what the user saw (route guards).
  {
    row: 1,
    name: 'native value not bounded by the listed fees',
    edits: [{ file: 'src/flow/guards.ts', find: "    return refuse('transaction-value');", replace: '    return OK;' }],
    node: [GUARDS, GUARDS_FLOW],
    grep: 'value',
  },
  {
    row: 1,
    name: 'unlimited approval accepted without the opt-in',
    edits: [
      {
        file: 'src/flow/guards.ts',
        find: "  if (amount === MAX_UINT256) return agreed.unlimitedApproval ? OK : refuse('approval-unlimited');",
        replace: '  if (amount === MAX_UINT256) return OK;',
      },
    ],
    node: [GUARDS, GUARDS_FLOW],
  },
  {
    row: 1,
    name: 'approval of another token accepted',
    edits: [{ file: 'src/flow/guards.ts', find: "  if (!same(tokenAddress, agreed.fromToken.address)) return refuse('approval-token');", replace: '' }],
    node: [GUARDS, GUARDS_FLOW],
  },
  {
    row: 1,
    name: 'ERC-20 transfer calldata accepted as the bridge call',
    edits: [
      {
        file: 'src/flow/guards.ts',
        find: "  if (grantsAssets(tx.data)) return refuse('transaction-calldata');",
        replace: '',
      },
    ],
    node: [GUARDS],
  },
  {
    row: 1,
    name: 'worse terms signed without asking',
    edits: [{ file: 'src/flow/transfer.ts', find: '  if (!change) return;', replace: '  return;' }],
    node: [GUARDS_FLOW],
    grep: 'terms',
  },
  {
    row: 1,
    name: 'a status of another intent read as progress',
    edits: [
      {
        file: 'src/flow/track-transfer.ts',
        find: '      const verdict = checkStatus(record, status);',
        replace: '      const verdict = { ok: true } as const;',
      },
    ],
    node: [GUARDS_FLOW],
    grep: 'status of another intent',
  },
  // 2. No route without a fresh quote. Where the re-quote lives (src/flow/transfer.ts sendTransfer) may change;
  //    the browser tests read it from the service's log, so only `edits` needs repointing.
  {
    row: 2,
    name: 're-quote before routing removed',
    edits: [
      {
        file: 'src/flow/transfer.ts',
        find: '  const { data: fresh } = await deps.client.quote(request, { signal });',
        replace: '  const fresh = plan.shownEstimate;',
      },
    ],
    browser: [FAULTS],
    grep: 'quotes again before routing|flagged after a good first quote',
  },
  // 3. A broadcast transfer is never lost from view.
  {
    row: 3,
    name: 'hash not saved after broadcast',
    edits: [{ file: 'src/flow/transfer.ts', find: '  record = saveHash(hash);', replace: '  record = { ...record, sourceTxHash: hash };' }],
    node: [FLOW],
    grep: 'resumes after a reload',
  },
  {
    row: 3,
    name: 'receipt never submitted',
    edits: [{ file: 'src/flow/track-transfer.ts', find: '  if (record.sourceTxHash && !record.receiptAccepted) {', replace: '  if (false) {' }],
    node: [FLOW],
    grep: 'resumes after a reload',
  },
  {
    row: 3,
    name: 'late wallet answer dropped',
    edits: [{ file: 'src/flow/transfer.ts', find: "    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) return;", replace: '    return;' }],
    node: [FLOW],
    grep: 'after the widget stopped waiting',
  },
  // 4. No duplicate transaction.
  {
    row: 4,
    name: 'approval still mining not reused',
    edits: [{ file: 'src/flow/transfer.ts', find: '    if (earlier && earlier.amount >= step.amount) {', replace: '    if (false) {' }],
    node: [FLOW],
    grep: 'still mining',
  },
  // 5. No "success" before the service says so.
  {
    row: 5,
    name: 'unknown status read as success',
    edits: [
      {
        file: 'src/api/transfer-schemas.ts',
        find: "(rawStatus as KnownIntentStatus) : 'unknown';",
        replace: "(rawStatus as KnownIntentStatus) : 'success';",
      },
    ],
    node: [FLOW],
    browser: [FAULTS],
    grep: 'unknown status|does not list',
  },
  {
    row: 5,
    name: 'unknown status ends polling',
    edits: [
      {
        file: 'src/flow/status-poller.ts',
        find: '  return phase !== undefined && isFinalPhase(phase);',
        replace: "  return (phase !== undefined && isFinalPhase(phase)) || (status.kind === 'tracked' && status.status === 'unknown');",
      },
    ],
    node: [FLOW],
    grep: 'unknown status',
  },
  // 6. Nothing signed from the wrong account or chain: both of the widget's own checks go (the flow's and the wallet module's).
  {
    row: 6,
    name: 'account check before approvals removed',
    edits: [
      {
        file: 'src/flow/transfer.ts',
        find: '        await assertAccount(provider, fromAddress, signal);\n        step.txHash = await approveErc20(',
        replace: '        step.txHash = await approveErc20(',
      },
      { file: 'src/wallet/transaction.ts', find: '  if (!account || account !== expected.from.toLowerCase()) {', replace: '  if (false) {' },
    ],
    node: [FLOW],
    grep: 'switched before an approval',
  },
  {
    row: 6,
    name: 'account check before the transfer removed',
    edits: [
      {
        file: 'src/flow/transfer.ts',
        find: '    await switchTo(plan, deps, handlers, fromChain.chainId, requestId);\n    await assertAccount(provider, fromAddress, signal);\n',
        replace: '    await switchTo(plan, deps, handlers, fromChain.chainId, requestId);\n',
      },
      { file: 'src/wallet/transaction.ts', find: '  if (!account || account !== expected.from.toLowerCase()) {', replace: '  if (false) {' },
    ],
    node: [FLOW],
    grep: 'account switched mid-flow',
  },
  {
    row: 6,
    name: 'no switch back to the source chain before signing',
    edits: [
      {
        file: 'src/flow/transfer.ts',
        find: '    await switchTo(plan, deps, handlers, fromChain.chainId, requestId);\n    await assertAccount',
        replace: '    await assertAccount',
      },
    ],
    node: [FLOW],
    grep: 'switched back',
  },
  // 7. Wallet refusals and silent wallets return the user to the review step; nothing half-submitted.
  {
    row: 7,
    name: 'refused or silent wallet does not return to the review step',
    edits: [
      {
        file: 'src/flow/execution.ts',
        find: "      host.view = 'form';\n      host.report(error, intentId);",
        replace: '      host.report(error, intentId);',
      },
    ],
    browser: [FAULTS],
    grep: 'never answers|rejected approval',
  },
  {
    row: 7,
    name: 'refused transfer not marked abandoned',
    edits: [
      {
        file: 'src/flow/transfer.ts',
        find: "    update((current) => (current && !current.sourceTxHash && !current.batchId ? { ...current, phase: 'abandoned' } : current));",
        replace: '',
      },
    ],
    node: [FLOW],
    grep: 'wallet rejection',
  },
  // 8. Service faults are explained and recovered from.
  {
    row: 8,
    name: "receipt's 404 branch removed",
    edits: [
      {
        file: 'src/flow/track-transfer.ts',
        find: "      if (error instanceof RoutingError && error.kind === 'intent-not-found') return notFound(error);\n",
        replace: '',
      },
    ],
    node: [FLOW],
    grep: 'receipt the service answers with 404',
  },
  {
    row: 8,
    name: 'status 404 not terminal',
    edits: [{ file: 'src/flow/status-poller.ts', find: "      if (error instanceof IntentNotFoundError) return { kind: 'not-found', error };\n", replace: '' }],
    node: [FLOW],
    grep: 'status the service answers with 404',
  },
  {
    row: 8,
    name: 'next_poll_at ignored (polls at the floor)',
    edits: [
      {
        file: 'src/flow/status-poller.ts',
        find: '  const wait = at === undefined ? intervalMs : at - now();',
        replace: '  const wait = at === undefined ? intervalMs : 0;',
      },
    ],
    browser: [FAULTS],
    grep: 'stuck bridge',
  },
  {
    row: 8,
    name: 'Retry-After ignored',
    edits: [
      {
        file: 'src/api/client.ts',
        find: "          const waitMs = parseRetryAfter(received.get('retry-after')) ?? delay;",
        replace: '          const waitMs = delay;',
      },
    ],
    node: ['test/node/client.test.ts'],
    grep: 'Retry-After',
  },
  {
    row: 8,
    name: 'a request that timed out (client or proxy deadline) not asked again',
    edits: [
      {
        file: 'src/api/client.ts',
        find: '      if (!retry || attempt >= this.#maxRetries) throw error!;',
        replace: "      if (!retry || attempt >= this.#maxRetries || error!.kind === 'timeout' || error!.status === 504) throw error!;",
      },
    ],
    browser: [FAULTS],
    grep: 'holds past the deadline',
  },
  {
    row: 8,
    name: 'partial balances not polled again',
    edits: [
      { file: 'src/flow/remote-resources.ts', find: '    if (data.partial && this.#balancePolls < BALANCE_REPOLL_LIMIT) {', replace: '      if (false) {' },
    ],
    browser: [FAULTS],
    grep: 'partial balances',
  },
  // 9. Money is bigint; ambiguous input is refused.
  {
    row: 9,
    name: '"1,000" read as a decimal comma',
    edits: [{ file: 'src/format/amount.ts', find: '  if (/^\\d+,\\d{3}$/.test(raw) || ', replace: '  if (' }],
    browser: ['test/browser/format.test.ts', 'test/browser/components/amount-input.test.ts'],
  },
  // 10. The API key never reaches the browser, in any encoding (the proxy's scrubber).
  {
    row: 10,
    name: 'log scrub removed',
    edits: [{ file: 'src/proxy/options.ts', find: '      onLog(rpcScrubber.text(line));', replace: '      onLog(line);' }],
    node: PROXY_KEY_TESTS,
  },
  {
    row: 10,
    name: 'scrub: raw, URL-encoded and JSON-escaped forms dropped',
    edits: [
      {
        file: 'src/proxy/scrub.ts',
        find: '  const forms = new Set(secrets.flatMap((secret) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]));',
        replace: "  const forms = new Set(['\\u0000never']);",
      },
    ],
    node: PROXY_KEY_TESTS,
  },
  {
    row: 10,
    name: 'scrub: URL-encoded form dropped',
    edits: [
      {
        file: 'src/proxy/scrub.ts',
        find: '  const forms = new Set(secrets.flatMap((secret) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]));',
        replace: '  const forms = new Set(secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]));',
      },
    ],
    node: PROXY_KEY_TESTS,
  },
  {
    row: 10,
    name: 'scrub: upper-case forms let through',
    edits: [
      { file: 'src/proxy/scrub.ts', find: "  return new RegExp(alternatives.join('|'), 'gi');", replace: "  return new RegExp(alternatives.join('|'), 'g');" },
    ],
    node: PROXY_KEY_TESTS,
  },
  {
    row: 10,
    name: 'scrub: hex form let through',
    edits: [{ file: 'src/proxy/scrub.ts', find: '    for (const lowerHex of lowerHexes) if (lowered.includes(lowerHex)) return true;', replace: '' }],
    node: PROXY_KEY_TESTS,
  },
  {
    row: 10,
    name: 'scrub: base64 and base64url forms let through',
    edits: [{ file: 'src/proxy/scrub.ts', find: '    for (const form of encoded) if (value.includes(form)) return true;', replace: '' }],
    node: PROXY_KEY_TESTS,
  },
  {
    row: 10,
    name: 'scrub: base64url forms let through',
    edits: [{ file: 'src/proxy/scrub.ts', find: "      forms.add(stable.replace(/\\+/g, '-').replace(/\\//g, '_'));", replace: '' }],
    node: PROXY_KEY_TESTS,
  },
  {
    row: 10,
    name: 'scrub: nested percent-encoding decoded once only',
    edits: [
      {
        file: 'src/proxy/scrub.ts',
        find: '    for (let round = 0; round < MAX_DECODING_ROUNDS; round++) {',
        replace: '    for (let round = 0; round < 1; round++) {',
      },
    ],
    node: [PROXY_PROMISES],
    grep: 'percent-encoded (twice|three)',
  },
  {
    row: 10,
    name: 'scrub: HTML character references not decoded',
    edits: [{ file: 'src/proxy/scrub.ts', find: '      const html = htmlDecoded(view);', replace: '      const html = view;' }],
    node: [PROXY_PROMISES],
    grep: 'references',
  },
  // 11. The proxy refuses what it must, without touching upstream.
  {
    row: 11,
    name: 'Host checked on the URL (an odd Host replaced by the bind address)',
    edits: [{ file: 'src/proxy/core.ts', find: '  const host = context.host ?? url.host;', replace: '  const host = url.host;' }],
    node: [PROXY_PROMISES],
    grep: 'Host as sent',
  },
  {
    row: 11,
    name: 'forwarded client key kept with its port',
    edits: [
      {
        file: 'src/proxy/core.ts',
        find: "  if (name !== 'forwarded') return forwardedClientAddress(last);",
        replace: "  if (name !== 'forwarded') return last;",
      },
    ],
    node: [PROXY_PROMISES],
    grep: 'forwarded address',
  },
  {
    row: 11,
    name: 'metrics labelled by visitor paths',
    edits: [
      {
        file: 'src/proxy/core.ts',
        find: `  const route = outcome.label.startsWith('"') ? UNMATCHED_ROUTE : outcome.label;`,
        replace: '  const route = outcome.label;',
      },
    ],
    node: [PROXY_PROMISES],
    grep: 'route template only',
  },
  {
    row: 11,
    name: 'metrics served without the Host rule and flood limit',
    edits: [{ file: 'src/proxy/node.ts', find: '    if (refused) {', replace: '    if (false) {' }],
    node: [PROXY_PROMISES],
    grep: 'metrics port|metrics token',
  },
  {
    row: 11,
    name: 'relayed answers without the security headers',
    edits: [
      { file: 'src/proxy/core.ts', find: '  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);\n', replace: '' },
      {
        file: 'src/proxy/rpc-guard.ts',
        find: "    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });",
        replace: "    const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });",
      },
    ],
    node: [PROXY_PROMISES],
    grep: 'security headers',
  },
  {
    row: 11,
    name: '/simulate served without Origin',
    edits: [{ file: 'src/proxy/rpc-guard.ts', find: "  if (request.headers.get('origin') === null && !options.withoutOrigin) {", replace: '  if (false) {' }],
    node: [PROXY_PROMISES],
    grep: 'what the widget sends',
  },
  {
    row: 11,
    name: '/simulate params passed as sent (overrides, blocks, gas)',
    edits: [{ file: 'src/proxy/simulate.ts', find: '    const bounded = boundedSimulation(params);', replace: '    const bounded = params;' }],
    node: [PROXY_PROMISES],
    grep: 'what the widget sends',
  },
  {
    row: 11,
    name: '/simulate calls that name no gas sent uncapped',
    edits: [
      {
        file: 'src/proxy/simulate.ts',
        find: '  const bounded = checked.map((call) => (call.gas === undefined ? { ...call, gas: `0x${perUnnamed.toString(16)}` } : call));',
        replace: '  const bounded = checked;',
      },
    ],
    node: [PROXY_PROMISES],
    grep: 'what the widget sends',
  },
  {
    row: 11,
    name: 'disallowed origin let through',
    edits: [{ file: 'src/proxy/core.ts', find: "  if (decision.kind === 'refused') {", replace: '  if (false) {' }],
    node: ['test/node/proxy.test.ts'],
  },
  {
    row: 11,
    name: 'non-canonical (traversal) target accepted',
    edits: [{ file: 'src/proxy/core.ts', find: '    return new URL(`http://proxy.invalid${rawPath}`).pathname === rawPath;', replace: '    return true;' }],
    node: ['test/node/proxy.test.ts'],
  },
  {
    row: 11,
    name: 'quota: an instance deciding alone forgets what Redis gave out',
    edits: [
      {
        file: 'src/proxy/quota.ts',
        find: '      if (shared.ok && shared.value.view) access.local.follow(shared.value.view, access.instances());',
        replace: '',
      },
    ],
    node: [PROXY_REDIS],
    grep: 'stalls in the middle of a burst',
  },
  {
    row: 11,
    name: "/read: balanceOf run with the RPC's whole gas cap",
    edits: [
      {
        file: 'src/proxy/chain-read.ts',
        find: '      return { ok: true, method, params: [{ to, data, gas: `0x${READ_CALL_GAS.toString(16)}` }, block]',
        replace: '      return { ok: true, method, params: [{ to, data }, block]',
      },
    ],
    node: [RPC_RELAY],
    grep: 'balanceOf runs with',
  },
  {
    row: 11,
    name: '/read: an answer longer than one word relayed',
    edits: [
      {
        file: 'src/proxy/chain-read.ts',
        find: 'const oneWord: AnswerBound = { maxBytes: SMALL_ANSWER_BYTES,',
        replace: 'const oneWord: AnswerBound = { maxBytes: Infinity,',
      },
    ],
    node: [RPC_RELAY],
    grep: 'larger than the one word',
  },
  {
    row: 11,
    name: '/read: state read at archive depth',
    edits: [{ file: 'src/proxy/rpc-guard.ts', find: '  return head - block > MAX_STATE_DEPTH_BLOCKS', replace: '  return false' }],
    node: [RPC_RELAY],
    grep: 'below the head',
  },
  {
    row: 11,
    name: "RPC URL's keys not scrubbed",
    edits: [
      { file: 'src/proxy/options.ts', find: '  const rpcScrubber = rpcUrls.size === 0 ? scrubber :', replace: '  const rpcScrubber = true ? scrubber :' },
    ],
    node: [RPC_RELAY],
    grep: 'keyed URL|scrubbed from /read',
  },
  {
    row: 11,
    name: "the caller's JSON-RPC id sent to the RPC",
    edits: [
      {
        file: 'src/proxy/rpc-guard.ts',
        find: '      body: rpcRequestBody(call.method, call.params),',
        replace: "      body: JSON.stringify({ jsonrpc: '2.0', id: call.id, method: call.method, params: call.params }),",
      },
    ],
    node: [RPC_RELAY],
    grep: "proxy's own id",
  },
  {
    row: 11,
    name: "the caller's JSON-RPC id unbounded",
    edits: [
      {
        file: 'src/proxy/rpc-guard.ts',
        find: "  if (typeof id === 'string') return id.length <= MAX_RPC_ID_LENGTH ? id : undefined;",
        replace: "  if (typeof id === 'string') return id;",
      },
    ],
    node: [RPC_RELAY],
    grep: "proxy's own id|250 KiB id",
  },
  {
    row: 11,
    name: 'transfer codings other than chunked accepted',
    edits: [{ file: 'src/proxy/node.ts', find: "  if (lines[0]!.trim().toLowerCase() !== 'chunked') {", replace: '  if (false) {' }],
    node: ['test/node/proxy-framing.test.ts'],
  },
  // 13. Untrusted URLs are dropped.
  {
    row: 13,
    name: 'javascript: URLs kept',
    edits: [
      {
        file: 'src/format/safe-url.ts',
        find: "    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;",
        replace: '    return url.href;',
      },
    ],
    node: ['test/node/safe-url.test.ts'],
  },
  // 14. Judge a route by what it does (simulation, effects, fee bounds, bounded routes).
  {
    row: 14,
    name: 'effects: a grant other than the listed approvals accepted',
    edits: [
      {
        file: 'src/flow/effects.ts',
        find: "  for (const grant of effects.grants) if (!listed(grant, approvals)) return refuse('effect-allowance');",
        replace: '',
      },
    ],
    // The sandbox's grant routes are refused by their calldata first (row 16): the effects' unit tests show this rule.
    node: [EFFECTS],
    grep: 'Permit2|setApprovalForAll|grant',
  },
  {
    row: 14,
    name: 'effects: another token leaving accepted',
    edits: [
      {
        file: 'src/flow/effects.ts',
        find: "  for (const [asset, amount] of effects.net) if (amount > 0n && asset !== source && asset !== NATIVE_TOKEN) return refuse('effect-token');",
        replace: '',
      },
    ],
    node: [EFFECTS],
  },
  {
    row: 14,
    name: 'effects: a reverting call accepted',
    edits: [{ file: 'src/flow/effects.ts', find: "  if (effects.reverted) return refuse('effect-reverted', effects.reverted.reason);", replace: '' }],
    node: [EFFECTS],
  },
  {
    row: 14,
    name: 'route fee prices passed unbounded',
    edits: [
      {
        file: 'src/flow/fees.ts',
        find: '  if (gasPrice) return gasPrice <= ceiling ? { fields: { gasPrice }, ignored: false } : { fields: {}, ignored: true };',
        replace: '  if (gasPrice) return { fields: { gasPrice }, ignored: false };',
      },
    ],
    node: ['test/node/fees.test.ts'],
    browser: [SIMULATION_E2E],
    grep: 'griefing',
  },
  {
    row: 14,
    name: 'no cap on the number of approvals',
    edits: [
      { file: 'src/flow/guards.ts', find: "  if ((route.execution.approvals?.length ?? 0) > MAX_APPROVALS) return refuse('approval-count');", replace: '' },
    ],
    node: [GUARDS],
  },
  {
    row: 14,
    name: 'an approval to an address without code accepted',
    edits: [{ file: 'src/flow/transfer.ts', find: '    if (!code) throw routeRejected(refuse(rule), requestId);', replace: '' }],
    node: [SIMULATION],
    browser: [SIMULATION_E2E],
    grep: 'without code',
  },
  {
    row: 14,
    name: 'require-simulation ignored',
    edits: [{ file: 'src/flow/transfer.ts', find: "  if (simulation.kind !== 'simulated' && deps.requireSimulation) {", replace: '  if (false) {' }],
    node: [SIMULATION],
    browser: [SIMULATION_E2E],
    grep: 'require',
  },
  {
    row: 14,
    name: 'a success below the minimum not flagged',
    edits: [
      { file: 'src/flow/intent-store.ts', find: '  return received !== undefined && minimum !== undefined && received < minimum;', replace: '  return false;' },
    ],
    // The browser test of a shortfall is in ARRIVAL_E2E, where the chain's contradiction says it, not this flag.
    node: [SIMULATION],
    grep: 'below',
  },
  {
    row: 14,
    name: 'chain ids compared as written',
    edits: [
      {
        file: 'src/model/chain-id.ts',
        find: '  return a !== undefined && b !== undefined && canonicalChainId(a) === canonicalChainId(b);',
        replace: '  return a !== undefined && a === b;',
      },
    ],
    node: ['test/node/chain-id.test.ts', GUARDS],
  },
  {
    row: 14,
    name: 'bidirectional controls kept in service text',
    edits: [
      {
        file: 'src/model/text.ts',
        find: "  const chars = Array.from(value.replace(UNSAFE, '').trim());",
        replace: '  const chars = Array.from(value.trim());',
      },
    ],
    node: ['test/node/text.test.ts'],
    browser: [SIMULATION_E2E],
    grep: 'bidirectional',
  },
  // 15. One prompt where the wallet can (EIP-5792 batches).
  {
    row: 15,
    name: 'batched whatever the wallet says of atomicity',
    edits: [
      {
        file: 'src/flow/batch.ts',
        find: "  return allowed && (atomic === 'supported' || atomic === 'ready') && needed > 0 && !approvalOnItsWay;",
        replace: '  return allowed && needed > 0 && !approvalOnItsWay;',
      },
    ],
    node: ['test/node/batch.test.ts'],
    grep: 'batches only where|the sequence',
  },
  {
    row: 15,
    name: 'batch hash not saved when the wallet reports it',
    edits: [
      {
        file: 'src/flow/batch.ts',
        find: "  if (status.state !== 'failed' && last?.status === 'success') return save({ phase: 'broadcast', sourceTxHash: last.transactionHash, broadcastAt: Date.now() });",
        replace: "  if (status.state !== 'failed' && last?.status === 'success') return { ...record, phase: 'broadcast', sourceTxHash: last.transactionHash };",
      },
    ],
    node: ['test/node/batch.test.ts'],
    grep: 'after the hash, before the receipt',
  },
  {
    row: 15,
    name: 'a reverted batch left to follow',
    edits: [{ file: 'src/flow/batch.ts', find: "  save({ phase: 'abandoned' });", replace: '' }],
    node: ['test/node/batch.test.ts'],
    grep: 'reverts on chain|reverted while no page',
  },
  // 16. Grants refused by the route checks alone, no simulation.
  {
    row: 16,
    name: 'Permit2 approve accepted as the bridge call',
    edits: [{ file: 'src/flow/grant-calldata.ts', find: "  '0x87517c45': 'approve(address,address,uint160,uint48)',", replace: '' }],
    node: ['test/node/grant-calldata.test.ts'],
    browser: ['test/browser/trust.e2e.test.ts'],
    grep: 'Permit2',
  },
  {
    row: 16,
    name: 'setApprovalForAll accepted as the bridge call',
    edits: [{ file: 'src/flow/grant-calldata.ts', find: "  '0xa22cb465': 'setApprovalForAll(address,bool)',", replace: '' }],
    node: ['test/node/grant-calldata.test.ts'],
    browser: ['test/browser/trust.e2e.test.ts'],
    grep: 'setApprovalForAll',
  },
  {
    row: 16,
    name: 'a grant one multicall level down accepted',
    edits: [
      {
        file: 'src/flow/grant-calldata.ts',
        find: '  return !!inner?.some((call) => selectorOf(call) in GRANT_SELECTORS || BATCH_SELECTORS.includes(selectorOf(call) as Hex));',
        replace: '  return false;',
      },
    ],
    node: ['test/node/grant-calldata.test.ts'],
    browser: ['test/browser/trust.e2e.test.ts'],
    grep: 'level down|Multicall3',
  },
  // 17. Hashes and addresses in event details validated or left out.
  {
    row: 17,
    name: 'a forged dest_tx_hash merged into the saved transfer',
    edits: [
      {
        file: 'src/flow/track-transfer.ts',
        find: '    destTxHash: txHashOrNothing(status.dest_tx_hash) || record.destTxHash,',
        replace: '    destTxHash: status.dest_tx_hash || record.destTxHash,',
      },
    ],
    node: ['test/node/event-values.test.ts'],
    browser: ['test/browser/trust.e2e.test.ts'],
    grep: 'forged|javascript',
  },
  {
    row: 17,
    name: 'event details passed on unchecked',
    edits: [
      {
        file: 'src/bridge-widget/event-values.ts',
        find: '  for (const key of HASH_FIELDS) if (out[key] !== undefined) out[key] = txHashOrNothing(out[key]);',
        replace: '',
      },
    ],
    node: ['test/node/event-values.test.ts'],
    grep: 'cleanDetail',
  },
  // 18. A batch's outcome read from its receipts.
  {
    row: 18,
    name: 'a non-atomic batch judged by its status code',
    edits: [
      {
        file: 'src/flow/batch.ts',
        find: "  if (status.state !== 'failed' && last?.status === 'success') return save(",
        replace: "  if (status.state === 'confirmed') return save(",
      },
    ],
    node: ['test/node/batch.test.ts'],
    browser: ['test/browser/trust.e2e.test.ts'],
    grep: 'one by one|receipts',
  },
  {
    row: 18,
    name: 'an approval left standing reported as failed',
    edits: [{ file: 'src/flow/batch.ts', find: '        if (stands) {', replace: '        if (false) {' }],
    node: ['test/node/batch.test.ts'],
    grep: 'one by one',
  },
  // 19. The arrival checked on the destination chain before "complete".
  {
    row: 19,
    name: 'success taken on the service word, the chain not read',
    edits: [
      {
        file: 'src/flow/tracking.ts',
        find: "      this.#finish(outcome.kind === 'success' && 'status' in outcome ? await this.#checkArrival(outcome, client, signal, update) : outcome);",
        replace: '      this.#finish(outcome);',
      },
    ],
    browser: [ARRIVAL_E2E],
    grep: 'another token|honest transfer',
  },
  {
    row: 19,
    name: 'arrival to any recipient accepted',
    edits: [
      {
        file: 'src/flow/arrival-check.ts',
        find: '  const toRecipient = transfers.filter((t) => t.token === base.token && t.to === base.recipient);',
        replace: '  const toRecipient = transfers.filter((t) => t.token === base.token);',
      },
    ],
    node: [ARRIVAL],
    grep: 'another address',
  },
  {
    row: 19,
    name: 'a success over before its arrival was read',
    edits: [
      {
        file: 'src/model/transfer-phase.ts',
        find: "  return isFinalPhase(phase) && (phase !== 'success' || (arrival !== undefined && arrival !== 'checking'));",
        replace: '  return isFinalPhase(phase);',
      },
    ],
    node: ['test/node/transfer-phase.test.ts'],
    grep: 'destination chain was read',
  },
  {
    row: 19,
    name: 'arrival below the minimum accepted',
    edits: [{ file: 'src/flow/arrival-check.ts', find: '    return amount >= expected.toAmountMin ?', replace: '    return amount >= 0n ?' }],
    node: [ARRIVAL],
    grep: 'less than the minimum',
  },
  {
    row: 19,
    name: 'reverted destination transaction accepted',
    edits: [{ file: 'src/flow/arrival-check.ts', find: "    if (receipt.status !== '0x1') return", replace: '    if (false) return' }],
    node: [ARRIVAL],
    grep: 'reverted',
  },
  {
    row: 19,
    name: 'missing destination transaction said unchecked',
    edits: [
      {
        file: 'src/flow/arrival-check.ts',
        find: "    if (receipt === null) return { kind: 'contradicted', reason: 'not-found', txHash: hash };",
        replace: "    if (receipt === null) return { kind: 'unchecked', reason: 'unreadable' };",
      },
    ],
    node: [ARRIVAL],
    grep: 'no such transaction',
  },
  {
    row: 19,
    name: "arrival: another transaction's receipt believed",
    edits: [
      {
        file: 'src/flow/arrival-check.ts',
        find: '  if (!isHash(transactionHash) || lower(transactionHash) !== lower(hash)) return undefined;',
        replace: '  if (!isHash(transactionHash)) return undefined;',
      },
    ],
    node: [ARRIVAL],
    grep: "another transaction's receipt",
  },
  {
    row: 19,
    name: 'arrival: logs of another transaction believed',
    edits: [
      {
        file: 'src/flow/arrival-check.ts',
        find: '    if (logHash !== undefined && (!isHash(logHash) || lower(logHash) !== lower(hash))) return undefined;',
        replace: '',
      },
    ],
    node: [ARRIVAL],
    grep: "another transaction's receipt",
  },
  {
    row: 19,
    name: 'arrival: another block header believed',
    edits: [
      {
        file: 'src/flow/arrival-check.ts',
        find: '  if (quantity(number) !== receipt.blockNumber || !isHash(hash) || lower(hash) !== receipt.blockHash) return undefined;',
        replace: '',
      },
    ],
    node: [ARRIVAL],
    grep: 'block header other',
  },
  {
    row: 19,
    name: 'arrival: a failing read not asked again',
    edits: [
      {
        file: 'src/flow/arrival-check.ts',
        find: "    if (now() >= pacing.deadline) return value === undefined ? 'unreadable' : value;",
        replace: "    return value === undefined ? 'unreadable' : value;",
      },
    ],
    node: [ARRIVAL],
    grep: 'malformed receipt|no such transaction',
  },
  {
    row: 19,
    name: 'chain read endpoint forwards any eth_call',
    edits: [{ file: 'src/proxy/chain-read.ts', find: '      if (!shaped) return refused(', replace: '      if (false) return refused(' }],
    node: ['test/node/proxy-read.test.ts'],
    grep: 'refuses writes',
  },
  // 20. A transfer whose outcome is unknown is never sent again unasked.
  {
    row: 20,
    name: 'unknown outcome sent again unasked',
    edits: [
      {
        file: 'src/flow/unknown-outcome.ts',
        find: "  return saved ? { kind: 'confirm', saved } : { kind: 'send' };",
        replace: "  return saved && false ? { kind: 'confirm', saved } : { kind: 'send' };",
      },
    ],
    node: [UNKNOWN],
    browser: [TRUST_E2E],
    grep: 'outcome is unknown|asks first|Send again anyway',
  },
  {
    row: 20,
    name: 'unknown outcome not looked up at the service',
    edits: [
      {
        file: 'src/flow/unknown-outcome.ts',
        find: "  const named = status?.kind === 'tracked' ? txHashOrNothing(status.source_tx_hash) : undefined;",
        replace: '  const named = undefined;',
      },
    ],
    node: [BATCH],
    grep: 'outcome is looked for',
  },
  {
    row: 20,
    name: 'unknown outcome resolved by a hash the chain does not show',
    edits: [{ file: 'src/flow/unknown-outcome.ts', find: '    if (!onSource || (await read(', replace: '    if (true || (await read(' }],
    node: [BATCH],
    grep: 'one by one',
  },
  {
    row: 20,
    name: 'unknown outcome: the approval’s allowance not read',
    edits: [
      {
        file: 'src/flow/unknown-outcome.ts',
        find: '    if (allowance !== undefined) signs.approvalStands =',
        replace: '    if (allowance === -1n) signs.approvalStands =',
      },
    ],
    node: [BATCH],
    grep: 'one by one',
  },
  {
    row: 20,
    name: 'unknown outcome: a press while the look-up runs sends',
    edits: [
      {
        file: 'src/flow/unknown-outcome.ts',
        find: '    if (this.asking?.intentId !== intentId || !known) {',
        replace: '    if (this.asking?.intentId !== intentId) {',
      },
    ],
    node: [UNKNOWN],
    browser: [TRUST_E2E],
    grep: 'look-up runs|outcome is unknown',
  },
  {
    row: 20,
    name: 'unknown outcome: no line while it is looked up',
    edits: [{ file: 'src/flow/unknown-outcome.ts', find: "  if (!signs) return 'unknown.lookingUp';", replace: "  if (!signs) return 'unknown.unread';" }],
    node: [UNKNOWN],
    browser: [TRUST_E2E],
    grep: 'plain words|look-up runs|outcome is unknown',
  },
  {
    row: 20,
    name: 'unknown outcome: a hash the source chain never shows is tracked as if sent',
    edits: [{ file: 'src/flow/unknown-outcome.ts', find: '    if (left <= 0) return true;', replace: '    if (left <= 0) return false;' }],
    node: [BATCH],
    browser: [TRUST_E2E],
    grep: 'never shows|never broadcast',
  },
  {
    row: 20,
    name: 'unknown outcome: an unseen hash not handed to the look-up',
    edits: [{ file: 'src/flow/tracking.ts', find: '        return void context.unknown(latest).catch(() => undefined);', replace: '        return;' }],
    browser: [TRUST_E2E],
    grep: 'never broadcast',
  },
  // 21. Nothing to pay into unless it is what was asked (the deposit address).
  {
    row: 21,
    name: 'deposit address: one for another amount shown',
    edits: [{ file: 'src/api/deposit.ts', find: "  if (amount !== request.fromAmount) throw refuse('other-amount');", replace: '' }],
    node: [DEPOSIT_API, DEPOSIT_FLOW],
    grep: 'another amount|fails a check',
  },
  {
    row: 21,
    name: 'deposit address: one on another chain shown',
    edits: [{ file: 'src/api/deposit.ts', find: "  if (!sameChainId(chainId, request.fromChain)) throw refuse('other-chain');", replace: '' }],
    node: [DEPOSIT_API],
    grep: 'another chain',
  },
  {
    row: 21,
    name: 'deposit address: one for another token shown',
    edits: [{ file: 'src/api/deposit.ts', find: "  if (!sameId(token, request.fromToken)) throw refuse('other-token');", replace: '' }],
    node: [DEPOSIT_API],
    grep: 'another token',
  },
  {
    row: 21,
    name: "deposit address: the sender's own shown to pay into",
    edits: [{ file: 'src/api/deposit.ts', find: "  if (sameId(address, request.fromAddress)) throw refuse('sender-address');", replace: '' }],
    node: [DEPOSIT_API],
    grep: 'sender',
  },
  {
    row: 21,
    name: "deposit address: the recipient's shown to pay into",
    edits: [{ file: 'src/api/deposit.ts', find: "  if (sameId(address, request.toAddress)) throw refuse('recipient-address');", replace: '' }],
    node: [DEPOSIT_API],
    grep: 'recipient',
  },
  {
    row: 21,
    name: 'deposit address: one not valid on the source chain shown',
    edits: [
      {
        file: 'src/api/deposit.ts',
        find: "  if (checkAddress(address, family, bech32Prefix ? { bech32Prefix } : {}) || ZERO_ADDRESS.test(address)) throw refuse('invalid-address');",
        replace: '',
      },
    ],
    node: [DEPOSIT_API],
    grep: 'not valid|Cosmos',
  },
  {
    row: 21,
    name: 'deposit address: an expired one shown',
    edits: [{ file: 'src/api/deposit.ts', find: "  if (expiresAt !== undefined && expiresAt <= now) throw refuse('expired');", replace: '' }],
    node: [DEPOSIT_API],
    grep: 'expired',
  },
  {
    row: 21,
    name: "deposit address: the service's answer shown without its checks",
    edits: [
      {
        file: 'src/flow/deposit.ts',
        find: '        deposit = checkDeposit(answer, { request, family }, meta);',
        replace:
          "        deposit = { intentId: answer.intentId, address: answer.address ?? '', chainId: request.fromChain, token: request.fromToken, amount: request.fromAmount, expiresAt: answer.expiresAt, estimate: answer.estimate, provider: answer.provider };",
      },
    ],
    node: [DEPOSIT_FLOW],
    browser: [DEPOSIT_E2E],
    grep: 'fails a check|each refusal',
  },
  {
    row: 21,
    name: 'deposit address: asked for without a fresh quote',
    edits: [
      { file: 'src/flow/deposit.ts', find: '      const { data: fresh } = await client.quote(request);', replace: '      const fresh = quote.estimate;' },
    ],
    node: [DEPOSIT_FLOW],
    grep: 'fresh quote',
  },
  {
    row: 21,
    name: 'deposit address: shown before it is saved',
    edits: [{ file: 'src/flow/deposit.ts', find: '      store.save(record);\n', replace: '' }],
    node: [DEPOSIT_FLOW],
    grep: 'fresh quote|reload',
  },
  {
    row: 21,
    name: 'deposit address: its QR code without the token contract',
    edits: [
      {
        file: 'src/api/deposit.ts',
        find: '  return isNativeToken(token) ? `ethereum:${address}@${chainId}?value=${amount}`',
        replace: '  return true ? `ethereum:${address}@${chainId}?value=${amount}`',
      },
    ],
    node: [DEPOSIT_API],
    browser: [DEPOSIT_E2E],
    grep: 'EIP-681|ERC-20',
  },
  // 22. A wallet on another device (WalletConnect) is held to the same checks.
  {
    row: 22,
    name: 'walletconnect: an ended session still answers its account',
    edits: [{ file: 'src/wallet/walletconnect.ts', find: 'return this.ended || !address ? [] :', replace: 'return !address ? [] :' }],
    node: [WALLETCONNECT],
    grep: 'ended on the phone',
  },
  {
    row: 22,
    name: 'walletconnect: a request in flight when the session ends waits on the wallet app',
    edits: [
      {
        file: 'src/wallet/walletconnect.ts',
        find: 'reject((error as { code?: unknown })?.code === 6000 || !this.#client.session.keys.includes(this.topic) ? this.#endError() : error)',
        replace: 'reject(error)',
      },
    ],
    node: [WALLETCONNECT],
    grep: 'ended on the phone',
  },
  {
    row: 22,
    name: 'walletconnect: a method the session did not grant sent to the wallet app',
    edits: [
      {
        file: 'src/wallet/walletconnect.ts',
        find: '    if (this.#granted(method)) return this.#ask(method, list);',
        replace: '    return this.#ask(method, list);',
      },
    ],
    node: [WALLETCONNECT],
    grep: 'go elsewhere',
  },
  {
    row: 22,
    name: 'walletconnect: a chain outside the session taken without asking the phone',
    edits: [{ file: 'src/wallet/walletconnect.ts', find: '    if (!this.chains.includes(target)) {', replace: '    if (false) {' }],
    node: [WALLETCONNECT],
    browser: [WALLETCONNECT_E2E],
    grep: 'outside the session',
  },
  {
    row: 22,
    name: 'walletconnect: the Verify frame of verify.walletconnect.org',
    edits: [{ file: 'src/wallet/walletconnect.ts', find: "      created.core.verify.register = async () => '';", replace: '' }],
    browser: [WALLETCONNECT_E2E],
    grep: 'pairs by the QR code',
  },
];

/**
 * The edits whose text to break is not found exactly once under `root`: each such
 * mutant would test nothing, so the tool and the test name its row and fail.
 */
export function staleMutants(root, mutants = MUTANTS) {
  const stale = [];
  for (const mutant of mutants) {
    for (const edit of mutant.edits) {
      const path = join(root, edit.file);
      const count = existsSync(path) ? readFileSync(path, 'utf8').split(edit.find).length - 1 : -1;
      if (count === 1) continue;
      const why = count === -1 ? `${edit.file} no longer exists` : `${edit.file}: the text to break occurs ${count} times`;
      stale.push({ row: mutant.row, name: mutant.name, why });
    }
  }
  return stale;
}
