/**
 * The arrival checked on the destination chain, end to end: the
 * widget in Chromium against the sandbox, whose proxy reads the destination
 * anvil chain (`/read/{chainId}`). An honest transfer ends "checked on the
 * chain"; a proxy without an RPC says the service's word only; each hostile
 * settlement (a real transaction that is not this arrival, or none) ends
 * without "complete", says what the chain shows, keeps the support details
 * open and fires `bridge-arrival-contradicted`, never `bridge-success`.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeArrivalContradictedDetail, BridgeSuccessDetail } from '../../src/bridge-widget/events.js';
import { sandboxConfig, setFaults } from './helpers/sandbox.js';
import { nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

const ACCOUNT = 2;

function trackerRoot(widget: BridgeWidget): ShadowRoot | null {
  return shadow(widget).querySelector('bw-status-tracker')?.shadowRoot ?? null;
}

function trackerText(widget: BridgeWidget): string {
  return (trackerRoot(widget)?.textContent ?? '').replace(/\s+/g, ' ');
}

async function mount(proxy: 'reading' | 'unread' = 'reading'): Promise<BridgeWidget> {
  const { widget } = await mountWidget({
    attributes: { amount: '3' },
    attributesAfterMount: true,
    proxy: proxy === 'reading' ? 'simulating' : 'unsimulated',
    wallet: { account: ACCOUNT, chainId: SRC },
  });
  await waitForText(widget, (t) => t.startsWith('Bridge'), 'a quote');
  return widget;
}

/**
 * Holds the widget's chain reads (real requests to the proxy) until released, so the
 * "checking" state, which lasts a few milliseconds against a local chain, can be seen.
 */
function holdChainReads(): { release: () => void; restore: () => void } {
  const original = window.fetch;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (/\/read\/\d+$/.test(String(input instanceof Request ? input.url : input))) await released;
    return original(input, init);
  };
  return { release, restore: () => (window.fetch = original) };
}

/** Bridges under a hostile settlement: the contradiction, never a success, and what the tracker shows. */
async function expectContradiction(mode: string, reason: string, shown: RegExp) {
  await setFaults({ forceProvider: 'swiftbridge', hostile: mode });
  const widget = await mount();
  let succeeded = false;
  widget.addEventListener('bridge-success', () => (succeeded = true));
  const contradicted = nextEvent<BridgeArrivalContradictedDetail>(widget, 'bridge-arrival-contradicted', 170_000);
  const reads = holdChainReads();
  primaryButton(widget).click();
  try {
    await waitUntil(() => /Checking the arrival/.test(trackerText(widget)), 'the tracker says it is checking', { timeout: 120_000 });
    expect(trackerText(widget)).not.to.include('Transfer complete');
  } finally {
    reads.release();
    reads.restore();
  }
  const { detail } = await contradicted;
  expect(detail.reason).to.equal(reason);
  expect(detail.destTxHash).to.match(/^0x[0-9a-f]{64}$/i);
  expect(detail.sourceTxHash).to.match(/^0x[0-9a-f]{64}$/i);
  await waitUntil(() => /Arrival not confirmed/.test(trackerText(widget)), 'the heading says not confirmed');
  const text = trackerText(widget);
  expect(text).to.match(shown);
  expect(text).not.to.include('Transfer complete');
  expect(text).not.to.include('confirmed on');
  const root = trackerRoot(widget)!;
  expect(root.querySelector('[part~="arrival"]')?.textContent).to.match(shown);
  const support = root.querySelector<HTMLDetailsElement>('[part="support"]')!;
  expect(support.open, 'support details open').to.equal(true);
  expect(support.textContent).to.include(detail.destTxHash);
  expect(support.textContent).to.include(detail.intentId);
  expect(succeeded, 'bridge-success never fired').to.equal(false);
  return { widget, detail };
}

describe('the arrival, checked on the destination chain', function () {
  e2eSuite(this, { timeout: 200_000, resetFaults: { hostile: null, forceProvider: null } });

  it('an honest transfer: "Arrived on … · checked on the chain", bridge-success with arrival: checked', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const widget = await mount();
    const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success', 150_000);
    primaryButton(widget).click();
    const { detail } = await success;
    expect(detail.arrival).to.equal('checked');
    await waitUntil(() => /Arrived on [^:]+: [\d.,]+ USDC at 0x\S+, confirmed on .+ itself/.test(trackerText(widget)), 'the checked arrival is said');
    expect(trackerText(widget)).to.include('Transfer complete');
  });

  it('a proxy without an RPC for the destination: "not checked on the chain", not styled as a failure', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const widget = await mount('unread');
    const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success', 150_000);
    primaryButton(widget).click();
    expect((await success).detail.arrival).to.equal('unchecked');
    await waitUntil(
      () => trackerText(widget).includes('The bridge says it arrived; this site could not confirm it on the destination network'),
      'said plainly',
    );
    const root = trackerRoot(widget)!;
    expect(root.querySelector('.heading')?.classList.contains('success')).to.equal(true);
    expect(root.querySelector('.notice.danger'), 'no failure notice').to.equal(null);
  });

  it('dest_tx_hash of another user’s transfer: another recipient, never complete', async () => {
    await expectContradiction('dest-another-transfer', 'other-recipient', /sent [\d.,]+ USDC to 0x\S+, not to your recipient/);
  });

  it('dest_tx_hash of a transfer to another address: another recipient', async () => {
    const config = await sandboxConfig();
    const { detail } = await expectContradiction('dest-other-recipient', 'other-recipient', /not to your recipient/);
    expect(detail.recipient).to.equal(config.attacker.address.toLowerCase());
  });

  it('dest_tx_hash of a transfer of another token: another token', async () => {
    await expectContradiction('dest-other-token', 'other-token', /sent another token \(0x\S+\) to your recipient/);
  });

  it('dest_tx_hash of a reverted transaction: reverted', async () => {
    await expectContradiction('dest-reverted', 'reverted', /the transaction the service reported failed \(reverted\)/);
  });

  it('less than the guaranteed minimum arrived: below the minimum, never complete', async () => {
    await expectContradiction('below-minimum', 'below-minimum', /delivered [\d.,]+ USDC, below the guaranteed [\d.,]+ USDC/);
  });

  it('a dest_tx_hash that does not exist on the chain: after the bounded wait, no such transaction', async () => {
    await expectContradiction('dest-missing', 'not-found', /has no transaction with the hash the service reported/);
  });
});
