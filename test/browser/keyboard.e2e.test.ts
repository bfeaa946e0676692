/**
 * The whole flow with the keyboard alone, against the sandbox: every action
 * below is a key press (Tab, Enter, arrows, typing) sent by the browser; the
 * test only reads where focus is and what is on screen.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/define.js';
import type { BridgeSuccessDetail } from '../../src/bridge-widget/events.js';
import { erc20Balance, setFaults, tokenAddress } from './helpers/sandbox.js';
import { nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { deepActiveElement, waitFor } from './helpers/dom.js';
import { PickerHarness } from './harness/picker.js';
import { AmountInputHarness } from './harness/amount-input.js';
import { DST } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

const press = (key: string) => sendKeys({ press: key });

/** Presses Tab (or Shift+Tab) until `target()` has focus; fails after `max` presses. */
async function tabTo(target: () => Element | null | undefined, what: string, max = 30, back = false): Promise<void> {
  for (let i = 0; i < max; i++) {
    const want = target();
    if (want && deepActiveElement() === want) return;
    await press(back ? 'Shift+Tab' : 'Tab');
  }
  const active = deepActiveElement();
  throw new Error(`could not Tab to ${what}; focus is on <${active?.tagName.toLowerCase()} id="${active?.id}" part="${active?.getAttribute('part')}">`);
}

describe('<bridge-widget> with the keyboard alone', function () {
  e2eSuite(this);

  it('picks the source token in the picker dialog, types the amount, bridges, and reaches bridge-success', async () => {
    await setFaults({ forceProvider: 'swiftbridge' });
    // ETH → USDC with no amount: the keyboard picks the token and types the amount.
    const { widget, wallet } = await mountWidget({ attributes: { 'from-token': 'ETH', amount: null }, wallet: { account: 2, chainId: DST } });
    const usdcDst = await tokenAddress(DST, 'USDC');
    const before = await erc20Balance(DST, usdcDst, wallet.address);
    await waitFor(() => shadow(widget).querySelector('bw-asset-picker'), 'the pickers');

    const sourcePicker = new PickerHarness(shadow(widget).querySelector('bw-asset-picker')!);
    const sourceTrigger = () => sourcePicker.trigger;
    await waitFor(() => sourceTrigger()?.textContent?.includes('ETH'), 'ETH preselected');

    // 1. Tab to the send side's asset button, open it with Enter.
    await tabTo(sourceTrigger, 'the “You send” asset button');
    await press('Enter');
    const search = () => sourcePicker.search;
    await waitFor(() => deepActiveElement() === search(), 'focus in the search field');
    const dialog = sourcePicker.dialog!;
    expect(dialog.matches(':modal'), 'a modal dialog (showModal)').to.equal(true);

    // The page behind the modal dialog is inert: Tab reaches the dialog's controls and, past the last one, the browser (as with any
    // showModal() dialog), never a control of the page or of the widget behind it.
    for (let i = 0; i < 4; i++) {
      await press('Tab');
      const active = deepActiveElement();
      expect(!active || active === document.body || dialog.contains(active), 'focus stays in the dialog or leaves the page, never behind it').to.equal(true);
    }
    await tabTo(search, 'the search field');

    // 2. Type to filter, move with the arrows, choose with Enter.
    await sendKeys({ type: 'usd' });
    await waitFor(() => sourcePicker.options.length === 1, 'one match for “usd”');
    await press('ArrowDown');
    await press('ArrowUp');
    expect(sourcePicker.activeOption?.textContent).to.contain('USDC');
    await press('Enter');
    await waitFor(() => !sourcePicker.dialog, 'the dialog closed');
    await waitFor(() => deepActiveElement() === sourceTrigger(), 'focus back on the trigger');
    await waitFor(() => sourceTrigger()?.textContent?.includes('USDC'), 'USDC selected');

    // 3. Tab to the amount and type it.
    const amountInput = () => new AmountInputHarness(shadow(widget).querySelector('bw-amount-input')!).input;
    await tabTo(amountInput, 'the amount field');
    await sendKeys({ type: '2' });

    // 4. Once quoted, Tab to the bridge button and press Enter.
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote for 2 USDC');
    await tabTo(() => primaryButton(widget), 'the bridge button');
    const success = nextEvent<BridgeSuccessDetail>(widget, 'bridge-success', 90_000);
    await press('Enter');

    // Focus follows the flow instead of falling back to the page.
    await waitFor(() => widget.matches(':focus-within'), 'focus stays in the widget');
    const detail = (await success).detail;
    const after = await erc20Balance(DST, usdcDst, wallet.address);
    expect(after - before).to.equal(detail.toAmount);

    // 5. From the result, Tab to "Start a new transfer" and press Space: back to the form, focus on the amount.
    const tracker = shadow(widget).querySelector('bw-status-tracker')!;
    await waitFor(() => shadow(tracker).querySelector('[part="new-transfer"]'), 'the new-transfer button');
    expect(deepActiveElement()?.id).to.equal('heading', 'the tracker’s heading has focus');
    await tabTo(() => shadow(tracker).querySelector('[part="new-transfer"]'), '“Start a new transfer”');
    await press('Space');
    await waitFor(() => deepActiveElement() === amountInput(), 'focus on the amount field of the new form');
  });
});
