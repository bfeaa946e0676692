/**
 * A price before connecting: which address a quote is asked for (the account,
 * a typed sender, else the host's preview address), and the session that asks
 * the sandbox for a preview, labels it, quotes again for the account once a
 * wallet connects and never routes the preview.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TaskStatus } from '@lit/task';
import { startSandbox, type SandboxHandle } from '../../sandbox/index.ts';
import { createDevWallet } from '../../demo/dev-wallet.ts';
import { clearCatalogCache } from '../../src/flow/catalog.ts';
import { PREVIEW_ADDRESS, previewAddress, quotingAddress } from '../../src/flow/quote-address.ts';
import { TransferSession } from '../../src/flow/session.ts';
import type { SessionSettings } from '../../src/flow/settings.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { sessionSettings } from './helpers/session-settings.ts';
import { until } from './helpers/until.ts';

const ACCOUNT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TYPED = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

describe('the quoting address', () => {
  it('is the account, else a typed sender, else the preview address, else none', () => {
    const preview = previewAddress(PREVIEW_ADDRESS);
    assert.deepEqual(quotingAddress({ account: ACCOUNT, sender: TYPED, preview }), { address: ACCOUNT, preview: false });
    assert.deepEqual(quotingAddress({ sender: TYPED, preview }), { address: TYPED, preview: false }, 'a typed sender is a real sender, not an estimate');
    assert.deepEqual(quotingAddress({ preview }), { address: PREVIEW_ADDRESS.toLowerCase(), preview: true });
    assert.equal(quotingAddress({ preview: undefined }), undefined, 'no preview: no quote before a wallet');
    assert.equal(quotingAddress({ account: '', sender: '', preview: undefined }), undefined);
  });

  it('reads the host’s preview-address: an EVM address (lowercase), or none for off, empty or anything else', () => {
    assert.equal(previewAddress(PREVIEW_ADDRESS), '0x000000000000000000000000000000000000dead');
    assert.equal(previewAddress(TYPED.toUpperCase().replace('0X', '0x')), TYPED);
    for (const off of ['off', '', undefined, '0x1234', 'vitalik.eth', ` ${TYPED}`]) assert.equal(previewAddress(off), undefined, String(off));
  });
});

describe('a price before connecting, against the sandbox', () => {
  let sandbox: SandboxHandle;
  const sessions: TransferSession[] = [];
  before(async () => {
    sandbox = await startSandbox({ bridgingDelayMs: 200, pollHintMs: 150 });
  });
  after(async () => {
    for (const session of sessions) session.disconnect();
    await sandbox.close();
  });

  const open = (overrides: Partial<SessionSettings> = {}) => {
    clearCatalogCache();
    const session = new TransferSession({
      proxyUrl: sandbox.proxyUrl!,
      settings: sessionSettings({ amount: '2', ...overrides }),
      storage: new MemoryStorage(),
      quoteDebounceMs: 0,
    });
    sessions.push(session);
    session.configure(session.settings, ['amount', 'fromChain']);
    session.connect();
    return session;
  };
  const quoted = (session: TransferSession) => session.remote.quote.status === TaskStatus.COMPLETE && !!session.currentQuote;

  it('quotes the preview address without a wallet (an estimate), then the account once one connects; the preview is never routed', async () => {
    const session = open({ previewAddress: PREVIEW_ADDRESS });
    await until(session, () => quoted(session), 'a preview quote');
    const preview = session.currentQuote!;
    assert.equal(preview.inputs.preview, true);
    assert.equal(preview.inputs.fromAddress, PREVIEW_ADDRESS.toLowerCase());
    assert.equal(preview.inputs.toAddress, PREVIEW_ADDRESS.toLowerCase(), 'sent to the preview address too: no recipient typed');
    assert.ok(preview.estimate.toAmount > 0n, 'a price to show');
    assert.equal(session.mainAction.key, 'action.connect', 'the button still connects');
    await session.bridge();
    assert.equal(session.view, 'form', 'a preview is never routed');

    const wallet = createDevWallet({
      privateKey: sandbox.accounts.user.privateKey,
      chains: sandbox.readyInfo.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl!, name: c.name })),
      chainId: 11155111,
    });
    session.setWallet(wallet, undefined);
    await session.connectWallet();
    await until(session, () => quoted(session) && !session.currentQuote!.inputs.preview, 'the account’s own quote');
    assert.equal(session.currentQuote!.inputs.fromAddress, session.account);
    assert.equal(session.mainAction.key, 'action.bridge');
  });

  it('asks for no quote before a wallet when the host turned the preview off', async () => {
    const session = open({ previewAddress: 'off' });
    await until(session, () => session.remote.chains.status === TaskStatus.COMPLETE, 'the catalog');
    await session.updateComplete;
    assert.equal(session.form.draft.inputs, undefined);
    assert.equal(session.remote.quote.value, undefined);
  });

  it('a preview address the service refuses (screened out) leaves no price and reports nothing', async () => {
    const session = open({ previewAddress: sandbox.accounts.flagged.address });
    const errors: unknown[] = [];
    session.subscribe({ event: (type, detail) => type === 'bridge-error' && errors.push(detail) });
    await until(session, () => session.remote.quote.status === TaskStatus.ERROR, 'the refusal');
    assert.equal(session.currentQuote, undefined, 'no price');
    assert.equal(session.form.draft.inputs?.preview, true, 'the element shows no error for a refused preview (it reads this)');
    assert.deepEqual(errors, []);
  });
});
