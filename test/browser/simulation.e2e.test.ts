/**
 * Judge a route by what it does, end to end: the widget in Chromium
 * against the sandbox, whose proxy forwards `eth_simulateV1` to the chains'
 * own anvil (real simulation of real contracts). Honest routes complete and
 * their review, at the moment the wallet is first asked to sign, shows what
 * the simulation found and the network fee; each hostile case ends before the
 * offending call reaches the wallet (the development wallet's log and the
 * chain read back), with the sentence and `bridge-error`; a proxy without a
 * simulation RPC gives "Not simulated", and `require-simulation` stops then.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeErrorDetail, BridgeRouteDetail, BridgeSuccessDetail, BridgeTransactionDetail } from '../../src/bridge-widget/events.js';
import { erc20Balance, nativeBalance, rpc, sandboxConfig, setFaults, tokenAddress, transactionCount } from './helpers/sandbox.js';
import { nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

const ACCOUNT = 3;

function visibleText(widget: BridgeWidget): string {
  const parts = [shadow(widget).textContent ?? ''];
  for (const el of shadow(widget).querySelectorAll('*')) if (el.shadowRoot) parts.push(el.shadowRoot.textContent ?? '');
  return parts.join(' ').replace(/\s+/g, ' ');
}

/** The review's text ('' when none is shown). */
/** What the user reads before the wallet asks: the review and the approval steps under it. */
function reviewText(widget: BridgeWidget): string {
  const text = (selector: string) => shadow(widget).querySelector(selector)?.shadowRoot?.textContent ?? '';
  return `${text('bw-route-review')} ${text('bw-approval-steps')}`.replace(/\s+/g, ' ').trim();
}

interface Mounted {
  widget: BridgeWidget;
  address: `0x${string}`;
  /** Every wallet prompt, in order, with the review on screen at that moment. */
  prompts: { method: string; review: string }[];
}

/** The widget with a development wallet on the source chain (so no prompt is needed before the first signature) that logs each prompt and the review shown when it came. */
async function mount(attrs: Record<string, string> = {}, proxy: 'simulating' | 'unsimulated' = 'simulating'): Promise<Mounted> {
  const prompts: Mounted['prompts'] = [];
  const { widget, wallet } = await mountWidget({
    attributes: { amount: '3', ...attrs },
    attributesAfterMount: true,
    proxy,
    wallet: { account: ACCOUNT, chainId: SRC },
    onPrompt: (method, shown) => prompts.push({ method, review: reviewText(shown) }),
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

/** What the chain says about the user's funds and grants on the source chain. */
async function chainState(owner: `0x${string}`) {
  const config = await sandboxConfig();
  const usdc = await tokenAddress(SRC, 'USDC');
  const { permit2, collectible } = config.contracts[String(SRC)]!;
  const attacker = config.attacker.address;
  const allowanceOf = (spender: string) => call(usdc, ['function allowance(address,address) view returns (uint256)'], 'allowance', [owner, spender]);
  return {
    nonce: await transactionCount(SRC, owner),
    eth: await nativeBalance(SRC, owner),
    usdc: await erc20Balance(SRC, usdc, owner),
    attackerAllowance: await allowanceOf(attacker),
    permit2Allowance: await call(permit2!, ['function allowance(address,address,address) view returns (uint160,uint48,uint48)'], 'allowance', [
      owner,
      usdc,
      attacker,
    ]),
    operator: await call(collectible!, ['function isApprovedForAll(address,address) view returns (bool)'], 'isApprovedForAll', [owner, attacker]),
  };
}

/** Clicks Bridge under `mode`; the attempt must end with `rule`, the sentence on screen and in the event, no wallet prompt, nothing changed on chain. */
async function expectRefusal(mode: string, rule: string, sentence: string, attrs: Record<string, string> = {}) {
  await setFaults({ forceProvider: 'hopline', hostile: mode });
  const { widget, address, prompts } = await mount(attrs);
  const before = await chainState(address);
  const route = nextEvent<BridgeRouteDetail>(widget, 'bridge-route');
  const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
  primaryButton(widget).click();
  const routed = (await route).detail.route;
  const { detail } = await error;
  expect(detail.kind).to.equal('route-rejected');
  expect(detail.rule).to.equal(rule);
  expect(detail.message).to.equal(`${sentence} Nothing was signed.`);
  await waitUntil(() => visibleText(widget).includes(sentence), 'the sentence is on screen');
  expect(prompts, 'the wallet was not asked anything').to.deep.equal([]);
  expect(await chainState(address)).to.deep.equal(before);
  return { routed, widget };
}

/** Bridges and returns the success, the prompts (each with the review at that moment) and the bridge transaction as mined. */
async function bridge(mounted: Mounted) {
  const { widget } = mounted;
  const transaction = nextEvent<BridgeTransactionDetail>(widget, 'bridge-transaction', 90_000);
  const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success', 120_000);
  primaryButton(widget).click();
  const hash = (await transaction).detail.txHash;
  const mined = (await rpc(SRC, 'eth_getTransactionByHash', [hash])) as { gas: string; gasPrice?: string; maxFeePerGas?: string };
  return { success: (await success).detail, mined };
}

const FEE = /Network fee ?([\d.,]+) ETH ?(?:\(\$[\d.,]+\))?, at most ([\d.,]+) ETH/;

describe('simulation: what a route does, end to end', function () {
  e2eSuite(this, { timeout: 180_000, resetFaults: { hostile: null, forceProvider: null } });

  it('an ERC-20 route with one approval: the review shows what leaves, the network fee, the allowance used up and the minimum, before the first prompt', async () => {
    await setFaults({ forceProvider: 'slowlane' });
    const mounted = await mount();
    const { success } = await bridge(mounted);
    expect(success.belowMinimum).to.equal(false);
    const [first, ...rest] = mounted.prompts;
    expect(first?.method).to.equal('eth_sendTransaction');
    const review = first!.review;
    expect(review).to.match(/You send ?3(\.\d+)? USDC/);
    const [, expected, maximum] = FEE.exec(review) ?? [];
    expect(expected, review).to.exist;
    expect(Number(expected)).to.be.above(0).and.at.most(Number(maximum));
    expect(Number(maximum), 'a bounded fee, far from 3,000 ETH').to.be.below(0.1);
    // The allowance the transfer uses up is its approval step, named before the first prompt (not repeated in the review).
    expect(review).to.match(/Approve ?3(\.\d+)? USDC for ?Bridge contract/);
    expect(review).to.match(/You receive at least ?[\d.,]+ USDC/);
    expect(review).to.include('Tested: nothing else leaves or gets approved.');
    expect(review).not.to.include('Not tested before you sign');
    expect(rest.map((p) => p.method)).to.deep.equal(['eth_sendTransaction']);
  });

  it('an ERC-20 route with two approvals (router and fee collector): both allowances are shown', async () => {
    await setFaults({ forceProvider: 'hopline' });
    const mounted = await mount();
    await bridge(mounted);
    const review = mounted.prompts[0]!.review;
    expect(review.match(/Approve [\d.,]+ USDC for/g)?.length, review).to.equal(2);
    expect(review).to.match(FEE);
    expect(mounted.prompts.map((p) => p.method)).to.deep.equal(['eth_sendTransaction', 'eth_sendTransaction', 'eth_sendTransaction']);
  });

  it('a native route: what leaves in ETH and the network fee, no allowance', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const mounted = await mount({ 'from-token': 'ETH', 'to-token': 'ETH', amount: '0.01' });
    await bridge(mounted);
    const review = mounted.prompts[0]!.review;
    expect(review).to.match(/Leaves your wallet in all ?0\.01\d* ETH/);
    expect(review).to.match(FEE);
    expect(review).not.to.include('Spending approval');
  });

  it('chain ids in 0x hex: a legitimate route, it completes', async () => {
    await setFaults({ forceProvider: 'hopline', hostile: 'hex-chain-ids' });
    const mounted = await mount();
    const { success } = await bridge(mounted);
    expect((success.toAmount ?? 0n) > 0n).to.equal(true);
    expect(mounted.prompts[0]!.review).to.match(FEE);
  });

  it('fee griefing (30,000,000 gas at 100,000 gwei): neither reaches the wallet; the review says the wallet sets the fee', async () => {
    await setFaults({ forceProvider: 'swiftbridge', hostile: 'fee-griefing' });
    const mounted = await mount();
    const before = await nativeBalance(SRC, mounted.address);
    const { mined } = await bridge(mounted);
    expect(BigInt(mined.gas) <= 16_777_216n, `gas ${BigInt(mined.gas)}`).to.equal(true);
    const price = BigInt(mined.maxFeePerGas ?? mined.gasPrice!);
    expect(price < 10n ** 12n, `price per gas ${price}`).to.equal(true);
    const review = mounted.prompts.at(-1)!.review;
    expect(review).to.include('The route suggested network fees far above this network’s: your wallet sets the fee.');
    expect(Number(FEE.exec(review)?.[2])).to.be.below(0.1);
    expect(before - (await nativeBalance(SRC, mounted.address)) < 10n ** 17n, 'less than 0.1 ETH spent').to.equal(true);
  });

  // Refused by the route checks before the simulation runs (test/browser/trust.e2e.test.ts shows it without a simulation RPC).
  it("Permit2's approve(token, attacker, max, max) as the transaction: refused by its calldata", async () => {
    const { routed } = await expectRefusal('permit2-approval', 'transaction-calldata', 'The route asks you to sign something other than this transfer.');
    expect(routed.execution.transaction.to.toLowerCase()).to.equal((await sandboxConfig()).contracts[String(SRC)]!.permit2!.toLowerCase());
  });

  it('setApprovalForAll(attacker, true) on an NFT contract: refused by its calldata', async () => {
    await expectRefusal('nft-approval-for-all', 'transaction-calldata', 'The route asks you to sign something other than this transfer.');
  });

  it('an approval to an account without code: refused', async () => {
    await expectRefusal('eoa-spender', 'approval-spender-code', 'The route asks you to approve an address that is not a contract.');
  });

  it('50 approvals: refused at once', async () => {
    const { routed } = await expectRefusal('many-approvals', 'approval-count', 'The route asks for more approvals than a transfer needs.');
    expect(routed.execution.approvals?.length).to.equal(50);
  });

  it('names with bidirectional controls (right-to-left overrides) are shown without them', async () => {
    await setFaults({ hostile: 'bidi-names' });
    const { widget } = await mount();
    await waitUntil(() => visibleText(widget).includes('Sepolia'), 'the chain names are shown');
    expect(/[\u202A-\u202E\u2066-\u2069]/.test(visibleText(widget)), 'no bidirectional control on screen').to.equal(false);
  });

  it('a proxy without a simulation RPC: the review says "Not simulated", the guards decide, the transfer completes', async () => {
    await setFaults({ forceProvider: 'slowlane' });
    const mounted = await mount({}, 'unsimulated');
    await bridge(mounted);
    const first = mounted.prompts[0]!.review;
    expect(first).to.include('Not tested before you sign This site offers no simulation for this network: only the route checks apply.');
    expect(first).not.to.include('leaves your wallet');
    expect(mounted.prompts.at(-1)!.review).to.match(FEE);
  });

  it('require-simulation with a proxy without a simulation RPC: the attempt stops before the wallet is asked anything', async () => {
    await setFaults({ forceProvider: 'slowlane' });
    const { widget, address, prompts } = await mount({ 'require-simulation': '' }, 'unsimulated');
    const before = await chainState(address);
    const error = nextEvent<BridgeErrorDetail>(widget, 'bridge-error');
    primaryButton(widget).click();
    const { detail } = await error;
    expect(detail.kind).to.equal('simulation-unavailable');
    expect(detail.message).to.equal('This transfer could not be simulated, and this site requires a simulation before anything is signed. Nothing was signed.');
    await waitUntil(() => visibleText(widget).includes('requires a simulation before anything is signed'), 'the sentence is on screen');
    expect(prompts).to.deep.equal([]);
    expect(await chainState(address)).to.deep.equal(before);
  });
});
