/**
 * A harness for the pickers (`<bw-chain-picker>`, `<bw-token-picker>`,
 * `<bw-asset-picker>`, `<bw-wallet-chooser>`), as Material Web keeps one per component: tests say
 * what a user does (open, search, choose, close) and read what a user sees
 * (the trigger's text, the options, the notice), and only this file knows the
 * picker's inner structure.
 */
import type { AssetPicker } from '../../../src/components/asset-picker/asset-picker.js';
import type { ChainPicker } from '../../../src/components/chain-picker/chain-picker.js';
import type { TokenPicker } from '../../../src/components/token-picker/token-picker.js';
import type { WalletChooser } from '../../../src/components/wallet-chooser/wallet-chooser.js';
import { idrefText, untilAnimationsSettle, waitFor } from '../helpers/dom.js';

type Picker = ChainPicker | TokenPicker | AssetPicker | WalletChooser;

/** A logo as drawn: the image's URL (none when the URL was refused or missing) and the letters shown without it. */
export interface LogoView {
  src: string | null;
  initials: string | null;
}

export class PickerHarness {
  constructor(readonly element: Picker) {}

  /** The picker's shadow root, for a test that checks something this harness does not name. */
  get root(): ShadowRoot {
    const root = this.element.shadowRoot;
    if (!root) throw new Error(`${this.element.tagName} has not rendered`);
    return root;
  }

  /** The button that opens the dialog (the wallet chooser has none: the shell's Connect opens it). */
  get trigger(): HTMLButtonElement | null {
    return this.root.querySelector<HTMLButtonElement>('#trigger');
  }

  /** What the trigger shows: the selection's name, or the placeholder. */
  get triggerText(): string {
    return this.root.querySelector('#trigger-value')?.textContent?.trim() ?? '';
  }

  /** The trigger's accessible name, as its `aria-labelledby` composes it (the label, the selection, the asset picker's chain). */
  get triggerName(): string {
    return idrefText(this.root, this.trigger?.getAttribute('aria-labelledby'));
  }

  /** The trigger's accessible description (`aria-describedby`): why it is locked, or that its dialog could not be loaded. */
  get triggerDescription(): string {
    return idrefText(this.root, this.trigger?.getAttribute('aria-describedby'));
  }

  /** The asset picker's logos on the trigger: the token's, and the chain's badge on it; each its image URL and its fallback letters. */
  get triggerLogos(): { token?: LogoView; badge?: LogoView } {
    const view = (logo: Element | null | undefined): LogoView | undefined =>
      logo
        ? { src: logo.querySelector('img')?.getAttribute('src') ?? null, initials: logo.querySelector('.initials')?.getAttribute('data-initials') ?? null }
        : undefined;
    const asset = this.trigger?.querySelector('.asset-logo');
    return { token: view(asset?.querySelector(':scope > .logo')), badge: view(asset?.querySelector('.badge .logo')) };
  }

  /** The trigger is offered but locked (`aria-disabled`), with its reason. */
  get locked(): boolean {
    return this.trigger?.getAttribute('aria-disabled') === 'true';
  }

  /** The open dialog (the platform's modal `<dialog>`). */
  get dialog(): HTMLDialogElement | null {
    return this.root.querySelector<HTMLDialogElement>('dialog[open]');
  }

  /** The asset picker's chain buttons, in order, each with its name and the detail line the chain picker showed (`title`). */
  get chains(): { title: string; meta: string; pressed: boolean; disabled: boolean; button: HTMLButtonElement }[] {
    return [...this.root.querySelectorAll<HTMLButtonElement>('[part~="chain-option"]')].map((button) => ({
      title: button.querySelector('.chain-name')?.textContent?.trim() ?? '',
      meta: button.getAttribute('data-meta') ?? '',
      pressed: button.getAttribute('aria-pressed') === 'true',
      disabled: button.disabled || button.getAttribute('aria-disabled') === 'true',
      button,
    }));
  }

  /** The asset picker's small second line: the chain's name. */
  get triggerDetail(): string {
    return this.root.querySelector('#trigger-detail')?.textContent?.trim() ?? '';
  }

  /** The asset picker's line under its chains saying why the chain or the token is fixed. */
  get lockReason(): string {
    return this.root.querySelector('.lock-reason')?.textContent?.trim() ?? '';
  }

  /** Clicks the asset picker's chain button with this name; the dialog stays open on its tokens. */
  async chooseChain(name: string): Promise<void> {
    await waitFor(() => this.chains.some((c) => c.title === name), `the chain ${name}`);
    this.chains.find((c) => c.title === name)!.button.click();
    await this.element.updateComplete;
  }

  get search(): HTMLInputElement | null {
    return this.root.querySelector<HTMLInputElement>('#search');
  }

  get list(): HTMLElement | null {
    return this.root.querySelector<HTMLElement>('[role="listbox"]');
  }

  /** The rendered options in list order (a windowed list renders its rows out of order; their `aria-posinset` says where they are). */
  get options(): HTMLElement[] {
    const position = (option: HTMLElement) => Number(option.getAttribute('aria-posinset') ?? 0);
    return [...this.root.querySelectorAll<HTMLElement>('[role="option"]')].sort((a, b) => position(a) - position(b));
  }

  /** The option with this title, if rendered. */
  option(title: string): HTMLElement | undefined {
    return this.options.find((o) => o.querySelector('.option-title')?.textContent?.trim() === title);
  }

  /** Each option's title (a chain's name, a token's symbol, a wallet's name). */
  get optionTitles(): string[] {
    return this.options.map((o) => o.querySelector('.option-title')?.textContent?.trim() ?? '');
  }

  /** The line between the search field and the list (the token picker's balance notes). */
  get notice(): string {
    return this.root.querySelector('[part="notice"]')?.textContent?.trim() ?? '';
  }

  /** The empty state (no option, or none matching the search). */
  get emptyText(): string {
    return this.root.querySelector('.empty')?.textContent?.trim() ?? '';
  }

  /** The focused element inside the picker. */
  get focused(): Element | null {
    return this.root.activeElement;
  }

  /** The option the search field points at (`aria-activedescendant`). */
  get activeOption(): HTMLElement | null {
    const id = this.search?.getAttribute('aria-activedescendant');
    return id ? this.root.querySelector<HTMLElement>(`#${id}`) : null;
  }

  /** Clicks the trigger and waits for the dialog and its opening animation (axe reads colours; a fading dialog is not what a user reads). */
  async open(): Promise<this> {
    this.trigger?.click();
    await waitFor(() => this.search, `the ${this.element.tagName.toLowerCase()} dialog`);
    await this.settled();
    return this;
  }

  /** Waits for the dialog's animations to end (one cancelled by a re-render counts as ended). */
  async settled(): Promise<void> {
    await untilAnimationsSettle(this.element);
  }

  /** Types into the search field as a user would (one input event with the whole text). */
  async type(text: string): Promise<void> {
    const search = this.search;
    if (!search) throw new Error('the dialog is not open');
    search.value = text;
    search.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
    await this.element.updateComplete;
  }

  /** Clicks the option with this title; waits for it to be listed first. */
  async choose(title: string): Promise<void> {
    await waitFor(() => this.optionTitles.includes(title), `the option ${title}`);
    this.options[this.optionTitles.indexOf(title)]!.click();
    await waitFor(() => !this.dialog, 'the dialog closed');
  }
}
