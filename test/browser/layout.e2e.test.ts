/**
 * The form's layout where it is embedded: the default 440 px card and the
 * widths a phone leaves it (a 320–390 px screen gives the widget about 304 to
 * 374 px). Measured in the real layout, with a real quote from the sandbox.
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { openQuote, shadow, waitForText } from './helpers/widget.js';
import { waitFor } from './helpers/dom.js';
import { SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';

// Mocha globals (no @types/mocha in this package).
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: () => unknown): void;

async function mount(width: number, theme = 'light'): Promise<BridgeWidget> {
  const { widget } = await mountWidget({ attributes: { theme }, box: { style: `width: ${width}px` }, wallet: { account: 0, chainId: SRC } });
  await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
  return widget;
}

const box = (el: Element) => el.getBoundingClientRect();

describe('<bridge-widget> layout at the widths it is embedded at', function () {
  for (const width of [440, 374, 304]) {
    it(`${width} px: chain names whole (or titled when cut), the recipient inside its box, quote rows and slippage choices on one line each`, async () => {
      const widget = await mount(width);
      expect(Math.round(box(widget).width)).to.equal(width);

      for (const picker of shadow(widget).querySelectorAll('bw-asset-picker')) {
        const value = shadow(picker).querySelector<HTMLElement>('#trigger-detail')!;
        const whole = value.scrollWidth <= value.clientWidth;
        const title = shadow(picker).querySelector<HTMLElement>('#trigger-value')!.title;
        if (width === 440) expect(whole, `"${value.textContent}" is not cut at the default width`).to.equal(true);
        else expect(whole || title.includes(value.textContent!.trim()), `"${value.textContent}" cut without its whole name as a title`).to.equal(true);
      }

      shadow(widget).querySelector<HTMLButtonElement>('.recipient-toggle')!.click();
      await waitFor(() => shadow(widget).querySelector('bw-recipient-input')?.shadowRoot?.querySelector('input'), 'the recipient field');
      const recipient = shadow(shadow(widget).querySelector('bw-recipient-input')!).querySelector('input')!;
      expect(box(recipient).right, 'the recipient field inside the widget').to.be.at.most(box(widget).right);
      expect(getComputedStyle(recipient).textOverflow, 'a long address ends in an ellipsis, not a hard cut').to.equal('ellipsis');

      const quote = await openQuote(widget);
      const panel = shadow(quote);
      const rows = [...panel.querySelectorAll('.row')];
      expect(rows.length).to.be.above(2);
      for (const row of rows) {
        const label = box(row.querySelector('dt')!);
        const value = box(row.querySelector('dd')!);
        expect(Math.abs(value.top - label.top), `"${row.textContent!.replace(/\s+/g, ' ').trim()}": label and value start on one line`).to.be.below(
          label.height / 2,
        );
      }
      const settings = shadow(widget).querySelector('bw-swap-settings')!;
      await settings.show();
      // One row: the choices' vertical middles meet (the custom field's box is a pixel taller than the buttons').
      const choices = [...shadow(settings).querySelectorAll('.preset, .custom')].map((el) => Math.round((box(el).top + box(el).bottom) / 2 / 4));
      settings.hide();
      expect(choices.length).to.equal(4);
      expect(new Set(choices).size, 'the four slippage choices on one row').to.equal(1);
    });
  }

  it('a picker dialog has a visible edge in the dark theme', async () => {
    const widget = await mount(374, 'dark');
    const picker = shadow(widget).querySelector('bw-asset-picker')!;
    shadow(picker).querySelector<HTMLButtonElement>('#trigger')!.click();
    await waitFor(() => shadow(picker).querySelector('[part="dialog"]'), 'the dialog');
    const dialog = getComputedStyle(shadow(picker).querySelector('[part="dialog"]')!);
    expect(dialog.borderTopStyle).to.equal('solid');
    expect(parseFloat(dialog.borderTopWidth)).to.be.at.least(1);
    expect(dialog.borderTopColor, 'the edge differs from the dialog’s own background').to.not.equal(dialog.backgroundColor);
  });

  it('the settings dialog wears the picker dialog’s surface: the same edge, corners, colours and type', async () => {
    const widget = await mount(374, 'dark');
    const picker = shadow(widget).querySelector('bw-asset-picker')!;
    shadow(picker).querySelector<HTMLButtonElement>('#trigger')!.click();
    await waitFor(() => shadow(picker).querySelector('[part="dialog"]'), 'the picker dialog');
    const surface = (el: Element) => {
      const style = getComputedStyle(el);
      const { borderTopStyle, borderTopWidth, borderTopColor, borderTopLeftRadius, backgroundColor, color, fontFamily, fontSize, lineHeight } = style;
      return { borderTopStyle, borderTopWidth, borderTopColor, borderTopLeftRadius, backgroundColor, color, fontFamily, fontSize, lineHeight };
    };
    const pickerSurface = surface(shadow(picker).querySelector('[part="dialog"]')!);
    await picker.hide();
    const settings = shadow(widget).querySelector('bw-swap-settings')!;
    await settings.show();
    const settingsSurface = surface(shadow(settings).querySelector('[part="dialog"]')!);
    settings.hide();
    expect(settingsSurface).to.deep.equal(pickerSurface);
    expect(parseFloat(settingsSurface.borderTopLeftRadius), 'rounded corners').to.be.above(0);
  });
});
