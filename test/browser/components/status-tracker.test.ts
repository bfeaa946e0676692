import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../helpers/wait.js';
import { StatusTracker, formatDuration, type StatusActionDetail, type StatusView } from '../../../src/components/status-tracker/status-tracker.js';
import { formatEstimate } from '../../../src/format/duration.js';
import { TRANSFER_PHASES, isFinalPhase } from '../../../src/model/transfer-phase.js';
import { intervalsClearedBy, untilAnimationsSettle } from '../helpers/dom.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

if (!customElements.get('bw-status-tracker')) customElements.define('bw-status-tracker', StatusTracker);

const SOURCE_TX = '0x' + '1a'.repeat(32);
const DEST_TX = '0x' + '2b'.repeat(32);

const view = (overrides: Partial<StatusView> = {}): StatusView => ({
  phase: 'bridging',
  fromChainName: 'Sepolia',
  toChainName: 'Base Sepolia',
  fromAmountText: '25.5 USDC',
  toAmountText: '25.43 USDC',
  sourceTxHash: SOURCE_TX,
  sourceTxUrl: `https://sepolia.etherscan.io/tx/${SOURCE_TX}`,
  startedAt: Date.now() - 125_000,
  needsGas: false,
  requestId: '6f1c2a9e-2b7d-4c1e-9a55-0d9e3f1b7c21',
  providerRequestId: 'sq-0xabc123',
  intentId: 'intent_01HZX',
  receiptPending: false,
  ...overrides,
});

async function mount(v: StatusView | undefined) {
  const el = await fixture<StatusTracker>(html`<bw-status-tracker></bw-status-tracker>`);
  el.view = v;
  el.locale = 'en-US';
  await el.updateComplete;
  return el;
}

const clean = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
const $ = (el: StatusTracker, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const heading = (el: StatusTracker) => clean($(el, 'h2'));
const allText = (el: StatusTracker) => clean(el.shadowRoot!.querySelector('section'));
/** "Sent: done" … as a screen reader hears each step. */
const steps = (el: StatusTracker) => [...el.shadowRoot!.querySelectorAll('[part="steps"] > li .label')].map((n) => clean(n));
const button = (el: StatusTracker, label: string) => [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((b) => clean(b) === label);
const live = (el: StatusTracker) => clean($(el, '.visually-hidden[aria-live="polite"]'));

describe('formatDuration', () => {
  it('reads like "2 min, 05 sec" in English, in the locale’s own units elsewhere', () => {
    expect(formatDuration(45_000, 'en')).to.equal('45 sec');
    expect(formatDuration(125_000, 'en')).to.equal('2 min, 05 sec');
    expect(formatDuration(900_000, 'en')).to.equal('15 min, 00 sec', 'elapsed time keeps its seconds on the minute, so the ticking counter keeps its shape');
    expect(formatDuration(3_725_000, 'en')).to.equal('1 hr, 02 min');
    expect(formatDuration(-5, 'en')).to.equal('0 sec');
    expect(formatDuration(125_000, 'de')).to.equal('2 Min., 05 Sek.');
  });

  it('reads an estimate in whole minutes from a minute up', () => {
    expect(formatEstimate(45, 'en')).to.equal('45 sec');
    expect(formatEstimate(150, 'en')).to.equal('3 min');
    expect(formatEstimate(890, 'en')).to.equal('15 min');
    expect(formatEstimate(3_890, 'en')).to.equal('1 hr, 05 min');
  });
});

describe('<bw-status-tracker>', () => {
  /** The stepper's steps in order; each phase below gives their states. */
  const STEPS = ['Sent', 'Picked up by the bridge', 'In transit', 'Arrived'];
  const phaseView = (phase: StatusView['phase'], heading: string, states: string[], final: boolean) => ({
    phase,
    heading,
    steps: states.map((state, i) => `${STEPS[i]}: ${state}`),
    final,
  });
  const expectations = [
    phaseView('signing', 'Confirm the transfer in your wallet', ['in progress', 'not started', 'not started', 'not started'], false),
    phaseView('broadcast', 'Transfer sent', ['done', 'in progress', 'not started', 'not started'], false),
    phaseView('submitted', 'The bridge picked up your transfer', ['done', 'done', 'in progress', 'not started'], false),
    phaseView('bridging', 'Transfer in progress', ['done', 'done', 'in progress', 'not started'], false),
    phaseView('success', 'Transfer complete', ['done', 'done', 'done', 'done'], true),
    phaseView('failed', 'Refund on its way', ['done', 'not started', 'not started', 'failed'], true),
    phaseView('not-found', 'Transfer not found', ['done', 'not started', 'not started', 'not started'], true),
    phaseView('checking', 'Checking the arrival', ['done', 'done', 'done', 'in progress'], false),
    phaseView('disputed', 'Arrival not confirmed', ['done', 'done', 'done', 'failed'], true),
    phaseView('unknown', 'Transfer status unclear', ['done', 'not started', 'not started', 'not started'], false),
  ];
  it('offers "Start a new transfer" for exactly the phases the model calls final,', async () => {
    for (const phase of TRANSFER_PHASES) {
      const el = await mount(view({ phase, ...(isFinalPhase(phase) ? { finishedAt: Date.now() } : {}) }));
      expect(button(el, 'Start a new transfer') !== undefined, phase).to.equal(isFinalPhase(phase));
    }
  });

  for (const expected of expectations) {
    it(`${expected.phase}: heading, stepper and buttons, accessibly`, async () => {
      const el = await mount(
        view({
          phase: expected.phase,
          rawStatus: expected.phase === 'unknown' ? 'refund_pending' : expected.phase,
          ...(expected.final ? { finishedAt: Date.now() } : {}),
        }),
      );
      expect(heading(el)).to.equal(expected.heading);
      expect(steps(el)).to.deep.equal(expected.steps);
      expect(button(el, 'Start a new transfer') !== undefined).to.equal(expected.final);
      expect(button(el, 'Close')).to.not.equal(undefined);
      await untilAnimationsSettle(el);
      await expect(el).to.be.accessible();
    });
  }

  it('the arrival as the destination chain showed it: checked and not checked read as a success, a contradiction as a warning with the support details open', async () => {
    const checked = await mount(
      view({
        phase: 'success',
        finishedAt: Date.now(),
        destTxHash: DEST_TX,
        arrivalText: 'Arrived on Base Sepolia: 25.43 USDC at 0x1234…abcd · confirmed on',
      }),
    );
    expect(allText(checked)).to.contain('Arrived on Base Sepolia: 25.43 USDC at 0x1234…abcd · confirmed on');
    const unchecked = await mount(view({ phase: 'success', finishedAt: Date.now(), arrivalText: 'The service reports it complete; not confirmed on' }));
    expect(heading(unchecked)).to.equal('Transfer complete');
    expect(allText(unchecked)).to.contain('not confirmed on');
    expect($(unchecked, '.notice.danger')).to.equal(null);
    const shown = 'On Base Sepolia, the transaction the service reported failed (reverted).';
    const disputed = await mount(view({ phase: 'disputed', finishedAt: Date.now(), destTxHash: DEST_TX, arrivalText: shown }));
    expect(clean($(disputed, '[part~="arrival"]'))).to.contain(shown);
    expect(allText(disputed)).not.to.contain('Transfer complete');
    expect($(disputed, 'details')?.hasAttribute('open')).to.equal(true);
    expect(allText(disputed)).to.contain(DEST_TX);
    await untilAnimationsSettle(disputed);
    await expect(disputed).to.be.accessible();
  });

  it('links the source transaction safely, with the amount and chain', async () => {
    const el = await mount(view());
    const link = $(el, '[part="tx-link"]') as HTMLAnchorElement;
    expect(link.href).to.equal(`https://sepolia.etherscan.io/tx/${SOURCE_TX}`);
    expect(link.rel).to.equal('noopener noreferrer');
    expect(link.target).to.equal('_blank');
    expect(clean(el.shadowRoot!.querySelector('[part="steps"] > li .detail'))).to.contain('25.5 USDC on Sepolia');
  });

  it('never renders an unsafe transaction URL as a link', async () => {
    const el = await mount(view({ sourceTxUrl: 'javascript:alert(1)' }));
    expect(el.shadowRoot!.querySelector('a')).to.equal(null);
    expect(allText(el)).to.contain('transaction 0x1a1a…1a1a');
  });

  it('ticks the elapsed time every second while in progress, with the last check', async () => {
    const el = await mount(view({ startedAt: Date.now() - 125_000, lastCheckedAt: Date.now() - 3_000 }));
    // The clock moves on its own: read the shown seconds, then wait for the next tick rather than a fixed time.
    const shown = () => {
      const match = /^Elapsed 2 min, (\d\d) sec Last checked (\d+) seconds? ago$/.exec(clean($(el, '[part="timing"]')) ?? '');
      return { elapsed: Number(match?.[1] ?? Number.NaN), checked: Number(match?.[2] ?? Number.NaN) };
    };
    const first = shown();
    expect(first.elapsed, clean($(el, '[part="timing"]')) ?? '').to.be.within(5, 59);
    expect(first.checked, 'checked three seconds before it started ticking').to.equal(first.elapsed - 2);
    await waitUntil(() => shown().elapsed > first.elapsed, 'the elapsed time ticks', { timeout: 30_000 });
    const next = shown();
    expect(next.checked - first.checked, 'both move together').to.equal(next.elapsed - first.elapsed);
  });

  it('"taking longer than usual" counts from the broadcast, not from the route (the time spent approving and signing does not count)', async () => {
    const now = Date.now();
    const slow = (el: StatusTracker) => clean($(el, '[part~="slow"]')) ?? '';
    // Routed ten minutes ago, broadcast ten seconds ago, the route said one minute.
    const el = await mount(view({ startedAt: now - 600_000, broadcastAt: now - 10_000, expectedMs: 60_000 }));
    expect(slow(el), 'within the estimate since the broadcast').to.equal('');
    el.view = view({ startedAt: now - 600_000, broadcastAt: now - 120_000, expectedMs: 60_000 });
    await el.updateComplete;
    expect(slow(el)).to.match(/^Taking longer than usual/);
    // A transfer saved before the broadcast time was kept counts from its creation.
    el.view = view({ startedAt: now - 600_000, expectedMs: 60_000 });
    await el.updateComplete;
    expect(slow(el)).to.match(/^Taking longer than usual/);
  });

  it('shows the total time once final and stops ticking', async () => {
    const start = Date.now() - 300_000;
    const el = await mount(
      view({ phase: 'success', startedAt: start, finishedAt: start + 125_000, destTxHash: DEST_TX, destTxUrl: `https://sepolia.basescan.org/tx/${DEST_TX}` }),
    );
    expect(clean($(el, '[part="timing"]'))).to.equal('Took 2 min, 05 sec');
  });

  it('success: a clear success heading, the destination link and the amount received', async () => {
    const el = await mount(view({ phase: 'success', finishedAt: Date.now(), destTxHash: DEST_TX, destTxUrl: `https://sepolia.basescan.org/tx/${DEST_TX}` }));
    const h2 = $(el, 'h2')!;
    expect(h2.getAttribute('part')).to.equal('heading');
    expect(h2.classList.contains('success')).to.equal(true);
    expect(h2.querySelector('svg')).to.not.equal(null);
    const links = [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part="tx-link"]')].map((a) => a.href);
    expect(links).to.include(`https://sepolia.basescan.org/tx/${DEST_TX}`);
    const arrived = [...el.shadowRoot!.querySelectorAll('[part="steps"] > li')][3]!;
    expect(clean(arrived.querySelector('.detail'))).to.contain('About 25.43 USDC on Base Sepolia');
  });

  it('success with the amount the status reports: says exactly what arrived, no "About"', async () => {
    const el = await mount(view({ phase: 'success', finishedAt: Date.now(), toAmountText: '25.4312 USDC', toAmountExact: true }));
    const arrived = [...el.shadowRoot!.querySelectorAll('[part="steps"] > li')][3]!;
    expect(clean(arrived.querySelector('.detail'))).to.equal('25.4312 USDC arrived on Base Sepolia');
  });

  it('support details: one click away while the transfer moves and once it arrived, open where the text asks for them', async () => {
    for (const phase of ['bridging', 'success'] as const) {
      const el = await mount(view({ phase, finishedAt: phase === 'success' ? Date.now() : undefined }));
      const support = $(el, '[part="support"]') as HTMLDetailsElement;
      expect(support.open, phase).to.equal(false);
      expect($(el, '[part="support"] dl')!.checkVisibility(), `${phase}: the ids are not shown`).to.equal(false);
      support.querySelector('summary')!.click();
      await waitUntil(() => support.open, 'opens on click');
      expect($(el, '[part="support"] dl')!.checkVisibility(), `${phase}: shown once opened`).to.equal(true);
      await untilAnimationsSettle(el);
      await expect(el).to.be.accessible();
    }
    for (const phase of ['failed', 'not-found', 'unknown'] as const) {
      const el = await mount(view({ phase }));
      expect(($(el, '[part="support"]') as HTMLDetailsElement).open, phase).to.equal(true);
    }
  });

  it('shows "Telling the bridge about your transfer…" while the receipt is pending', async () => {
    const el = await mount(view({ phase: 'broadcast', receiptPending: true }));
    expect(allText(el)).to.contain('Telling the bridge about your transfer…');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  for (const phase of ['bridging', 'success', 'submitted'] as const) {
    it(`warns that the destination step waits for gas (${phase})`, async () => {
      const el = await mount(view({ phase, needsGas: true }));
      expect(clean($(el, '[part~="needs-gas"]'))).to.equal(
        'The last step waits for network fees on the destination; the bridge finishes it once they are paid.',
      );
      await untilAnimationsSettle(el);
      await expect(el).to.be.accessible();
    });
  }

  it('has no gas warning when gas is fine', async () => {
    const el = await mount(view());
    expect($(el, '[part~="needs-gas"]')).to.equal(null);
  });

  it('failed: explains the refund to the source chain', async () => {
    const el = await mount(view({ phase: 'failed', finishedAt: Date.now(), message: 'Provider reported: slippage exceeded' }));
    expect(clean($(el, '[part~="refund"]'))).to.equal(
      'The transfer could not be completed. 25.5 USDC is being refunded to your address on Sepolia; it can take a few minutes to show in your balance. Provider reported: slippage exceeded',
    );
    expect(allText(el)).to.not.contain('Transfer complete');
  });

  it('failed: says the balance is checked while it is, and once the refund arrived says so and announces it', async () => {
    const el = await mount(view({ phase: 'failed', finishedAt: Date.now(), refund: 'watching' }));
    expect(clean($(el, '[part~="refund"]'))).to.equal(
      'The transfer could not be completed. 25.5 USDC is being refunded to your address on Sepolia; it can take a few minutes to show in your balance. Checking your balance on Sepolia: this note will say when the refund has arrived.',
    );
    el.view = view({ phase: 'failed', finishedAt: Date.now(), refund: 'arrived' });
    await el.updateComplete;
    expect(clean($(el, '[part~="refund"]'))).to.equal('Refunded: 25.5 USDC is back at your address on Sepolia.');
    expect($(el, '[part~="refund"]')!.classList.contains('danger'), 'no longer an alarm').to.equal(false);
    expect(live(el)).to.equal('Refunded: 25.5 USDC is back at your address on Sepolia.');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('failed after reaching the bridge: the steps reached stay done, only the arrival failed', async () => {
    const el = await mount(view({ phase: 'failed', finishedAt: Date.now(), reached: 'bridging' }));
    expect(steps(el)).to.deep.equal(['Sent: done', 'Picked up by the bridge: done', 'In transit: done', 'Arrived: failed']);
  });

  it('not-found: explains that the service no longer knows the transfer and to contact support with the ids', async () => {
    const el = await mount(view({ phase: 'not-found' }));
    const notice = clean($(el, '[part~="not-found"]'))!;
    expect(notice).to.contain('no longer knows this transfer');
    expect(notice).to.contain('contact support');
    expect(clean($(el, '[part="support"]'))).to.contain('intent_01HZX');
  });

  it('unknown: shows the raw status and never claims success', async () => {
    const el = await mount(view({ phase: 'unknown', rawStatus: 'refund_pending', destTxHash: DEST_TX }));
    expect(clean($(el, '[part~="unknown"]'))).to.contain('Status: refund_pending');
    const text = allText(el)!;
    expect(text).to.not.match(/complete|arrived:? done|success/i);
    expect(steps(el)).to.not.include('Arrived: done');
    expect(button(el, 'Start a new transfer')).to.equal(undefined);
  });

  it('support box: all ids, each with a working copy button', async () => {
    const written: string[] = [];
    const clipboard = navigator.clipboard;
    const original = clipboard.writeText;
    clipboard.writeText = async (value: string) => {
      written.push(value);
    };
    try {
      const el = await mount(view());
      const support = $(el, '[part="support"]')!;
      expect(clean(support)).to.contain('Transfer ID intent_01HZX');
      expect(clean(support)).to.contain('Request ID 6f1c2a9e-2b7d-4c1e-9a55-0d9e3f1b7c21');
      expect(clean(support)).to.contain('Provider request ID sq-0xabc123');
      const copyIntent = button(el, 'Copy Transfer ID')!;
      const copyProvider = button(el, 'Copy Provider request ID')!;
      copyIntent.click();
      await new Promise((r) => setTimeout(r, 0));
      await el.updateComplete;
      expect(written).to.deep.equal(['intent_01HZX']);
      expect(clean(copyIntent)).to.equal('Copied Transfer ID');
      expect(live(el)).to.equal('Transfer ID copied');
      copyProvider.click();
      await new Promise((r) => setTimeout(r, 0));
      expect(written.at(-1)).to.equal('sq-0xabc123');
      await untilAnimationsSettle(el);
      await expect(el).to.be.accessible();
    } finally {
      clipboard.writeText = original;
    }
  });

  it('says so when copying fails', async () => {
    const clipboard = navigator.clipboard;
    const original = clipboard.writeText;
    clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    try {
      const el = await mount(view());
      button(el, 'Copy Transfer ID')!.click();
      await new Promise((r) => setTimeout(r, 0));
      await el.updateComplete;
      expect(live(el)).to.equal('Could not copy the Transfer ID: select the text to copy it');
    } finally {
      clipboard.writeText = original;
    }
  });

  it('omits ids the view lacks', async () => {
    const el = await mount(view({ requestId: undefined, providerRequestId: undefined }));
    const support = clean($(el, '[part="support"]'))!;
    expect(support).to.not.contain('Request ID');
    expect(support).to.contain('Transfer ID');
  });

  it('fires bw-new-transfer and bw-status-dismiss, bubbling but not composed', async () => {
    const el = await mount(view({ phase: 'success', finishedAt: Date.now() }));
    const seen: Array<[string, StatusActionDetail, boolean, boolean]> = [];
    for (const name of ['bw-new-transfer', 'bw-status-dismiss']) {
      el.addEventListener(name, (e) => seen.push([name, (e as CustomEvent<StatusActionDetail>).detail, e.bubbles, e.composed]));
    }
    button(el, 'Start a new transfer')!.click();
    button(el, 'Close')!.click();
    expect(seen).to.deep.equal([
      ['bw-new-transfer', { intentId: 'intent_01HZX' }, true, false],
      ['bw-status-dismiss', { intentId: 'intent_01HZX' }, true, false],
    ]);
  });

  it('announces phase changes and the gas warning in a polite live region', async () => {
    const el = await mount(view({ phase: 'submitted' }));
    el.view = view({ phase: 'bridging' });
    await el.updateComplete;
    expect(live(el)).to.equal('Transfer in progress');
    el.view = view({ phase: 'bridging', needsGas: true });
    await el.updateComplete;
    expect(live(el)).to.equal('The last step waits for network fees on the destination');
    el.view = view({ phase: 'success', finishedAt: Date.now() });
    await el.updateComplete;
    expect(live(el)).to.equal('Transfer complete');
  });

  it('hands its announcements to a shell that takes them (bw-announce), and then stays silent itself', async () => {
    const el = await mount(view({ phase: 'submitted' }));
    const before = live(el);
    const heard: string[] = [];
    el.addEventListener('bw-announce', (e) => {
      e.preventDefault();
      heard.push(e.detail.message);
    });
    el.view = view({ phase: 'bridging' });
    await el.updateComplete;
    expect(heard).to.deep.equal(['Transfer in progress']);
    expect(live(el)).to.equal(before, 'not spoken twice');
  });

  it('focus() moves focus to the phase heading', async () => {
    const el = await mount(view({ phase: 'bridging' }));
    el.focus();
    expect(el.shadowRoot!.activeElement).to.equal($(el, 'h2'));
  });

  it('speaks German with the German table', async () => {
    const { de } = await import('../../../src/i18n/de.js');
    const el = await mount(view({ phase: 'bridging', startedAt: Date.now() - 125_000 }));
    el.strings = de;
    el.locale = 'de';
    await el.updateComplete;
    expect(heading(el)).to.equal('Überweisung läuft');
    expect(steps(el)).to.deep.equal(['Gesendet: erledigt', 'Von der Bridge übernommen: erledigt', 'Unterwegs: läuft', 'Ankunft: nicht begonnen']);
    expect(clean($(el, '[part="timing"]'))).to.match(/^Vergangen: 2 Min\., 0[5-6] Sek\./);
  });

  it('clears its timers when removed', async () => {
    const el = await mount(view());
    const cleared = intervalsClearedBy(() => el.remove());
    expect(cleared).to.have.length(1);
    expect(cleared[0]).to.not.equal(undefined);
  });

  it('renders nothing without a view', async () => {
    const el = await mount(undefined);
    expect(el.shadowRoot!.querySelector('section')).to.equal(null);
  });
});
