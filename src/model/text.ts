/**
 * Text from the service is inert: names and symbols are shown in
 * the page and handed to the wallet, so the characters that can turn a line
 * around or hide its end are removed once, at the data boundary, and a long
 * name is cut with an ellipsis instead of pushing the layout apart.
 *
 * Removed: the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), the invisible direction marks (U+200E, U+200F, U+061C) and
 * control characters (C0, DEL, C1): none belongs in a token or chain name.
 */

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The longest a chain or token name is shown, in characters. */
export const MAX_NAME_LENGTH = 40;
/** The longest a token or currency symbol is shown, in characters. */
export const MAX_SYMBOL_LENGTH = 12;

/** `value` without direction or control characters, at most `max` characters (the last one an ellipsis when cut). */
export function inertText(value: string, max = MAX_NAME_LENGTH): string {
  const chars = Array.from(value.replace(UNSAFE, '').trim());
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}
