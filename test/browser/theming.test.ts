/**
 * Theming of <bridge-widget>: public custom properties with defaults on the
 * host, light/dark/auto, documented part names reachable with ::part(),
 * nothing written to the page, a hostile host reset that changes nothing, and
 * WCAG AA contrast in both themes (from computed colours).
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { sandboxConfig } from './helpers/sandbox.js';
import { primaryButton, shadow } from './helpers/widget.js';
import { contrastRatio, deepQuery, formReady, waitFor } from './helpers/dom.js';

/** Every public custom property, with its light default. */
const LIGHT: Record<string, string> = {
  '--bridge-color-bg': '#ffffff',
  '--bridge-color-surface': '#f4f5f7',
  '--bridge-color-surface-raised': '#ffffff',
  '--bridge-color-border': '#d9dce1',
  '--bridge-color-border-strong': '#858c97',
  '--bridge-color-text': '#14161a',
  '--bridge-color-text-muted': '#565c66',
  '--bridge-color-accent': '#3b5bdb',
  '--bridge-color-accent-text': '#ffffff',
  '--bridge-color-focus': '#3b5bdb',
  '--bridge-color-success': '#1e7a3c',
  '--bridge-color-warning': '#8a5a00',
  '--bridge-color-warning-bg': '#fff4d6',
  '--bridge-color-danger': '#b42318',
  '--bridge-color-danger-bg': '#fdecea',
  '--bridge-color-backdrop': 'rgb(10 12 16 / 0.5)',
  '--bridge-radius': '12px',
  '--bridge-radius-small': '8px',
  '--bridge-spacing': '12px',
  '--bridge-font': "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  '--bridge-font-mono': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  '--bridge-font-size': '15px',
  '--bridge-max-width': '440px',
  '--bridge-z-index': '10',
};

const FAKE_PROVIDER_NO_ACCOUNT = {
  request: async ({ method }: { method: string }) => (method === 'eth_accounts' ? [] : method === 'eth_chainId' ? '0xaa36a7' : null),
  on: () => undefined,
  removeListener: () => undefined,
};

async function mount(options: { theme?: string; cls?: string; proxy?: string; provider?: unknown } = {}): Promise<BridgeWidget> {
  const proxyUrl = options.proxy ?? (await sandboxConfig()).proxyUrl;
  const box = await fixture<HTMLDivElement>(html`<div style="display: block; width: 480px">
    <bridge-widget class=${options.cls ?? ''} proxy-url=${proxyUrl} theme=${options.theme ?? 'light'} from-chain="11155111" to-chain="84532"></bridge-widget>
  </div>`);
  const widget = box.querySelector('bridge-widget')!;
  if (options.provider) widget.provider = options.provider as BridgeWidget['provider'];
  return widget;
}

function addStyle(text: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = text;
  document.head.append(style);
  return style;
}

const card = (w: BridgeWidget) => shadow(w).querySelector<HTMLElement>('[part~="base"]')!;
const cs = (el: Element) => getComputedStyle(el);

describe('theming', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await emulateMedia({ colorScheme: 'no-preference' });
  });

  it('declares every public token on the host, light by default, and swaps the colours for theme="dark"', async () => {
    const light = await mount({ theme: 'light' });
    for (const [name, value] of Object.entries(LIGHT)) {
      expect(cs(light).getPropertyValue(name).trim(), name).to.equal(value);
    }
    expect(cs(card(light)).backgroundColor).to.equal('rgb(255, 255, 255)');
    expect(cs(card(light)).colorScheme).to.equal('light');
    const dark = await mount({ theme: 'dark' });
    expect(cs(dark).getPropertyValue('--bridge-color-bg').trim()).to.equal('#16181d');
    expect(cs(card(dark)).backgroundColor).to.equal('rgb(22, 24, 29)');
    expect(cs(card(dark)).color).to.equal('rgb(238, 240, 243)');
    expect(cs(card(dark)).colorScheme).to.equal('dark');
  });

  it('theme="auto" follows prefers-color-scheme, and so does a widget without the attribute', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const auto = await mount({ theme: 'auto' });
    expect(cs(card(auto)).backgroundColor).to.equal('rgb(22, 24, 29)');
    const light = await mount({ theme: 'light' });
    expect(cs(card(light)).backgroundColor).to.equal('rgb(255, 255, 255)', 'an explicit theme wins over the system');
    await emulateMedia({ colorScheme: 'light' });
    expect(cs(card(auto)).backgroundColor).to.equal('rgb(255, 255, 255)');
    const dark = await mount({ theme: 'dark' });
    expect(cs(card(dark)).backgroundColor).to.equal('rgb(22, 24, 29)');
  });

  it('writes no theme attribute the page did not set (server-rendered pages hydrate without a mismatch); a theme set as a property is reflected for the styles', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const widget = await fixture<BridgeWidget>(html`<bridge-widget></bridge-widget>`);
    await widget.updateComplete;
    expect(widget.theme).to.equal('auto');
    expect(widget.getAttributeNames()).to.deep.equal([], 'no attribute written');
    widget.theme = 'dark';
    await widget.updateComplete;
    expect(widget.getAttribute('theme')).to.equal('dark');
    expect(cs(card(widget)).backgroundColor).to.equal('rgb(22, 24, 29)');
    widget.removeAttribute('theme');
    await widget.updateComplete;
    expect(widget.theme).to.equal('auto', 'removing the attribute restores the default');
  });

  it('lets the host override tokens on the element, in both themes', async () => {
    const style = addStyle(`.brand { --bridge-color-accent: rgb(200, 0, 100); --bridge-radius: 3px; --bridge-font-size: 17px; }`);
    try {
      const widget = await mount({ cls: 'brand', provider: FAKE_PROVIDER_NO_ACCOUNT, theme: 'dark' });
      await formReady(widget);
      await waitFor(() => !primaryButton(widget).disabled, 'Connect wallet enabled');
      expect(cs(primaryButton(widget)).backgroundColor).to.equal('rgb(200, 0, 100)');
      expect(cs(card(widget)).borderTopLeftRadius).to.equal('3px');
      expect(cs(card(widget)).fontSize).to.equal('17px');
      const trigger = deepQuery(widget, '#trigger')!;
      expect(cs(trigger).borderTopLeftRadius).to.equal('3px', 'the parts follow the host’s tokens');
    } finally {
      style.remove();
    }
  });

  it('exposes the documented part names, including parts of the parts, to ::part()', async () => {
    // name → where the part must land
    const expected: Array<[string, (w: BridgeWidget) => Element | null]> = [
      ['base', (w) => card(w)],
      ['header', (w) => shadow(w).querySelector('.header')],
      ['title', (w) => shadow(w).querySelector('h2')],
      ['group', (w) => shadow(w).querySelector('.side')],
      ['primary-button', (w) => primaryButton(w)],
      ['label', (w) => deepQuery(w, 'bw-amount-input') && shadow(shadow(w).querySelector('bw-amount-input')!).querySelector('label')],
      ['picker-trigger', (w) => shadow(shadow(w).querySelector('bw-asset-picker')!).querySelector('#trigger')],
      ['swap-button', (w) => shadow(w).querySelector('.swap')],
      ['settings-button', (w) => shadow(shadow(w).querySelector('bw-swap-settings')!).querySelector('.gear')],
      ['recipient-toggle', (w) => shadow(w).querySelector('.recipient-toggle')],
      ['logo', (w) => shadow(shadow(w).querySelector('bw-asset-picker')!).querySelector('.logo')],
      ['amount-control', (w) => shadow(shadow(w).querySelector('bw-amount-input')!).querySelector('.control')],
      ['amount-input', (w) => shadow(shadow(w).querySelector('bw-amount-input')!).querySelector('input')],
      ['recipient-input', (w) => shadow(shadow(w).querySelector('bw-recipient-input')!).querySelector('input')],
      ['field-message', (w) => shadow(shadow(w).querySelector('bw-recipient-input')!).querySelector('.message')],
    ];
    const rules = expected.map(([name], i) => `.probe::part(${name}) { outline: ${i + 1}px dotted rgb(1, 2, 3); }`).join('\n');
    const style = addStyle(rules);
    try {
      const widget = await mount({ cls: 'probe' });
      await formReady(widget);
      await waitFor(() => shadow(shadow(widget).querySelector('bw-asset-picker')!).querySelector('.logo'), 'token logo');
      shadow(widget).querySelector<HTMLButtonElement>('.recipient-toggle')!.click();
      await waitFor(() => shadow(widget).querySelector('bw-recipient-input')?.shadowRoot?.querySelector('input'), 'the recipient field');
      expected.forEach(([name, find], i) => {
        const el = find(widget);
        expect(el, name).to.not.equal(null);
        expect(cs(el!).outlineWidth, `::part(${name})`).to.equal(`${i + 1}px`);
      });
      // Open a picker: its dialog, search and options are exported too.
      const trigger = shadow(shadow(widget).querySelector('bw-asset-picker')!).querySelector<HTMLButtonElement>('#trigger')!;
      trigger.click();
      const picker = shadow(widget).querySelector('bw-asset-picker')!;
      await waitFor(() => shadow(picker).querySelector('[role="option"]'), 'options');
      style.textContent = `.probe::part(picker-dialog) { outline: 5px solid rgb(1, 2, 3); } .probe::part(picker-option) { outline: 6px solid rgb(1, 2, 3); } .probe::part(picker-search) { outline: 7px solid rgb(1, 2, 3); }`;
      expect(cs(shadow(picker).querySelector('[role="dialog"]')!).outlineWidth).to.equal('5px');
      expect(cs(shadow(picker).querySelector('[role="option"]')!).outlineWidth).to.equal('6px');
      expect(cs(shadow(picker).querySelector('#search')!).outlineWidth).to.equal('7px');
    } finally {
      style.remove();
    }
  });

  it('writes nothing to the page: <head>, the root element and document styles are unchanged after mounting', async () => {
    fixtureCleanup();
    const headBefore = [...document.head.children].map((n) => n.outerHTML);
    const rootAttrs = [...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`);
    const rootStyle = getComputedStyle(document.documentElement);
    const rootBefore = {
      font: rootStyle.font,
      color: rootStyle.color,
      bg: rootStyle.backgroundColor,
      accent: rootStyle.getPropertyValue('--bridge-color-accent'),
    };
    const sheetsBefore = document.styleSheets.length;
    const adoptedBefore = document.adoptedStyleSheets.length;
    const widget = await mount({ theme: 'auto', provider: FAKE_PROVIDER_NO_ACCOUNT });
    await formReady(widget);
    // Open and close a picker too: its dialog must stay inside the shadow root.
    const picker = shadow(widget).querySelector('bw-asset-picker')!;
    shadow(picker).querySelector<HTMLButtonElement>('#trigger')!.click();
    await waitFor(() => shadow(picker).querySelector('[role="dialog"]'), 'dialog');
    expect(document.body.querySelector('[role="dialog"]')).to.equal(null, 'no dialog portalled to <body>');
    expect([...document.head.children].map((n) => n.outerHTML)).to.deep.equal(headBefore);
    expect([...document.documentElement.attributes].map((a) => `${a.name}=${a.value}`)).to.deep.equal(rootAttrs);
    const after = getComputedStyle(document.documentElement);
    expect({ font: after.font, color: after.color, bg: after.backgroundColor, accent: after.getPropertyValue('--bridge-color-accent') }).to.deep.equal(
      rootBefore,
    );
    expect(document.styleSheets.length).to.equal(sheetsBefore);
    expect(document.adoptedStyleSheets.length).to.equal(adoptedBefore);
  });

  it('looks the same under a hostile host reset (* { all: unset }, preflight-like rules, a 9px root font)', async () => {
    const measure = async (widget: BridgeWidget) => {
      await formReady(widget);
      const picker = shadow(widget).querySelector('bw-asset-picker')!;
      const amount = shadow(widget).querySelector('bw-amount-input')!;
      shadow(widget).querySelector<HTMLButtonElement>('.recipient-toggle')!.click();
      await waitFor(() => shadow(widget).querySelector('bw-recipient-input')?.shadowRoot?.querySelector('input'), 'the recipient field (a chunk)');
      const recipient = shadow(widget).querySelector('bw-recipient-input')!;
      await Promise.all([picker.updateComplete, amount.updateComplete, recipient.updateComplete]);
      const pick = (el: Element, props: string[]) => Object.fromEntries(props.map((p) => [p, cs(el).getPropertyValue(p)]));
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { width: Math.round(r.width), height: Math.round(r.height) };
      };
      const text = ['font-size', 'font-family', 'font-weight', 'line-height', 'color', 'letter-spacing', 'text-transform', 'text-align'];
      const block = [
        'display',
        'padding-top',
        'padding-left',
        'background-color',
        'border-top-width',
        'border-top-color',
        'border-top-left-radius',
        'box-sizing',
      ];
      const h2 = shadow(widget).querySelector('h2')!;
      const legend = shadow(widget).querySelector('.side-label')!;
      const trigger = shadow(picker).querySelector('#trigger')!;
      const input = shadow(amount).querySelector('input')!;
      const address = shadow(recipient).querySelector('input')!;
      return {
        card: { ...pick(card(widget), [...text, ...block, 'color-scheme']), ...box(card(widget)) },
        title: pick(h2, text),
        legend: pick(legend, text),
        primary: { ...pick(primaryButton(widget), [...text, ...block, 'cursor']), ...box(primaryButton(widget)) },
        trigger: { ...pick(trigger, [...text, ...block]), ...box(trigger) },
        amount: { ...pick(input, [...text, ...block]), ...box(input) },
        recipient: { ...pick(address, [...text, ...block]), ...box(address) },
      };
    };
    const calm = await measure(await mount({ theme: 'light' }));
    fixtureCleanup();
    const hostile = addStyle(`
      * { all: unset; }
      html { font-size: 9px; line-height: 3; font-family: 'Comic Sans MS', cursive; color: rgb(255, 0, 0); }
      body { letter-spacing: 3px; text-transform: uppercase; text-align: center; word-spacing: 8px; font-weight: 900; }
      *, ::before, ::after { box-sizing: content-box; border: 0 solid; }
      button, input { font: inherit; color: inherit; background: transparent; padding: 0; }
      h2, legend { font-size: inherit; font-weight: inherit; }
      head, style, script { display: none; }
    `);
    try {
      const widget = await mount({ theme: 'light' });
      expect(cs(widget).display).to.equal('inline', 'the reset does reach the host element');
      const rough = await measure(widget);
      expect(rough).to.deep.equal(calm);
    } finally {
      hostile.remove();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`meets WCAG AA contrast in the ${theme} theme (text, muted text, accent button, notices)`, async () => {
      const widget = await mount({ theme, provider: FAKE_PROVIDER_NO_ACCOUNT });
      await formReady(widget);
      await waitFor(() => !primaryButton(widget).disabled, 'Connect wallet enabled');
      const bg = cs(card(widget)).backgroundColor;
      const leg = shadow(widget).querySelector('.side')!;
      const ratios: Record<string, number> = {
        'text on card': contrastRatio(cs(shadow(widget).querySelector('h2')!).color, bg),
        'muted text on a group': contrastRatio(cs(shadow(widget).querySelector('.side-label')!).color, cs(leg).backgroundColor, bg),
        'field label on a group': contrastRatio(
          cs(shadow(shadow(widget).querySelector('bw-amount-input')!).querySelector('label')!).color,
          cs(leg).backgroundColor,
          bg,
        ),
        'accent button text': contrastRatio(cs(primaryButton(widget)).color, cs(primaryButton(widget)).backgroundColor, bg),
        'placeholder in the amount box': contrastRatio(
          getComputedStyle(shadow(shadow(widget).querySelector('bw-amount-input')!).querySelector('input')!, '::placeholder').color,
          cs(leg).backgroundColor,
          bg,
        ),
      };
      // Notices: an error from the catalog, and the token pairs of warnings and disabled buttons.
      const broken = await mount({ theme, proxy: 'http://127.0.0.1:9/nothing-here' });
      await waitFor(() => shadow(broken).querySelector('[role="alert"]'), 'the error notice', 20_000);
      const alert = shadow(broken).querySelector('[role="alert"]')!;
      ratios['error notice'] = contrastRatio(cs(alert).color, cs(alert).backgroundColor, bg);
      const probe = document.createElement('div');
      shadow(widget).append(probe);
      const pair = (fg: string, back: string) => {
        probe.style.color = `var(${fg})`;
        probe.style.backgroundColor = `var(${back})`;
        return contrastRatio(cs(probe).color, cs(probe).backgroundColor, bg);
      };
      ratios['warning notice'] = pair('--bridge-color-warning', '--bridge-color-warning-bg');
      ratios['danger text on card'] = pair('--bridge-color-danger', '--bridge-color-bg');
      ratios['success text on card'] = pair('--bridge-color-success', '--bridge-color-bg');
      ratios['link on card'] = pair('--bridge-color-accent', '--bridge-color-bg');
      ratios['muted on raised'] = pair('--bridge-color-text-muted', '--bridge-color-surface-raised');
      ratios['disabled primary label'] = pair('--bridge-color-text-muted', '--bridge-color-surface');
      // Non-text contrast (WCAG 1.4.11) for the borders that outline inputs and triggers.
      const nonText = {
        'control border on card': pair('--bridge-color-border-strong', '--bridge-color-bg'),
        'control border on a group': pair('--bridge-color-border-strong', '--bridge-color-surface'),
      };
      probe.remove();
      for (const [name, ratio] of Object.entries(ratios)) expect(ratio, `${theme}: ${name} is ${ratio.toFixed(2)}:1`).to.be.at.least(4.5);
      for (const [name, ratio] of Object.entries(nonText)) expect(ratio, `${theme}: ${name} is ${ratio.toFixed(2)}:1`).to.be.at.least(3);
    });
  }
});
