/**
 * <bridge-widget> end to end in Chromium: the development wallet signs, the
 * sandbox routes over two real local chains, and each test checks the
 * balance where the funds should arrive.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type {
  BridgeApprovalDetail,
  BridgeRouteDetail,
  BridgeStatusDetail,
  BridgeSuccessDetail,
  BridgeTransactionDetail,
} from '../../src/bridge-widget/events.js';
import { erc20Balance, intentSummary, nativeBalance, setFaults, tokenAddress, transactionCount } from './helpers/sandbox.js';
import { collectEvents, nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { untilAnimationsSettle } from './helpers/dom.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { BRIDGE_EVENTS } from '../../src/events/index.js';
import { e2eSuite } from './helpers/e2e.js';

function mount(options: { token?: string; amount?: string; account?: number } = {}) {
  const token = options.token;
  return mountWidget({ attributes: { 'from-token': token, 'to-token': token, amount: options.amount }, wallet: { account: options.account ?? 0 } });
}

describe('<bridge-widget> end to end against the sandbox', function () {
  e2eSuite(this);

  it('ERC-20 route with a spender that is not transaction.to: approval, transfer, success, balance on the destination chain', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget, wallet } = await mount();
    const usdcDst = await tokenAddress(DST, 'USDC');
    const before = await erc20Balance(DST, usdcDst, wallet.address);
    const events = collectEvents(widget, Object.keys(BRIDGE_EVENTS));
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote for 2 USDC');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
    primaryButton(widget).click();
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');

    const route = events.find((e) => e.type === 'bridge-route')!.detail as BridgeRouteDetail;
    const approvals = events.filter((e) => e.type === 'bridge-approval').map((e) => e.detail as BridgeApprovalDetail);
    expect(approvals.map((a) => a.state)).to.deep.equal(['mining', 'done']);
    expect(approvals[0]!.spender.toLowerCase()).to.not.equal(route.route.execution.transaction.to.toLowerCase());
    expect(approvals[0]!.intentId).to.equal(route.intentId);
    const tx = events.find((e) => e.type === 'bridge-transaction')!.detail as BridgeTransactionDetail;
    expect(tx.txHash).to.match(/^0x[0-9a-f]{64}$/);
    const statuses = events.filter((e) => e.type === 'bridge-status').map((e) => (e.detail as BridgeStatusDetail).status);
    expect(statuses.at(-1)).to.equal('success');
    expect(statuses.slice(0, -1)).to.not.include('success');
    expect(events.filter((e) => e.type === 'bridge-error')).to.have.length(0);

    const after = await erc20Balance(DST, usdcDst, wallet.address);
    expect(after - before).to.equal(success.detail.toAmount);
    const tracker = shadow(widget).querySelector('bw-status-tracker')!;
    await waitUntil(() => shadow(tracker).textContent?.includes('Arrived'), 'the tracker shows arrival');
    // The amount that arrived, as the destination chain shows it: said as a fact, checked on the chain.
    expect(success.detail.arrival).to.equal('checked');
    const arrivedDetail = shadow(tracker).querySelectorAll('[part="steps"] > li')[3]?.querySelector('.detail')?.textContent?.replace(/\s+/g, ' ').trim();
    expect(arrivedDetail).to.match(/^Arrived on [^:]+: [\d.,]+ USDC at 0x\S+, confirmed on .+ itself/);
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('native-token route: no approval, and the native balance arrives', async () => {
    const { widget, wallet } = await mount({ token: 'ETH', amount: '0.01', account: 1 });
    const before = await nativeBalance(DST, wallet.address);
    const events = collectEvents(widget, ['bridge-approval']);
    await waitForText(widget, (t) => t.startsWith('Bridge 0.01 ETH'), 'a quote for 0.01 ETH');
    primaryButton(widget).click();
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    expect(events).to.have.length(0);
    expect((await nativeBalance(DST, wallet.address)) - before).to.equal(success.detail.toAmount);
  });

  it('two-approval route: both approvals are shown and granted', async () => {
    await setFaults({ forceProvider: 'hopline' });
    const { widget, wallet } = await mount({ account: 2 });
    const usdcDst = await tokenAddress(DST, 'USDC');
    const before = await erc20Balance(DST, usdcDst, wallet.address);
    const events = collectEvents(widget, ['bridge-approval']);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(widget).click();
    await waitUntil(() => shadow(widget).querySelector('bw-approval-steps'), 'approval steps shown', { timeout: 20_000 });
    const steps = shadow(widget).querySelector('bw-approval-steps')!;
    await waitUntil(() => shadow(steps).querySelectorAll('[part~="step"]').length === 2, 'two approval steps listed');
    expect(shadow(widget).querySelector('.route-info')?.textContent, 'the route names its provider').to.match(/Provider: hopline/);
    // Before the first prompt: how many times the wallet will ask, and who each spender is (linked to the explorer).
    const prompts = () => shadow(widget).querySelector('[part="prompts"]')?.textContent?.trim() ?? '';
    await waitUntil(() => prompts() !== '', 'the number of wallet prompts is said');
    expect(prompts()).to.equal('Your wallet will ask you 3 times.');
    const labels = [...shadow(steps).querySelectorAll<HTMLAnchorElement>('[part="spender-link"]')];
    expect(labels.map((a) => a.textContent?.trim())).to.deep.equal(['Bridge contract', 'Another contract of this route']);
    for (const a of labels)
      expect(a.href)
        .to.match(/\/address\/0x[0-9a-fA-F]{40}$/)
        .and.to.contain(a.title);
    await expect(widget).to.be.accessible();
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    const done = events.map((e) => e.detail as BridgeApprovalDetail).filter((d) => d.state === 'done');
    expect(done).to.have.length(2);
    expect((await erc20Balance(DST, usdcDst, wallet.address)) - before).to.equal(success.detail.toAmount);
  });

  it('a failed route fires bridge-failed, shows the refund note, and the tokens are back on the source chain', async () => {
    await setFaults({ forceProvider: 'swiftbridge', failWithRefund: true });
    const { widget, wallet } = await mount({ account: 3 });
    const usdcSrc = await tokenAddress(SRC, 'USDC');
    const before = await erc20Balance(SRC, usdcSrc, wallet.address);
    let succeeded = false;
    widget.addEventListener('bridge-success', () => (succeeded = true));
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(widget).click();
    const failed = await nextEvent<{ reason: string }>(widget, 'bridge-failed');
    expect(failed.detail.reason).to.equal('failed');
    expect(succeeded).to.equal(false);
    const tracker = shadow(widget).querySelector('bw-status-tracker')!;
    await waitUntil(() => /refund/i.test(shadow(tracker).textContent ?? ''), 'the refund note is shown');
    await waitUntil(async () => (await erc20Balance(SRC, usdcSrc, wallet.address)) === before, 'the refund landed', { timeout: 20_000 });
  });

  it('after a failure the source balance is read again: the refund is shown once it has arrived, and the history says "Refunded", also after a reload', async () => {
    // The service says "failed" at once; the refund transaction waits until the switch is cleared.
    await setFaults({ forceProvider: 'swiftbridge', failWithRefund: true, holdRefund: true });
    const { widget, wallet } = await mount({ account: 3 });
    const usdcSrc = await tokenAddress(SRC, 'USDC');
    const before = await erc20Balance(SRC, usdcSrc, wallet.address);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(widget).click();
    await nextEvent(widget, 'bridge-failed');
    const tracker = () => shadow(widget).querySelector('bw-status-tracker');
    const refundNote = () => (tracker() && shadow(tracker()!).querySelector('[part~="refund"]')?.textContent?.replace(/\s+/g, ' ').trim()) ?? '';
    await waitUntil(() => /Checking your balance on Sepolia/.test(refundNote()), `the balance is watched for the refund (${refundNote()})`);
    expect(refundNote()).to.match(/2 USDC is being refunded to your address on Sepolia/);
    expect(refundNote()).to.not.match(/Refunded/);
    expect(await erc20Balance(SRC, usdcSrc, wallet.address), 'nothing came back yet').to.equal(before - 2_000_000n);
    const took = () => (tracker() && shadow(tracker()!).querySelector('[part="timing"]')?.textContent?.trim()) ?? '';
    const tookAtFailure = took();
    expect(tookAtFailure).to.match(/^Took /);

    // Back to the form while the refund is on its way: the history says so.
    shadow(tracker()!).querySelector<HTMLButtonElement>('[part="close"]')!.click();
    const historyState = (w: BridgeWidget) => {
      const history = shadow(w).querySelector('bw-transfer-history');
      return (history && shadow(history).querySelector('[part="item"] .state')?.textContent?.trim()) ?? '';
    };
    await waitUntil(() => historyState(widget) === 'Refund on its way', `the history says the refund is initiated (${historyState(widget)})`);

    await setFaults({ holdRefund: false });
    await waitUntil(() => historyState(widget) === 'Refunded', `the history says "Refunded" once the balance shows it (${historyState(widget)})`, {
      timeout: 30_000,
    });
    expect(await erc20Balance(SRC, usdcSrc, wallet.address), 'the tokens are back: the widget said so only then').to.equal(before);

    // The transfer opened from the history says it too.
    shadow(shadow(widget).querySelector('bw-transfer-history')!).querySelector<HTMLButtonElement>('[part="item"] button')!.click();
    await waitUntil(() => /^Refunded: 2 USDC is back at your address on Sepolia/.test(refundNote()), `the tracker says the refund arrived (${refundNote()})`);
    // The reopened tracker shows the line once the saved transfer's status is read again.
    await waitUntil(() => took() !== '', 'the reopened tracker says how long the transfer took');
    expect(took(), 'how long the transfer took is not moved by the refund seen later, nor by opening it again').to.equal(tookAtFailure);
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();

    // A reload keeps it: "Refunded" is in the saved transfer.
    widget.remove();
    const again = await mount({ account: 3 });
    await waitUntil(() => historyState(again.widget) === 'Refunded', `after a reload (${historyState(again.widget)})`);
  });

  it('a wallet rejection returns to the form with a message; trying again succeeds', async () => {
    const { widget, wallet } = await mount({ token: 'ETH', amount: '0.05', account: 0 });
    const before = await nativeBalance(DST, wallet.address);
    const nonceBefore = await transactionCount(SRC, wallet.address);
    await waitForText(widget, (t) => t.startsWith('Bridge 0.05 ETH'), 'a quote');
    wallet.rejectNext('eth_sendTransaction');
    primaryButton(widget).click();
    const error = await nextEvent<{ kind: string }>(widget, 'bridge-error');
    expect(error.detail.kind).to.equal('wallet-rejected');
    // The user's own "no": said neutrally (an information notice, announced politely), not as a red alert.
    await waitUntil(
      () => /You cancelled in your wallet/.test(shadow(widget).querySelector('[part~="notice-info"][role="status"]')?.textContent ?? ''),
      'the rejection is explained',
    );
    expect(shadow(widget).querySelector('[role="alert"], [part~="notice-error"]')).to.equal(null);
    expect(await transactionCount(SRC, wallet.address)).to.equal(nonceBefore);
    await waitForText(widget, (t) => t.startsWith('Bridge 0.05 ETH'), 'ready to try again');
    primaryButton(widget).click();
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    expect((await nativeBalance(DST, wallet.address)) - before).to.equal(success.detail.toAmount);
  });

  it('Cancel while the wallet asks: back to the form with a neutral note, nothing sent; "keep this page open" only before the wallet asks', async () => {
    const { widget, wallet } = await mount({ token: 'ETH', amount: '0.02', account: 0 });
    const nonceBefore = await transactionCount(SRC, wallet.address);
    await waitForText(widget, (t) => t.startsWith('Bridge 0.02 ETH'), 'a quote');
    wallet.hang('eth_sendTransaction');
    primaryButton(widget).click();
    const phase = () => shadow(widget).querySelector('[part="status"]')?.textContent ?? '';
    await waitUntil(() => /Confirm the transfer in your wallet/.test(phase()), 'the wallet is asking', { timeout: 20_000 });
    const info = shadow(widget).querySelector('[part~="notice-info"]')?.textContent ?? '';
    expect(info, 'no "until your wallet asks" while it asks').to.not.match(/Keep this page open/);
    const cancel = [...shadow(widget).querySelectorAll<HTMLButtonElement>('[part="secondary-button"]')].find((b) => b.textContent?.trim() === 'Cancel');
    expect(cancel, 'a Cancel button while the wallet is open').to.exist;
    const error = nextEvent<{ kind: string }>(widget, 'bridge-error');
    cancel!.click();
    expect((await error).detail.kind).to.equal('cancelled');
    await waitUntil(
      () => /Cancelled\. Nothing further was sent/.test(shadow(widget).querySelector('[part~="notice-info"][role="status"]')?.textContent ?? ''),
      'the cancel is said neutrally',
    );
    expect(shadow(widget).querySelector('[role="alert"], [part~="notice-error"]')).to.equal(null);
    expect(await transactionCount(SRC, wallet.address)).to.equal(nonceBefore);
    wallet.clearTraps();
    await waitForText(widget, (t) => t.startsWith('Bridge 0.02 ETH'), 'ready to try again');
  });

  it('a reload after broadcast, before the receipt was accepted, resumes: the receipt is submitted and the transfer ends in success', async () => {
    await setFaults({ forceProvider: 'swiftbridge', rateLimitBurst: { count: 1000, endpoints: ['receipt'], retryAfterSeconds: 30 } });
    const first = await mount({ account: 1 });
    const usdcDst = await tokenAddress(DST, 'USDC');
    const before = await erc20Balance(DST, usdcDst, first.wallet.address);
    await waitForText(first.widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(first.widget).click();
    const tx = await nextEvent<BridgeTransactionDetail>(first.widget, 'bridge-transaction');
    // The page goes away while the receipt cannot get through.
    first.widget.remove();
    expect((await intentSummary(tx.detail.intentId)).source_tx_hash ?? null).to.equal(null);
    await setFaults({ rateLimitBurst: null });

    const second = await mount({ account: 1 });
    const success = await nextEvent<BridgeSuccessDetail>(second.widget, 'bridge-success');
    expect(success.detail.intentId).to.equal(tx.detail.intentId);
    const summary = await intentSummary(tx.detail.intentId);
    expect(String(summary.source_tx_hash).toLowerCase()).to.equal(tx.detail.txHash.toLowerCase());
    expect((await erc20Balance(DST, usdcDst, first.wallet.address)) - before).to.equal(success.detail.toAmount);
  });

  it('a 429 burst during polling slows the widget down but the transfer still completes', async () => {
    await setFaults({ forceProvider: 'swiftbridge', bridgingDelayMs: 3000 });
    const { widget, wallet } = await mount({ account: 2 });
    const usdcDst = await tokenAddress(DST, 'USDC');
    const before = await erc20Balance(DST, usdcDst, wallet.address);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    primaryButton(widget).click();
    await nextEvent(widget, 'bridge-transaction');
    await setFaults({ rateLimitBurst: { count: 6, endpoints: ['status'], retryAfterSeconds: 1 } });
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    expect((await erc20Balance(DST, usdcDst, wallet.address)) - before).to.equal(success.detail.toAmount);
  });
});
