/**
 * The EIP-6963 registry without a browser: a plain EventTarget stands in for
 * the window, and wallets announce on it as extensions do.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WalletRegistry, readAnnouncement, rememberWallet, rememberedWallet } from '../../src/wallet/discovery.ts';

const provider = () => ({ request: async () => null });
const info = (n: string) => ({ uuid: `uuid-${n}`, name: `Wallet ${n}`, icon: 'data:image/svg+xml,<svg/>', rdns: `dev.example.${n}` });

function windowLike(ethereum?: unknown) {
  const target = new EventTarget() as EventTarget & { ethereum?: unknown };
  if (ethereum) target.ethereum = ethereum;
  const announce = (detail: unknown) => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  return { target, announce, asWindow: target as unknown as Window };
}

describe('EIP-6963 wallet registry', () => {
  it('lists wallets by first announcement, once each, late ones too', () => {
    const { announce, asWindow } = windowLike();
    let changes = 0;
    const registry = new WalletRegistry(() => changes++);
    registry.start(asWindow);
    const a = provider();
    announce({ info: info('a'), provider: a });
    announce({ info: info('a'), provider: a });
    announce({ info: info('b'), provider: provider() });
    assert.deepEqual(
      registry.wallets.map((w) => w.info.name),
      ['Wallet a', 'Wallet b'],
    );
    announce({ info: info('c'), provider: provider() });
    assert.deepEqual(
      registry.wallets.map((w) => w.info.name),
      ['Wallet a', 'Wallet b', 'Wallet c'],
    );
    assert.ok(changes >= 3);
  });

  it('offers neither of two different providers announced under one uuid', () => {
    const { announce, asWindow } = windowLike();
    const registry = new WalletRegistry(() => {});
    registry.start(asWindow);
    announce({ info: info('a'), provider: provider() });
    announce({ info: { ...info('a'), name: 'Impostor' }, provider: provider() });
    announce({ info: info('b'), provider: provider() });
    assert.deepEqual(
      registry.wallets.map((w) => w.info.uuid),
      ['uuid-b'],
    );
  });

  it("ignores malformed announcements, including throwing getters and the fallback's reserved rdns", () => {
    assert.equal(readAnnouncement(undefined), undefined);
    assert.equal(readAnnouncement({ info: info('a') }), undefined, 'no provider');
    assert.equal(readAnnouncement({ info: { ...info('a'), rdns: '' }, provider: provider() }), undefined);
    assert.equal(readAnnouncement({ info: { ...info('a'), name: '  ' }, provider: provider() }), undefined);
    assert.equal(readAnnouncement({ info: { ...info('a'), rdns: 'window.ethereum' }, provider: provider() }), undefined);
    const hostile = {
      get info(): never {
        throw new Error('boom');
      },
      provider: provider(),
    };
    assert.equal(readAnnouncement(hostile), undefined);
  });

  it('offers window.ethereum as the browser wallet only after a request, and only while nothing announced', () => {
    const injected = provider();
    const { announce, asWindow, target } = windowLike(injected);
    let requests = 0;
    target.addEventListener('eip6963:requestProvider', () => requests++);
    const registry = new WalletRegistry(() => {});
    registry.start(asWindow);
    assert.equal(registry.wallets.length, 0, 'nothing before the widget asks');
    registry.request();
    assert.equal(requests, 1);
    assert.deepEqual(
      registry.wallets.map((w) => [w.injected, w.provider === injected]),
      [[true, true]],
    );
    announce({ info: info('a'), provider: provider() });
    assert.deepEqual(
      registry.wallets.map((w) => w.info.name),
      ['Wallet a'],
    );
  });

  it('stops listening on stop', () => {
    const { announce, asWindow } = windowLike();
    const registry = new WalletRegistry(() => {});
    registry.start(asWindow);
    registry.stop();
    announce({ info: info('a'), provider: provider() });
    assert.equal(registry.wallets.length, 0);
  });

  it('remembers the chosen rdns and forgets it; refused storage is not an error', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    } as Storage;
    assert.equal(rememberedWallet(storage), undefined);
    rememberWallet(storage, 'dev.example.b');
    assert.equal(rememberedWallet(storage), 'dev.example.b');
    rememberWallet(storage, undefined);
    assert.equal(rememberedWallet(storage), undefined);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    } as unknown as Storage;
    assert.doesNotThrow(() => rememberWallet(refusing, 'x'));
    assert.equal(rememberedWallet(refusing), undefined);
  });
});
