/**
 * The intent store keeps every transfer a user started, so that a reload or a
 * closed tab never loses one: what two tabs write, what survives a full
 * history, what a corrupted or foreign record does, and the approvals still
 * mining that a retry must wait for instead of asking again.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IntentStore, MAX_RECORDS, PENDING_APPROVAL_TTL_MS, PendingApprovals } from '../../src/flow/intent-store.ts';
import type { SavedTransfer } from '../../src/flow/intent-store.ts';
import { FINAL_PHASES, TRANSFER_PHASES } from '../../src/model/transfer-phase.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { ACCOUNT, savedTransfer as transfer } from './helpers/saved-transfer.ts';

const PROXY = 'https://shop.example/bridge';

/** The JSON a store wrote for the account, as another tab (or an older version) would read it. */
const stored = (storage: MemoryStorage, store: IntentStore, account = ACCOUNT) =>
  JSON.parse(storage.getItem(store.keyFor(account)) ?? '[]') as Record<string, unknown>[];

describe('IntentStore: two tabs on one account', () => {
  it('interleaved writes from two tabs keep both transfers and each tab’s latest change', () => {
    const storage = new MemoryStorage();
    const tabA = new IntentStore(storage, 'https://shop.example/bridge');
    const tabB = new IntentStore(storage, 'https://shop.example/bridge/');
    tabA.save(transfer('a', 1));
    tabB.save(transfer('b', 2));
    tabA.update(ACCOUNT, 'a', (t) => t && { ...t, phase: 'broadcast', sourceTxHash: '0xaa' });
    tabB.update(ACCOUNT, 'b', (t) => t && { ...t, phase: 'submitted', receiptAccepted: true });
    const seen = new IntentStore(storage, 'https://shop.example/bridge').list(ACCOUNT.toUpperCase().replace('0X', '0x'));
    assert.deepEqual(seen.map((t) => [t.intentId, t.phase]).sort(), [
      ['a', 'broadcast'],
      ['b', 'submitted'],
    ]);
  });

  it('keeps every unfinished transfer when the history is full, and survives corrupted storage', () => {
    const storage = new MemoryStorage();
    const store = new IntentStore(storage, 'p');
    store.save(transfer('unfinished', 0));
    for (let i = 1; i <= 60; i++) store.save({ ...transfer(`done-${i}`, i), phase: 'success' });
    assert.ok(store.get(ACCOUNT, 'unfinished'), 'the unfinished transfer was not pushed out by history');
    assert.ok(store.list(ACCOUNT).length <= 51);
    storage.setItem(store.keyFor(ACCOUNT), '{not json');
    assert.deepEqual(store.list(ACCOUNT), []);
  });

  it('one proxy is one history, however many slashes end its URL', () => {
    const storage = new MemoryStorage();
    new IntentStore(storage, 'https://shop.example/bridge//').save(transfer('x', 1));
    assert.deepEqual(
      new IntentStore(storage, 'https://shop.example/bridge').list(ACCOUNT).map((t) => t.intentId),
      ['x'],
    );
  });

  it('keeps proxies and accounts apart', () => {
    const storage = new MemoryStorage();
    new IntentStore(storage, 'https://one.example').save(transfer('x', 1));
    assert.deepEqual(new IntentStore(storage, 'https://two.example').list(ACCOUNT), []);
    assert.deepEqual(new IntentStore(storage, 'https://one.example').list('0x0000000000000000000000000000000000000001'), []);
  });
});

describe('IntentStore: what a record is', () => {
  it('gives back exactly what was saved, amounts as bigint, and stores them as decimal strings', () => {
    const storage = new MemoryStorage();
    const store = new IntentStore(storage, PROXY);
    const record: SavedTransfer = {
      ...transfer('full', 5),
      fromAmount: 123_456_789_012_345_678_901n,
      toAmount: 98_765n,
      phase: 'bridging',
      sourceTxHash: `0x${'ab'.repeat(32)}`,
      broadcastAt: 7,
      receiptAccepted: true,
      destTxHash: `0x${'cd'.repeat(32)}`,
      toAmountReceived: 98_000n,
      requestId: 'req-1',
      providerRequestId: 'prov-1',
      provider: 'swiftbridge',
      lastStatus: 'bridging',
      reached: 'bridging',
      needsGas: true,
      expectedSeconds: 90,
      finishedAt: 8,
      refundFloor: 123_456_789_012_345_000_000n,
      refundedAt: 9,
    };
    store.save(record);
    const back = store.get(ACCOUNT, 'full')!;
    assert.deepEqual({ ...back, updatedAt: 0 }, { ...record, updatedAt: 0 });
    const [json] = stored(storage, store);
    assert.equal(json!.fromAmount, '123456789012345678901');
    assert.equal(json!.toAmountReceived, '98000');
    assert.equal(json!.refundFloor, '123456789012345000000');
  });

  it('a failed transfer keeps how far it got (received by the bridge) across a reload', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    store.save({ ...transfer('failed-early', 1), phase: 'failed', reached: 'submitted', sourceTxHash: '0xaa', receiptAccepted: true });
    assert.equal(store.get(ACCOUNT, 'failed-early')?.reached, 'submitted');
  });

  it('finds a transfer by its id, whichever is newest', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    store.save({ ...transfer('older', 1), sourceTxHash: '0x01' });
    store.save({ ...transfer('newer', 2), sourceTxHash: '0x02' });
    assert.equal(store.get(ACCOUNT, 'older')?.sourceTxHash, '0x01');
    assert.equal(store.get(ACCOUNT, 'newer')?.sourceTxHash, '0x02');
    assert.equal(store.get(ACCOUNT, 'missing'), undefined);
  });

  it('drops a record with any field of the wrong kind, and keeps the others', () => {
    const storage = new MemoryStorage();
    const store = new IntentStore(storage, PROXY);
    store.save(transfer('good', 1));
    const good = stored(storage, store)[0]!;
    const overrides: Record<string, unknown>[] = [
      { intentId: 7 },
      { account: undefined },
      { fromAmount: '1.5' },
      { fromAmount: 12 },
      { toAmount: '-3' },
      { phase: 'teleported' },
      { phase: 3 },
      { receiptAccepted: 'yes' },
      { fromToken: { address: '0x1', symbol: 'X' } },
      { createdAt: '2026-11-25' },
      { toAmountReceived: 'lots' },
      { reached: 'success' },
      { sourceTxHash: 42 },
      { broadcastAt: '2026-11-25' },
      { refundFloor: '-1' },
      { refundedAt: true },
    ];
    const broken = overrides.map((override, i) => ({ ...good, intentId: `broken-${i}`, ...override }));
    storage.setItem(store.keyFor(ACCOUNT), JSON.stringify([good, ...broken, null, 'a string']));
    assert.deepEqual(
      store.list(ACCOUNT).map((t) => t.intentId),
      ['good'],
    );
    storage.setItem(store.keyFor(ACCOUNT), JSON.stringify({ not: 'a list' }));
    assert.deepEqual(store.list(ACCOUNT), []);
  });

  it('reads the phases an earlier version wrote in today’s words, so a transfer saved before an upgrade still resumes', () => {
    const storage = new MemoryStorage();
    const store = new IntentStore(storage, PROXY);
    store.save(transfer('old-routed', 1));
    store.save({ ...transfer('old-tracking', 2), sourceTxHash: '0xaa', receiptAccepted: true });
    const written = stored(storage, store).map((r) => ({ ...r, phase: r.intentId === 'old-routed' ? 'routed' : 'tracking' }));
    storage.setItem(store.keyFor(ACCOUNT), JSON.stringify(written));
    assert.deepEqual(Object.fromEntries(store.unfinished(ACCOUNT).map((t) => [t.intentId, t.phase])), { 'old-routed': 'signing', 'old-tracking': 'submitted' });
  });

  it('an account’s records are found whatever the case of its address', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    store.save(transfer('x', 1));
    const mixed = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    assert.equal(store.keyFor(mixed), store.keyFor(ACCOUNT));
    assert.equal(store.get(mixed, 'x')?.intentId, 'x');
    assert.equal(store.keyFor(ACCOUNT), `bridge-widget:v1:${PROXY}:${ACCOUNT}`, 'the key names the proxy (no trailing slash) and the lower-case account');
  });
});

describe('IntentStore: what stays and what goes', () => {
  it('unfinished is every phase that is not final, by the one rule', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    TRANSFER_PHASES.forEach((phase, i) => store.save({ ...transfer(phase, i), phase }));
    assert.deepEqual(
      store
        .unfinished(ACCOUNT)
        .map((t) => t.phase)
        .sort(),
      TRANSFER_PHASES.filter((p) => !FINAL_PHASES.includes(p)).sort(),
    );
  });

  it(`keeps the newest ${MAX_RECORDS} finished transfers, newest first, and every unfinished one`, () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    for (let i = 1; i <= MAX_RECORDS + 5; i++) store.save({ ...transfer(`done-${i}`, i * 10), phase: 'success' });
    const list = store.list(ACCOUNT);
    assert.equal(list.length, MAX_RECORDS);
    assert.equal(list[0]!.intentId, `done-${MAX_RECORDS + 5}`, 'newest first');
    assert.ok(!list.some((t) => t.intentId === 'done-1'), 'the oldest went');
    for (let i = 1; i <= MAX_RECORDS + 2; i++) store.save({ ...transfer(`open-${i}`, 1_000_000 + i), phase: 'broadcast' });
    assert.equal(store.unfinished(ACCOUNT).length, MAX_RECORDS + 2, 'unfinished transfers are never dropped, even beyond the cap');
  });

  it('lists newest first whatever the phase, so the history reads in time order', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    store.save({ ...transfer('monday', 1_000), phase: 'success' });
    store.save({ ...transfer('tuesday', 2_000), phase: 'bridging' });
    store.save({ ...transfer('wednesday', 3_000), phase: 'failed' });
    store.save({ ...transfer('thursday', 4_000), phase: 'success' });
    // A change to an older transfer does not move it to the top.
    store.update(ACCOUNT, 'tuesday', (t) => t && { ...t, phase: 'success' });
    store.update(ACCOUNT, 'wednesday', (t) => t && { ...t, refundedAt: 5_000 });
    assert.deepEqual(
      store.list(ACCOUNT).map((t) => t.intentId),
      ['thursday', 'wednesday', 'tuesday', 'monday'],
    );
  });

  it('an update that returns nothing leaves the store as it was; one stamps updatedAt', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    store.save(transfer('x', 1));
    assert.equal(
      store.update(ACCOUNT, 'x', () => undefined),
      undefined,
    );
    assert.equal(store.get(ACCOUNT, 'x')?.phase, 'signing');
    const before = Date.now();
    const updated = store.update(ACCOUNT, 'x', (t) => t && { ...t, phase: 'broadcast' });
    assert.ok(updated!.updatedAt >= before);
    assert.equal(store.get(ACCOUNT, 'x')?.phase, 'broadcast');
    assert.equal(
      store.update(ACCOUNT, 'missing', (t) => t),
      undefined,
      'no record, no change',
    );
  });

  it('without storage nothing is kept, and a storage that refuses writes does not break the flow', () => {
    const none = new IntentStore(undefined, PROXY);
    none.save(transfer('x', 1));
    assert.deepEqual(none.list(ACCOUNT), []);
    assert.equal(
      none.update(ACCOUNT, 'x', () => transfer('x', 1)),
      undefined,
    );
    const storage = new MemoryStorage();
    const store = new IntentStore(storage, PROXY);
    storage.failWrites = true;
    assert.doesNotThrow(() => store.save(transfer('y', 1)));
    assert.doesNotThrow(() => store.approvals.add(ACCOUNT, { chainId: '1', tokenAddress: '0xa', spender: '0xb', amount: 1n, hash: '0xh' }));
  });
});

describe('PendingApprovals: an approval still mining is waited for, never asked twice', () => {
  const approval = {
    chainId: '11155111',
    tokenAddress: '0xAaAa000000000000000000000000000000000001',
    spender: '0xBbBb000000000000000000000000000000000002',
    amount: 25_500_000n,
  };

  it('finds an approval by chain, token and spender (any case), with its amount', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    store.approvals.add(ACCOUNT, { ...approval, hash: '0xh1' });
    const found = store.approvals.find(ACCOUNT.toUpperCase().replace('0X', '0x'), {
      chainId: approval.chainId,
      tokenAddress: approval.tokenAddress.toLowerCase(),
      spender: approval.spender.toUpperCase().replace('0X', '0x'),
    });
    assert.equal(found?.hash, '0xh1');
    assert.equal(found?.amount, 25_500_000n);
    for (const other of [
      { ...approval, chainId: '84532' },
      { ...approval, tokenAddress: '0xAaAa000000000000000000000000000000000009' },
      { ...approval, spender: '0xBbBb000000000000000000000000000000000009' },
    ]) {
      assert.equal(store.approvals.find(ACCOUNT, other), undefined, `${other.chainId} ${other.tokenAddress} ${other.spender}`);
    }
    assert.equal(store.approvals.find('0x0000000000000000000000000000000000000001', approval), undefined, 'another account has none');
  });

  it('removes the one mined (by hash, any case) and keeps the others', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    store.approvals.add(ACCOUNT, { ...approval, hash: '0xAB01' });
    store.approvals.add(ACCOUNT, { ...approval, chainId: '84532', hash: '0xab02' });
    store.approvals.remove(ACCOUNT, '0xab01');
    assert.equal(store.approvals.find(ACCOUNT, approval), undefined);
    assert.equal(store.approvals.find(ACCOUNT, { ...approval, chainId: '84532' })?.hash, '0xab02');
  });

  it('a second approval still mining does not make the first one forgotten', () => {
    const store = new IntentStore(new MemoryStorage(), PROXY);
    const other = { ...approval, chainId: '84532', tokenAddress: '0xCcCc000000000000000000000000000000000003' };
    store.approvals.add(ACCOUNT, { ...approval, hash: '0xh1' });
    store.approvals.add(ACCOUNT, { ...other, hash: '0xh2' });
    assert.equal(store.approvals.find(ACCOUNT, approval)?.hash, '0xh1');
    assert.equal(store.approvals.find(ACCOUNT, other)?.hash, '0xh2');
  });

  it('adding the same hash again replaces it rather than listing it twice', () => {
    const storage = new MemoryStorage();
    const store = new IntentStore(storage, PROXY);
    store.approvals.add(ACCOUNT, { ...approval, hash: '0xh1' });
    store.approvals.add(ACCOUNT, { ...approval, amount: 30_000_000n, hash: '0xh1' });
    const list = JSON.parse(storage.getItem(`${store.keyFor(ACCOUNT)}:approvals`)!) as unknown[];
    assert.equal(list.length, 1);
    assert.equal(store.approvals.find(ACCOUNT, approval)?.amount, 30_000_000n);
  });

  it(`forgets an approval unmined after ${PENDING_APPROVAL_TTL_MS / 60_000} minutes (assumed dropped)`, () => {
    const storage = new MemoryStorage();
    let now = 1_000_000;
    const pending = new PendingApprovals(
      storage,
      () => 'key',
      () => now,
    );
    pending.add(ACCOUNT, { ...approval, hash: '0xh1' });
    now += PENDING_APPROVAL_TTL_MS - 1;
    assert.equal(pending.find(ACCOUNT, approval)?.hash, '0xh1', 'still within its time');
    now += 1;
    assert.equal(pending.find(ACCOUNT, approval), undefined, 'past its time');
  });

  it('drops a corrupted pending record instead of waiting on it', () => {
    const storage = new MemoryStorage();
    const store = new IntentStore(storage, PROXY);
    const key = `${store.keyFor(ACCOUNT)}:approvals`;
    storage.setItem(
      key,
      JSON.stringify([
        { ...approval, amount: 'x', hash: '0xh1', at: Date.now() },
        { ...approval, amount: '5', at: Date.now() },
      ]),
    );
    assert.equal(store.approvals.find(ACCOUNT, approval), undefined);
    storage.setItem(key, 'not json');
    assert.equal(store.approvals.find(ACCOUNT, approval), undefined);
  });
});
