/**
 * Right to left, end to end: <bridge-widget> in Arabic and in Hebrew moves
 * real tokens through the sandbox, and in every state a user meets (form,
 * quote, review, tracker, success, failure, history), at 440 and 390 px:
 *
 * - its layout is the left-to-right layout mirrored. The comparison is of
 *   geometry, not pixels: the same widget, in the same state and the same
 *   frame, is measured right to left, then with `dir="ltr"` on the element
 *   (same strings, same fonts, same width), and every box (each element that
 *   is not plain inline text) must sit where the mirror image of its
 *   left-to-right self sits, to the pixel. It cannot flake on a loaded machine
 *   (both measures are taken with no task in between: no timer, no fetch, no
 *   animation frame), and it fails on any physical `left`/`right`, a physical
 *   `text-align`, a float or an inset that does not flip;
 * - axe finds nothing;
 * - amounts and addresses read left to right inside it.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import type { BridgeSuccessDetail } from '../../src/bridge-widget/events.js';
import type { DevWallet } from '../../demo/dev-wallet.js';
import { devWallet, erc20Balance, sandboxConfig, setFaults, tokenAddress } from './helpers/sandbox.js';
import { nextEvent, openQuote, primaryButton, shadow } from './helpers/widget.js';
import { deepQuery, deepText, untilAnimationsSettle, waitFor } from './helpers/dom.js';
import { DST, SRC } from './helpers/chains.js';
import { e2eSuite } from './helpers/e2e.js';

const WIDTHS = [440, 390];

/** The development wallet, with a user who takes their time: the first transaction waits until `release()`. */
function hesitantWallet(wallet: DevWallet) {
  let release!: () => void;
  const decided = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  const provider = {
    request: async (args: { method: string; params?: readonly unknown[] | object }) => {
      if (args.method === 'eth_sendTransaction' && !asked) {
        asked = true;
        await decided;
      }
      return wallet.request(args);
    },
    on: (event: string, listener: (...args: unknown[]) => void) => wallet.on(event, listener),
    removeListener: (event: string, listener: (...args: unknown[]) => void) => wallet.removeListener(event, listener),
  };
  return { provider, release: () => release() };
}

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  width: number;
  height: number;
}

/** Every laid-out box in the widget's shadow trees, in document order, relative to the card. */
function boxes(widget: BridgeWidget): Box[] {
  const card = shadow(widget).querySelector('[part~="base"]')!.getBoundingClientRect();
  const out: Box[] = [];
  const walk = (root: ShadowRoot | Element, ltrInside: boolean) => {
    for (const el of root.children) {
      const style = getComputedStyle(el);
      const skip = style.display === 'inline' || style.display === 'contents' || el.classList.contains('visually-hidden');
      const rect = el.getBoundingClientRect();
      // Inside an element that runs left to right on purpose (an address, an amount, an input) nothing flips.
      if (!skip && !ltrInside && rect.width > 0 && rect.height > 0) {
        const name = `${el.localName}${el.id ? `#${el.id}` : ''}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().replace(/\s+/g, '.')}` : ''}`;
        out.push({ name, left: rect.left - card.left, right: card.right - rect.right, top: rect.top - card.top, width: rect.width, height: rect.height });
      }
      if (el.localName === 'svg') continue;
      // The card's own dir is the layout's (the thing measured); any other dir="ltr" is a value that keeps its direction.
      const inside = ltrInside || (el.getAttribute('dir') === 'ltr' && !el.matches('.card'));
      if (el.shadowRoot) walk(el.shadowRoot, inside);
      walk(el, inside);
    }
  };
  walk(shadow(widget), false);
  return out;
}

/** Measures the widget as it is (right to left), then forced left to right in the same frame, and lists the boxes that are not mirror images. */
async function unmirrored(widget: BridgeWidget): Promise<string[]> {
  const rtl = boxes(widget);
  widget.setAttribute('dir', 'ltr');
  widget.requestUpdate();
  await widget.updateComplete;
  const card = shadow(widget).querySelector('[part~="base"]')!;
  const ltrDirection = getComputedStyle(card).direction;
  const ltr = boxes(widget);
  widget.removeAttribute('dir');
  widget.requestUpdate();
  await widget.updateComplete;
  expect(ltrDirection, 'dir="ltr" on the element lays it out left to right').to.equal('ltr');
  expect(getComputedStyle(card).direction).to.equal('rtl');
  expect(ltr.map((b) => b.name)).to.deep.equal(
    rtl.map((b) => b.name),
    'the same boxes both ways',
  );
  const near = (a: number, b: number) => Math.abs(a - b) <= 1;
  return rtl.flatMap((r, i) => {
    const l = ltr[i]!;
    return near(r.left, l.right) && near(r.right, l.left) && near(r.top, l.top) && near(r.width, l.width) && near(r.height, l.height)
      ? []
      : [
          `${r.name}: right to left at ${r.left.toFixed(1)}…${r.right.toFixed(1)} (from the left…right edges), left to right at ${l.left.toFixed(1)}…${l.right.toFixed(1)}`,
        ];
  });
}

describe('<bridge-widget> right to left, end to end', function () {
  e2eSuite(this, { timeout: 300_000 });

  for (const [language, arrow] of [
    ['ar', '←'],
    ['he', '←'],
  ] as const) {
    it(`${language}: a whole transfer and a refunded one; every state mirrored at 440 and 390 px, axe clean, amounts and addresses left to right`, async () => {
      await setFaults({ forceProvider: 'swiftbridge' });
      const { proxyUrl } = await sandboxConfig();
      const wallet = await devWallet({ account: 3, chainId: SRC });
      const hesitant = hesitantWallet(wallet);
      const box = await fixture<HTMLDivElement>(html`<div style="width: 440px">
        <bridge-widget
          proxy-url=${proxyUrl}
          locale=${language}
          theme="light"
          from-chain=${String(SRC)}
          to-chain=${String(DST)}
          from-token="USDC"
          to-token="USDC"
        ></bridge-widget>
      </div>`);
      const widget = box.querySelector('bridge-widget')!;
      widget.provider = hesitant.provider;
      const card = () => shadow(widget).querySelector('[part~="base"]')!;
      const tracker = () => shadow(widget).querySelector('bw-status-tracker');
      const heading = (phase: string) => !!tracker() && !!shadow(tracker()!).querySelector(`.heading.${phase}`);

      const check = async (state: string) => {
        for (const width of WIDTHS) {
          box.style.width = `${width}px`;
          await widget.updateComplete;
          expect(Math.round(widget.getBoundingClientRect().width)).to.equal(width);
          expect(await unmirrored(widget), `${language}, ${state}, ${width} px: boxes that are not mirrored`).to.deep.equal([]);
          await untilAnimationsSettle(widget);
          await expect(widget, `${language}, ${state}, ${width} px`).to.be.accessible();
        }
      };

      // Form: the language's own table (loaded on demand), laid out right to left.
      await waitFor(() => card()?.getAttribute('lang') === language && shadow(widget).querySelector('[part="primary-button"]'), `the form in ${language}`);
      expect(getComputedStyle(card()).direction).to.equal('rtl');
      await waitFor(() => primaryButton(widget).disabled, 'the form asking for an amount');
      await check('form');

      // Quote: the amount and the address fields run left to right; "2 USDC" is one left-to-right unit in the button.
      widget.setAttribute('amount', '2');
      const quote = () => shadow(widget).querySelector('bw-quote-panel');
      await waitFor(() => !primaryButton(widget).disabled && quote(), 'a quote');
      await openQuote(widget);
      shadow(widget).querySelector<HTMLButtonElement>('.recipient-toggle')!.click();
      await waitFor(() => shadow(widget).querySelector('bw-recipient-input')?.shadowRoot?.querySelector('input'), 'the recipient field');
      for (const field of ['bw-amount-input', 'bw-recipient-input']) {
        const input = deepQuery<HTMLInputElement>(shadow(widget).querySelector(field)!, 'input')!;
        expect(getComputedStyle(input).direction, `${field}: its text runs left to right`).to.equal('ltr');
        const control = input.getBoundingClientRect();
        const frame = (input.closest('.control') ?? input).getBoundingClientRect();
        expect(
          Math.abs(control.right - frame.right) < Math.abs(control.left - frame.left) || control.width >= frame.width - 30,
          `${field}: it sits at the start (right) of its row`,
        ).to.equal(true);
      }
      expect(primaryButton(widget).textContent).to.contain('\u20682 USDC\u2069', 'the amount and its symbol are one isolate');
      await check('quote');

      // Review: what the wallet is asked to sign, while the wallet waits; the recipient address reads left to right.
      await setFaults({ forceProvider: 'swiftbridge', stuckBridge: true });
      primaryButton(widget).click();
      const review = () => shadow(widget).querySelector('bw-route-review');
      await waitFor(() => review() && shadow(review()!).querySelector('section') && shadow(widget).querySelector('bw-approval-steps'), 'the review', 60_000);
      // The recipient, shortened until asked for whole, reads left to right either way.
      const recipient = () => [...shadow(review()!).querySelectorAll('bdi[dir="ltr"]')].map((el) => el.textContent);
      expect(recipient()).to.include(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`, 'the recipient address, shortened, left to right');
      shadow(review()!).querySelector<HTMLButtonElement>('[part="recipient-whole"]')!.click();
      await review()!.updateComplete;
      expect(recipient()).to.include(wallet.address, 'the recipient address, whole, left to right');
      await check('review');

      // Tracker: in transit (the bridge holds it), its line on the right.
      const usdcDst = await tokenAddress(DST, 'USDC');
      const before = await erc20Balance(DST, usdcDst, wallet.address);
      const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success', 120_000);
      hesitant.release();
      await waitFor(() => heading('bridging'), 'in transit', 90_000);
      const step = shadow(tracker()!).querySelector('.step')!;
      const line = getComputedStyle(step, '::before');
      // Resolved values of an absolutely positioned box: its distances to the step's edges.
      expect(parseFloat(line.right), 'the progress line runs down the right-hand side').to.equal(11);
      expect(parseFloat(line.left)).to.be.above(parseFloat(line.right));
      await check('tracker');

      // Success: the tokens arrive on the destination chain.
      await setFaults({ forceProvider: 'swiftbridge', stuckBridge: false });
      const arrived = await success;
      expect((await erc20Balance(DST, usdcDst, wallet.address)) - before).to.equal(arrived.detail.toAmount);
      await waitFor(() => heading('success'), 'the success heading');
      await check('success');

      // Failure: a second transfer, refunded.
      shadow(tracker()!).querySelector<HTMLButtonElement>('[part="new-transfer"]')!.click();
      await setFaults({ forceProvider: 'swiftbridge', failWithRefund: true });
      widget.setAttribute('amount', '1');
      await waitFor(() => !primaryButton(widget).disabled && /\u20681 USDC\u2069/.test(primaryButton(widget).textContent ?? ''), 'a quote for 1 USDC', 60_000);
      primaryButton(widget).click();
      await waitFor(() => heading('refund'), 'the refund heading', 90_000);
      await check('failure');

      // History: both transfers, each "amount, from → to" with the arrow the way the language reads.
      shadow(tracker()!).querySelector<HTMLButtonElement>('[part="new-transfer"]')!.click();
      const history = () => shadow(widget).querySelector('bw-transfer-history');
      await waitFor(() => history() && shadow(history()!).querySelector('[part~="toggle"]'), 'the history toggle');
      shadow(history()!).querySelector<HTMLButtonElement>('[part~="toggle"]')!.click();
      await history()!.updateComplete;
      const items = [...shadow(history()!).querySelectorAll('[part="item"]')].map((item) => deepText(item));
      expect(items).to.have.length(2);
      for (const item of items) expect(item).to.contain(arrow);
      await check('history');
      await setFaults({});
    });
  }
});
