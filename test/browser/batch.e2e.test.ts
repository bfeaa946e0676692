/**
 * One prompt where the wallet can, end to end in Chromium: the
 * development wallet speaks EIP-5792 and runs the batch atomically through a
 * real EIP-7702 delegation to the sandbox's BatchExecutor; the sandbox routes
 * over real local chains. Each test reads back what the wallet was asked (its
 * own request log) and what happened on chain.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import { decodeEventLog, decodeFunctionResult, encodeFunctionData, erc20Abi } from 'viem';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type {
  BridgeApprovalDetail,
  BridgeErrorDetail,
  BridgeRouteDetail,
  BridgeSuccessDetail,
  BridgeTransactionDetail,
} from '../../src/bridge-widget/events.js';
import { PROMPT_METHODS, type DevWallet } from '../../demo/dev-wallet.js';
import { untilAnimationsSettle } from './helpers/dom.js';
import { erc20Balance, intentSummary, rpc, setFaults, tokenAddress, transactionCount } from './helpers/sandbox.js';
import { collectEvents, nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

/** The widget over a batching development wallet, on the destination chain unless `chainId` says otherwise (the flow switches). */
function mount(options: { account: number; batch?: 'on' | 'off'; batching?: boolean; chainId?: number }) {
  const { account, chainId, batching } = options;
  return mountWidget({ attributes: { batch: options.batch ?? 'on' }, wallet: { account, chainId: chainId ?? DST, batching: batching ?? true } });
}

/** What the wallet was asked to send: batches and single transactions, in order. */
const sends = (wallet: DevWallet) => wallet.requests.filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction');
/** Every time the wallet asked its user: network switches and sends. */
const prompted = (wallet: DevWallet) => wallet.requests.filter((m) => PROMPT_METHODS.includes(m));

const text = (widget: BridgeWidget, selector: string) => shadow(widget).querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

async function allowance(owner: string, spender: string): Promise<bigint> {
  const usdc = await tokenAddress(SRC, 'USDC');
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner as `0x${string}`, spender as `0x${string}`] });
  return decodeFunctionResult({
    abi: erc20Abi,
    functionName: 'allowance',
    data: (await rpc(SRC, 'eth_call', [{ to: usdc, data }, 'latest'])) as `0x${string}`,
  });
}

/** The ERC-20 `Approval` amounts by spender in a transaction's receipt: what the batch granted. */
async function approvalsIn(hash: string): Promise<Map<string, bigint>> {
  const receipt = (await rpc(SRC, 'eth_getTransactionReceipt', [hash])) as { logs: { data: `0x${string}`; topics: [`0x${string}`, ...`0x${string}`[]] }[] };
  const granted = new Map<string, bigint>();
  for (const log of receipt.logs) {
    try {
      const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
      if (event.eventName === 'Approval') granted.set(event.args.spender.toLowerCase(), event.args.value);
    } catch {
      // Not an ERC-20 event (the bridge's own).
    }
  }
  return granted;
}

describe('one prompt where the wallet can: approvals and transfer as one EIP-5792 batch', function () {
  e2eSuite(this, { resetFaults: { forceProvider: null, hostile: null } });

  for (const [provider, account, count] of [
    ['swiftbridge', 0, 1],
    ['hopline', 1, 2],
  ] as const) {
    it(`${provider}: ${count} approval${count > 1 ? 's' : ''} and the transfer in one wallet prompt; the tokens arrive; what the batch approved is what the route needed, and it was spent`, async () => {
      await setFaults({ forceProvider: provider });
      const { widget, wallet } = await mount({ account });
      const usdcDst = await tokenAddress(DST, 'USDC');
      const before = await erc20Balance(DST, usdcDst, wallet.address);
      const events = collectEvents(widget, ['bridge-route', 'bridge-approval', 'bridge-transaction', 'bridge-error']);
      await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
      primaryButton(widget).click();
      const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');

      expect(sends(wallet), 'one wallet_sendCalls, no eth_sendTransaction').to.deep.equal(['wallet_sendCalls']);
      expect(events.filter((e) => e.type === 'bridge-error')).to.deep.equal([]);
      const tx = events.find((e) => e.type === 'bridge-transaction')!.detail as BridgeTransactionDetail;
      expect(tx.txHash).to.match(/^0x[0-9a-f]{64}$/);
      expect(tx.batchId, 'the batch id rides along').to.be.a('string').and.not.empty;
      const route = (events.find((e) => e.type === 'bridge-route')!.detail as BridgeRouteDetail).route;
      const needed = route.execution.approvals ?? [];
      expect(needed).to.have.length(count);
      const approvals = events.filter((e) => e.type === 'bridge-approval').map((e) => e.detail as BridgeApprovalDetail);
      expect(approvals.filter((a) => a.state === 'done').map((a) => a.txHash)).to.deep.equal(
        needed.map(() => tx.txHash),
        'each approval done, in the batch',
      );

      const granted = await approvalsIn(tx.txHash);
      for (const a of needed) {
        expect(granted.get(a.spender!.toLowerCase()), `approved to ${a.spender}`).to.equal(a.amount);
        expect(await allowance(wallet.address, a.spender!), 'spent in the same transaction: nothing left standing').to.equal(0n);
      }
      expect(String((await intentSummary(tx.intentId)).source_tx_hash).toLowerCase()).to.equal(tx.txHash, 'the receipt carried the batch transaction');
      expect((await erc20Balance(DST, usdcDst, wallet.address)) - before).to.equal(success.detail.toAmount);

      // One transfer in the history, not one per call.
      shadow(shadow(widget).querySelector('bw-status-tracker')!).querySelector<HTMLButtonElement>('[part="new-transfer"]')!.click();
      const history = () => shadow(widget).querySelector('bw-transfer-history');
      await waitUntil(() => history() && shadow(history()!).querySelector('[part~="toggle"]'), 'the history');
      expect(shadow(history()!).querySelector('[part~="toggle"]')!.textContent).to.match(/Recent transfers \(1\)/);
    });
  }

  it('a rejected batch sends nothing: no transaction, no allowance; the user is told; trying again sends it', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget, wallet } = await mount({ account: 2 });
    const nonce = await transactionCount(SRC, wallet.address);
    const route = nextEvent<BridgeRouteDetail>(widget, 'bridge-route');
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    wallet.rejectNext('wallet_sendCalls');
    const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
    primaryButton(widget).click();
    expect((await error).detail.kind).to.equal('wallet-rejected');
    await waitUntil(() => /You cancelled in your wallet\. Nothing was sent/.test(text(widget, '[part~="notice-info"]')), 'the rejection is explained');
    expect(sends(wallet)).to.deep.equal(['wallet_sendCalls']);
    expect(await transactionCount(SRC, wallet.address)).to.equal(nonce);
    const spender = (await route).detail.route.execution.approvals![0]!.spender!;
    expect(await allowance(wallet.address, spender)).to.equal(0n);

    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'ready to try again');
    primaryButton(widget).click();
    await nextEvent(widget, 'bridge-success');
    expect(sends(wallet)).to.deep.equal(['wallet_sendCalls', 'wallet_sendCalls']);
  });

  it('a hostile route is refused before the batch prompt: the wallet is asked nothing', async () => {
    await setFaults({ forceProvider: 'swiftbridge', hostile: 'drain-calldata' });
    const { widget, wallet } = await mount({ account: 3 });
    const nonce = await transactionCount(SRC, wallet.address);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
    primaryButton(widget).click();
    const { detail } = await error;
    expect([detail.kind, detail.rule]).to.deep.equal(['route-rejected', 'transaction-target']);
    expect(sends(wallet)).to.deep.equal([]);
    expect(await transactionCount(SRC, wallet.address)).to.equal(nonce);
  });

  it('batch="off" keeps the sequence: the wallet is not asked about batches; the review says it will ask twice, and it does', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget, wallet } = await mount({ account: 3, batch: 'off' });
    const events = collectEvents(widget, ['bridge-transaction']);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    // The source chain stops mining on its own: the approval waits in the pool while the review is read.
    await rpc(SRC, 'evm_setAutomine', [false]);
    try {
      const success = nextEvent(widget, 'bridge-success');
      primaryButton(widget).click();
      await waitUntil(() => wallet.requests.includes('eth_sendTransaction'), 'the approval sent', { timeout: 30_000 });
      expect(text(widget, '[part="prompts"]')).to.equal('Your wallet will ask you 2 times.');
      await rpc(SRC, 'evm_setAutomine', [true]);
      await rpc(SRC, 'evm_mine', []);
      await success;
    } finally {
      await rpc(SRC, 'evm_setAutomine', [true]);
    }
    expect(prompted(wallet), 'a network switch, the approval, the transfer').to.deep.equal([
      'wallet_switchEthereumChain',
      'eth_sendTransaction',
      'eth_sendTransaction',
    ]);
    expect(sends(wallet)).to.deep.equal(['eth_sendTransaction', 'eth_sendTransaction']);
    expect(wallet.requests).to.not.include('wallet_getCapabilities');
    const tx = events[0]!.detail as BridgeTransactionDetail;
    expect(tx.txHash).to.match(/^0x[0-9a-f]{64}$/);
    expect(tx.batchId).to.equal(undefined);
  });

  it('a wallet whose EIP-5792 is off ("method not found") gets the sequence', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget, wallet } = await mount({ account: 2 });
    wallet.eip5792 = false;
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(widget).click();
    await nextEvent(widget, 'bridge-success');
    expect(sends(wallet)).to.deep.equal(['eth_sendTransaction', 'eth_sendTransaction']);
    expect(wallet.requests).to.include('wallet_getCapabilities');
  });

  describe('a reload while the batch is pending on chain', () => {
    // The source chain stops mining on its own: the batch stays pending until the test mines it.
    afterEach(() => rpc(SRC, 'evm_setAutomine', [true]));

    it('says how often the wallet asks before, resumes after the reload, submits the receipt with the bridge transaction’s hash and tracks to success', async () => {
      await setFaults({ forceProvider: 'swiftbridge' });
      const first = await mount({ account: 0, chainId: SRC });
      const usdcDst = await tokenAddress(DST, 'USDC');
      const before = await erc20Balance(DST, usdcDst, first.wallet.address);
      await waitForText(first.widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
      await rpc(SRC, 'evm_setAutomine', [false]);
      primaryButton(first.widget).click();
      await waitUntil(() => /Your wallet is sending the transfer/.test(text(first.widget, '[part="status"]')), 'the batch pending', { timeout: 30_000 });
      expect(text(first.widget, '[part="prompts"]')).to.equal('Your wallet will ask you once: the approvals and the transfer together, as one batch.');
      expect(prompted(first.wallet), 'once, as the review said').to.deep.equal(['wallet_sendCalls']);
      await untilAnimationsSettle(first.widget);
      await expect(first.widget).to.be.accessible();
      expect(sends(first.wallet)).to.deep.equal(['wallet_sendCalls']);
      const saved = () => Object.values({ ...localStorage }).join();
      expect(saved(), 'the batch id is saved').to.match(/"batchId":"0x[0-9a-f]+"/);
      expect(saved(), 'no hash yet').to.not.match(/"sourceTxHash"/);

      // The page goes away; the next one has a wallet object of its own (the extension's state is the chain's).
      first.widget.remove();
      const second = await mount({ account: 0, chainId: SRC });
      const events = collectEvents(second.widget, ['bridge-transaction']);
      const tracker = () => shadow(second.widget).querySelector('bw-status-tracker');
      await waitUntil(() => tracker() && /Sent by your wallet in one batch/.test(shadow(tracker()!).textContent ?? ''), 'the resumed batch shown', {
        timeout: 30_000,
      });
      await rpc(SRC, 'evm_mine', []);
      const success = await nextEvent<BridgeSuccessDetail>(second.widget, 'bridge-success');
      const tx = events[0]!.detail as BridgeTransactionDetail;
      expect(tx.batchId).to.be.a('string').and.not.empty;
      expect(success.detail.intentId).to.equal(tx.intentId);
      expect(String((await intentSummary(tx.intentId)).source_tx_hash).toLowerCase()).to.equal(tx.txHash);
      expect((await erc20Balance(DST, usdcDst, first.wallet.address)) - before).to.equal(success.detail.toAmount);
      expect(sends(second.wallet), 'the next page asked for nothing new').to.deep.equal([]);
    });
  });
});
