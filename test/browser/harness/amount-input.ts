/**
 * A harness for `<bw-amount-input>`: typing, Max, and what the field shows
 * (its message, the USD value, the balance line), without tests knowing its
 * inner structure.
 */
import type { AmountInput } from '../../../src/components/amount-input/amount-input.js';

export class AmountInputHarness {
  constructor(readonly element: AmountInput) {}

  #root(): ShadowRoot {
    const root = this.element.shadowRoot;
    if (!root) throw new Error('<bw-amount-input> has not rendered');
    return root;
  }

  get input(): HTMLInputElement {
    return this.#root().querySelector('input')!;
  }

  /** Replaces the text as a user typing it would: one input event with the new value. */
  async type(text: string): Promise<void> {
    const input = this.input;
    input.value = text;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text.slice(-1) }));
    await this.element.updateComplete;
  }

  async max(): Promise<void> {
    this.#root().querySelector<HTMLButtonElement>('[part="max"]')!.click();
    await this.element.updateComplete;
  }

  get message(): string {
    return this.#root().querySelector('[part="message"]')?.textContent?.trim() ?? '';
  }

  get usd(): string {
    return this.#root().querySelector('[part="usd"]')?.textContent?.trim() ?? '';
  }

  get balanceText(): string | undefined {
    return this.#root().querySelector('[part="balance"]')?.textContent?.replace(/\s+/g, ' ').trim();
  }

  get invalid(): boolean {
    return this.input.getAttribute('aria-invalid') === 'true';
  }
}
