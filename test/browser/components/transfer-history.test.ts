/**
 * <bw-transfer-history> on its own: what a user sees of their recent
 * transfers (the toggle, each row's date, amount, chains and where it stands),
 * what they can do with the keyboard, and the event that opens one again.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { TransferHistory, type HistoryOpenDetail } from '../../../src/components/transfer-history/transfer-history.js';
import type { SavedTransfer } from '../../../src/flow/intent-store.js';
import { de } from '../../../src/i18n/de.js';
import { TRANSFER_PHASES, type TransferPhase } from '../../../src/model/transfer-phase.js';
import { deepActiveElement } from '../helpers/dom.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

if (!customElements.get('bw-transfer-history')) customElements.define('bw-transfer-history', TransferHistory);

const ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const USDC = { address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', symbol: 'USDC', decimals: 6 };
/** Noon UTC on 25 November 2026: the same calendar day in every time zone the browser may run in. */
const NOON = Date.UTC(2026, 10, 25, 12, 0);
const CHAINS = { '11155111': 'Sepolia', '84532': 'Base Sepolia' };

const transfer = (intentId: string, change: Partial<SavedTransfer> = {}): SavedTransfer => ({
  intentId,
  account: ACCOUNT,
  fromChainId: '11155111',
  toChainId: '84532',
  fromToken: USDC,
  toToken: USDC,
  fromAmount: 25_500_000n,
  toAmount: 25_430_000n,
  toAddress: ACCOUNT,
  createdAt: NOON,
  updatedAt: NOON,
  phase: 'bridging',
  receiptAccepted: true,
  ...change,
});

async function mount(transfers: SavedTransfer[], chainNames: Record<string, string> = CHAINS) {
  const el = await fixture<TransferHistory>(html`<bw-transfer-history></bw-transfer-history>`);
  el.locale = 'en-US';
  el.chainNames = chainNames;
  el.transfers = transfers;
  await el.updateComplete;
  return el;
}

const clean = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const toggle = (el: TransferHistory) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="toggle"]');
const list = (el: TransferHistory) => el.shadowRoot!.querySelector<HTMLUListElement>('[part="list"]')!;
const items = (el: TransferHistory) => [...el.shadowRoot!.querySelectorAll<HTMLLIElement>('[part="item"]')];
/** A row as a user reads it: what the button says, and where the transfer stands. */
const row = (item: HTMLLIElement) => ({ label: clean(item.querySelector('button')), state: clean(item.querySelector('.state')) });
const expand = async (el: TransferHistory) => {
  toggle(el)!.click();
  await el.updateComplete;
};

describe('<bw-transfer-history>', () => {
  it('renders nothing while there are no transfers, and appears when one is saved', async () => {
    const el = await mount([]);
    expect(toggle(el)).to.equal(null);
    expect(el.shadowRoot!.querySelector('ul')).to.equal(null);
    expect(el.shadowRoot!.textContent!.trim()).to.equal('');
    await expect(el).to.be.accessible();
    el.transfers = [transfer('a')];
    await el.updateComplete;
    expect(clean(toggle(el))).to.equal('Recent transfers (1)');
  });

  it('starts collapsed behind "Recent transfers (n)"; the toggle says whether the list is open and which list it controls', async () => {
    const el = await mount([transfer('a'), transfer('b', { phase: 'success', finishedAt: NOON + 120_000 })]);
    const button = toggle(el)!;
    expect(clean(button)).to.equal('Recent transfers (2)');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-controls')).to.equal(list(el).id);
    expect(list(el).hidden).to.equal(true);
    await expect(el).to.be.accessible();
    await expand(el);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(list(el).hidden).to.equal(false);
    await expect(el).to.be.accessible();
    await expand(el);
    expect(list(el).hidden).to.equal(true, 'a second press closes it');
  });

  it('each row reads its date, amount, token and both chains as text', async () => {
    const el = await mount([transfer('a')]);
    await expand(el);
    const { label } = row(items(el)[0]!);
    expect(label).to.match(/^Nov 25, 2026, \d{1,2}:\d{2}\s?[AP]M /);
    expect(label.endsWith('25.5 USDC, Sepolia → Base Sepolia')).to.equal(true, label);
  });

  it('names a chain by its id when no name is known', async () => {
    const el = await mount([transfer('a', { toChainId: '999' })], { '11155111': 'Sepolia' });
    await expand(el);
    expect(row(items(el)[0]!).label).to.contain('25.5 USDC, Sepolia → 999');
  });

  it('says where each transfer stands, for every phase, and "Refunded" once a failed transfer’s refund arrived', async () => {
    const words: Record<TransferPhase, string> = {
      signing: 'In progress',
      broadcast: 'In progress',
      submitted: 'In progress',
      bridging: 'In progress',
      success: 'Arrived',
      failed: 'Refund on its way',
      'not-found': 'Unknown to the service',
      abandoned: 'Not sent',
    };
    const el = await mount([
      ...TRANSFER_PHASES.map((phase) => transfer(phase, { phase })),
      transfer('refunded', { phase: 'failed', finishedAt: NOON + 60_000, refundedAt: NOON + 600_000 }),
    ]);
    await expand(el);
    const states = items(el).map((item) => row(item).state);
    expect(states).to.deep.equal([...TRANSFER_PHASES.map((phase) => words[phase]), 'Refunded']);
    await expect(el).to.be.accessible();
  });

  it('lists the first ten of more, in the order given, and counts them all on the toggle', async () => {
    const transfers = Array.from({ length: 12 }, (_, i) => transfer(`t${i}`, { fromAmount: BigInt(i + 1) * 1_000_000n }));
    const el = await mount(transfers);
    await expand(el);
    expect(clean(toggle(el))).to.equal('Recent transfers (12)');
    expect(items(el).map((item) => row(item).label.match(/(\d+) USDC/)![1])).to.deep.equal(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('opening a row fires bw-history-open with that transfer (bubbles, not composed), finished or not', async () => {
    const open = transfer('open');
    const done = transfer('done', { phase: 'success', finishedAt: NOON + 120_000 });
    const el = await mount([open, done]);
    await expand(el);
    for (const [index, expected] of [
      [0, open],
      [1, done],
    ] as const) {
      const opened = oneEvent(el, 'bw-history-open') as Promise<CustomEvent<HistoryOpenDetail>>;
      items(el)[index]!.querySelector('button')!.click();
      const event = await opened;
      expect(event.detail.transfer).to.equal(expected);
      expect(event.bubbles).to.equal(true);
      expect(event.composed).to.equal(false);
    }
  });

  it('works with the keyboard alone: Tab to the toggle, Enter opens the list, Tab to a row, Space opens the transfer', async () => {
    const second = transfer('second', { fromAmount: 7_000_000n });
    const el = await mount([transfer('first'), second]);
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(toggle(el));
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(list(el).hidden).to.equal(false);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(items(el)[1]!.querySelector('button'));
    const opened = oneEvent(el, 'bw-history-open') as Promise<CustomEvent<HistoryOpenDetail>>;
    await sendKeys({ press: 'Space' });
    expect((await opened).detail.transfer).to.equal(second);
  });

  it('a collapsed list keeps its rows out of the tab order', async () => {
    const el = await mount([transfer('a')]);
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(toggle(el));
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(null, 'focus left the history instead of entering hidden rows');
  });

  it('renders hostile token symbols and chain names as inert text', async () => {
    const hostile = '<img src=x onerror="window.__historyXss=1">';
    const el = await mount([transfer('a', { fromToken: { ...USDC, symbol: hostile }, toChainId: '666' })], {
      '11155111': '<b>Sepolia</b>',
      '666': '<script>window.__historyXss=1</script>',
    });
    await expand(el);
    expect(el.shadowRoot!.querySelector('img, b, script')).to.equal(null);
    expect(row(items(el)[0]!).label).to.contain(`25.5 ${hostile}, <b>Sepolia</b> → <script>window.__historyXss=1</script>`);
    expect((window as unknown as { __historyXss?: number }).__historyXss).to.equal(undefined);
  });

  it('reads amounts in the locale and speaks German with the German table', async () => {
    const el = await mount([transfer('a', { phase: 'failed', finishedAt: NOON + 60_000, refundedAt: NOON + 600_000 })]);
    el.strings = de;
    el.locale = 'de-DE';
    await el.updateComplete;
    expect(clean(toggle(el))).to.equal('Letzte Überweisungen (1)');
    await expand(el);
    const { label, state } = row(items(el)[0]!);
    expect(label.endsWith('25,5 USDC, Sepolia → Base Sepolia')).to.equal(true, label);
    expect(state).to.equal('Erstattet');
  });
});
