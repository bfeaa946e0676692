/**
 * The rule for a transfer whose outcome is unknown (src/flow/unknown-outcome.ts):
 * while it is unknown, the same route asks before sending again; a different one does not.
 * The look-up against the sandbox is in batch.test.ts ("a forgotten batch’s outcome is looked for").
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FlowError } from '../../src/flow/errors.ts';
import type { SavedTransfer } from '../../src/flow/intent-store.ts';
import { IntentStore } from '../../src/flow/intent-store.ts';
import { TransferClient } from '../../src/api/transfer-client.ts';
import {
  UnknownOutcomes,
  hashUnseen,
  isOutcomeUnknown,
  likelySent,
  lookUpOutcome,
  nonceNow,
  outcomeLine,
  primaryGate,
  sameRoute,
} from '../../src/flow/unknown-outcome.ts';
import type { Eip1193Provider } from '../../src/wallet/index.ts';
import { startAnvil, type AnvilChain } from '../../sandbox/chains/anvil.ts';
import { DEV_MNEMONIC } from '../../sandbox/chains/accounts.ts';
import { bytecodeOf } from '../../sandbox/chains/artifacts.ts';
import { SandboxTokenAbi } from '../../sandbox/artifacts/abis.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { until } from './helpers/until.ts';
import { startUpstream } from './helpers/proxy-upstream.ts';
import { encodeDeployData, encodeFunctionData } from 'viem';

const USDC_A = '0x1111111111111111111111111111111111111111';
const USDC_B = '0x2222222222222222222222222222222222222222';
const ME = '0x3333333333333333333333333333333333333333';
const saved: SavedTransfer = {
  intentId: 'intent-1',
  account: ME,
  fromChainId: '11155111',
  toChainId: '84532',
  fromToken: { address: USDC_A, symbol: 'USDC', decimals: 6 },
  toToken: { address: USDC_B, symbol: 'USDC', decimals: 6 },
  fromAmount: 25_500_000n,
  toAmount: 25_400_000n,
  toAddress: ME,
  createdAt: 0,
  updatedAt: 0,
  phase: 'signing',
  batchId: '0xabc',
  receiptAccepted: false,
};
const request = {
  fromChain: '11155111',
  toChain: '84532',
  fromToken: USDC_A.toUpperCase().replace('0X', '0x'),
  toToken: USDC_B,
  fromAmount: 25_500_000n,
  toAddress: ME,
};

/** A session with neither service nor wallet: the look-up can read nothing. */
const host = {
  store: new IntentStore(undefined, 'http://127.0.0.1:1'),
  client: undefined,
  provider: undefined,
  form: { setProblem: () => {} },
  view: 'form',
  follow: () => assert.fail('nothing names the transaction'),
  requestUpdate: () => {},
};

describe('a transfer whose outcome is unknown', () => {
  it('is a forgotten batch (batch-unknown), not any failure', () => {
    assert.equal(isOutcomeUnknown(new FlowError('batch-unknown', 'x')), true);
    assert.equal(isOutcomeUnknown(new FlowError('batch-failed', 'x')), false);
    assert.equal(isOutcomeUnknown(new Error('x')), false);
  });

  it('the same route (chains, tokens, amount, recipient; addresses in any case) asks first; the first press never sends', () => {
    assert.equal(sameRoute(saved, request), true);
    const gate = primaryGate([saved], request, new Set());
    assert.equal(gate.kind, 'confirm');
    assert.equal(gate.kind === 'confirm' && gate.saved.intentId, 'intent-1');
  });

  it('once the user said “send again anyway” for it, the same route sends', () => {
    assert.deepEqual(primaryGate([saved], request, new Set(['intent-1'])), { kind: 'send' });
  });

  it('a different route is not held back: another amount, recipient, token or chain', () => {
    for (const other of [
      { ...request, fromAmount: 25_500_001n },
      { ...request, toAddress: USDC_B },
      { ...request, toToken: USDC_A },
      { ...request, toChain: '421614' },
      { ...request, fromChain: '84532' },
    ]) {
      assert.equal(sameRoute(saved, other), false);
      assert.deepEqual(primaryGate([saved], other, new Set()), { kind: 'send' });
    }
    assert.deepEqual(primaryGate([], request, new Set()), { kind: 'send' }, 'nothing unknown');
    assert.deepEqual(primaryGate([saved], undefined, new Set()), { kind: 'send' }, 'no request yet');
  });

  it('the chain’s signs: a moved nonce or a balance below the floor say it likely went through; unread signs say nothing', () => {
    assert.equal(likelySent({ nonceMoved: true }), true);
    assert.equal(likelySent({ balanceDropped: true }), true);
    assert.equal(likelySent({ nonceMoved: false, balanceDropped: false }), false);
    assert.equal(likelySent({}), false);
  });

  it('what the form says, in plain words: looking, then what the chain showed', () => {
    assert.equal(outcomeLine(undefined), 'unknown.lookingUp');
    assert.equal(outcomeLine({ nonceMoved: true, balanceDropped: true }), 'unknown.left');
    assert.equal(outcomeLine({ nonceMoved: true, balanceDropped: false, approvalStands: true }), 'unknown.approval');
    assert.equal(outcomeLine({ nonceMoved: true, balanceDropped: false, approvalStands: false }), 'unknown.sent');
    assert.equal(
      outcomeLine({ nonceMoved: true, approvalStands: true }),
      'unknown.sent',
      'the balance unread: the approval alone does not say the transfer stayed',
    );
    assert.equal(outcomeLine({ nonceMoved: false, balanceDropped: false }), 'unknown.nothing');
    assert.equal(outcomeLine({ hashMissing: true }), 'unknown.unread');
    assert.equal(outcomeLine({}), 'unknown.unread');
  });

  it('the session’s state: while the look-up runs the form says so and no press sends; once it answered, the press after the question sends', async () => {
    let resolveStatus: (value: never) => void = () => {};
    let changes = 0;
    const unknown = new UnknownOutcomes({
      ...host,
      // The service does not answer yet: the look-up runs until it does (and then it knows nothing).
      client: new (class extends TransferClient {
        override status(): Promise<never> {
          return new Promise((_, reject) => (resolveStatus = reject));
        }
      })({ baseUrl: 'http://127.0.0.1:1' }),
      requestUpdate: () => changes++,
    });
    const added = unknown.add(saved);
    assert.deepEqual(
      unknown.lines().map((l) => l.key),
      ['unknown.lookingUp'],
    );
    assert.ok(changes > 0, 'the view hears of it at once');
    assert.equal(unknown.mayBridge(request), false, 'the first press asks');
    assert.deepEqual(unknown.question(request), { saved, likelySent: false, looking: true, key: 'unknown.sendAgain', button: 'action.sendAgain' });
    assert.equal(unknown.mayBridge(request), false, 'a press while the look-up runs sends nothing');
    assert.equal(unknown.mayBridge({ ...request, fromAmount: 1n }), true, 'another route is not held back');
    resolveStatus(new Error('no answer') as never);
    await added;
    assert.deepEqual(
      unknown.lines().map((l) => l.key),
      ['unknown.unread'],
    );
    assert.deepEqual(unknown.question(request), { saved, likelySent: false, looking: false, key: 'unknown.sendAgain', button: 'action.sendAgain' });
    assert.equal(unknown.mayBridge(request), true, 'asked, told what is known, and chosen: it sends');
    assert.equal(unknown.mayBridge(request), true, 'and is not asked again for that transfer');
  });

  it('leaving the route drops the question: coming back asks again', async () => {
    const unknown = new UnknownOutcomes(host);
    await unknown.add(saved);
    assert.equal(unknown.question(request), undefined, 'nothing asked yet');
    assert.equal(unknown.mayBridge(request), false);
    assert.equal(unknown.question(undefined), undefined, 'no route on the form: no question');
    assert.equal(unknown.question({ ...request, fromAmount: 1n }), undefined);
    assert.equal(unknown.mayBridge(request), false, 'asked again');
    assert.equal(unknown.mayBridge(request), true);
  });
});

/**
 * The source chain's reads on a real anvil, through a wallet that passes them
 * on and, where a test says, answers oddly (a buggy or hostile wallet).
 */
// A bound for a machine under load (anvil's start and the reads), not a wait: each test waits for the state it reads.
describe('what the source chain shows, read through the wallet', { timeout: 180_000 }, () => {
  let anvil: AnvilChain;
  let odd: ((method: string) => unknown) | undefined;
  const reads: string[] = [];
  const wallet: Eip1193Provider = {
    request: async ({ method, params }: { method: string; params?: readonly unknown[] }) => {
      reads.push(method);
      const answer = odd?.(method);
      if (answer instanceof Error) throw answer;
      if (answer !== undefined) return answer;
      return anvil.provider.request({ method, params: params ? [...params] : [] });
    },
  } as Eip1193Provider;
  const SOURCE = '11155111';
  const ghost = `0x${'9f'.repeat(32)}`;
  const unseen = (patch: Partial<SavedTransfer> = {}): SavedTransfer => ({
    ...saved,
    fromChainId: SOURCE,
    sourceTxHash: ghost,
    broadcastAt: Date.now(),
    ...patch,
  });
  let mined: string;
  /** The account that sent `mined` (its nonce is 4 after the token's set-up) and holds 1,000 of `token`, with 25.5 approved to `spender`. */
  let sender: string;
  let token: string;
  const spender = '0x4444444444444444444444444444444444444444';
  const HELD = 1_000_000_000n;

  before(async () => {
    anvil = await startAnvil({ chainId: Number(SOURCE), name: 'Sepolia', port: 0, mnemonic: DEV_MNEMONIC, accounts: 2, balanceEther: 10n });
    const [from, to] = (await anvil.provider.request({ method: 'eth_accounts', params: [] })) as string[];
    sender = from!;
    mined = (await anvil.provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x1' }] })) as string;
    const send = async (tx: { to?: string; data: string }) => {
      const hash = await anvil.provider.request({ method: 'eth_sendTransaction', params: [{ from, gas: '0x2dc6c0', ...tx }] });
      // anvil mines each transaction as it comes, but a loaded machine may answer the receipt a moment later.
      return until(
        async () =>
          (await anvil.provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { contractAddress: string; status: string } | null,
        `the receipt of ${String(hash)}`,
      );
    };
    token = (await send({ data: encodeDeployData({ abi: SandboxTokenAbi, bytecode: bytecodeOf('SandboxToken'), args: ['USD Coin', 'USDC', 6] }) }))
      .contractAddress;
    await send({ to: token, data: encodeFunctionData({ abi: SandboxTokenAbi, functionName: 'mint', args: [from as `0x${string}`, HELD] }) });
    await send({ to: token, data: encodeFunctionData({ abi: SandboxTokenAbi, functionName: 'approve', args: [spender, saved.fromAmount] }) });
  });
  after(async () => {
    await anvil?.close();
  });
  beforeEach(() => {
    odd = undefined;
    reads.length = 0;
  });

  it("nonceNow: the account's nonce, or nothing for an answer that is no small hex number or a wallet that fails", async () => {
    const [account] = (await anvil.provider.request({ method: 'eth_accounts', params: [] })) as string[];
    assert.equal(await nonceNow(wallet, account!), 4, 'one transfer and the token deployed, minted and approved');
    odd = (method) => (method === 'eth_getTransactionCount' ? '0x1f' : undefined);
    assert.equal(await nonceNow(wallet, account!), 31, 'a nonce of two hex digits');
    for (const answer of ['zz0x1', '0x1zz', `0x${'1'.repeat(15)}`, 1, ['0x1'], new Error('locked')]) {
      odd = (method) => (method === 'eth_getTransactionCount' ? answer : undefined);
      assert.equal(await nonceNow(wallet, account!), undefined, String(answer));
    }
    // A wallet that never answers: nothing, as soon as the signal aborts.
    odd = (method) => (method === 'eth_getTransactionCount' ? (new Promise(() => {}) as never) : undefined);
    const started = Date.now();
    assert.equal(await nonceNow(wallet, account!, AbortSignal.timeout(50)), undefined);
    assert.ok(Date.now() - started < 4_000, `${Date.now() - started} ms`);
  });

  it('hashUnseen: a hash the chain shows, a read that fails, a wallet on another chain or an odd chain id, no hash: not unseen', async () => {
    assert.equal(await hashUnseen(unseen({ sourceTxHash: mined }), wallet, undefined, 0), false);
    assert.equal(await hashUnseen(unseen({ sourceTxHash: undefined }), wallet, undefined, 0), false);
    assert.deepEqual(reads, ['eth_chainId', 'eth_getTransactionByHash'], 'no hash: nothing read');
    for (const chainId of ['0x1', 'zz0xaa36a7', '0xaa36a7zz', ' 0xaa36a7', '0xaa36a7 ', `0x${'a'.repeat(15)}`, 11155111, ['0xaa36a7']]) {
      odd = (method) => (method === 'eth_chainId' ? chainId : undefined);
      assert.equal(await hashUnseen(unseen({ broadcastAt: 0 }), wallet, undefined, 0), false, String(chainId));
    }
    odd = (method) => (method === 'eth_getTransactionByHash' ? new Error('no answer') : undefined);
    assert.equal(await hashUnseen(unseen({ broadcastAt: 0 }), wallet, undefined, 0), false, 'a read that fails says nothing');
    // A wallet that never answers says nothing either, as soon as the signal aborts.
    odd = (method) => (method === 'eth_getTransactionByHash' ? (new Promise(() => {}) as never) : undefined);
    const started = Date.now();
    assert.equal(await hashUnseen(unseen({ broadcastAt: 0 }), wallet, AbortSignal.timeout(50), 0), false);
    assert.ok(Date.now() - started < 4_000, `${Date.now() - started} ms`);
  });

  it('hashUnseen: a hash the chain does not show is asked again until its grace has passed (counted from the broadcast, or at once without one)', async () => {
    const started = Date.now();
    assert.equal(await hashUnseen(unseen(), wallet, undefined, 300), true);
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 290 && elapsed < 4_000, `${elapsed} ms`);
    assert.ok(reads.filter((m) => m === 'eth_getTransactionByHash').length >= 2, 'asked again');
    reads.length = 0;
    assert.equal(await hashUnseen(unseen({ broadcastAt: undefined }), wallet, undefined, 60_000), true, 'no broadcast time: its grace is long over');
    assert.equal(reads.filter((m) => m === 'eth_getTransactionByHash').length, 1);
  });

  it('lookUpOutcome: the service names a transaction the chain shows, or names one while the wallet is elsewhere: found; the chain does not show it: missing, and the chain is read', async () => {
    const tracked = (hash: string) => async () => ({ kind: 'tracked', status: 'pending', source_tx_hash: hash }) as never;
    assert.deepEqual(await lookUpOutcome(unseen(), { status: tracked(mined), provider: wallet }), { kind: 'found', hash: mined });
    odd = (method) => (method === 'eth_chainId' ? '0x1' : undefined);
    assert.deepEqual(await lookUpOutcome(unseen(), { status: tracked(ghost), provider: wallet }), { kind: 'found', hash: ghost });
    odd = undefined;
    assert.deepEqual(await lookUpOutcome(unseen(), { status: tracked(ghost) }), { kind: 'found', hash: ghost }, "no wallet: the service's word");
    const missing = await lookUpOutcome(unseen({ nonceAtAttempt: 1 }), { status: tracked(ghost), provider: wallet });
    assert.deepEqual(missing, { kind: 'unknown', signs: { hashMissing: true, nonceMoved: false } });
    for (const nonce of ['zz0x2', '0x2zz', 2]) {
      odd = (method) => (method === 'eth_getTransactionCount' ? nonce : undefined);
      assert.deepEqual(await lookUpOutcome(unseen({ nonceAtAttempt: 0 }), { status: tracked(ghost), provider: wallet }), {
        kind: 'unknown',
        signs: { hashMissing: true },
      });
    }
    odd = (method) => (method === 'eth_chainId' ? 'zz0xaa36a7' : undefined);
    assert.deepEqual(
      await lookUpOutcome(unseen({ nonceAtAttempt: 0 }), {
        status: async () => {
          throw new Error('404');
        },
        provider: wallet,
      }),
      { kind: 'unknown', signs: {} },
    );
  });

  /** A transfer of `token` from `sender` whose hash the service does not know: only the chain's signs are read. */
  const ours = (patch: Partial<SavedTransfer> = {}): SavedTransfer =>
    unseen({ account: sender, fromToken: { address: token, symbol: 'USDC', decimals: 6 }, batchId: undefined, ...patch });
  const noStatus = async () => {
    throw new Error('404');
  };
  const signsOf = async (transfer: SavedTransfer) => {
    const lookup = await lookUpOutcome(transfer, { status: noStatus, provider: wallet });
    assert.equal(lookup.kind, 'unknown');
    return lookup.kind === 'unknown' ? lookup.signs : undefined;
  };

  it('lookUpOutcome: the nonce moved past the one read before the prompt, not to it; an answer that is no hex number says nothing; nothing saved, nothing read', async () => {
    const nonce = Number(await anvil.provider.request({ method: 'eth_getTransactionCount', params: [sender, 'latest'] }));
    assert.deepEqual(await signsOf(ours({ nonceAtAttempt: nonce })), { nonceMoved: false }, 'the nonce read before the prompt');
    assert.deepEqual(await signsOf(ours({ nonceAtAttempt: nonce - 1 })), { nonceMoved: true }, 'one transaction since');
    odd = (method) => (method === 'eth_getTransactionCount' ? '0x1f' : undefined);
    assert.deepEqual(await signsOf(ours({ nonceAtAttempt: 30 })), { nonceMoved: true }, 'a nonce of two hex digits');
    odd = (method) => (method === 'eth_getTransactionCount' ? ['0x1f'] : undefined);
    assert.deepEqual(await signsOf(ours({ nonceAtAttempt: 0 })), {}, 'a nonce in a list is no nonce');
    odd = undefined;
    reads.length = 0;
    assert.deepEqual(await signsOf(ours()), {}, 'no nonce, floor or spender saved');
    assert.deepEqual(reads, ['eth_chainId'], 'and nothing read but the chain');
  });

  it('lookUpOutcome: the balance below the refund floor (not at it), the allowance to the saved spender at the amount or more', async () => {
    assert.deepEqual(await signsOf(ours({ refundFloor: HELD + 1n })), { balanceDropped: true });
    assert.deepEqual(await signsOf(ours({ refundFloor: HELD })), { balanceDropped: false }, 'at the floor: nothing left the account');
    assert.deepEqual(await signsOf(ours({ approvalSpender: spender })), { approvalStands: true }, 'the allowance is the amount');
    assert.deepEqual(await signsOf(ours({ approvalSpender: spender, fromAmount: saved.fromAmount + 1n })), { approvalStands: false });
    assert.deepEqual(await signsOf(ours({ approvalSpender: ME })), { approvalStands: false }, 'another spender has none');
    odd = (method) => (method === 'eth_call' ? new Error('no answer') : undefined);
    assert.deepEqual(await signsOf(ours({ refundFloor: HELD, approvalSpender: spender })), {}, 'reads that fail say nothing');
  });

  it("lookUpOutcome: the service's hash counts when the chain shows it mined or pending; a chain id that is no hex number is another chain", async () => {
    const tracked = (hash: string) => async () => ({ kind: 'tracked', status: 'pending', source_tx_hash: hash }) as never;
    odd = (method) => (method === 'eth_getTransactionByHash' ? null : undefined);
    assert.deepEqual(await lookUpOutcome(unseen(), { status: tracked(mined), provider: wallet }), { kind: 'found', hash: mined }, 'its receipt');
    odd = (method) => (method === 'eth_getTransactionReceipt' ? null : undefined);
    assert.deepEqual(await lookUpOutcome(unseen(), { status: tracked(mined), provider: wallet }), { kind: 'found', hash: mined }, 'pending');
    for (const chainId of [['0xaa36a7'], '0xaa36a7zz']) {
      odd = (method) => (method === 'eth_chainId' ? chainId : undefined);
      assert.deepEqual(await lookUpOutcome(unseen(), { status: tracked(ghost), provider: wallet }), { kind: 'found', hash: ghost }, String(chainId));
    }
  });

  it('lookUpOutcome: a balance read the wallet never answers ends when the signal aborts', async () => {
    const controller = new AbortController();
    odd = (method) => {
      if (method !== 'eth_call') return undefined;
      setTimeout(() => controller.abort(new Error('left')), 50);
      return new Promise(() => {}) as never;
    };
    const started = Date.now();
    await assert.rejects(lookUpOutcome(ours({ refundFloor: HELD }), { status: noStatus, provider: wallet, signal: controller.signal }), /left/);
    // At the abort, not when the read's own bound (5 s) or the wallet module's (30 s) runs out.
    assert.ok(Date.now() - started < 4_000, `${Date.now() - started} ms`);
  });

  it('the session: a transfer the service names a hash for that the chain shows is followed (shown on the form, unseen elsewhere), saved as broadcast and no longer unknown; its question goes; each transfer is looked up once', async () => {
    // The service on 127.0.0.1: every intent is bridging with `mined` as its source transaction, unless its id says otherwise.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const service = await startUpstream(async (req, res) => {
      const id = /route-intent\/([^/]+)\/status/.exec(req.url ?? '')?.[1] ?? '';
      if (id.startsWith('ghost-slow')) await held;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { intent_id: id, status: 'bridging', source_tx_hash: id.startsWith('ghost') ? ghost : mined } }));
    });
    try {
      const store = new IntentStore(new MemoryStorage(), service.url);
      const followed: Array<{ saved: SavedTransfer; show: boolean }> = [];
      const problems: unknown[] = [];
      const session = (view: string, withStore = true) =>
        new UnknownOutcomes({
          ...host,
          store: withStore ? store : undefined,
          client: new TransferClient({ baseUrl: service.url }),
          provider: wallet,
          view,
          form: { setProblem: (problem) => problems.push(problem) },
          follow: (saved, show) => followed.push({ saved, show }),
        });
      const first = unseen({ intentId: 'intent-a', phase: 'signing', batchId: '0xabc' });
      store.save(first);
      const onForm = session('form');
      const adding = onForm.add(first);
      assert.equal(onForm.mayBridge(request), false, 'asked while the look-up runs');
      await adding;
      assert.deepEqual(onForm.entries, [], 'no longer unknown');
      assert.equal(onForm.asking, undefined, 'the question about it goes');
      assert.equal(onForm.mayBridge(request), true);
      assert.deepEqual(problems, [undefined], 'the problem that said it was unknown goes');
      assert.equal(followed.length, 1);
      assert.equal(followed[0]!.show, true, 'on the form it is shown');
      assert.deepEqual(
        [followed[0]!.saved.phase, followed[0]!.saved.sourceTxHash, followed[0]!.saved.batchId, followed[0]!.saved.intentId],
        ['broadcast', mined, undefined, 'intent-a'],
      );
      const kept = store.get(first.account, 'intent-a');
      assert.deepEqual([kept?.phase, kept?.sourceTxHash, kept?.batchId], ['broadcast', mined, undefined], 'saved so');
      // Elsewhere (another transfer on its way): followed unseen. Without a store: the record itself, changed.
      followed.length = 0;
      await session('tracking', false).add(unseen({ intentId: 'intent-b' }));
      assert.deepEqual(
        followed.map((f) => [f.show, f.saved.intentId, f.saved.phase, f.saved.sourceTxHash]),
        [[false, 'intent-b', 'broadcast', mined]],
      );
      // A hash the chain does not show resolves nothing; the same transfer added again is not looked up again.
      followed.length = 0;
      const ghostly = session('form');
      const calls = service.calls.length;
      await ghostly.add(unseen({ intentId: 'ghost-1', account: sender, nonceAtAttempt: 0 }));
      await ghostly.add(unseen({ intentId: 'ghost-1', account: sender, nonceAtAttempt: 0 }));
      await ghostly.add(unseen({ intentId: 'ghost-2' }));
      assert.equal(service.calls.length - calls, 2, 'once each');
      assert.deepEqual(followed, []);
      assert.deepEqual(
        ghostly.entries.map((e) => [e.saved.intentId, e.signs]),
        [
          ['ghost-1', { hashMissing: true, nonceMoved: true }],
          ['ghost-2', { hashMissing: true }],
        ],
      );
      assert.deepEqual(
        ghostly.lines().map((l) => l.key),
        ['unknown.sent', 'unknown.unread'],
      );
      assert.equal(ghostly.mayBridge(request), false);
      assert.deepEqual(ghostly.question(request), {
        saved: ghostly.entries[0]!.saved,
        likelySent: true,
        looking: false,
        key: 'unknown.likelySent',
        button: 'action.sendAgain',
      });
      // Two transfers of two routes: the question and the press read the one of their own route, whose look-up still runs.
      const two = session('form');
      const other = { ...request, fromAmount: 1n };
      await two.add(unseen({ intentId: 'ghost-3', account: sender, nonceAtAttempt: 0 }));
      const slow = two.add(unseen({ intentId: 'ghost-slow', fromAmount: 1n }));
      assert.equal(two.mayBridge(other), false, 'asked');
      assert.equal(two.question(other)?.looking, true, 'its look-up runs');
      assert.equal(two.question(other)?.likelySent, false);
      assert.equal(two.mayBridge(other), false, 'and a press while it runs sends nothing');
      release();
      await slow;
      assert.equal(two.question(other)?.looking, false);
      // A third transfer found meanwhile leaves the other two unknown, and the question about another route standing.
      await two.add(unseen({ intentId: 'intent-c' }));
      assert.deepEqual(
        two.entries.map((e) => e.saved.intentId),
        ['ghost-3', 'ghost-slow'],
      );
      assert.equal(two.asking?.intentId, 'ghost-slow');
    } finally {
      release();
      await service.close();
    }
  });

  it('lookUpOutcome stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('left'));
    await assert.rejects(lookUpOutcome(unseen(), { status: async () => ({ kind: 'tracked' }) as never, provider: wallet, signal: controller.signal }), /left/);
  });
});
