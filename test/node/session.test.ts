/**
 * The transfer session and its form rules, without a browser: the catalog, the
 * quotes and the transfers come from the sandbox (real local chains, the real
 * routing service and proxy); the wallet is the development wallet.
 */
import { after, before, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { startSandbox } from '../../sandbox/index.ts';
import type { SandboxHandle } from '../../sandbox/index.ts';
import { createDevWallet } from '../../demo/dev-wallet.ts';
import { WidgetClient } from '../../src/api/client.ts';
import { TokenCatalog, clearCatalogCache } from '../../src/flow/catalog.ts';
import {
  EMPTY_SIDE,
  chainsFor,
  followWalletChain,
  mainAction,
  presetProblems,
  readDraft,
  resolvePresets,
  selectChain,
  tokensFor,
  type Catalog,
  type FormConfig,
  type FormValues,
  type MainActionInput,
} from '../../src/flow/form.ts';
import { ABANDON_AFTER_MS, DEPOSIT_GIVE_UP_MS, resumeAction } from '../../src/model/resume.ts';
import { lossToConfirm } from '../../src/model/quote.ts';
import { TaskStatus } from '@lit/task';
import { TransferSession } from '../../src/flow/session.ts';
import { sessionSettings } from './helpers/session-settings.ts';
import { NATIVE_TOKEN } from '../../src/model/tokens.ts';
import type { SavedTransfer } from '../../src/flow/intent-store.ts';
import { MemoryStorage } from './helpers/memory-storage.ts';
import { until } from './helpers/until.ts';
import { savedTransfer } from './helpers/saved-transfer.ts';
import { FlowError } from '../../src/flow/errors.ts';
import { endedPhase } from './helpers/tracked.ts';
import type { BridgeQuoteDetail } from '../../src/bridge-widget/events.ts';

const SRC = '11155111';
const DST = '84532';
const none: Selection = { fromChainId: '', toChainId: '', fromTokenAddress: '', toTokenAddress: '' };
type Selection = Pick<FormValues, 'fromChainId' | 'toChainId' | 'fromTokenAddress' | 'toTokenAddress'>;
const config = (from: Partial<FormConfig['from']> = {}, to: Partial<FormConfig['to']> = {}): FormConfig => ({
  from: { ...EMPTY_SIDE, ...from },
  to: { ...EMPTY_SIDE, ...to },
});

describe('session and form rules against the sandbox', () => {
  let sandbox: SandboxHandle;
  let catalog: Catalog;
  const usdc = (chainId: string) => catalog.tokens.find((t) => t.chainId === chainId && t.symbol === 'USDC')!;

  before(async () => {
    sandbox = await startSandbox({ bridgingDelayMs: 200, pollHintMs: 150 });
    const client = new WidgetClient({ baseUrl: sandbox.proxyUrl! });
    // The form rules see every token of the default catalog: one page per chain.
    const paged = new TokenCatalog({ client, pageSize: 1000 });
    const chains = await paged.chains();
    await Promise.all(chains.map((c) => paged.firstPage(c.chainId)));
    catalog = { chains, tokens: paged.all() };
  });
  after(() => sandbox?.close());
  beforeEach(() => sandbox.reset());

  describe('form rules', () => {
    it('offers only chains the wallet signs on as sources, and applies allow and deny lists to each side', () => {
      const sources = chainsFor(EMPTY_SIDE, 'from', catalog.chains).map((c) => c.chainId);
      assert.ok(sources.includes(SRC) && !sources.includes('cataclysm-1'), `sources: ${sources.join()}`);
      assert.ok(chainsFor(EMPTY_SIDE, 'to', catalog.chains).some((c) => c.chainId === 'cataclysm-1'));
      assert.deepEqual(
        chainsFor({ ...EMPTY_SIDE, allowChains: `${SRC}, ${DST}`, denyChains: DST }, 'from', catalog.chains).map((c) => c.chainId),
        [SRC],
      );
      const tokens = tokensFor({ ...EMPTY_SIDE, denyTokens: 'usdc' }, SRC, catalog.tokens).map((t) => t.symbol);
      assert.ok(tokens.length > 0 && !tokens.includes('USDC'), `tokens: ${tokens.join()}`);
      assert.deepEqual(
        tokensFor({ ...EMPTY_SIDE, allowTokens: usdc(SRC).address.toUpperCase() }, SRC, catalog.tokens).map((t) => t.symbol),
        ['USDC'],
      );
    });

    it('resolves token presets by address and by symbol, and names presets that match nothing', () => {
      const bySymbol = resolvePresets(config({ chain: SRC, token: 'usdc' }, { chain: DST, token: 'USDC' }), catalog, none);
      assert.deepEqual(bySymbol, { fromChainId: SRC, toChainId: DST, fromTokenAddress: usdc(SRC).address, toTokenAddress: usdc(DST).address });
      const byAddress = resolvePresets(config({ chain: SRC, token: usdc(SRC).address.toLowerCase() }), catalog, none);
      assert.equal(byAddress.fromTokenAddress, usdc(SRC).address);
      assert.notEqual(byAddress.toChainId, SRC, 'the destination avoids the source chain');
      const typo = config({ chain: '999', token: 'NOPE' });
      const selection = resolvePresets(typo, catalog, none);
      assert.deepEqual(
        presetProblems(typo, catalog, selection).map((p) => p.key),
        ['config.fromChain'],
      );
      const tokenTypo = config({ chain: SRC, token: 'NOPE' });
      assert.deepEqual(presetProblems(tokenTypo, catalog, resolvePresets(tokenTypo, catalog, none)), [{ key: 'config.fromToken', value: 'NOPE' }]);
    });

    it('a new destination chain keeps the token symbol', () => {
      const start = resolvePresets(config({ chain: SRC, token: 'USDC' }, { chain: DST, token: 'USDC' }), catalog, none);
      const other = chainsFor(EMPTY_SIDE, 'to', catalog.chains).find(
        (c) => c.chainId !== DST && catalog.tokens.some((t) => t.chainId === c.chainId && t.symbol === 'USDC'),
      )!;
      const next = selectChain(config(), catalog, start, 'to', other.chainId);
      assert.equal(catalog.tokens.find((t) => t.address === next.toTokenAddress && t.chainId === other.chainId)?.symbol, 'USDC');
    });

    it("the source chain follows the wallet's network until the host or the user chooses one", () => {
      const sources = chainsFor(EMPTY_SIDE, 'from', catalog.chains).map((c) => c.chainId);
      const [first, second, third] = sources as [string, string, string];
      assert.ok(third, `three source chains: ${sources.join()}`);
      const start = resolvePresets(config(), catalog, none);
      assert.equal(start.fromChainId, first, 'without presets the widget takes the first source');
      const away = { fromChainId: first, toChainId: third };
      assert.deepEqual(followWalletChain(config(), catalog.chains, away, second, undefined), { fromChainId: second, toChainId: third });
      // Followed once: it follows again when the wallet moves on, and a destination on the wallet's network swaps with the source.
      assert.deepEqual(followWalletChain(config(), catalog.chains, { fromChainId: second, toChainId: third }, third, second), {
        fromChainId: third,
        toChainId: second,
      });
      assert.equal(followWalletChain(config(), catalog.chains, away, first, undefined), undefined, 'already on the wallet network');
      assert.equal(followWalletChain(config(), catalog.chains, { fromChainId: third, toChainId: first }, second, undefined), undefined, 'the user chose');
      assert.equal(followWalletChain(config(), catalog.chains, { fromChainId: third, toChainId: first }, second, first), undefined, 'chose after a follow');
      assert.equal(followWalletChain(config({ chain: first }), catalog.chains, away, second, undefined), undefined, 'a from-chain preset');
      assert.equal(followWalletChain(config({ token: 'USDC' }), catalog.chains, away, second, undefined), undefined, 'a from-token preset');
      assert.equal(followWalletChain(config(), catalog.chains, away, 'cataclysm-1', undefined), undefined, 'not a source chain');
      assert.equal(followWalletChain(config({ denyChains: second }), catalog.chains, away, second, undefined), undefined, 'a denied source');
      assert.deepEqual(
        followWalletChain(config({}, { chain: second }), catalog.chains, { fromChainId: first, toChainId: second }, second, undefined),
        { fromChainId: second, toChainId: second },
        'a preset destination stays where the host put it',
      );
    });

    it('the main action names the first thing missing, in the order the form is filled', () => {
      const account = sandbox.accounts.user.address;
      const selection = resolvePresets(config({ chain: SRC, token: 'USDC' }, { chain: DST, token: 'USDC' }), catalog, none);
      const balances = {
        partial: false,
        results: [{ chain_id: SRC, balances: [{ category: 'erc20', contract: usdc(SRC).address, balance: 10_000_000n }] }],
      } as never;
      const action = (values: Partial<FormValues>, extra: Partial<MainActionInput> = {}) => {
        const all: FormValues = { ...selection, amountText: '', recipient: '', slippage: 1, valueLossConfirmed: false, ...values };
        const draft = readDraft({ catalog, balances, values: all, account: extra.account === undefined && 'account' in extra ? undefined : account });
        return mainAction({
          account,
          values: all,
          draft,
          quote: undefined,
          quoteFailed: false,
          valueLoss: undefined,
          ...extra,
          ...('account' in extra ? { account: extra.account } : {}),
        });
      };
      // Connect is live without an account whatever the wallet set-up: it fires bridge-connect-request, which a host with its own wallet UI answers.
      const connect = action({}, { account: undefined });
      assert.deepEqual([connect.key, connect.enabled], ['action.connect', true]);
      assert.equal(action({ toTokenAddress: '' }).key, 'action.selectTokens');
      assert.equal(action({ amountText: '  ' }).key, 'action.enterAmount');
      const insufficient = action({ amountText: '11' });
      assert.deepEqual([insufficient.key, insufficient.symbol, insufficient.enabled], ['action.insufficient', 'USDC', false]);
      assert.equal(action({ amountText: '1.1234567' }).key, 'action.invalidAmount');
      assert.equal(action({ amountText: '1', recipient: '0x123' }).key, 'action.invalidRecipient');
      assert.equal(action({ amountText: '1' }).key, 'action.quoting');
      assert.equal(action({ amountText: '1' }, { quoteFailed: true }).key, 'action.noQuote');
      const all: FormValues = { ...selection, amountText: '1', recipient: '', slippage: 1, valueLossConfirmed: false };
      const draft = readDraft({ catalog, balances, values: all, account });
      assert.ok(draft.inputs, 'a complete form is a quote request');
      const lossy = { inputs: draft.inputs, estimate: { fromAmountUsd: '100', toAmountUsd: '90' } as never, at: 0 };
      // The loss is decided once (the session's `valueLoss`, from the host's threshold) and handed to the rule and the quote panel alike.
      const valueLoss = lossToConfirm(lossy.estimate, draft.fromToken, 5);
      assert.equal(valueLoss, 10);
      assert.equal(lossToConfirm(lossy.estimate, draft.fromToken, 10), undefined, 'at the threshold, nothing to confirm');
      assert.equal(lossToConfirm({ fromAmountUsd: '100', toAmountUsd: '96' }, draft.fromToken, 5), undefined, 'below it neither');
      assert.equal(lossToConfirm({ fromAmountUsd: undefined, toAmountUsd: '1' }, draft.fromToken, 5), undefined, 'nor without USD values');
      const input = { account, values: all, draft, quoteFailed: false, valueLoss };
      assert.equal(mainAction({ ...input, quote: lossy }).key, 'action.confirmLoss');
      const bridge = mainAction({ ...input, values: { ...all, valueLossConfirmed: true }, quote: lossy });
      assert.deepEqual([bridge.key, bridge.enabled, bridge.symbol, bridge.amount?.value], ['action.bridge', true, 'USDC', 1_000_000n]);
    });

    it('a transfer routed but never broadcast is abandoned after ten minutes; a broadcast one is followed', () => {
      const now = 1_000_000_000;
      assert.equal(resumeAction({ createdAt: now - ABANDON_AFTER_MS - 1 }, now), 'abandon');
      assert.equal(resumeAction({ createdAt: now - ABANDON_AFTER_MS + 1000 }, now), 'keep');
      assert.equal(resumeAction({ createdAt: 0, sourceTxHash: '0xabc' }, now), 'track');
    });

    it('a deposit address waiting for its payment is followed, until a week after it expired with nothing seen', () => {
      const now = 1_000_000_000_000;
      assert.equal(resumeAction({ createdAt: now - 60 * 60_000, deposit: { expiresAt: now - 30 * 60_000 } }, now), 'track');
      assert.equal(resumeAction({ createdAt: 0, deposit: {} }, now), 'track', 'no expiry given');
      assert.equal(resumeAction({ createdAt: 0, deposit: { expiresAt: now - DEPOSIT_GIVE_UP_MS - 1 } }, now), 'abandon');
      assert.equal(resumeAction({ createdAt: 0, deposit: { expiresAt: 0 }, sourceTxHash: '0xabc' }, now), 'track', 'paid: followed to its end');
    });
  });

  describe('TransferSession', () => {
    const settings = sessionSettings;
    const wallet = () =>
      createDevWallet({
        privateKey: sandbox.accounts.user.privateKey,
        chains: sandbox.readyInfo.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl!, name: c.name })),
        chainId: Number(SRC),
        autoConnect: true,
      });
    const fast = {
      backoff: { baseMs: 20, maxMs: 200, jitter: 0 },
      transfer: {
        poll: { intervalMs: 100, minIntervalMs: 50 },
        receiptBackoff: { baseMs: 20, maxMs: 200, jitter: 0 },
        confirmPollMs: 50,
        refunds: { firstDelayMs: 100, maxDelayMs: 200 },
      },
    };
    let sessions: TransferSession[] = [];
    const open = (storage = new MemoryStorage(), initial = settings()) => {
      clearCatalogCache();
      const session = new TransferSession({ proxyUrl: sandbox.proxyUrl!, settings: initial, storage, ...fast });
      sessions.push(session);
      return session;
    };
    after(() => {
      for (const s of sessions) s.disconnect();
      sessions = [];
    });
    /** A page that connects the wallet and presses Bridge for `amount` USDC; resolves once the transfer is on its way. */
    const bridged = async (storage: MemoryStorage, amount: string) => {
      const session = open(storage);
      session.configure(settings({ amount }), ['amount', 'fromChain']);
      session.connect();
      const provider = wallet();
      session.setWallet(provider, undefined);
      await session.connectWallet();
      await until(session, () => session.mainAction.key === 'action.bridge', 'a quote', 30_000);
      await session.primary();
      return { session, provider };
    };

    it('applies presets once the catalog is in, quotes a complete form, bridges and follows the transfer to success', async () => {
      const session = open();
      const events: string[] = [];
      session.subscribe({ event: (type) => events.push(type) });
      session.configure(settings({ amount: '2.5' }), ['amount', 'fromChain']);
      session.connect();
      await until(session, () => session.remote.chains.status === TaskStatus.COMPLETE, 'the catalog');
      assert.equal(session.form.values.fromTokenAddress, usdc(SRC).address);
      assert.deepEqual([session.mainAction.key, session.mainAction.enabled], ['action.connect', true], 'Connect is live before any provider');
      const provider = wallet();
      session.setWallet(provider, undefined);
      assert.equal(session.mainAction.key, 'action.connect');
      await session.primary();
      assert.equal(session.account?.toLowerCase(), sandbox.accounts.user.address.toLowerCase());
      await until(session, () => session.mainAction.key === 'action.bridge', 'a quote', 30_000);
      assert.ok(events.includes('bridge-quote'));
      assert.equal(session.tracking === undefined, true, 'an account with nothing saved does not load the tracking room (a chunk of its own)');
      const bridged = session.primary();
      assert.equal(session.view, 'executing');
      await bridged;
      assert.equal(session.form.problem, undefined, session.form.problem?.message);
      await until(session, () => endedPhase(session) === 'success', 'success', 60_000);
      assert.equal(session.view, 'tracking');
      for (const type of ['bridge-route', 'bridge-transaction', 'bridge-status', 'bridge-success'])
        assert.ok(events.includes(type), `${type} in ${events.join()}`);
      assert.equal(session.tracking?.history.length, 1, 'the history lists the broadcast transfer');
      session.newTransfer();
      assert.deepEqual([session.view, session.form.values.amountText], ['form', '']);
    });

    it('hands every unknown outcome to the look-up, also one that becomes unknown after the look-up has loaded', async () => {
      const session = open();
      session.connect();
      session.setWallet(wallet(), undefined);
      await session.connectWallet();
      const account = session.account!;
      // Two batches the wallet forgot, one reported after the other (the service knows neither: both stay unknown).
      for (const id of ['first', 'second'])
        (await session.loadStore()).save(savedTransfer(id, Date.now(), { account, fromChainId: SRC, toChainId: DST, batchId: `0x${id.length}` }));
      const unknown = () => session.unknown?.entries.map((e) => e.saved.intentId) ?? [];
      session.report(new FlowError('batch-unknown', 'the wallet forgot the batch'), 'first');
      await until(session, () => unknown().includes('first'), 'the first outcome looked up');
      session.report(new FlowError('batch-unknown', 'the wallet forgot the batch'), 'second');
      await until(session, () => unknown().includes('second'), 'the second outcome looked up too');
    });

    /** A session with the preset 2.5 USDC and a debounce far longer than any wait here: a preset quote can only arrive in time if it skips it. */
    async function presetSession(beforeQuote?: (session: TransferSession) => void) {
      clearCatalogCache();
      const session = new TransferSession({
        proxyUrl: sandbox.proxyUrl!,
        settings: settings({ amount: '2.5' }),
        storage: new MemoryStorage(),
        ...fast,
        quoteDebounceMs: 600_000,
      });
      sessions.push(session);
      const quotes: bigint[] = [];
      session.subscribe({
        event: (type, detail) => type === 'bridge-quote' && quotes.push((detail as BridgeQuoteDetail).estimate.fromAmount),
      });
      session.configure(settings({ amount: '2.5' }), ['amount', 'fromChain', 'toChain', 'fromToken', 'toToken']);
      session.connect();
      // A wallet the page already knows (a quote names its sender).
      session.setWallet(wallet(), undefined);
      await session.connectWallet();
      beforeQuote?.(session);
      await until(session, () => quotes.length === 1, 'the preset quote (no debounce)', 20_000);
      return { session, quotes };
    }

    it('a quote whose inputs are all preset is asked at once, without the typing debounce; a typed amount waits for it', async () => {
      const { session, quotes } = await presetSession();
      assert.equal(quotes[0], 2_500_000n, 'the quote is for the preset 2.5 USDC');
      // Answered once: a later run of the same inputs (a refresh, a re-run after a refusal) waits like typing, so quick re-runs collapse.
      session.configure(settings({ amount: '2.5' }), ['walletTimeout']);
      assert.equal(session.form.presetQuote(), false, 'the preset quote was answered: the next one waits for the debounce');
      session.form.edit({ amountText: '3' });
      assert.equal(session.form.presetQuote(), false, 'a typed amount is not the host’s: its quote waits for the debounce');
      await until(session, () => session.remote.quote.status === TaskStatus.PENDING, 'the typed amount’s quote waiting');
      assert.equal(session.currentQuote, undefined, 'the preset quote no longer matches the form');
      assert.equal(quotes.length, 1);
    });

    it('the preset quote skips the debounce even when the element configures the session before it leaves', async () => {
      // The element configures the session on each of its updates (here one that changes nothing of the form): a new values object, the same inputs.
      const { quotes } = await presetSession((session) => session.configure(settings({ amount: '2.5' }), ['walletTimeout']));
      assert.equal(quotes[0], 2_500_000n);
    });

    it('a widget taken off the page while its preset chains load leaves no unhandled rejection behind (a framework that mounts it twice)', async () => {
      const unhandled: unknown[] = [];
      const listener = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', listener);
      try {
        const session = open();
        session.configure(settings(), ['fromChain', 'toChain']);
        // The chain list and the preset chains' first pages leave at once; leaving the page aborts them all.
        session.connect();
        session.disconnect();
        // An aborted request rejects within this turn of the event loop, and an unhandled rejection is reported before the next.
        await new Promise(setImmediate);
        assert.deepEqual(unhandled, []);
      } finally {
        process.off('unhandledRejection', listener);
      }
    });

    it('a keystroke is read once: one derivation of the form, however often the view reads it, and one quote', async () => {
      const session = open();
      session.configure(settings({ amount: '2.5' }), ['amount', 'fromChain']);
      session.connect();
      session.setWallet(wallet(), undefined);
      await session.connectWallet();
      await until(session, () => session.mainAction.key === 'action.bridge', 'the first quote', 30_000);
      const derive = mock.method(session.form, 'derive');
      // As the element does on every change: it reads the draft and the main action, more than once.
      session.subscribe({
        changed: () => {
          void session.form.draft.inputs;
          void session.mainAction;
          void session.form.draft.amount;
        },
      });
      const quotesBefore = sandbox.requests().filter((r) => r.endpoint === 'quote').length;
      session.form.edit({ amountText: '2.4' });
      await until(session, () => session.currentQuote?.inputs.fromAmount === 2_400_000n, 'the quote for 2.4', 30_000);
      assert.equal(derive.mock.callCount(), 1, 'the form was derived once for the keystroke');
      assert.equal(sandbox.requests().filter((r) => r.endpoint === 'quote').length - quotesBefore, 1, 'one quote for the keystroke');
    });

    it("followWallet: the source chain (and its tokens) follow the wallet's network until the user picks a chain", async () => {
      const session = open(new MemoryStorage(), settings({ fromChain: '', fromToken: '', toChain: '', toToken: '' }));
      session.connect();
      await until(session, () => session.remote.chains.status === TaskStatus.COMPLETE, 'the catalog');
      const first = session.form.values.fromChainId;
      const wallet = chainsFor(EMPTY_SIDE, 'from', session.remote.catalog!.chains).find(
        (c) => c.chainId !== first && c.chainId !== session.form.values.toChainId,
      )!;
      session.form.followWallet(wallet.chainId);
      assert.equal(session.form.values.fromChainId, wallet.chainId);
      await until(session, () => session.form.values.fromTokenAddress !== '', "the wallet network's tokens");
      assert.equal(session.token(wallet.chainId, session.form.values.fromTokenAddress)?.chainId, wallet.chainId);
      session.form.selectChain('from', first);
      session.form.followWallet(wallet.chainId);
      assert.equal(session.form.values.fromChainId, first, 'the user chose: the wallet no longer moves it');
    });

    it('a problem belongs to the values it was about: it stays while they stay, and leaves when the amount, a token, a chain or the recipient changes', async () => {
      const session = open();
      session.configure(settings({ amount: '2.5' }), ['amount', 'fromChain']);
      session.connect();
      await until(session, () => session.remote.chains.status === TaskStatus.COMPLETE, 'the catalog');
      const refusal = { kind: 'wallet-rejected', message: 'You cancelled in your wallet. Nothing was sent.', retryable: true };
      session.showProblem(refusal);
      session.form.edit({ slippage: 3 });
      assert.equal(session.form.problem, refusal, 'slippage is not what the refusal was about');
      session.form.edit({ amountText: '2.4' });
      assert.equal(session.form.problem, undefined, 'a new amount');
      for (const change of [
        () => session.form.selectToken('to', usdc(DST).address === session.form.values.toTokenAddress ? NATIVE_TOKEN : usdc(DST).address),
        () => session.form.edit({ recipient: sandbox.accounts.user.address }),
        () => session.form.selectChain('from', DST),
      ]) {
        session.showProblem(refusal);
        change();
        assert.equal(session.form.problem, undefined, change.toString());
      }
    });

    it('resumes a broadcast transfer saved by an earlier page, and abandons one never broadcast', async () => {
      const storage = new MemoryStorage();
      const { session: first, provider } = await bridged(storage, '1');
      await until(first, () => !!first.tracking?.current?.saved.sourceTxHash, 'the broadcast');
      first.disconnect();
      const account = first.account!;
      const stale: SavedTransfer = {
        ...first.tracking!.current!.saved,
        intentId: 'old-never-sent',
        sourceTxHash: undefined,
        phase: 'signing',
        createdAt: Date.now() - ABANDON_AFTER_MS - 60_000,
      };
      first.store!.save(stale);

      const second = open(storage);
      second.configure(settings(), ['fromChain']);
      second.connect();
      second.setWallet(provider, account);
      // The tracking room is a chunk of its own: asked for when the account's saved transfers are read, it resumes them on arrival.
      await until(second, () => second.view === 'tracking', 'the broadcast transfer shown again');
      await until(second, () => endedPhase(second) === 'success', 'success after resume', 60_000);
      assert.equal(second.store!.get(account, 'old-never-sent')?.phase, 'abandoned');
    });

    it('a widget taken off the page as its transfer is broadcast follows nothing while away, and follows the transfer once it is back', async () => {
      const session = open();
      session.configure(settings({ amount: '1' }), ['amount', 'fromChain']);
      session.connect();
      session.setWallet(wallet(), undefined);
      await session.connectWallet();
      await until(session, () => session.mainAction.key === 'action.bridge', 'a quote', 30_000);
      // Taken off the page (a framework re-rendering it, a tab closed) the moment the transaction is out.
      session.subscribe({ event: (type) => type === 'bridge-transaction' && session.disconnect() });
      await session.primary();
      const [saved] = session.store!.list(session.account!);
      assert.ok(saved?.sourceTxHash, 'the broadcast transfer is saved');
      await until(session, () => session.tracking !== undefined, 'the tracking room');
      assert.equal(session.tracking?.current, undefined, 'not followed by a widget off the page');
      assert.equal(session.store!.get(session.account!, saved.intentId)?.receiptAccepted, false, 'nothing sent to the service while away');

      session.connect();
      await until(session, () => endedPhase(session) === 'success', 'shown and followed to success once back', 60_000);
      assert.equal(endedPhase(session) && session.tracking!.current!.saved.intentId, saved.intentId, 'the transfer it sent');
    });

    it('a later page whose account has only finished transfers loads the tracking room for its history, and shows the form', async () => {
      const storage = new MemoryStorage();
      const { session: first, provider } = await bridged(storage, '1');
      await until(first, () => endedPhase(first) === 'success', 'success', 60_000);
      first.disconnect();

      const second = open(storage);
      second.configure(settings(), ['fromChain']);
      second.connect();
      second.setWallet(provider, first.account);
      await until(second, () => second.tracking?.history.length === 1, 'the history read by the next page');
      assert.equal(second.view, 'form', 'a finished transfer is listed, not shown');
      assert.equal(second.tracking?.current, undefined);
    });

    it('after a failure, reads the source balance until the refund shows, keeps "refunded" in the saved transfer, and watches again after a reload', async () => {
      sandbox.faults.set({ forceProvider: 'swiftbridge', failWithRefund: true, holdRefund: true });
      const storage = new MemoryStorage();
      const { session: first, provider } = await bridged(storage, '1.5');
      await until(first, () => endedPhase(first) === 'failed', 'the failure', 60_000);
      const { intentId, refundFloor } = first.tracking!.current!.saved;
      assert.equal(typeof refundFloor, 'bigint', 'the balance was read before signing');
      assert.equal(first.tracking?.watchingRefund(intentId), true);
      // Held back by the sandbox: read again and again, not seen.
      const reads = () => sandbox.requests().filter((r) => r.endpoint === 'balances').length;
      const before = reads();
      await until(() => reads() >= before + 2, 'the balance read again while the refund is on its way', { timeout: 10_000, interval: 50 });
      assert.equal(first.store!.get(first.account!, intentId)?.refundedAt, undefined);
      first.disconnect();

      // Another page: the failed transfer is watched again, and the refund seen once the sandbox sends it.
      const second = open(storage);
      second.configure(settings(), ['fromChain']);
      second.connect();
      second.setWallet(provider, first.account);
      await until(second, () => second.tracking?.watchingRefund(intentId) === true, 'the refund watched again after a reload');
      sandbox.faults.set({ holdRefund: false });
      await until(second, () => second.store!.get(first.account!, intentId)?.refundedAt !== undefined, 'the refund seen', 30_000);
      assert.equal(second.tracking?.watchingRefund(intentId), false);
      assert.ok(second.tracking?.history.find((t) => t.intentId === intentId)?.refundedAt, 'the history has it');
    });
  });
});
