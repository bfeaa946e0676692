/**
 * The later moments of the widget: the pickers' dialogs, the settings dialog, the quote line with its breakdown, the recipient field, the review (from the
 * click on Bridge to the broadcast), the tracker, the history, the wallet chooser and the account's pill. Each is a chunk
 * loaded when its moment comes, and fetched before it while the page is idle
 * once the form is interactive, so that no click waits on the network. One
 * rule for every such prefetch: not before the chain list is in (start-up's
 * requests go first, alone on a phone's narrow link), then when the page is
 * idle (`prefetch`, `whenIdle`). The
 * flow's code for a moment (its execution or tracking room and steps,
 * the route and status schemas) is fetched side by side with the moment's parts, not after them.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { loadChunk } from '../../flow/errors.js';
import { loadExecutionRoom, loadTrackingRoom, loadTrackingSteps, loadTransferSteps } from '../../flow/chunks.js';
import { loadAddressRules } from '../../model/address.js';
import type * as TokenPickerDialog from '../../components/token-picker/token-picker-dialog.js';
import type * as AssetPickerDialog from '../../components/asset-picker/asset-picker-dialog.js';
import type * as SwapSettingsDialog from '../../components/swap-settings/swap-settings-dialog.js';
import type * as Deposit from '../moments/deposit.js';
import type * as History from '../moments/history.js';
import type * as Quote from '../moments/quote.js';
import type * as Recipient from '../moments/recipient.js';
import type * as Review from '../moments/review.js';
import type * as Tracking from '../moments/tracking.js';
import type * as Wallets from '../moments/wallets.js';
import type * as Account from '../moments/account.js';

export interface Moments {
  /**
   * The pickers' dialogs. Each picker imports its own on its first open (src/components/shared/picker.ts); the same imports here only fetch them early. Nothing to register: a dialog renders inside its picker.
   * The swap box shows asset pickers only (their dialog extends the token picker's); `<bw-chain-picker>`'s dialog is fetched by that element alone.
   */
  pickers: [typeof TokenPickerDialog, typeof AssetPickerDialog];
  /** The settings gear's dialog. The gear imports it on its first click (src/components/swap-settings/swap-settings.ts); the same import here only fetches it early. */
  settings: typeof SwapSettingsDialog;
  /**
   * The quote line (`<bw-quote-panel>` with its breakdown): asked by the form as soon as it has what a quote needs, so its
   * round trip runs beside the quote's, or before that when the page is idle; the widget holds the line's place until then.
   */
  quote: typeof Quote;
  /** The recipient field, with the address rules it checks Solana, Cosmos and Bitcoin with (fetched side by side: the form's check needs them too). */
  recipient: typeof Recipient;
  review: typeof Review;
  tracking: typeof Tracking;
  history: typeof History;
  wallets: typeof Wallets;
  /** Paying into a deposit address: only on the user's choice (never in a `prefetch`), or to show a saved deposit transfer. */
  deposit: typeof Deposit;
  /** The connected account's pill and its menu: asked once there is an account or a chosen wallet to show. */
  account: typeof Account;
}

export type Moment = keyof Moments;

const LOADERS: { [K in Moment]: () => Promise<Moments[K]> } = {
  pickers: () => Promise.all([import('../../components/token-picker/token-picker-dialog.js'), import('../../components/asset-picker/asset-picker-dialog.js')]),
  settings: () => import('../../components/swap-settings/swap-settings-dialog.js'),
  quote: () => import('../moments/quote.js'),
  recipient: async () => (await Promise.all([import('../moments/recipient.js'), loadAddressRules()]))[0],
  review: async () => (await Promise.all([import('../moments/review.js'), loadExecutionRoom(), loadTransferSteps()]))[0],
  tracking: async () => (await Promise.all([import('../moments/tracking.js'), loadTrackingRoom(), loadTrackingSteps()]))[0],
  history: () => import('../moments/history.js'),
  wallets: () => import('../moments/wallets.js'),
  deposit: () => import('../moments/deposit.js'),
  account: () => import('../moments/account.js'),
};

/**
 * The moments fetched while the page is idle once the form is interactive: what a transfer needs, so Bridge opens the
 * review without waiting; the wallet chooser too when Connect will open it (wallets are being discovered and no account
 * is there). Never `deposit`: it is fetched only on the user's choice.
 */
export function idleMoments(chooser: boolean): Moment[] {
  return ['pickers', 'settings', 'quote', 'review', 'tracking', ...(chooser ? (['wallets'] as const) : []), 'account'];
}

export class MomentController implements ReactiveController {
  /** Moments whose chunk could not be loaded, with the error to show. */
  readonly failed = new Map<Moment, unknown>();
  readonly #loaded: Partial<Moments> = {};
  readonly #loading = new Map<Moment, Promise<unknown>>();
  /** What is scheduled for the next idle moment, by key, with how to cancel it. */
  readonly #idle = new Map<unknown, () => void>();

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    for (const cancel of this.#idle.values()) cancel();
    this.#idle.clear();
  }

  /** The moment's code if it is here; otherwise it starts loading, and the host renders again when it arrives. */
  get<K extends Moment>(moment: K): Moments[K] | undefined {
    const loaded = this.#loaded[moment];
    if (!loaded) void this.load(moment).catch(() => undefined);
    return loaded;
  }

  load<K extends Moment>(moment: K): Promise<Moments[K]> {
    let loading = this.#loading.get(moment) as Promise<Moments[K]> | undefined;
    if (!loading) {
      loading = loadChunk(LOADERS[moment]).then(
        (module) => {
          this.#loaded[moment] = module;
          this.#host.requestUpdate();
          return module;
        },
        (error: unknown) => {
          this.failed.set(moment, error);
          this.#host.requestUpdate();
          throw error;
        },
      );
      this.#loading.set(moment, loading);
    }
    return loading;
  }

  /** Fetches what a transfer needs (`idleMoments`) when the page is next idle (once; again after the widget is attached anew). */
  prefetch(chooser: boolean): void {
    this.whenIdle('prefetch', () => {
      for (const moment of idleMoments(chooser)) this.load(moment).catch(() => undefined);
    });
  }

  /** Runs `task` when the page is next idle, once per `key` (a name, or the object it prepares; again after the widget is attached anew). */
  whenIdle(key: unknown, task: () => void): void {
    if (this.#idle.has(key)) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(task, { timeout: 2_000 });
      this.#idle.set(key, () => cancelIdleCallback(id));
    } else {
      const id = setTimeout(task, 200);
      this.#idle.set(key, () => clearTimeout(id));
    }
  }
}
