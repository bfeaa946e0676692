/**
 * Trust without exceptions, end to end: the widget in Chromium
 * against the sandbox's hostile routing service on real local chains.
 * - Grants are refused by the route checks alone: through a proxy without a
 *   simulation RPC, a route whose bridge call is Permit2's `approve`, an NFT
 *   collection's `setApprovalForAll` or Multicall3 carrying one ends with
 *   nothing signed (the development wallet's log and the chain read back).
 * - A transfer whose outcome is unknown (a forgotten batch after a reload) is
 *   looked up and never sent again unasked: Bridge for the same route asks first.
 * - Forged hashes never reach the host: a status whose `dest_tx_hash` is a
 *   `javascript:` URL completes, and neither `bridge-status` nor
 *   `bridge-success` carries it, nor does the tracker link it.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';
import '../../src/define.js';
import { TransferClient } from '../../src/api/transfer-client.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeApprovalDetail, BridgeErrorDetail, BridgeRouteDetail, BridgeStatusDetail, BridgeSuccessDetail } from '../../src/bridge-widget/events.js';
import { devWallet, erc20Balance, intentSummary, nativeBalance, rpc, sandboxConfig, setFaults, tokenAddress, transactionCount } from './helpers/sandbox.js';
import { SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { collectEvents, nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { e2eSuite } from './helpers/e2e.js';

const ACCOUNT = 3;

function visibleText(widget: BridgeWidget): string {
  const parts = [shadow(widget).textContent ?? ''];
  for (const el of shadow(widget).querySelectorAll('*')) if (el.shadowRoot) parts.push(el.shadowRoot.textContent ?? '');
  return parts.join(' ').replace(/\s+/g, ' ');
}

/** Every link the widget renders, in its shadow roots. */
function links(widget: BridgeWidget): string[] {
  const found: string[] = [];
  const walk = (root: ShadowRoot) => {
    for (const a of root.querySelectorAll('a')) found.push(a.getAttribute('href') ?? '');
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(shadow(widget));
  return found;
}

/** The widget (the shared fixture) with a development wallet on the source chain that logs every prompt; `unsimulated` uses the sandbox's proxy without a simulation RPC. */
async function mount(proxy: 'simulating' | 'unsimulated' = 'unsimulated') {
  const prompts: string[] = [];
  const { widget, wallet } = await mountWidget({
    proxy,
    attributes: { amount: '3' },
    attributesAfterMount: true,
    wallet: { account: ACCOUNT, chainId: SRC },
    onPrompt: (method) => prompts.push(method),
  });
  await waitForText(widget, (t) => t.startsWith('Bridge'), 'a quote');
  return { widget, address: wallet.address, prompts };
}

async function call(to: string, abi: readonly string[], functionName: string, args: unknown[]): Promise<unknown> {
  const parsed = parseAbi(abi as string[]);
  const data = encodeFunctionData({ abi: parsed, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  const result = (await rpc(SRC, 'eth_call', [{ to, data }, 'latest'])) as `0x${string}`;
  return decodeFunctionResult({ abi: parsed, functionName, data: result } as Parameters<typeof decodeFunctionResult>[0]);
}

/** The user's funds and grants on the source chain: nonce, ETH, USDC, the attacker's Permit2 allowance and NFT operator status. */
async function chainState(owner: `0x${string}`) {
  const config = await sandboxConfig();
  const usdc = await tokenAddress(SRC, 'USDC');
  const { permit2, collectible } = config.contracts[String(SRC)]!;
  const attacker = config.attacker.address;
  return {
    nonce: await transactionCount(SRC, owner),
    eth: await nativeBalance(SRC, owner),
    usdc: await erc20Balance(SRC, usdc, owner),
    permit2Allowance: await call(permit2!, ['function allowance(address,address,address) view returns (uint160,uint48,uint48)'], 'allowance', [
      owner,
      usdc,
      attacker,
    ]),
    operator: await call(collectible!, ['function isApprovedForAll(address,address) view returns (bool)'], 'isApprovedForAll', [owner, attacker]),
  };
}

const OTHER_THAN_THIS = 'The route asks you to sign something other than this transfer.';

/** Clicks Bridge under `mode` through the proxy without simulation: refused by `rule`, no prompt, nothing changed on chain. */
async function expectRefusedWithoutSimulation(mode: string, rule: string) {
  await setFaults({ forceProvider: 'hopline', hostile: mode });
  const { widget, address, prompts } = await mount('unsimulated');
  const before = await chainState(address);
  const route = nextEvent<BridgeRouteDetail>(widget, 'bridge-route');
  const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
  primaryButton(widget).click();
  const routed = (await route).detail.route;
  const { detail } = await error;
  expect(detail.kind).to.equal('route-rejected');
  expect(detail.rule).to.equal(rule);
  expect(detail.message).to.equal(`${OTHER_THAN_THIS} Nothing was signed.`);
  await waitUntil(() => visibleText(widget).includes(OTHER_THAN_THIS), 'the sentence is on screen');
  expect(prompts, 'the wallet was not asked anything').to.deep.equal([]);
  expect(await chainState(address)).to.deep.equal(before);
  return routed;
}

describe('trust: grants refused by the route checks alone, no simulation', function () {
  e2eSuite(this, { timeout: 180_000, resetFaults: { hostile: null, forceProvider: null } });

  it("Permit2's approve(token, attacker, max, max) as the bridge call, no simulation: refused, nothing signed", async () => {
    const routed = await expectRefusedWithoutSimulation('permit2-approval', 'transaction-calldata');
    expect(routed.execution.transaction.data.slice(0, 10)).to.equal('0x87517c45');
  });

  it('setApprovalForAll(attacker, true) on an NFT collection, no simulation: refused, nothing signed', async () => {
    const routed = await expectRefusedWithoutSimulation('nft-approval-for-all', 'transaction-calldata');
    expect(routed.execution.transaction.data.slice(0, 10)).to.equal('0xa22cb465');
  });

  it('Multicall3.aggregate3 carrying the bridge call and setApprovalForAll, no simulation: refused, nothing signed', async () => {
    const routed = await expectRefusedWithoutSimulation('multicall-grant', 'transaction-calldata');
    expect(routed.execution.transaction.to.toLowerCase()).to.equal('0xca11bde05977b3631167028862be2a173976ca11');
  });

  it('transfer(attacker) on the source token as the bridge call, no simulation: refused, nothing signed', async () => {
    await expectRefusedWithoutSimulation('drain-calldata', 'transaction-target');
  });
});

describe('trust: forged hashes never reach the host', function () {
  e2eSuite(this, { timeout: 180_000, resetFaults: { hostile: null, forceProvider: null } });

  it('a dest_tx_hash of javascript:… completes the transfer, and no event or link carries it', async () => {
    await setFaults({ forceProvider: 'swiftbridge', hostile: 'forged-hashes' });
    const { widget } = await mount('simulating');
    const statuses: BridgeStatusDetail[] = [];
    widget.addEventListener('bridge-status', (e) => statuses.push((e as CustomEvent<BridgeStatusDetail>).detail));
    const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success', 150_000);
    primaryButton(widget).click();
    const { detail } = await success;
    expect(detail.status).to.equal('success');
    expect(detail.destTxHash, 'the forged hash is left out').to.equal(undefined);
    expect(detail.sourceTxHash).to.match(/^0x[0-9a-f]{64}$/i);
    const carried = [detail, ...statuses].flatMap((d) => [d.destTxHash, d.sourceTxHash]).filter((h) => h !== undefined);
    expect(
      carried.every((h) => /^0x[0-9a-fA-F]{64}$/.test(h!)),
      `hashes in events: ${carried.join(', ')}`,
    ).to.equal(true);
    await waitUntil(() => links(widget).length > 0, 'the source transaction is linked');
    expect(links(widget).filter((href) => !/^https?:\/\//.test(href) || href.includes('javascript'))).to.deep.equal([]);
    expect(visibleText(widget)).not.to.include('javascript:');
  });
});

describe('trust: a batch the wallet did not run atomically is read from its receipts', function () {
  e2eSuite(this, { timeout: 180_000, resetFaults: { hostile: null, forceProvider: null } });

  for (const code of [600, 200] as const) {
    it(`approval mined, bridge call reverted, the wallet says ${code} (atomic: false): the approval that remains is named, bridge-approval says done, no receipt is submitted`, async () => {
      await setFaults({ forceProvider: 'swiftbridge' });
      const { widget, wallet } = await mountWidget({ attributes: { batch: 'on' }, wallet: { account: 2, chainId: SRC, batching: true } });
      wallet.nonAtomicRevert = code;
      await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
      const events = collectEvents(widget, ['bridge-route', 'bridge-approval', 'bridge-transaction', 'bridge-success']);
      const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error', 150_000);
      primaryButton(widget).click();
      const { detail } = await error;
      expect(detail.kind).to.equal('batch-partial');
      expect(wallet.requests.filter((m) => m === 'wallet_sendCalls')).to.have.length(1);

      const route = events.find((e) => e.type === 'bridge-route')!.detail as BridgeRouteDetail;
      const spender = route.route.execution.approvals![0]!.spender!;
      const usdc = await tokenAddress(SRC, 'USDC');
      const standing = (await call(usdc, ['function allowance(address,address) view returns (uint256)'], 'allowance', [wallet.address, spender])) as bigint;
      expect(standing > 0n, 'the approval is mined: an allowance stands on chain').to.equal(true);
      expect(detail.message).to.match(/Your wallet ran the batch’s calls one by one and the transfer reverted: no tokens were bridged\./);
      expect(detail.message).to.include(`An allowance of`);
      expect(detail.message).to.include(`USDC to ${spender}`);
      expect(detail.message).not.to.include('as a whole');

      const approvals = events.filter((e) => e.type === 'bridge-approval').map((e) => e.detail as BridgeApprovalDetail);
      const last = approvals.filter((a) => a.spender.toLowerCase() === spender.toLowerCase()).at(-1)!;
      expect(last.state, 'bridge-approval reports the approval as the chain shows it').to.equal('done');
      expect(last.txHash).to.match(/^0x[0-9a-fA-F]{64}$/);
      const receipt = (await rpc(SRC, 'eth_getTransactionReceipt', [last.txHash])) as { status: string };
      expect(receipt.status).to.equal('0x1');
      expect(events.filter((e) => e.type === 'bridge-transaction' || e.type === 'bridge-success')).to.deep.equal([]);

      const intentId = route.intentId;
      const summary = await intentSummary(intentId);
      expect(summary.source_tx_hash ?? null, 'no receipt was submitted for the reverted bridge call').to.equal(null);
      // Revoked, as the sentence offers, so the account's later tests start from no allowance.
      wallet.nonAtomicRevert = undefined;
      await wallet.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from: wallet.address,
            to: usdc,
            data: encodeFunctionData({ abi: parseAbi(['function approve(address,uint256)']), functionName: 'approve', args: [spender as `0x${string}`, 0n] }),
          },
        ],
      });
    });
  }
});

describe('trust: a transfer whose outcome is unknown is never sent again unasked', function () {
  e2eSuite(this, { timeout: 240_000, resetFaults: { hostile: null, forceProvider: null, rateLimitBurst: null, latency: null } });

  const seen = (widget: BridgeWidget, text: string) => waitUntil(() => visibleText(widget).includes(text), `“${text}” on screen`, { timeout: 60_000 });

  /**
   * Rewrites a saved transfer as a later page would find it, once the sending page has saved the hash: that page may still
   * be writing when `bridge-transaction` arrives, and a rewrite before its write would be undone by it.
   */
  async function rewriteSaved(intentId: string, change: Record<string, unknown>) {
    const find = () => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        const value = localStorage.getItem(key) ?? '';
        if (!value.includes(intentId)) continue;
        const records = JSON.parse(value) as Record<string, unknown>[];
        const record = records.find((r) => r.intentId === intentId);
        if (record) return { key, records, record };
      }
      return undefined;
    };
    await waitUntil(() => !!find()?.record.sourceTxHash, 'the sending page saved the hash');
    const { key, records, record } = find()!;
    Object.assign(record, change);
    localStorage.setItem(key, JSON.stringify(records));
  }

  /**
   * A batch that ran on chain, then a reload before the wallet reported it (only its id saved), and a wallet that forgot it.
   * Each test takes its own account: a transfer a test leaves running writes to its account's storage after the next test cleared it.
   */
  async function forgottenBatch(account: number) {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { proxyUrl } = await sandboxConfig();
    const wallet = await devWallet({ account, chainId: SRC, batching: true });
    // Both pages take the one wallet (the one that forgot the batch).
    const mountPage = async () => (await mountWidget({ attributes: { batch: 'on' }, wallet: { use: wallet } })).widget;
    // The first page: the batch runs on chain, but its receipt never reaches the service (the page goes first).
    await setFaults({ rateLimitBurst: { count: 100_000, endpoints: ['receipt'], retryAfterSeconds: 1 } });
    const first = await mountPage();
    await waitForText(first, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    const transaction = nextEvent<{ intentId: string; txHash: string }>(first, 'bridge-transaction', 150_000);
    primaryButton(first).click();
    const { intentId, txHash } = (await transaction).detail;
    first.remove();
    // As if the page had reloaded before the wallet reported the batch: only its id is saved.
    await rewriteSaved(intentId, { phase: 'signing', sourceTxHash: undefined, broadcastAt: undefined, receiptAccepted: false });
    wallet.forgetBatches = true;
    return { wallet, mountPage, intentId, txHash, proxyUrl };
  }

  it('a batch that ran, then a reload, and the wallet forgot it: the widget says so, looks it up, and Bridge for the same route does not send until the user says “Send again anyway”', async () => {
    const { wallet, mountPage, intentId } = await forgottenBatch(1);
    const usdc = await tokenAddress(SRC, 'USDC');
    const balanceBefore = await erc20Balance(SRC, usdc, wallet.address);
    const sends = () => wallet.requests.filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction').length;
    const sentBefore = sends();

    // The service is slow to answer the look-up's status request: the form says it is looking meanwhile.
    await setFaults({ latency: { ms: 8_000, endpoints: ['status'], count: 1 } });
    const second = await mountPage();
    const error = await nextEvent<BridgeErrorDetail>(second, 'bridge-error', 60_000);
    expect(error.detail.kind).to.equal('batch-unknown');
    expect(error.detail.intentId).to.equal(intentId);
    await seen(second, 'Looking up what happened to your previous transfer of 2 USDC…');
    await waitForText(second, (t) => t === 'Bridge 2 USDC', 'the form back');
    await seen(second, 'whether the transfer was sent is unknown');
    expect(visibleText(second), 'never the wallet’s raw words').not.to.include('Unknown bundle id');
    expect((await intentSummary(intentId)).source_tx_hash ?? null, 'the service never got the receipt').to.equal(null);

    // The first press asks; it sends nothing. While the look-up runs the answer cannot be chosen yet.
    primaryButton(second).click();
    await waitForText(second, (t) => t === 'Send again anyway', 'the question');
    if (visibleText(second).includes('Looking up what happened'))
      expect(primaryButton(second).disabled, 'no choice before the look-up answered').to.equal(true);
    expect(visibleText(second)).to.match(/Your previous transfer of 2 USDC (may have gone through|most likely went through)\. Send again anyway\?/);
    expect(sends(), 'no wallet prompt').to.equal(sentBefore);
    expect(await erc20Balance(SRC, usdc, wallet.address), 'nothing left the account').to.equal(balanceBefore);
    // The look-up read the chain: the tokens left the account, said in plain words, and the question says it more strongly.
    await seen(second, 'Tokens left your account since your previous transfer of 2 USDC: it most likely went through');
    await seen(second, 'Your previous transfer of 2 USDC most likely went through. Send again anyway?');
    expect(visibleText(second)).not.to.include('Looking up what happened');
    expect(primaryButton(second).disabled).to.equal(false);

    // A different route is not held back: another amount shows the usual action.
    second.setAttribute('amount', '1');
    await waitForText(second, (t) => t === 'Bridge 1 USDC', 'another route');
    expect(visibleText(second)).not.to.include('Send again anyway?');
    second.setAttribute('amount', '2');
    await waitForText(second, (t) => t === 'Bridge 2 USDC', 'the same route again');
    expect(sends()).to.equal(sentBefore);

    // Chosen knowingly: the question, then the second press goes on to the wallet.
    primaryButton(second).click();
    await waitForText(second, (t) => t === 'Send again anyway', 'asked again');
    expect(sends()).to.equal(sentBefore);
    primaryButton(second).click();
    await waitUntil(() => sends() > sentBefore, 'the wallet is asked once the user chose it', { timeout: 150_000 });
  });

  it('the service knows the forgotten batch’s transaction and the source chain shows it: the look-up resolves it and the transfer is followed, nothing asked', async () => {
    const { wallet, mountPage, intentId, txHash, proxyUrl } = await forgottenBatch(0);
    const sends = () => wallet.requests.filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction').length;
    const sentBefore = sends();
    // The receipt reached the service after all (another tab, a retry): its status names the transaction.
    await setFaults({ rateLimitBurst: null });
    await new TransferClient({ baseUrl: proxyUrl }).receipt(intentId, txHash);
    const second = await mountPage();
    const statuses = collectEvents(second, ['bridge-status']) as { detail: BridgeStatusDetail }[];
    const error = await nextEvent<BridgeErrorDetail>(second, 'bridge-error', 60_000);
    expect(error.detail.kind).to.equal('batch-unknown');
    await waitUntil(
      () => statuses.some(({ detail }) => detail.intentId === intentId && detail.sourceTxHash?.toLowerCase() === txHash.toLowerCase()),
      'the transfer followed with the hash the chain shows',
      { timeout: 60_000 },
    );
    const text = visibleText(second);
    expect(text).not.to.include('Send again anyway');
    expect(text).not.to.include('Looking up what happened');
    expect(text, 'the problem that said it was unknown is gone').not.to.include('whether the transfer was sent is unknown');
    expect(sends(), 'nothing sent again').to.equal(sentBefore);
  });
  it('a hash the wallet returned but never broadcast, then a reload: the widget looks it up, says what the chain shows, and Bridge for the same route asks before it sends again', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const wallet = await devWallet({ account: 3, chainId: SRC });
    // Both pages take the one wallet (the one that dropped the transfer).
    const mountPage = async () => (await mountWidget({ attributes: { batch: 'off' }, wallet: { use: wallet } })).widget;
    const usdc = await tokenAddress(SRC, 'USDC');
    const balanceBefore = await erc20Balance(SRC, usdc, wallet.address);
    wallet.dropTransactions = true;
    const first = await mountPage();
    await waitForText(first, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    const transaction = nextEvent<{ intentId: string; txHash: string }>(first, 'bridge-transaction', 150_000);
    primaryButton(first).click();
    const { intentId } = (await transaction).detail;
    first.remove();
    wallet.dropTransactions = false;
    // As if the page reloaded a while later: the grace for a node slow to learn a hash has passed.
    await rewriteSaved(intentId, { broadcastAt: Date.now() - 10 * 60_000 });
    const sends = () => wallet.requests.filter((m) => m === 'eth_sendTransaction').length;
    const sentBefore = sends();

    const second = await mountPage();
    // Looked up on the source chain: the hash is nowhere, the nonce did not move, the tokens are there.
    await seen(second, 'Your account has sent nothing since your previous transfer of 2 USDC: it has not gone through so far.');
    await waitForText(second, (t) => t === 'Bridge 2 USDC', 'the form back');
    expect(await erc20Balance(SRC, usdc, wallet.address), 'nothing left the account').to.equal(balanceBefore);

    // The first press asks and sends nothing; the second, chosen knowingly, goes on to the wallet.
    primaryButton(second).click();
    await waitForText(second, (t) => t === 'Send again anyway', 'the question');
    expect(visibleText(second)).to.include('Your previous transfer of 2 USDC may have gone through. Send again anyway?');
    expect(sends(), 'no wallet prompt').to.equal(sentBefore);
    primaryButton(second).click();
    await waitUntil(() => sends() > sentBefore, 'the wallet is asked once the user chose it', { timeout: 150_000 });
  });
});
