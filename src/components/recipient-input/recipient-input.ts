import { html, type PropertyValues, type PropertyDeclarations } from 'lit';
import { live } from 'lit/directives/live.js';
import { checkAddress, type AddressProblem } from '../../model/address.js';
// The Solana, Cosmos and Bitcoin rules: the field is a chunk (src/bridge-widget/moments/recipient.ts), and they come with it.
import '../../model/address-rules.js';
import { loadChecksum } from '../../model/checksum.js';
import type { AddressFamily } from '../../model/address.js';
import { enRecipient } from '../../i18n/en/recipient.js';
import { addEnglish } from '../../i18n/strings.js';
import { field, FieldElement } from '../shared/field.js';
import { PartEvent } from '../shared/part-event.js';
import { styles } from './recipient-input.styles.js';

/** Detail of `bw-recipient-change`: the value exactly as typed (never trimmed) and whether it can be used. */
export interface RecipientChangeDetail {
  value: string;
  /** True for a valid address, and for an empty value when the recipient is optional. */
  valid: boolean;
}

/** `bw-recipient-change`: the value changed, or a mixed-case EVM address's checksum has been checked. */
export class RecipientChangeEvent extends PartEvent<RecipientChangeDetail> {
  static override readonly type = 'bw-recipient-change';
}

interface FamilyInfo {
  /** The family's name in messages. */
  name: string;
  /** Default placeholder (Solana's is a string of the table; Cosmos's follows the prefix). */
  placeholder?: string;
  /** Length from which a value looks like a whole address (Cosmos: counted after the separator). */
  length: number;
}

const FAMILIES: Readonly<Record<AddressFamily, FamilyInfo>> = {
  evm: { name: 'EVM', placeholder: '0x…', length: 42 },
  solana: { name: 'Solana', length: 43 },
  cosmos: { name: 'Cosmos', length: 38 },
  bitcoin: { name: 'Bitcoin', placeholder: 'bc1…', length: 42 },
  sui: { name: 'Sui', placeholder: '0x…', length: 66 },
};

/** A family the element does not know (an attribute typo): no name, no placeholder. */
const UNKNOWN_FAMILY: FamilyInfo = { name: '', length: 42 };

/**
 * @summary The destination address field, checked for the destination chain's address family.
 *
 * The value is never trimmed or rewritten: stray whitespace is an error the
 * user sees. Problems show after the field loses focus, or as soon as the value
 * is long enough to be a whole address, so typing the first characters is quiet.
 * A mixed-case EVM address is checked against its EIP-55 checksum once that
 * code has arrived (a chunk loaded on demand): until then the hint shows and
 * the value is not valid.
 *
 * @fires {RecipientChangeEvent} bw-recipient-change - `CustomEvent<RecipientChangeDetail>` on every input, and again once a mixed-case EVM address's checksum has been checked. Bubbles, not composed.
 *
 * @csspart base - The wrapper around the field.
 * @csspart label - The visible label.
 * @csspart input - The text input.
 * @csspart message - The hint or problem line; its space is always reserved.
 *
 * @cssprop --bridge-color-surface - Input background.
 * @cssprop --bridge-color-border-strong - Input border.
 * @cssprop --bridge-color-danger - Problem messages and the invalid border.
 * @cssprop --bridge-font-mono - Font of the address.
 */
export class RecipientInput extends FieldElement {
  static override properties: PropertyDeclarations = {
    family: {},
    required: { type: Boolean },
    bech32Prefix: { attribute: 'bech32-prefix' },
    placeholder: {},
    hint: {},
    touched: { state: true },
  };

  static override styles = [...FieldElement.styles, styles];

  /** Address family of the destination chain. */
  family: AddressFamily = 'evm';

  /** The user must enter an address (the destination family differs from the wallet's). */
  required = false;

  /** Expected bech32 prefix for Cosmos destinations, e.g. `cataclysm`. */
  bech32Prefix: string | undefined = undefined;

  /** Placeholder text; by default an example address of the family. */
  placeholder: string | undefined = undefined;

  /** The line under the field while nothing is wrong; by default what a recipient is for (the field also takes a sender's address). */
  hint: string | undefined = undefined;

  /** The field lost focus once, or the value came from outside: problems show from then on. */
  private touched = false;

  /** The last value the user typed, to tell it from one the host sets. */
  #typedValue: string | undefined;

  /** The value whose checksum check waits for the checksum code. */
  #awaitedValue: string | undefined;

  constructor() {
    super();
    // The field's English is in its chunk, not in the first load (src/i18n/en.ts).
    addEnglish(enRecipient);
  }

  /** The current problem, or undefined for a usable address. */
  get problem(): AddressProblem | undefined {
    return checkAddress(this.value, this.family, this.bech32Prefix ? { bech32Prefix: this.bech32Prefix } : {});
  }

  /** Same meaning as `bw-recipient-change`'s `valid`. */
  get valid(): boolean {
    const problem = this.problem;
    return problem === undefined || (problem === 'empty' && !this.required);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A value set by the host, or a destination change under a finished value, is not typing in progress.
    const external = changed.has('value') && this.value !== this.#typedValue;
    const context = this.hasUpdated && (changed.has('family') || changed.has('bech32Prefix'));
    if ((external || context) && this.value !== '') this.touched = true;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.problem !== 'checking' || this.#awaitedValue === this.value) return;
    // The checksum code arrives on demand: then the same value is checked again and its validity told.
    const value = (this.#awaitedValue = this.value);
    loadChecksum().then(
      () => {
        if (this.value !== value) return;
        this.requestUpdate();
        this.#emitChange();
      },
      () => {},
    );
  }

  #onInput(event: Event): void {
    this.value = (event.target as HTMLInputElement).value;
    this.#typedValue = this.value;
    this.#emitChange();
  }

  #emitChange(): void {
    this.dispatchEvent(new RecipientChangeEvent({ value: this.value, valid: this.valid }));
  }

  #onBlur(): void {
    this.touched = true;
  }

  override render() {
    const error = this.#visibleError();
    const hint = this.hint ?? (this.required ? this.t('recipient.hint', { family: this.#info.name }) : this.t('recipient.hintOptional'));
    return field(
      'recipient',
      html`<span>${this.label || this.t('recipient.label')}</span>
        <span class="requirement">${this.t(this.required ? 'recipient.required' : 'recipient.optional')}</span>`,
      html`<input
        id="recipient"
        part="input"
        dir="ltr"
        type="text"
        .value=${live(this.value)}
        placeholder=${this.placeholder ?? this.#defaultPlaceholder()}
        ?required=${this.required}
        autocomplete="off"
        autocapitalize="off"
        spellcheck="false"
        ?disabled=${this.disabled}
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby="message"
        @input=${this.#onInput}
        @blur=${this.#onBlur}
      />`,
      error ?? hint,
      error ? 'error' : '',
    );
  }

  #visibleError(): string | undefined {
    const problem = this.problem;
    if (problem === undefined || problem === 'checking') return undefined;
    if (problem === 'empty') return this.required && this.touched ? this.t('recipient.empty') : undefined;
    if (problem !== 'whitespace' && !this.touched && !this.#looksComplete()) return undefined;
    return this.#problemText(problem);
  }

  get #info(): FamilyInfo {
    return FAMILIES[this.family] ?? UNKNOWN_FAMILY;
  }

  /** Long enough to be a whole address of the family: from then on problems show while typing. */
  #looksComplete(): boolean {
    const value = this.value;
    if (this.family === 'cosmos') {
      // Bech32: the part after the last "1" (the separator) has a fixed length; the prefix varies.
      const separator = value.lastIndexOf('1');
      return separator > 0 && value.length - separator - 1 >= this.#info.length;
    }
    return value.length >= this.#info.length;
  }

  #problemText(problem: Exclude<AddressProblem, 'empty' | 'checking'>): string {
    const family = this.family;
    switch (problem) {
      case 'whitespace':
        return this.t('recipient.whitespace');
      case 'checksum':
        return this.t(family === 'evm' ? 'recipient.checksumEvm' : 'recipient.checksum');
      case 'prefix':
        return family === 'bitcoin' ? this.t('recipient.prefixBitcoin') : this.t('recipient.prefix', { prefix: this.bech32Prefix ?? '' });
      case 'format':
        return family === 'evm' ? this.t('recipient.formatEvm') : this.t('recipient.format', { family: this.#info.name });
    }
  }

  #defaultPlaceholder(): string {
    if (this.family === 'cosmos') return `${this.bech32Prefix ?? 'cosmos'}1…`;
    return this.family === 'solana' ? this.t('recipient.solana') : (this.#info.placeholder ?? '');
  }
}

declare global {
  interface HTMLElementEventMap {
    'bw-recipient-change': RecipientChangeEvent;
  }
}
