/**
 * Right to left keeps what matters: in Arabic at a phone's width a chain name
 * too long for its asset button is cut at its end, as in English ("Base
 * Sepolia Sa…", never "…Sepolia Sandbox"), so the send and receive cards never
 * read the same.
 */
import { expect } from '@open-wc/testing';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { mountWidget } from './helpers/mount.js';

import { shadow } from './helpers/widget.js';
import { formReady, untilAnimationsSettle, waitFor } from './helpers/dom.js';
import { e2eSuite } from './helpers/e2e.js';

/** The chain name's element in one card's asset button. */
const chainName = (widget: BridgeWidget, index: number) =>
  shadow(shadow(widget).querySelectorAll('bw-asset-picker')[index]!).querySelector<HTMLElement>('[part="chain-name"]')!;

/** The characters of the name the box shows whole, in reading order (a cut one is not shown whole). */
function shownPart(element: HTMLElement): { first: string; shown: string; cut: boolean } {
  const text = [...element.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && !!n.textContent?.trim()) as Text;
  const box = element.getBoundingClientRect();
  const range = document.createRange();
  let shown = '';
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const rect = range.getBoundingClientRect();
    if (rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5) shown += text.data[i];
    else shown += '\u0000';
  }
  return { first: shown[0] ?? '', shown: shown.split('\u0000')[0]!, cut: element.scrollWidth > element.clientWidth };
}

describe('right to left keeps what matters', function () {
  e2eSuite(this);

  // A host's theme may make the asset buttons narrow (here through the exported part): the names must be cut then, at their end.
  let style: HTMLStyleElement;
  before(() => {
    style = document.createElement('style');
    style.textContent = 'bridge-widget::part(asset-button) { max-width: 112px; }';
    document.head.append(style);
  });
  after(() => style.remove());

  for (const width of [390, 300]) {
    it(`Arabic at ${width} px: each chain name is cut at its end, its start on screen, and the two cards differ`, async () => {
      const { widget } = await mountWidget({ attributes: { locale: 'ar', amount: '1234.5' }, box: { style: `width: ${width}px`, lang: 'ar' } });
      await formReady(widget);
      await waitFor(
        () => shadow(widget).querySelector('[part="base"]')?.getAttribute('dir') === 'rtl' && shadow(widget).querySelector('.received:not(.placeholder)'),
        'the Arabic form, quoted',
      );
      await untilAnimationsSettle(widget);
      const names = [0, 1].map((i) => chainName(widget, i));
      const parts = names.map(shownPart);
      console.log(`${width} px: ${parts.map((p, i) => `“${names[i]!.textContent}” shows “${p.shown}”${p.cut ? ' (cut)' : ''}`).join('; ')}`);
      expect(parts[1]!.cut, 'the long name is cut').to.equal(true);
      for (const [i, part] of parts.entries()) {
        expect(part.first, `the start of “${names[i]!.textContent}” is on screen`).to.equal(names[i]!.textContent![0]);
        expect(names[i]!.textContent!.startsWith(part.shown), 'what shows is the start of the name').to.equal(true);
      }
      expect(parts[0]!.shown, 'the send and receive cards read differently').to.not.equal(parts[1]!.shown);
    });
  }
});
