/**
 * One type scale and tap targets a finger can hit, measured on the swap box as
 * a user sees it at 390 px, connected and quoted: at most five font sizes, each
 * a whole number of pixels, none under 12 px; no control under 24 × 24 px
 * (WCAG 2.2's minimum target size), and 44 px for the main button and the account.
 */
import { expect } from '@open-wc/testing';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { mountWidget } from './helpers/mount.js';

import { primaryButton, shadow, waitForText } from './helpers/widget.js';
import { formReady, untilAnimationsSettle } from './helpers/dom.js';
import { e2eSuite } from './helpers/e2e.js';

/** Every element of the widget's shadow trees that is laid out (not display: none, nor only for screen readers). */
function rendered(widget: BridgeWidget): HTMLElement[] {
  const out: HTMLElement[] = [];
  const walk = (root: ShadowRoot | Element) => {
    for (const el of root.children) {
      if (!(el instanceof HTMLElement) || el.closest('.visually-hidden') || el.localName === 'style') continue;
      if (getComputedStyle(el).display === 'none') continue;
      out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
      walk(el);
    }
  };
  walk(shadow(widget));
  return out;
}

/** The font size of each piece of text on screen (an element's own text, not its children's), with the text. */
function textSizes(widget: BridgeWidget): Map<string, string> {
  const sizes = new Map<string, string>();
  for (const el of rendered(widget)) {
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join('')
      .trim();
    const placeholder = el instanceof HTMLInputElement && el.placeholder;
    if (!text && !placeholder && !(el instanceof HTMLInputElement && el.value)) continue;
    const size = getComputedStyle(el).fontSize;
    if (!sizes.has(size)) sizes.set(size, text || String(placeholder || (el as HTMLInputElement).value));
  }
  return sizes;
}

describe('one type scale and tap targets', function () {
  e2eSuite(this);

  it('390 px, connected and quoted: at most five sizes in whole pixels, none under 12 px; every control at least 24 px, the main button and the account 44 px', async () => {
    const { widget } = await mountWidget({ attributes: { theme: 'light', lang: 'en' }, box: { style: 'width: 390px' }, wallet: { account: 1 } });
    await formReady(widget);
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    await untilAnimationsSettle(widget);

    const sizes = textSizes(widget);
    const report = [...sizes].map(([size, text]) => `${size} (“${text}”)`).join(', ');
    console.log(`font sizes at 390 px: ${report}`);
    expect(sizes.size, report).to.be.at.most(5);
    for (const size of sizes.keys()) {
      const px = parseFloat(size);
      expect(Number.isInteger(px), `${size} is a whole number of pixels (${report})`).to.equal(true);
      expect(px, `no text under 12 px (${report})`).to.be.at.least(12);
    }

    const controls = rendered(widget).filter((el) => el.matches('button, a[href], input, select, [role="button"], [tabindex="0"]'));
    expect(controls.length).to.be.above(5);
    for (const control of controls) {
      const { width, height } = control.getBoundingClientRect();
      const name = `${control.localName}[part="${control.getAttribute('part') ?? ''}"] “${control.textContent?.trim() || control.getAttribute('aria-label') || ''}”`;
      expect(height, `${name}: ${width} × ${height} px`).to.be.at.least(23.99);
      expect(width, `${name}: ${width} × ${height} px`).to.be.at.least(23.99);
    }
    expect(primaryButton(widget).getBoundingClientRect().height, 'the main button').to.be.at.least(44);
    const pill = shadow(shadow(widget).querySelector('bw-account-pill')!).querySelector('[part="pill"]')!;
    expect(pill.getBoundingClientRect().height, 'the account').to.be.at.least(44);
  });
});
