/**
 * Sign only what the user saw, end to end: the widget in Chromium
 * against the sandbox's `hostile` switch (a compromised routing service on real
 * local chains). For every lie the widget refuses before the wallet is asked
 * anything (the development wallet's own log shows no prompt, and balances,
 * nonce and allowances read back from the chain are unchanged), says so on
 * screen, and fires `bridge-error` with kind `route-rejected` and the rule.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import { sendKeys } from '@web/test-runner-commands';
import { decodeFunctionResult, encodeFunctionData, erc20Abi } from 'viem';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeErrorDetail, BridgeRouteDetail, BridgeSuccessDetail, BridgeTransactionDetail } from '../../src/bridge-widget/events.js';
import { erc20Balance, nativeBalance, rpc, setFaults, tokenAddress, transactionCount } from './helpers/sandbox.js';
import { nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

function visibleText(widget: BridgeWidget): string {
  const parts = [shadow(widget).textContent ?? ''];
  for (const el of shadow(widget).querySelectorAll('*')) if (el.shadowRoot) parts.push(el.shadowRoot.textContent ?? '');
  return parts.join(' ').replace(/\s+/g, ' ');
}

function review(widget: BridgeWidget): ShadowRoot {
  const part = shadow(widget).querySelector('bw-route-review');
  if (!part) throw new Error('no route review');
  return shadow(part);
}

async function allowance(token: `0x${string}`, owner: `0x${string}`, spender: string): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner, spender as `0x${string}`] });
  const result = (await rpc(SRC, 'eth_call', [{ to: token, data }, 'latest'])) as `0x${string}`;
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data: result });
}

/** The widget with a development wallet that logs every prompt it is asked for; the wallet starts on the destination chain, so even a network switch would be a prompt. */
async function mount(attrs: Record<string, string> = {}, account = 3) {
  const prompts: string[] = [];
  const { widget, wallet } = await mountWidget({
    attributes: { amount: '3', ...attrs },
    attributesAfterMount: true,
    wallet: { account },
    onPrompt: (method) => prompts.push(method),
  });
  return { widget, wallet, prompts };
}

/** What the chain says about the user's funds, for comparing before and after. */
async function chainState(owner: `0x${string}`, spenders: readonly string[]) {
  const usdc = await tokenAddress(SRC, 'USDC');
  return {
    nonce: await transactionCount(SRC, owner),
    eth: await nativeBalance(SRC, owner),
    usdc: await erc20Balance(SRC, usdc, owner),
    allowances: await Promise.all(spenders.map((s) => allowance(usdc, owner, s))),
  };
}

/**
 * Clicks Bridge under `mode` and checks the refusal: the rule, the message,
 * the request id, no prompt, nothing changed on chain.
 */
async function expectRefusal(mode: string, rule: string, message: RegExp, attrs: Record<string, string> = {}) {
  await setFaults({ forceProvider: 'hopline', hostile: mode });
  const { widget, wallet, prompts } = await mount(attrs);
  await waitForText(widget, (t) => t.startsWith('Bridge'), 'a quote');
  const route = nextEvent<BridgeRouteDetail>(widget, 'bridge-route');
  const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
  // Spenders the honest route names, so their allowances can be read back: the hostile one only adds or bends entries.
  const before = await chainState(wallet.address, []);
  primaryButton(widget).click();
  const routed = (await route).detail.route;
  const { detail } = await error;
  expect(detail.kind).to.equal('route-rejected');
  expect(detail.rule).to.equal(rule);
  expect(detail.message).to.match(message);
  expect(detail.message).to.match(/Nothing was signed\.$/);
  expect(detail.requestId, 'the request id is kept').to.be.a('string').and.not.empty;
  await waitUntil(() => message.test(visibleText(widget)), 'the refusal is on screen');
  expect(visibleText(widget)).to.include(`request ${detail.requestId}`);
  expect(prompts, 'the wallet was not asked anything').to.deep.equal([]);
  const spenders = (routed.execution.approvals ?? []).flatMap((a) => (a.spender ? [a.spender] : []));
  const after = await chainState(wallet.address, spenders);
  expect({ ...after, allowances: undefined }).to.deep.equal({ ...before, allowances: undefined });
  expect(
    after.allowances.every((a) => a === 0n),
    'no allowance was granted',
  ).to.equal(true);
  return { widget, routed };
}

const MORE_THAN_AGREED = /The route asks for more than you agreed to send\. Nothing was signed\./;
const OTHER_THAN_THIS = /The route asks you to sign something other than this transfer\. Nothing was signed\./;

describe('guards: a hostile routing service, end to end', function () {
  e2eSuite(this, { clearTimings: true, resetFaults: { hostile: null, forceProvider: null } });

  it('inflated native value on a native transfer: refused, nothing sent', async () => {
    const { routed } = await expectRefusal('inflated-value', 'transaction-value', MORE_THAN_AGREED, { 'from-token': 'ETH', 'to-token': 'ETH', amount: '0.01' });
    expect(routed.execution.transaction.value > 10n ** 16n, 'the route did ask for more').to.equal(true);
  });

  it('inflated native value on an ERC-20 transfer: refused, nothing sent', async () => {
    await expectRefusal('inflated-value', 'transaction-value', MORE_THAN_AGREED);
  });

  it('an approval of another token: refused', async () => {
    await expectRefusal('foreign-token-approval', 'approval-token', OTHER_THAN_THIS);
  });

  it('an unlimited (2^256−1) approval without the unlimited-approval opt-in: refused', async () => {
    await expectRefusal('max-approval', 'approval-unlimited', MORE_THAN_AGREED);
  });

  it('a "transfer" to the token contract with transfer(attacker) calldata: refused, the attacker gets nothing', async () => {
    const usdc = await tokenAddress(SRC, 'USDC');
    const { routed } = await expectRefusal('drain-calldata', 'transaction-target', OTHER_THAN_THIS);
    expect(routed.execution.transaction.to.toLowerCase()).to.equal(usdc.toLowerCase());
    expect(routed.execution.transaction.data.slice(0, 10)).to.equal('0xa9059cbb');
  });

  it('approvals on the destination chain and on chain 1: refused, no network added or switched', async () => {
    await expectRefusal('foreign-chain-approval', 'approval-chain', OTHER_THAN_THIS);
  });

  it('terms 50 % worse: the new figures are shown next to the old; cancelling signs nothing', async () => {
    await setFaults({ forceProvider: 'swiftbridge', hostile: 'worse-terms' });
    const { widget, wallet, prompts } = await mount();
    await waitForText(widget, (t) => t.startsWith('Bridge 3 USDC'), 'a quote');
    const before = await chainState(wallet.address, []);
    const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
    primaryButton(widget).click();
    await waitUntil(() => !!shadow(widget).querySelector('bw-route-review')?.shadowRoot?.querySelector('[part="cancel"]'), 'the terms are put to the user');
    const text = review(widget).textContent!.replace(/\s+/g, ' ');
    const [, now, old] = /Terms changed: you now receive ≈ ([\d.,]+) USDC instead of ≈ ([\d.,]+) USDC/.exec(text) ?? [];
    expect(now, text).to.exist;
    expect(Number(now) * 2).to.be.closeTo(Number(old), 0.01);
    await expect(widget).to.be.accessible();
    expect(prompts).to.deep.equal([]);
    review(widget).querySelector<HTMLButtonElement>('[part="cancel"]')!.click();
    const { detail } = await error;
    expect(detail.kind).to.equal('route-rejected');
    expect(detail.rule).to.equal('terms-changed');
    await waitForText(widget, (t) => t.startsWith('Bridge 3 USDC'), 'back on the form');
    expect(prompts).to.deep.equal([]);
    expect(await chainState(wallet.address, [])).to.deep.equal(before);
  });

  it('terms 50 % worse: accepting them with the keyboard completes the transfer', async () => {
    await setFaults({ forceProvider: 'swiftbridge', hostile: 'worse-terms' });
    const { widget, wallet } = await mount();
    await waitForText(widget, (t) => t.startsWith('Bridge 3 USDC'), 'a quote');
    const usdcDst = await tokenAddress(DST, 'USDC');
    const received = await erc20Balance(DST, usdcDst, wallet.address);
    primaryButton(widget).click();
    await waitUntil(() => !!shadow(widget).querySelector('bw-route-review')?.shadowRoot?.querySelector('[part="confirm"]'), 'the terms are put to the user', {
      timeout: 30_000,
    });
    await waitUntil(() => review(widget).activeElement?.tagName === 'H3', 'the question takes focus');
    // The recipient's "Show all" comes first: the question is read with what it applies to.
    await sendKeys({ press: 'Tab' });
    expect(review(widget).activeElement?.getAttribute('part')).to.equal('recipient-whole');
    await sendKeys({ press: 'Tab' });
    expect(review(widget).activeElement?.getAttribute('part')).to.equal('confirm');
    const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success', 90_000);
    await sendKeys({ press: 'Enter' });
    const { detail } = await success;
    expect((await erc20Balance(DST, usdcDst, wallet.address)) - received).to.equal(detail.toAmount);
  });

  it('a status of another intent is shown as unclear, never as success, and polling goes on until the real one is back', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget } = await mount();
    await waitForText(widget, (t) => t.startsWith('Bridge 3 USDC'), 'a quote');
    let succeeded = false;
    widget.addEventListener('bridge-success', () => (succeeded = true));
    // Before the click: the route is honest, every status payload lies.
    await setFaults({ hostile: 'foreign-status' });
    primaryButton(widget).click();
    const tx = await nextEvent<BridgeTransactionDetail>(widget, 'bridge-transaction');
    const path = `/route-intent/${tx.detail.intentId}/status`;
    const polls = () => performance.getEntriesByType('resource').filter((e) => e.name.includes(path)).length;
    await waitUntil(() => /status of another transfer: ignored, still checking/.test(visibleText(widget)), 'the contradiction is explained', {
      timeout: 30_000,
    });
    const seen = polls();
    await waitUntil(() => polls() >= seen + 2, 'polling goes on', { timeout: 30_000 });
    expect(succeeded).to.equal(false);
    expect(visibleText(widget)).to.match(/Transfer status unclear|not reported/);
    expect(visibleText(widget)).to.not.match(/Transfer complete/);
    await setFaults({ hostile: null });
    await waitUntil(() => succeeded, 'success once the real status is back', { timeout: 60_000 });
  });
});
