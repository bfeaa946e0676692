import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IntentStore } from '../../src/flow/intent-store.ts';
import type { KeyValueStorage, SavedTransfer } from '../../src/flow/intent-store.ts';

class SharedStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

function transfer(intentId: string, createdAt: number): SavedTransfer {
  const token = { address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', symbol: 'USDC', decimals: 6 };
  return {
    intentId,
    account: ACCOUNT,
    fromChainId: '1',
    toChainId: '2',
    fromToken: token,
    toToken: token,
    fromAmount: '1',
    toAmount: '1',
    toAddress: ACCOUNT,
    createdAt,
    updatedAt: createdAt,
    phase: 'routed',
    receiptAccepted: false,
  };
}

describe('IntentStore: two tabs on one account', () => {
  it('interleaved writes from two tabs keep both transfers and each tab’s latest change', () => {
    const storage = new SharedStorage();
    const tabA = new IntentStore(storage, 'https://shop.example/bridge');
    const tabB = new IntentStore(storage, 'https://shop.example/bridge/');
    tabA.save(transfer('a', 1));
    tabB.save(transfer('b', 2));
    tabA.update(ACCOUNT, 'a', (t) => t && { ...t, phase: 'broadcast', sourceTxHash: '0xaa' });
    tabB.update(ACCOUNT, 'b', (t) => t && { ...t, phase: 'tracking', receiptAccepted: true });
    const seen = new IntentStore(storage, 'https://shop.example/bridge').list(ACCOUNT.toUpperCase().replace('0X', '0x'));
    assert.deepEqual(seen.map((t) => [t.intentId, t.phase]).sort(), [
      ['a', 'broadcast'],
      ['b', 'tracking'],
    ]);
  });

  it('keeps every unfinished transfer when the history is full, and survives corrupted storage', () => {
    const storage = new SharedStorage();
    const store = new IntentStore(storage, 'p');
    store.save(transfer('unfinished', 0));
    for (let i = 1; i <= 60; i++) store.save({ ...transfer(`done-${i}`, i), phase: 'success' });
    assert.ok(store.get(ACCOUNT, 'unfinished'), 'the unfinished transfer was not pushed out by history');
    assert.ok(store.list(ACCOUNT).length <= 51);
    storage.setItem(store.keyFor(ACCOUNT), '{not json');
    assert.deepEqual(store.list(ACCOUNT), []);
  });

  it('keeps proxies and accounts apart', () => {
    const storage = new SharedStorage();
    new IntentStore(storage, 'https://one.example').save(transfer('x', 1));
    assert.deepEqual(new IntentStore(storage, 'https://two.example').list(ACCOUNT), []);
    assert.deepEqual(new IntentStore(storage, 'https://one.example').list('0x0000000000000000000000000000000000000001'), []);
  });
});
