/**
 * `<bw-swap-settings>` on its own. This file runs in a page of its own and its
 * first test opens the first settings dialog of the page: the click is what
 * fetches the dialog's chunk.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { SwapSettings } from '../../../src/components/swap-settings/swap-settings.js';
import { idrefText, untilAnimationsSettle } from '../helpers/dom.js';
import { fetchesOf } from '../helpers/sandbox.js';
import { THEMES, themeBoxStyle, type Theme } from '../helpers/theme.js';
import { waitUntil } from '../helpers/wait.js';

if (!customElements.get('bw-swap-settings')) customElements.define('bw-swap-settings', SwapSettings);

const DIALOG_CHUNK = 'swap-settings-dialog.ts';

/** The settings with `slippage` and `defaultSlippage` (1 % each unless given), in a box of the theme; records the bw-slippage-change events. */
async function mount(options: { slippage?: number; defaultSlippage?: number; theme?: Theme } = {}) {
  const { slippage = 1, defaultSlippage = 1, theme = 'light' } = options;
  const box = await fixture<HTMLDivElement>(html`<div style=${themeBoxStyle(theme)}>
    <bw-swap-settings slippage=${slippage} default-slippage=${defaultSlippage}></bw-swap-settings>
  </div>`);
  const el = box.querySelector('bw-swap-settings')!;
  const changes: number[] = [];
  el.addEventListener('bw-slippage-change', (e) => changes.push(e.detail.slippage));
  return { el, changes, ...ui(el) };
}

/** What a user sees and uses of the settings, by role and part name. */
function ui(el: SwapSettings) {
  const root = el.shadowRoot!;
  const byIds = (ids: string | null) => idrefText(root, ids);
  const presets = () => [...root.querySelectorAll<HTMLButtonElement>('[part="slippage-option"]')];
  const custom = () => root.querySelector<HTMLInputElement>('[part="slippage-input"]')!;
  return {
    gear: () => root.querySelector<HTMLButtonElement>('[part="gear"]')!,
    /** The gear's dot saying a setting differs from its default (decoration: the gear's name says it too). */
    marked: () => root.querySelector('[part="gear"] .mark') !== null,
    dialog: () => root.querySelector<HTMLDialogElement>('dialog[open]'),
    focused: () => root.activeElement,
    close: () => root.querySelector<HTMLButtonElement>('dialog button[aria-label="Close"]')!,
    /** The presets' texts, in order. */
    presetLabels: () => presets().map((b) => b.textContent!.replace(/\s+/g, ' ').trim()),
    preset: (label: string) => presets().find((b) => b.textContent!.replace(/\s+/g, ' ').trim() === label)!,
    /** The presets pressed now. */
    pressed: () =>
      presets()
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent!.replace(/\s+/g, ' ').trim()),
    custom,
    /** What is said about the typed slippage: the custom field's accessible description. */
    said: () => byIds(custom().getAttribute('aria-describedby')),
    byIds,
  };
}

type Settings = Awaited<ReturnType<typeof mount>>;

/** Opens the dialog from the gear with the keyboard (focus on the gear, as after a click) and waits for its opening to end. */
async function open(settings: Settings): Promise<void> {
  settings.gear().focus();
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => settings.dialog(), 'the settings dialog');
  await untilAnimationsSettle(settings.el);
}

/** Replaces the custom field's text as a user types it, key by key; `commit` leaves the field's change with Enter. */
async function typeCustom(settings: Settings, text: string, commit = false): Promise<void> {
  const input = settings.custom();
  input.focus();
  input.select();
  await sendKeys({ press: 'Backspace' });
  await sendKeys({ type: text });
  if (commit) await sendKeys({ press: 'Enter' });
  await settings.el.updateComplete;
}

async function accessible(el: SwapSettings): Promise<void> {
  await untilAnimationsSettle(el);
  await expect(el).to.be.accessible();
}

describe('<bw-swap-settings>', () => {
  // The test runner's own modules fill the default buffer (250 entries); the dialog's fetch must be recorded.
  before(() => performance.setResourceTimingBufferSize(100_000));

  it("draws the gear without its dialog; the first click fetches the dialog's chunk and opens the modal dialog", async () => {
    const settings = await mount({ slippage: 1 });
    const { el, gear } = settings;
    expect(gear().getAttribute('aria-haspopup')).to.equal('dialog');
    expect(el.shadowRoot!.querySelector('dialog'), 'no dialog before the first click').to.equal(null);
    expect(fetchesOf(DIALOG_CHUNK), 'nothing fetched the dialog yet').to.have.length(0);

    gear().click();
    await waitUntil(() => settings.dialog(), 'the dialog, once its chunk arrived');
    expect(fetchesOf(DIALOG_CHUNK), 'the click fetched the dialog').to.have.length(1);
    const dialog = settings.dialog()!;
    expect(dialog.matches(':modal')).to.equal(true);
    expect(settings.byIds(dialog.getAttribute('aria-labelledby'))).to.equal('Settings');
    const group = dialog.querySelector<HTMLElement>('[role="group"]')!;
    expect(settings.byIds(group.getAttribute('aria-labelledby'))).to.equal('Max slippage');
    expect(settings.presetLabels()).to.deep.equal(['0.5%', '1%', '3%']);
    expect(settings.pressed(), 'the current slippage is pressed').to.deep.equal(['1%']);
    expect(settings.custom().getAttribute('aria-label')).to.equal('Custom slippage in percent');
    expect(settings.custom().value).to.equal('');
    expect(settings.said()).to.equal('');
    await accessible(el);

    // Another gear opens from the module already there.
    const other = await mount();
    other.gear().click();
    await waitUntil(() => other.dialog(), 'the second dialog');
    expect(fetchesOf(DIALOG_CHUNK), 'fetched once for the page').to.have.length(1);
  });

  it('names the gear "Settings", and "Settings (changed)" with a mark while the slippage differs from the default', async () => {
    const { el, gear, marked } = await mount({ slippage: 0.5, defaultSlippage: 0.5 });
    expect(gear().getAttribute('aria-label')).to.equal('Settings');
    expect(marked()).to.equal(false);
    await accessible(el);

    el.slippage = 3;
    await el.updateComplete;
    expect(gear().getAttribute('aria-label')).to.equal('Settings (changed)');
    expect(marked()).to.equal(true);
    await accessible(el);

    // The host's default moves to the slippage: nothing differs any more.
    el.defaultSlippage = 3;
    await el.updateComplete;
    expect(gear().getAttribute('aria-label')).to.equal('Settings');
    expect(marked()).to.equal(false);
  });

  it('a preset fires bw-slippage-change with its value, is pressed and marks the gear; the dialog stays open', async () => {
    const settings = await mount({ slippage: 1, defaultSlippage: 1 });
    const { el, changes } = settings;
    await open(settings);
    settings.preset('0.5%').click();
    await el.updateComplete;
    expect(changes).to.deep.equal([0.5]);
    expect(el.slippage).to.equal(0.5);
    expect(settings.pressed()).to.deep.equal(['0.5%']);
    expect(settings.gear().getAttribute('aria-label')).to.equal('Settings (changed)');
    expect(settings.dialog(), 'still open').to.not.equal(null);

    settings.preset('0.5%').click();
    await el.updateComplete;
    expect(changes, 'the slippage in use again: no change').to.deep.equal([0.5]);

    settings.preset('3%').click();
    await el.updateComplete;
    expect(changes).to.deep.equal([0.5, 3]);
    expect(settings.said(), 'nothing to say at 3%').to.equal('');

    settings.preset('1%').click();
    await el.updateComplete;
    expect(changes).to.deep.equal([0.5, 3, 1]);
    expect(settings.gear().getAttribute('aria-label'), 'back at the default').to.equal('Settings');
    expect(settings.marked()).to.equal(false);
  });

  it('a custom slippage fires bw-slippage-change with the value typed, and no preset is pressed; a preset then clears it', async () => {
    const settings = await mount({ slippage: 1 });
    const { el, changes } = settings;
    await open(settings);
    await typeCustom(settings, '2.5');
    expect(changes.at(-1)).to.equal(2.5);
    expect(el.slippage).to.equal(2.5);
    expect(settings.pressed()).to.deep.equal([]);
    expect(settings.custom().getAttribute('aria-invalid')).to.equal('false');
    expect(settings.said()).to.equal('');

    // A decimal comma reads as a point.
    await typeCustom(settings, '0,7');
    expect(changes.at(-1)).to.equal(0.7);

    settings.preset('3%').click();
    await el.updateComplete;
    expect(changes.at(-1)).to.equal(3);
    expect(settings.custom().value, 'the preset replaces the custom text').to.equal('');
    expect(settings.pressed()).to.deep.equal(['3%']);
  });

  it("shows the host's slippage: a custom one in the field, a preset pressed", async () => {
    const settings = await mount({ slippage: 1.5 });
    const { el, changes } = settings;
    await open(settings);
    expect(settings.custom().value).to.equal('1.5');
    expect(settings.pressed()).to.deep.equal([]);
    el.slippage = 0.5;
    await el.updateComplete;
    expect(settings.custom().value).to.equal('');
    expect(settings.pressed()).to.deep.equal(['0.5%']);
    el.slippage = 4.5;
    await el.updateComplete;
    expect(settings.custom().value).to.equal('4.5');
    expect(settings.said(), 'a high value set by the host is said too').to.equal('Some providers reject slippage above 3%, fewer routes may be available');
    expect(changes, 'what the host sets is not echoed back').to.deep.equal([]);
  });

  it('says above 3% that some providers reject it; the value still applies', async () => {
    const settings = await mount({ slippage: 1 });
    const { el, changes } = settings;
    await open(settings);
    await typeCustom(settings, '5');
    expect(changes.at(-1)).to.equal(5);
    expect(settings.said()).to.equal('Some providers reject slippage above 3%, fewer routes may be available');
    expect(settings.custom().getAttribute('aria-invalid')).to.equal('false');
    await accessible(el);
    await typeCustom(settings, '3');
    expect(settings.said(), 'not at 3%').to.equal('');
  });

  for (const [typed, message] of [
    ['0', 'Slippage must be above 0%'],
    ['50', 'Slippage must be below 50%'],
    ['75', 'Slippage must be below 50%'],
    ['1.2.3', 'Enter a percentage like 0.5'],
    ['abc', 'Enter a percentage like 0.5'],
  ] as const) {
    it(`refuses a custom slippage of "${typed}", saying what is wrong; the slippage in use stays`, async () => {
      const settings = await mount({ slippage: 1 });
      const { el, changes } = settings;
      await open(settings);
      await typeCustom(settings, typed, true);
      // Typed key by key, "50" passes through a valid "5"; the refused value itself is never applied.
      expect(changes).to.not.include(Number(typed));
      expect(el.slippage).to.not.equal(Number(typed));
      expect(settings.said()).to.equal(message);
      expect(settings.custom().getAttribute('aria-invalid')).to.equal('true');
      await accessible(el);
      // Mended, the message goes and the value applies.
      await typeCustom(settings, '2');
      expect(settings.said()).to.equal('');
      expect(settings.custom().getAttribute('aria-invalid')).to.equal('false');
      expect(changes.at(-1)).to.equal(2);
    });
  }

  it('does not say "above 0%" while 0.7 is being typed, only once a 0 is left as it is', async () => {
    const settings = await mount({ slippage: 1 });
    const { changes } = settings;
    await open(settings);
    await typeCustom(settings, '0');
    expect(settings.said()).to.equal('');
    expect(settings.custom().getAttribute('aria-invalid')).to.equal('false');
    await sendKeys({ type: '.7' });
    await settings.el.updateComplete;
    expect(changes).to.deep.equal([0.7]);
    await typeCustom(settings, '0', true);
    expect(settings.said()).to.equal('Slippage must be above 0%');
    expect(changes).to.deep.equal([0.7]);
  });

  it('Escape and the close button close it and return focus to the gear; so does a click on the backdrop', async () => {
    const settings = await mount();
    const { changes } = settings;
    await open(settings);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !settings.dialog() && settings.focused() === settings.gear(), 'closed by Escape, focus on the gear');

    await open(settings);
    settings.close().click();
    await waitUntil(() => !settings.dialog() && settings.focused() === settings.gear(), 'closed by its close button, focus on the gear');

    // A real click inside the card, on its padding (the dialog itself is the target there, as for the backdrop): it stays open.
    await open(settings);
    const box = settings.dialog()!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 4), Math.round(box.top + box.height / 2)] });
    await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + 4)] });
    expect(settings.dialog(), 'a click on the card’s padding keeps it open').to.not.equal(null);
    // A real click beside it, on the backdrop: it closes.
    await sendMouse({ type: 'click', position: [Math.max(1, Math.round(box.left - 8)), Math.round(box.top + box.height / 2)] });
    await waitUntil(() => !settings.dialog() && settings.focused() === settings.gear(), 'closed by the backdrop, focus on the gear');
    expect(changes).to.deep.equal([]);
  });

  it('with the keyboard alone: Enter opens, Tab reaches a preset, Space picks it, then the custom field; Escape closes', async () => {
    const settings = await mount({ slippage: 1 });
    const { el, changes } = settings;
    await open(settings);
    const inDialog = () => settings.dialog()!.contains(settings.focused());
    expect(inDialog(), 'focus moved into the dialog').to.equal(true);
    const reached: string[] = [];
    for (let i = 0; i < 6 && settings.focused() !== settings.preset('3%'); i++) {
      await sendKeys({ press: 'Tab' });
      reached.push(settings.focused()?.textContent?.trim() || settings.focused()?.getAttribute('aria-label') || '');
    }
    expect(settings.focused(), `Tab reaches the 3% preset (went through ${reached.join(', ')})`).to.equal(settings.preset('3%'));
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(changes).to.deep.equal([3]);
    await sendKeys({ press: 'Tab' });
    expect(settings.focused(), 'the custom field follows the presets').to.equal(settings.custom());
    await sendKeys({ type: '0.3' });
    await el.updateComplete;
    expect(changes.at(-1)).to.equal(0.3);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !settings.dialog() && settings.focused() === settings.gear(), 'closed, focus on the gear');
    expect(el.slippage).to.equal(0.3);
  });

  for (const theme of THEMES) {
    it(`passes axe in the ${theme} theme: the gear, the dialog, a warning and a refusal`, async () => {
      const settings = await mount({ slippage: 0.5, theme });
      const { el } = settings;
      await accessible(el);
      await open(settings);
      await accessible(el);
      await typeCustom(settings, '10');
      await accessible(el);
      await typeCustom(settings, '80');
      await accessible(el);
    });
  }
});
