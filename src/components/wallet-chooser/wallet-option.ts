/**
 * A wallet as the chooser shows it, and what the chooser's dialog reads of
 * the chooser: in a module of its own, since the chooser imports its dialog
 * (./wallet-chooser.ts) and the dialog must not import the chooser back.
 */
import type { PickerElement } from '../shared/picker.js';

/** A wallet as the chooser shows it; the shell derives it from the EIP-6963 announcements. */
export interface WalletOption {
  /** The announcement's uuid; what `bw-wallet-select` reports. */
  id: string;
  /** Shown as text, never as markup. */
  name: string;
  /** Untrusted: shown only through an `<img>`, and only a `data:image/(svg+xml|png|webp)` URI or an https URL; else the name's letters. */
  icon?: string;
  /** Reverse DNS name (`io.metamask`), shown under the name so that two wallets with one name can be told apart. */
  rdns?: string;
}

/**
 * Another way to pay than a wallet of this browser, offered under the list:
 * a wallet on another device, a wallet app's own browser, a deposit address.
 * With `href` it is a link (it leaves the page, or opens an app); without, a
 * button that fires `bw-way-select` and leaves the rest to the shell.
 */
export interface WayOption {
  /** What `bw-way-select` reports (`walletconnect`, `deposit`, …). */
  id: string;
  /** Shown as text. */
  title: string;
  /** A second line saying what happens. */
  detail?: string;
  /** Only an https URL (or a wallet's own scheme the shell built); the chooser never takes one from the service. */
  href?: string;
}

/** The chooser as its dialog sees it: a picker with the wallets to offer and the other ways to show. */
export type WalletList = PickerElement & { readonly wallets: WalletOption[]; readonly shownWays: WayOption[] };
