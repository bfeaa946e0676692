/**
 * What the swap box lets the user change and when it shows its optional
 * pieces: the presets a host locked, the recipient field, the main button's
 * wait for the quote line, the history under the form, and each side's units
 * before a token is chosen. The form's view (src/bridge-widget/moments/form.ts)
 * renders what these say; none of them reads the DOM.
 */
import type { Token } from '../api/schemas.js';
import { SIDES, type Draft, type MainAction, type Side } from './form.js';
import type { SessionSettings } from './settings.js';

/** The attributes a host can preset and, with `lock-presets`, lock. */
export type Preset = 'fromChain' | 'toChain' | 'fromToken' | 'toToken' | 'amount' | 'toAddress';

/** A preset the user cannot change: the host set it and asked for `lock-presets` (an empty preset locks nothing). */
export function presetLocked<P extends Preset>(settings: Pick<SessionSettings, P | 'lockPresets'>, preset: P): boolean {
  return settings.lockPresets && !!settings[preset];
}

/** Any chain or token locked: the two sides cannot trade places. */
export function sidesLocked(settings: Pick<SessionSettings, Preset | 'lockPresets'>): boolean {
  return SIDES.some((side) => presetLocked(settings, `${side}Chain`) || presetLocked(settings, `${side}Token`));
}

/**
 * The recipient field shows when the user opened it (`opened`), the destination needs an address the wallet cannot
 * give (`required`), the host preset one, or one is typed; it is `forced` (no toggle to close it) when the destination
 * needs it or the preset is locked.
 */
export function recipientField(
  settings: Pick<SessionSettings, 'toAddress' | 'lockPresets'>,
  required: boolean,
  typed: string,
  opened: boolean,
): { open: boolean; forced: boolean } {
  return { open: opened || required || !!settings.toAddress || !!typed, forced: required || presetLocked(settings, 'toAddress') };
}

/**
 * Whether the main button can be pressed: its action does something, no look-up of an unknown outcome is running, and
 * Bridge waits for the quote line: no transfer starts before the user could see its fees and, when the quote loses
 * value, tick its confirmation (which only the line offers). In practice the line is here before the quote is.
 * `quoteLine` is asked only for Bridge: asking fetches the line's chunk.
 */
export function mainButtonEnabled(action: MainAction, looking: boolean, quoteLine: () => boolean): boolean {
  return action.enabled && !looking && (action.key !== 'action.bridge' || quoteLine());
}

/** The recent transfers show under the form only (the session's `view`): with a proxy to ask, and once the account has one. */
export function showsHistory(proxyUrl: string, view: string, transfers = 0): boolean {
  return !!proxyUrl && view === 'form' && transfers > 0;
}

/** How many decimals and which symbol a side's amounts show with: before a token is chosen, none and 18 (the amount field and the quote line need a scale). */
export interface Units {
  symbol: string;
  decimals: number;
}

/** Each side's units, from the draft's tokens. */
export function sideUnits({ fromToken, toToken }: Pick<Draft, 'fromToken' | 'toToken'>): Record<Side, Units> {
  const units = (token: Token | undefined): Units => ({ symbol: token?.symbol ?? '', decimals: token?.decimals ?? 18 });
  return { from: units(fromToken), to: units(toToken) };
}
