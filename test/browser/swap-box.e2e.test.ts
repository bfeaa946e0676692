/**
 * The swap box's size at a phone's width, against the sandbox: the widget's
 * box at 390 px (English, light theme) before a quote, with the quote's
 * summary shown and while the wallet asks, each within its budget; at 320 px
 * nothing scrolls sideways. The heights are printed, so a run says how much
 * room is left.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { devWallet, sandboxConfig, setFaults } from './helpers/sandbox.js';
import { primaryButton, shadow, waitForText } from './helpers/widget.js';
import { deepText, formReady, untilAnimationsSettle, waitFor } from './helpers/dom.js';
import { AmountInputHarness } from './harness/amount-input.js';
import { e2eSuite } from './helpers/e2e.js';

const SRC = 11155111;
const DST = 84532;

/** Budgets at 390 px, English, light. */
const BUDGET = { empty: 480, quoted: 600, signing: 700 };

async function mount(width: number, account: number) {
  const { proxyUrl } = await sandboxConfig();
  const host = await fixture<HTMLDivElement>(html`<div style="width: ${width}px">
    <bridge-widget lang="en" proxy-url=${proxyUrl} theme="light" from-chain=${String(SRC)} to-chain=${String(DST)} from-token="USDC" to-token="USDC"></bridge-widget>
  </div>`);
  const widget = host.querySelector('bridge-widget')!;
  const wallet = await devWallet({ account, chainId: SRC });
  widget.provider = wallet;
  return { widget, wallet };
}

const height = (el: Element) => Math.round(el.getBoundingClientRect().height);

/** Nothing inside the card reaches past its edges (a sideways scroll on a phone). */
function overflowsSideways(widget: BridgeWidget): string[] {
  const card = shadow(widget).querySelector<HTMLElement>('[part="base"]')!;
  const { left, right } = card.getBoundingClientRect();
  const out: string[] = [];
  const walk = (root: ShadowRoot) => {
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > right + 0.5 || box.left < left - 0.5) && !el.closest('dialog'))
        out.push(`<${el.tagName.toLowerCase()} part="${el.getAttribute('part') ?? ''}">`);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(shadow(widget));
  if (card.scrollWidth > card.clientWidth) out.push('the card scrolls');
  return out;
}

describe('the swap box at a phone’s width', function () {
  e2eSuite(this);

  it('390 px: within 480 px before a quote, 600 px quoted, 700 px while the wallet asks, with what must be seen on screen', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    const { widget, wallet } = await mount(390, 1);
    await formReady(widget);
    await waitForText(widget, (t) => t === 'Enter an amount', 'the form, connected, waiting for an amount', 30_000).catch(() => undefined);
    await waitFor(() => new AmountInputHarness(shadow(widget).querySelector('bw-amount-input')!).balanceText, 'the balance');
    await untilAnimationsSettle(widget);
    const empty = height(widget);

    await new AmountInputHarness(shadow(widget).querySelector('bw-amount-input')!).type('2');
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    await untilAnimationsSettle(widget);
    const quoted = height(widget);

    wallet.hang('eth_sendTransaction');
    primaryButton(widget).click();
    await waitFor(() => {
      const steps = shadow(widget).querySelector('bw-approval-steps');
      return steps && /Confirm in your wallet/.test(shadow(steps).textContent ?? '') && shadow(widget).querySelector('bw-route-review');
    }, 'the wallet asking for the approval, with the review shown');
    await untilAnimationsSettle(widget);
    const signing = height(widget);
    console.log(`swap box at 390 px: ${empty} px before a quote, ${quoted} px quoted, ${signing} px while the wallet asks`);

    // What the user must see before signing is on screen, not folded: what leaves, to whom, the fee and its bound, the allowance and its spender, the minimum, the simulation.
    const review = shadow(widget).querySelector('bw-route-review')!;
    const card = shadow(widget).querySelector('[part="base"]')!.getBoundingClientRect();
    for (const closed of shadow(review).querySelectorAll('details:not([open])')) {
      expect(closed.querySelector('[part~="recipient"], [part~="minimum"], [part~="network-fee"]'), 'nothing a user must see is folded').to.equal(null);
    }
    expect(review.getBoundingClientRect().bottom).to.be.at.most(card.bottom);
    expect(shadow(review).querySelector('[part="details"]')!.getBoundingClientRect().height, 'the review’s details shown').to.be.above(0);
    const steps = shadow(widget).querySelector('bw-approval-steps')!;
    expect(deepText(steps)).to.match(/0x|contract/i);

    expect(empty, `before a quote: ${empty} px`).to.be.at.most(BUDGET.empty);
    expect(quoted, `quoted: ${quoted} px`).to.be.at.most(BUDGET.quoted);
    expect(signing, `while the wallet asks: ${signing} px`).to.be.at.most(BUDGET.signing);
  });

  it('320 px: nothing scrolls sideways, before and after a quote', async () => {
    const { widget } = await mount(320, 0);
    await formReady(widget);
    await untilAnimationsSettle(widget);
    expect(overflowsSideways(widget), 'before a quote').to.deep.equal([]);
    await new AmountInputHarness(shadow(widget).querySelector('bw-amount-input')!).type('2');
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    await untilAnimationsSettle(widget);
    expect(overflowsSideways(widget), 'quoted').to.deep.equal([]);
  });
});
