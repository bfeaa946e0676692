/**
 * What a picker's trigger (./picker.ts) and its dialog (./picker-dialog.ts, a
 * chunk of its own) share: the picker's strings, what the trigger shows, what
 * the dialog may ask of its picker, and what the picker calls on its dialog.
 * In a module of its own so that the dialog imports the trigger's side and the
 * trigger never imports the dialog's (no import circle, test/node/import-circles.test.ts).
 */
import type { CSSResult, PropertyValues } from 'lit';
import type { StringKey, Vars } from '../../i18n/strings.js';

/**
 * The strings a picker's open dialog shows, as keys of the string table. The
 * dialog names them (not the trigger), so their English travels with the
 * dialog's chunk (src/i18n/en/picker.ts); the trigger names only its
 * placeholder, which is also the dialog's heading (`PickerContext.selectKey`).
 */
export interface DialogKeys {
  /** Accessible name of the search field. */
  search: StringKey;
  placeholder: StringKey;
  /** Accessible name of the listbox. */
  list: StringKey;
  /** Empty state for a search that matches nothing (`{query}`). */
  noMatch: StringKey;
  /** Empty state without any option. */
  none: StringKey;
}

/** What a trigger shows: the selection's name, its logo, a title where the name may be cut, and a small second line (the asset button's chain). */
export interface TriggerView {
  text: string;
  logo?: unknown;
  title?: string | undefined;
  detail?: string;
}

/** What a dialog may use of its picker beyond the public properties: the picker's strings and locale. */
export interface PickerContext {
  t(key: StringKey, vars?: Vars): string;
  /** The locale for numbers in use now. */
  intl(): string | undefined;
  /** The trigger's placeholder and the dialog's heading: "Select chain". */
  selectKey(): StringKey;
}

/** What the picker calls on its dialog once loaded. */
export interface OpenedDialog {
  /** The dialog's style sheets, added to the picker's shadow root when it loads. */
  readonly styles: readonly CSSResult[];
  /** The state of a fresh opening, before the picker opens. */
  opening(): void;
  willUpdate(changed: PropertyValues): void;
  updated(open: boolean): void;
  disconnected(): void;
  render(): unknown;
}
