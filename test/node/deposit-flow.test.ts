/**
 * The deposit room (src/flow/deposit.ts) driving a real session against the
 * sandbox, with no wallet: the typed sender is the address the quote screens,
 * the recipient is required, the answer is checked before anything is shown,
 * the transfer is saved before it is shown and a reload shows the same
 * address, and the tracking room follows it to its end.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TaskStatus } from '@lit/task';
import { bech32 } from '@scure/base';
import { createWalletClient, custom, erc20Abi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.ts';
import { enterDeposit, leaveDeposit } from '../../src/flow/deposit.ts';
import { loadAddressRules } from '../../src/model/address.ts';
import { loadChecksum } from '../../src/model/checksum.ts';
import { TransferSession } from '../../src/flow/session.ts';
import { DEPOSIT_ACCOUNT, savedTransfersKey } from '../../src/flow/saved-transfers.ts';
import { clearCatalogCache } from '../../src/flow/catalog.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { sessionSettings } from './helpers/session-settings.ts';
import { SRC } from './helpers/chains.ts';
import { until as untilDefault } from './helpers/until.ts';

const until = (session: TransferSession, check: () => boolean, what: string, ms = 30_000) => untilDefault(session, check, what, ms);

describe('paying into a deposit address, with no wallet', () => {
  let sandbox: SandboxHandle;
  let sessions: TransferSession[] = [];
  const fast = {
    quoteDebounceMs: 20,
    backoff: { baseMs: 20, maxMs: 200, jitter: 0 },
    transfer: { poll: { intervalMs: 100, minIntervalMs: 50 }, receiptBackoff: { baseMs: 20, maxMs: 200, jitter: 0 } },
  };

  before(async () => {
    sandbox = await startSandbox({ bridgingDelayMs: 200, pollHintMs: 150, trackerIntervalMs: 50 });
    // The Cosmos address rules: in the widget they come with the sender's field (the recipient field's chunk).
    await Promise.all([loadAddressRules(), loadChecksum()]);
  });
  after(async () => {
    for (const s of sessions) s.disconnect();
    await sandbox?.close();
  });

  const open = (storage = new MemoryStorage(), settings = sessionSettings({ amount: '2' })) => {
    clearCatalogCache();
    const session = new TransferSession({ proxyUrl: sandbox.proxyUrl!, settings, storage, ...fast });
    sessions.push(session);
    session.configure(settings, ['amount', 'fromChain']);
    session.connect();
    return session;
  };
  const sender = (i = 0) => sandbox.accounts.extraUsers[i]!;
  const recipient = () => sandbox.accounts.extraUsers[3]!.address;
  const usdc = (chainId: number) => sandbox.tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC')!.address;

  /** A session in deposit mode, the sender and recipient typed, quoted. */
  async function quoted(storage = new MemoryStorage(), from = sender().address as string) {
    const session = open(storage);
    await until(session, () => session.remote.chains.status === TaskStatus.COMPLETE, 'the catalog');
    const room = enterDeposit(session);
    session.form.edit({ sender: from, recipient: recipient() });
    return { session, room };
  }

  it('the typed sender is the address the quote screens; no recipient, no quote (none is defaulted)', async () => {
    const session = open();
    await until(session, () => session.remote.chains.status === TaskStatus.COMPLETE, 'the catalog');
    assert.equal(session.mainAction.key, 'action.connect');
    const room = enterDeposit(session);
    assert.equal(room.action.key, 'action.connect', 'asks for the sender first');
    session.form.edit({ sender: sender().address });
    assert.equal(session.form.draft.inputs, undefined, 'no recipient typed: nothing to quote');
    assert.equal(room.action.key, 'action.invalidRecipient');
    session.form.edit({ recipient: recipient() });
    await until(session, () => room.action.key === 'action.bridge', 'a quote');
    assert.equal(session.currentQuote?.inputs.fromAddress, sender().address);
    // The quote screens the sender: a flagged one is refused there, and nothing can be asked for.
    session.form.edit({ sender: sandbox.accounts.flagged.address });
    await until(session, () => room.action.key === 'action.noQuote', 'the flagged sender refused at the quote');
    leaveDeposit(session);
    assert.equal(session.deposit, undefined);
    assert.equal(session.form.draft.inputs, undefined, 'back to the wallet: no account, no quote');
  });

  it('asks after a fresh quote, saves the transfer before it is shown, and follows it to success once paid in', async () => {
    const storage = new MemoryStorage();
    const { session, room } = await quoted(storage);
    const events: string[] = [];
    session.subscribe({ event: (type) => events.push(type) });
    await until(session, () => room.action.key === 'action.bridge', 'a quote');
    const seen: boolean[] = [];
    session.subscribe({ changed: () => session.view === 'tracking' && seen.push(!!storage.getItem(savedTransfersKey(sandbox.proxyUrl!, DEPOSIT_ACCOUNT))) });
    const requests = sandbox.requests().length;
    await room.ask();
    assert.equal(session.form.problem, undefined, session.form.problem?.message);
    const asked = sandbox
      .requests()
      .slice(requests)
      .map((r) => r.endpoint);
    assert.deepEqual(
      asked.filter((e) => e === 'quote' || e === 'deposit-address'),
      ['quote', 'deposit-address'],
      'a fresh quote, then the address',
    );
    await until(session, () => session.view === 'tracking', 'the deposit transfer shown');
    assert.ok(seen.length > 0 && seen.every(Boolean), 'saved before it was shown');
    const saved = session.tracking!.current!.saved;
    assert.equal(saved.account, DEPOSIT_ACCOUNT);
    assert.equal(saved.deposit?.sender, sender().address);
    assert.equal(saved.fromAmount, 2_000_000n);
    assert.ok(saved.deposit!.expiresAt! > Date.now());
    assert.deepEqual(
      session.tracking!.history.map((t) => t.intentId),
      [saved.intentId],
      'the history lists it, with no wallet',
    );

    // The other wallet pays in.
    const payer = createWalletClient({
      account: privateKeyToAccount(sender().privateKey),
      chain: sandbox.chain(SRC).viemChain,
      transport: custom(sandbox.chain(SRC).provider),
    });
    await payer.writeContract({
      address: usdc(SRC) as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [saved.deposit!.address as Address, 2_000_000n],
    });
    await until(
      session,
      () => session.tracking?.current?.saved.phase === 'success' && session.tracking.current.saved.arrival?.state === 'checked',
      'success, checked on the chain',
      60_000,
    );
    assert.ok(events.includes('bridge-success'), events.join());
    assert.match(session.tracking!.current!.saved.sourceTxHash ?? '', /^0x[0-9a-f]{64}$/, 'the payment is its source transaction');
  });

  it('a reload shows the same address, with nothing connected', async () => {
    const storage = new MemoryStorage();
    const { session, room } = await quoted(storage);
    await until(session, () => room.action.key === 'action.bridge', 'a quote');
    await room.ask();
    await until(session, () => session.view === 'tracking', 'the deposit transfer shown');
    const shown = session.tracking!.current!.saved;
    session.disconnect();
    const reloaded = open(storage);
    await until(reloaded, () => reloaded.view === 'tracking', 'the deposit transfer shown again after the reload');
    assert.equal(reloaded.tracking!.current!.saved.deposit?.address, shown.deposit?.address);
    assert.equal(reloaded.tracking!.current!.saved.intentId, shown.intentId);
  });

  it('an answer that fails a check shows nothing to pay into, saves nothing, and says why', async () => {
    const storage = new MemoryStorage();
    const { session, room } = await quoted(storage);
    await until(session, () => room.action.key === 'action.bridge', 'a quote');
    sandbox.faults.set({ hostile: 'deposit-other-amount' });
    const errors: unknown[] = [];
    session.subscribe({ event: (type, detail) => type === 'bridge-error' && errors.push(detail) });
    try {
      await room.ask();
    } finally {
      sandbox.faults.set({ hostile: null });
    }
    assert.equal(session.view, 'form');
    assert.deepEqual([session.form.problem?.kind, session.form.problem?.rule], ['deposit-refused', 'other-amount']);
    assert.equal(storage.getItem(savedTransfersKey(sandbox.proxyUrl!, DEPOSIT_ACCOUNT)), null, 'nothing saved');
    assert.deepEqual(
      errors.map((e) => (e as { kind: string; rule: string }).rule),
      ['other-amount'],
    );
  });

  it('a route the service offers no deposit address for stays marked, with the reason', async () => {
    const { session, room } = await quoted();
    await until(session, () => room.action.key === 'action.bridge', 'a quote');
    const errors: string[] = [];
    session.subscribe({ event: (type, detail) => type === 'bridge-error' && errors.push((detail as { kind: string }).kind) });
    sandbox.faults.set({ forceProvider: 'slowlane' });
    try {
      await room.ask();
    } finally {
      sandbox.faults.set({ forceProvider: null });
    }
    assert.deepEqual(errors, ['deposit-unavailable'], 'the host hears why');
    assert.equal(room.refusal?.kind, 'deposit-unavailable');
    assert.equal(session.form.problem, undefined, 'said once, in the button’s place');
    // Another route is not marked.
    session.form.selectToken('from', sandbox.tokens.find((t) => t.chainId === SRC && t.symbol === 'ETH')!.address);
    assert.equal(room.refusal, undefined);
  });

  it("a source no wallet signs on: offered in deposit mode, its own address rules for the sender; leaving gives the source back to a wallet's chain", async () => {
    const session = open(new MemoryStorage(), sessionSettings({ amount: '2', fromChain: '', fromToken: '' }));
    await until(session, () => session.remote.chains.status === TaskStatus.COMPLETE, 'the catalog');
    const room = enterDeposit(session);
    session.form.selectChain('from', 'cataclysm-1');
    await until(session, () => session.form.draft.fromToken?.chainId === 'cataclysm-1', "the Cosmos chain's tokens");
    session.form.edit({ sender: sender().address, recipient: recipient() });
    assert.equal(room.action.key, 'action.connect', 'an EVM sender is not an address of this chain');
    const cata = bech32.encode('cata', bech32.toWords(Uint8Array.from({ length: 20 }, (_, i) => 100 + i)));
    session.form.edit({ sender: cata });
    await until(session, () => room.action.key === 'action.bridge', 'a quote from the Cosmos chain');
    assert.equal(session.currentQuote?.inputs.fromChain, 'cataclysm-1');
    leaveDeposit(session);
    assert.equal(session.form.values.fromChainId, String(SRC));
  });
});
