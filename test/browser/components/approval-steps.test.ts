import { expect, fixture, html } from '@open-wc/testing';
import {
  ApprovalSteps,
  type ApprovalRetryDetail,
  type ApprovalStepState,
  type ApprovalStepView,
} from '../../../src/components/approval-steps/approval-steps.js';
import { untilAnimationsSettle } from '../helpers/dom.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

if (!customElements.get('bw-approval-steps')) customElements.define('bw-approval-steps', ApprovalSteps);

const USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const SPENDER_A = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const SPENDER_B = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const TX = '0x' + 'ab'.repeat(32);

const step = (overrides: Partial<ApprovalStepView> = {}): ApprovalStepView => ({
  id: 'a1',
  tokenSymbol: 'USDC',
  tokenDecimals: 6,
  tokenAddress: USDC,
  spender: SPENDER_A,
  amount: 25_500_000n,
  chainName: 'Sepolia',
  state: 'needed',
  ...overrides,
});

async function mount(steps: ApprovalStepView[], unlimited = false) {
  const el = await fixture<ApprovalSteps>(html`<bw-approval-steps></bw-approval-steps>`);
  el.steps = steps;
  el.unlimited = unlimited;
  el.locale = 'en-US';
  await el.updateComplete;
  return el;
}

const rows = (el: ApprovalSteps) => [...el.shadowRoot!.querySelectorAll<HTMLLIElement>('ol > li')];
const clean = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
const title = (row: Element) => clean(row.querySelector('.title'));
const badge = (row: Element) => clean(row.querySelector('[part="badge"]'));
const live = (el: ApprovalSteps) => clean(el.shadowRoot!.querySelector('[aria-live="polite"]'));

const EXPECTED_BADGES: Record<ApprovalStepState, string> = {
  checking: 'Checking allowance',
  needed: 'Approval needed',
  sufficient: 'Already approved',
  'waiting-wallet': 'Confirm in your wallet',
  mining: 'Confirming on chain',
  rechecking: 'Verifying allowance',
  done: 'Approved',
  failed: 'Failed',
  rejected: 'Rejected in wallet',
};

describe('<bw-approval-steps>', () => {
  it('lists two approvals in order, each naming amount, token, its own spender and chain', async () => {
    const el = await mount([
      step({ id: 'a1', spender: SPENDER_A }),
      step({ id: 'a2', spender: SPENDER_B, amount: 1_000_000n, tokenSymbol: 'USDC', chainName: 'Sepolia' }),
    ]);
    const list = el.shadowRoot!.querySelector('ol')!;
    expect(list.getAttribute('aria-label')).to.equal('Token approvals');
    const [first, second] = rows(el);
    expect(rows(el)).to.have.length(2);
    expect(title(first!)).to.equal('Approve 25.5 USDC for 0x9fE4…a6e0 on Sepolia');
    expect(title(second!)).to.equal('Approve 1 USDC for 0xCf7E…0Fc9 on Sepolia');
    expect(first!.querySelector('.address')!.getAttribute('title')).to.equal(SPENDER_A);
    expect(second!.querySelector('.address')!.getAttribute('title')).to.equal(SPENDER_B);
    expect(clean(first!.querySelector('.number'))).to.equal('Step 1 of 2');
    expect(clean(second!.querySelector('.number'))).to.equal('Step 2 of 2');
    expect(first!.getAttribute('aria-current')).to.equal('step');
    expect(second!.getAttribute('aria-current')).to.equal('false');
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });

  it('names the spender by its label when given, keeping the address visible', async () => {
    const el = await mount([step({ spenderLabel: 'Squid router' })]);
    expect(title(rows(el)[0]!)).to.equal('Approve 25.5 USDC for Squid router (0x9fE4…a6e0) on Sepolia');
  });

  it('says "unlimited" when the host opted into unlimited approvals', async () => {
    const el = await mount([step()], true);
    expect(title(rows(el)[0]!)).to.equal('Approve unlimited USDC for 0x9fE4…a6e0 on Sepolia');
  });

  for (const state of Object.keys(EXPECTED_BADGES) as ApprovalStepState[]) {
    it(`shows the ${state} state with an icon and words, accessibly`, async () => {
      const el = await mount([step({ state, txHash: TX, explorerUrl: `https://sepolia.etherscan.io/tx/${TX}` }), step({ id: 'a2', spender: SPENDER_B })]);
      const row = rows(el)[0]!;
      expect(badge(row)).to.equal(EXPECTED_BADGES[state]);
      expect(row.querySelector('[part="badge"] svg[aria-hidden="true"]')).to.not.equal(null);
      const link = row.querySelector<HTMLAnchorElement>('[part="tx-link"]');
      if (state === 'mining' || state === 'done') {
        expect(link!.href).to.equal(`https://sepolia.etherscan.io/tx/${TX}`);
        expect(link!.rel).to.equal('noopener noreferrer');
        expect(link!.target).to.equal('_blank');
      } else {
        expect(link).to.equal(null);
      }
      const retry = row.querySelector('[part="retry"]');
      expect(retry !== null).to.equal(state === 'failed' || state === 'rejected');
      await untilAnimationsSettle(el);
      await expect(el).to.be.accessible();
    });
  }

  it('moves the current-step marker past finished approvals', async () => {
    const el = await mount([step({ state: 'done' }), step({ id: 'a2', spender: SPENDER_B, state: 'waiting-wallet' })]);
    expect(rows(el).map((r) => r.getAttribute('aria-current'))).to.deep.equal(['false', 'step']);
  });

  it('shows the failure message and fires bw-approval-retry with the step id from "Try again"', async () => {
    const el = await mount([step(), step({ id: 'a2', spender: SPENDER_B, state: 'failed', message: 'Execution reverted: insufficient gas' })]);
    const row = rows(el)[1]!;
    expect(clean(row.querySelector('[part="message"]'))).to.equal('Execution reverted: insufficient gas');
    let detail: ApprovalRetryDetail | undefined;
    let composed: boolean | undefined;
    el.addEventListener('bw-approval-retry', (e) => {
      detail = (e as CustomEvent<ApprovalRetryDetail>).detail;
      composed = e.composed;
    });
    row.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
    expect(detail).to.deep.equal({ id: 'a2' });
    expect(composed).to.equal(false);
  });

  it('explains a rejection even without a message', async () => {
    const el = await mount([step({ state: 'rejected' })]);
    expect(clean(rows(el)[0]!.querySelector('[part="message"]'))).to.equal('The approval was rejected in your wallet.');
  });

  it('never links to an unsafe explorer URL; the hash stays visible as text', async () => {
    const el = await mount([step({ state: 'mining', txHash: TX, explorerUrl: 'javascript:alert(1)' })]);
    const row = rows(el)[0]!;
    expect(row.querySelector('a')).to.equal(null);
    expect(clean(row.querySelector('.details'))).to.equal('Transaction 0xabab…abab');
  });

  it('renders untrusted symbols and labels as text', async () => {
    const el = await mount([step({ tokenSymbol: '<img src=x onerror=alert(1)>', spenderLabel: '<b>evil</b>' })]);
    expect(el.shadowRoot!.querySelector('img, b')).to.equal(null);
    expect(title(rows(el)[0]!)).to.contain('<img src=x onerror=alert(1)>');
  });

  it('announces state changes in a polite live region', async () => {
    const el = await mount([step(), step({ id: 'a2', spender: SPENDER_B })]);
    expect(live(el)).to.equal('');
    el.steps = [step({ state: 'waiting-wallet' }), step({ id: 'a2', spender: SPENDER_B })];
    await el.updateComplete;
    expect(live(el)).to.equal('Step 1 of 2, USDC approval: Confirm in your wallet');
    el.steps = [step({ state: 'done', txHash: TX }), step({ id: 'a2', spender: SPENDER_B })];
    await el.updateComplete;
    expect(live(el)).to.equal('Step 1 of 2, USDC approval: Approved');
  });

  it('renders nothing visible without steps', async () => {
    const el = await mount([]);
    expect(el.shadowRoot!.querySelector('ol')!.hidden).to.equal(true);
    await untilAnimationsSettle(el);
    await expect(el).to.be.accessible();
  });
});
