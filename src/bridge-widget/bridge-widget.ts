import { LitElement, html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { WidgetClient } from '../api/client.js';
import type { ResponseMeta } from '../api/client.js';
import { RateLimitedError, isRoutingError } from '../api/errors.js';
import { sleep } from '../api/rate-limit.js';
import type { BalancesResponse, Chain, Estimate, IntentStatus, PostHook, QuoteRequest, Token } from '../api/schemas.js';
import { addressFamilyOf, checkAddress } from '../api/validate.js';
import type { AddressFamily } from '../api/validate.js';
import { hostStyles, tokenDefaults } from '../components/shared/styles.js';
import type { ChainOption } from '../components/chain-picker/chain-picker.js';
import type { TokenOption } from '../components/token-picker/token-picker.js';
import type { StatusView, TransferPhase } from '../components/status-tracker/status-tracker.js';
import { valueLossPercent } from '../components/quote-panel/quote-panel.js';
import { formatAmount, parseAmountInput, shortenHex } from '../format/amount.js';
import { explorerTxUrl } from '../format/safe-url.js';
import { destinationAvailability, isSourceChain, loadChains, loadTokens, parseList, passesLists } from '../flow/catalog.js';
import { IntentStore, isFinalPhase } from '../flow/intent-store.js';
import type { SavedToken, SavedTransfer } from '../flow/intent-store.js';
import { FlowError, isNativeToken, sendTransfer, trackTransfer } from '../flow/transfer.js';
import type { ApprovalProgress, ExecutionPhase, RouteReview, TrackOutcome } from '../flow/transfer.js';
import type { RouteReviewView } from '../components/route-review/route-review.js';
import { WalletError, getAccounts, getChainId, isEip1193Provider, requestAccounts, watchWallet } from '../wallet/index.js';
import type { Address, Eip1193Provider } from '../wallet/index.js';
import type { BridgeStatusDetail, BridgeWidgetEventMap } from './events.js';
import { styles } from './bridge-widget.styles.js';
import { en, fill, onLocaleRegistered, resolveLocale, type ResolvedLocale, type StringKey, type StringOverrides, type Strings, type Vars } from '../i18n/strings.js';
import type { AnnounceDetail } from '../components/shared/part.js';

const QUOTE_DEBOUNCE_MS = 400;
const QUOTE_REFRESH_MS = 20_000;
const BALANCE_REPOLL_MS = 2_000;
const BALANCE_REPOLL_LIMIT = 5;
/** Kept back by "Max" on native tokens so the transfer itself can pay gas. */
const NATIVE_GAS_RESERVE = 10n ** 15n;

type View = 'form' | 'executing' | 'tracking';
type Side = 'from' | 'to';
const SIDES: readonly Side[] = ['from', 'to'];

interface Catalog {
  chains: Chain[];
  tokens: Token[];
}

/** A complete quote request plus a string key, so that an unchanged request keeps its identity (Task compares arguments by identity). */
interface QuoteInputs extends QuoteRequest {
  key: string;
  slippage: number;
}

interface QuoteResult {
  inputs: QuoteInputs;
  estimate: Estimate;
  at: number;
}

/** What the form adds up to, worked out once per update: the render, the quote task and the actions all read it. */
interface Draft {
  fromToken?: Token | undefined;
  toToken?: Token | undefined;
  balance?: bigint | undefined;
  family?: AddressFamily | undefined;
  recipientRequired?: boolean;
  /** Why the typed amount cannot be sent: a parse problem or `insufficient-balance`. */
  amountProblem?: string | undefined;
  /** The address funds go to; undefined while it is missing or invalid. */
  recipient?: string | undefined;
  /** Set once everything a quote needs is there (and the form is shown). */
  inputs?: QuoteInputs | undefined;
}

interface Problem {
  kind: string;
  /** For `route-rejected`: the guard rule that failed. */
  rule?: string | undefined;
  message: string;
  requestId?: string | undefined;
  retryable: boolean;
}

/**
 * Inner parts of the parts, re-exported under the widget's own part names so
 * that a host can style them with `bridge-widget::part(name)`. See the
 * `@csspart` list on BridgeWidget: these names are public and stable.
 */
const EXPORT_PICKER = 'label, trigger: picker-trigger, dialog: picker-dialog, search: picker-search, list: picker-list, option: picker-option, close: picker-close, logo';
const EXPORT_AMOUNT = 'label, control: amount-control, input: amount-input, max: max-button, usd: amount-usd, balance: amount-balance, message: field-message';
const EXPORT_RECIPIENT = 'label, input: recipient-input, message: field-message';
const EXPORT_QUOTE = 'base: quote, details: quote-details, slippage-option, slippage-input, value-loss';
const EXPORT_APPROVALS = 'base: approvals, step: approval-step, badge: approval-badge, retry: secondary-button, tx-link';
const EXPORT_TRACKER = 'base: tracker, heading: tracker-heading, steps: tracker-steps, notice, tx-link, support: tracker-support, copy: copy-button, new-transfer: primary-button, close: secondary-button';

/** Notices the flow sets as English text; shown in the widget's language. */
const NOTICE_KEYS: Readonly<Record<string, StringKey>> = {
  [en['notice.busy']]: 'notice.busy',
  [en['notice.unreachable']]: 'notice.unreachable',
};

/** The `error.*` string that explains a problem (it may not exist: then the problem's own message stands). */
function errorKey(problem: Omit<Problem, 'message'>): string {
  return `error.${problem.kind === 'no-route' && problem.retryable ? 'no-route-retry' : problem.kind}`;
}

function englishText(key: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(en, key) ? en[key as StringKey] : undefined;
}

function describeError(error: unknown): Problem {
  if (error instanceof FlowError) return { kind: error.kind, rule: error.rule, message: error.message, requestId: error.requestId, retryable: error.recoverable };
  if (error instanceof WalletError) return { kind: `wallet-${error.kind}`, message: error.message, retryable: true };
  if (isRoutingError(error)) {
    const problem = { kind: error.kind, requestId: error.requestId, retryable: error.retryable };
    // The service's wording is technical: the string table explains the kinds it knows.
    return { ...problem, message: englishText(errorKey(problem)) ?? error.message };
  }
  return { kind: 'unexpected', message: error instanceof Error ? error.message : 'Something went wrong.', retryable: true };
}

function chainFamily(chain: Chain | undefined): AddressFamily | undefined {
  return chain ? addressFamilyOf(chain.chainType) : undefined;
}

/** Case-insensitive equality of ids, addresses and symbols; never true for a missing one. */
function sameId(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

/** What a saved transfer keeps of a token. */
function savedToken({ address, symbol, decimals }: Token): SavedToken {
  return { address, symbol, decimals };
}

/** The token the page or the user asked for (by address, else by symbol), else the list's first. */
function pickToken(list: Token[], wanted: string): Token | undefined {
  return list.find((t) => sameId(t.address, wanted)) ?? list.find((t) => sameId(t.symbol, wanted)) ?? list[0];
}

/**
 * @summary Move value between blockchains: pick chains and tokens, get a quote, approve, send and follow the transfer to its end.
 *
 * @fires {CustomEvent<BridgeQuoteDetail>} bridge-quote - A quote was received. `detail`: estimate, chains, tokens, requestId.
 * @fires {CustomEvent<BridgeRouteDetail>} bridge-route - A route (intent) was created. `detail`: intentId, route, requestId, providerRequestId.
 * @fires {CustomEvent<BridgeApprovalDetail>} bridge-approval - An approval step changed state (sent or done). `detail`: intentId, token, spender, amount, state, txHash.
 * @fires {CustomEvent<BridgeTransactionDetail>} bridge-transaction - The source transaction was broadcast. `detail`: intentId, txHash, chainId.
 * @fires {CustomEvent<BridgeStatusDetail>} bridge-status - The transfer's status changed. `detail`: intentId, status, hashes, needsGas, requestId, metadata.
 * @fires {CustomEvent<BridgeSuccessDetail>} bridge-success - The service reported `success`; only then. `detail`: the status detail plus toAmount.
 * @fires {CustomEvent<BridgeFailedDetail>} bridge-failed - The service reported `failed` (a refund is initiated) or no longer knows the transfer. `detail`: intentId, reason.
 * @fires {CustomEvent<BridgeErrorDetail>} bridge-error - Something the user must act on: a rejected quote, no route, a wallet refusal, an unreachable service, a route refused by the guards (`route-rejected`, nothing signed). `detail`: kind, rule, message, requestId, retryable.
 *
 * @csspart base - The card that holds the widget.
 * @csspart header - The title row (title and connected account).
 * @csspart title - The title.
 * @csspart account - The connected account and its network.
 * @csspart group - The "From" and "To" field groups.
 * @csspart label - Every field label (pickers, amount, recipient).
 * @csspart picker-trigger - The four chain and token picker buttons.
 * @csspart picker-dialog - A picker's modal dialog.
 * @csspart picker-search - A picker's search field.
 * @csspart picker-list - A picker's list of options.
 * @csspart picker-option - One option in a picker.
 * @csspart picker-close - A picker's close button.
 * @csspart logo - Token and chain logos (image or fallback letters).
 * @csspart amount-control - The box around the amount input and the token symbol.
 * @csspart amount-input - The amount text input.
 * @csspart amount-usd - The USD value of the typed amount.
 * @csspart amount-balance - The balance line with the Max button.
 * @csspart max-button - The Max button.
 * @csspart recipient-input - The recipient address input.
 * @csspart field-message - The hint or problem line under the amount and the recipient.
 * @csspart quote - The quote panel.
 * @csspart quote-details - The amounts and fees in the quote.
 * @csspart slippage-option - A slippage preset button.
 * @csspart slippage-input - The custom slippage input.
 * @csspart value-loss - The value-loss warning and its checkbox.
 * @csspart primary-button - The main action: bridge, connect, and "Start a new transfer" when a transfer is over.
 * @csspart secondary-button - Secondary actions: "Try again", "Close".
 * @csspart notice - Every notice, the tracker's included.
 * @csspart notice-error - Error notices (also `notice`).
 * @csspart notice-warning - Warning notices (also `notice`).
 * @csspart notice-info - Information notices (also `notice`).
 * @csspart status - The current step while a transfer is being prepared and signed.
 * @csspart approvals - The list of token approvals.
 * @csspart approval-step - One approval.
 * @csspart approval-badge - The state of one approval.
 * @csspart tracker - The transfer's progress, once sent.
 * @csspart tracker-heading - The phase heading of the progress.
 * @csspart tracker-steps - The progress stepper.
 * @csspart tracker-support - The support details (ids with copy buttons).
 * @csspart copy-button - A copy button in the support details.
 * @csspart tx-link - A transaction explorer link.
 * @csspart history-toggle - The "Recent transfers" button.
 * @csspart history - The list of recent transfers.
 * @csspart history-item - One recent transfer.
 *
 * @cssprop --bridge-color-bg - Card background.
 * @cssprop --bridge-color-surface - Background of grouped fields.
 * @cssprop --bridge-color-surface-raised - Background of dialogs and raised controls.
 * @cssprop --bridge-color-border - Borders and dividers.
 * @cssprop --bridge-color-text - Main text colour.
 * @cssprop --bridge-color-text-muted - Secondary text colour.
 * @cssprop --bridge-color-accent - Buttons and highlights.
 * @cssprop --bridge-color-accent-text - Text on accent backgrounds.
 * @cssprop --bridge-color-focus - Focus ring.
 * @cssprop --bridge-color-success - Success text.
 * @cssprop --bridge-color-warning - Warning text.
 * @cssprop --bridge-color-warning-bg - Warning background.
 * @cssprop --bridge-color-danger - Error text.
 * @cssprop --bridge-color-danger-bg - Error background.
 * @cssprop --bridge-radius - Corner radius of the card and large controls.
 * @cssprop --bridge-radius-small - Corner radius of small controls.
 * @cssprop --bridge-spacing - Base spacing unit.
 * @cssprop --bridge-font - Font family.
 * @cssprop --bridge-font-size - Base font size.
 * @cssprop --bridge-max-width - Maximum width of the widget.
 * @cssprop --bridge-z-index - Stacking order of the pickers' dialogs.
 * @cssprop --bridge-color-backdrop - Overlay behind the pickers' dialogs.
 * @cssprop --bridge-color-border-strong - Borders of form controls (inputs, picker triggers).
 * @cssprop --bridge-font-mono - Monospace font for addresses, hashes and ids.
 */
export class BridgeWidget extends LitElement {
  static override styles = [tokenDefaults, hostStyles, styles];

  /** Base URL of the host's backend proxy (required); the routing service's `/api/v1/...` paths are appended to it. */
  @property({ attribute: 'proxy-url' }) proxyUrl = '';
  /** Preset source chain id, e.g. `11155111`. */
  @property({ attribute: 'from-chain' }) fromChain = '';
  /** Preset destination chain id, e.g. `84532` or `cataclysm-1`. */
  @property({ attribute: 'to-chain' }) toChain = '';
  /** Preset source token: address or symbol. */
  @property({ attribute: 'from-token' }) fromToken = '';
  /** Preset destination token: address or symbol. */
  @property({ attribute: 'to-token' }) toToken = '';
  /** Preset amount in human units, e.g. `25.5`. */
  @property() amount = '';
  /** Preset recipient on the destination chain. Defaults to the wallet's address when the chain families match. */
  @property({ attribute: 'to-address' }) toAddress = '';
  /** Slippage tolerance in percent (default 1). Above 3 some providers decline the route. */
  @property({ type: Number }) slippage = 1;
  /** Colour theme: `light`, `dark`, or `auto` (follows the system setting). */
  @property({ reflect: true }) theme: 'light' | 'dark' | 'auto' = 'auto';
  /** Comma-separated chain ids allowed as source; others are hidden. */
  @property({ attribute: 'allow-from-chains' }) allowFromChains = '';
  /** Comma-separated chain ids never offered as source. */
  @property({ attribute: 'deny-from-chains' }) denyFromChains = '';
  /** Comma-separated chain ids allowed as destination. */
  @property({ attribute: 'allow-to-chains' }) allowToChains = '';
  /** Comma-separated chain ids never offered as destination. */
  @property({ attribute: 'deny-to-chains' }) denyToChains = '';
  /** Comma-separated token addresses or symbols allowed as source. */
  @property({ attribute: 'allow-from-tokens' }) allowFromTokens = '';
  /** Comma-separated token addresses or symbols never offered as source. */
  @property({ attribute: 'deny-from-tokens' }) denyFromTokens = '';
  /** Comma-separated token addresses or symbols allowed as destination. */
  @property({ attribute: 'allow-to-tokens' }) allowToTokens = '';
  /** Comma-separated token addresses or symbols never offered as destination. */
  @property({ attribute: 'deny-to-tokens' }) denyToTokens = '';
  /** Locks every field preset by an attribute (for landing pages): the user can only change the others. */
  @property({ type: Boolean, attribute: 'lock-presets' }) lockPresets = false;
  /** Opt in to approving the maximum amount instead of the exact amount the route needs. */
  @property({ type: Boolean, attribute: 'unlimited-approval' }) unlimitedApproval = false;
  /** Seconds to wait for the user to answer a wallet prompt before showing an error (default 300). A transfer confirmed later is still picked up and tracked. */
  @property({ type: Number, attribute: 'wallet-timeout' }) walletTimeout = 300;
  /** Percent of value loss (USD in vs. out) above which the user must confirm. Default 5. */
  @property({ type: Number, attribute: 'value-loss-threshold' }) valueLossThreshold = 5;

  /**
   * Language of the texts and format of the numbers: a BCP 47 tag such as `de` or `de-CH`. Built in: `en`;
   * German once its add-on is loaded (`bridge-widget/locales/de`, or `bridge-widget.de.js` for script tags).
   * Another language shows English texts (give yours through `strings`) with that locale's number format.
   * Unset: the `lang` of the closest ancestor, else English.
   */
  @property() locale = '';
  /** Texts to use instead of the locale's: any subset of the string table's keys (`src/i18n/en.ts`), `{name}` placeholders kept. */
  @property({ attribute: false }) strings: StringOverrides | undefined = undefined;

  /** Any EIP-1193 provider (`window.ethereum`, a wallet SDK's provider). Optional until the user needs to sign. */
  @property({ attribute: false }) provider: Eip1193Provider | undefined = undefined;
  /** Object sent with the route request and echoed back in every status. */
  @property({ attribute: false }) metadata: Record<string, unknown> | undefined = undefined;
  /** The spec's `hooks.postHook`: a contract call on the destination chain once funds arrive. */
  @property({ attribute: false }) postHook: PostHook | undefined = undefined;

  @state() private account: Address | undefined;
  @state() private walletChainId: number | undefined;
  @state() private fromChainId = '';
  @state() private toChainId = '';
  @state() private fromTokenAddress = '';
  @state() private toTokenAddress = '';
  @state() private amountText = '';
  @state() private recipient = '';
  @state() private slippageValue = 1;
  @state() private view: View = 'form';
  @state() private phase: ExecutionPhase | undefined;
  @state() private approvals: readonly ApprovalProgress[] = [];
  /** The provider the route chose: a quote does not name one, the route does. */
  @state() private routeInfo: { provider: string; reliabilityScore: number | undefined } | undefined;
  /** What the wallet is about to sign (guards passed), or the terms change waiting for the user's answer. */
  @state() private review: RouteReviewView | undefined;
  private answerTerms: ((accept: boolean) => void) | undefined;
  @state() private problem: Problem | undefined;
  @state() private notice: string | undefined;
  @state() private valueLossConfirmed = false;
  @state() private tracked: SavedTransfer | undefined;
  @state() private trackedStatus: IntentStatus | undefined;
  @state() private trackedFinal: TransferPhase | undefined;
  @state() private nextCheckAt: number | undefined;
  @state() private showHistory = false;
  /** Text of the one polite live region: phase and status changes, from the shell and its parts. */
  @state() private announcement = '';

  private client: WidgetClient | undefined;
  private store: IntentStore | undefined;
  private unwatchWallet: (() => void) | undefined;
  private unwatchLocales: (() => void) | undefined;
  private execution: AbortController | undefined;
  private tracking = new Map<string, AbortController>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private balanceTimer: ReturnType<typeof setTimeout> | undefined;
  private rateLimitTimer: ReturnType<typeof setTimeout> | undefined;
  private balancePolls = 0;
  private presetsApplied = false;
  /** Destinations a quote reached (a chain the service lists as unconfirmed becomes selectable); changes only as a quote completes, which renders anyway. */
  private readonly confirmedDestinations = new Set<string>();
  /** Set with each status shown, which renders anyway. */
  private lastCheckedAt: number | undefined;
  private draft: Draft = {};
  private readonly tokenOptionsMemo = new Map<string, { inputs: readonly unknown[]; options: TokenOption[] }>();
  private i18nMemo: { requested: string; strings: StringOverrides | undefined; resolved: ResolvedLocale; table: Strings } | undefined;
  /** Focus was inside the widget before the current update (to put it back somewhere sensible when a view replaces it). */
  private focusWasInside = false;

  private readonly catalogTask = new Task(this, {
    task: async ([proxyUrl]: readonly [string]): Promise<Catalog> => {
      if (!proxyUrl) throw new Error(en['widget.noProxy']);
      const client = this.ensureClient();
      try {
        const [chains, tokens] = await Promise.all([loadChains(client), loadTokens(client)]);
        return { chains, tokens };
      } catch (error) {
        this.retryWhenRateLimited(error, () => this.catalogTask.run());
        throw error;
      }
    },
    args: () => [this.proxyUrl] as const,
  });

  private readonly balancesTask = new Task(this, {
    task: async ([proxyUrl, account]: readonly [string, string | undefined], { signal }): Promise<BalancesResponse | undefined> => {
      if (!proxyUrl || !account) return undefined;
      const { data } = await this.ensureClient().balances(account, { signal });
      clearTimeout(this.balanceTimer);
      // A partial answer means some chains are still coming in: ask again a few times.
      if (data.partial && this.balancePolls < BALANCE_REPOLL_LIMIT) {
        this.balancePolls++;
        this.balanceTimer = setTimeout(() => this.balancesTask.run(), BALANCE_REPOLL_MS);
      }
      return data;
    },
    args: () => [this.proxyUrl, this.account] as const,
  });

  private readonly quoteTask = new Task(this, {
    task: async ([inputs]: readonly [QuoteInputs | undefined], { signal }): Promise<QuoteResult | undefined> => {
      clearTimeout(this.refreshTimer);
      if (!inputs) return undefined;
      // A newer keystroke aborts this run before the request leaves: debounce for free.
      await sleep(QUOTE_DEBOUNCE_MS, signal);
      let answer: Awaited<ReturnType<WidgetClient['quote']>>;
      try {
        answer = await this.ensureClient().quote(inputs, { signal });
      } catch (error) {
        this.retryWhenRateLimited(error, () => this.quoteTask.run());
        throw error;
      }
      const { data, meta } = answer;
      this.confirmedDestinations.add(inputs.toChain);
      this.emit('bridge-quote', {
        estimate: data,
        fromChain: inputs.fromChain,
        toChain: inputs.toChain,
        fromToken: inputs.fromToken,
        toToken: inputs.toToken,
        requestId: meta.requestId,
      });
      this.refreshTimer = setTimeout(() => {
        if (this.view === 'form') void this.quoteTask.run();
      }, QUOTE_REFRESH_MS);
      return { inputs, estimate: data, at: Date.now() };
    },
    // The inputs keep their identity while the request is unchanged (see `readDraft`).
    args: () => [this.draft.inputs] as const,
  });

  /** A 429 the client could not ride out: the widget says it will retry, so it does, when the service allows. */
  private retryWhenRateLimited(error: unknown, retry: () => void): void {
    if (!(error instanceof RateLimitedError)) return;
    clearTimeout(this.rateLimitTimer);
    this.rateLimitTimer = setTimeout(() => {
      if (this.isConnected) retry();
    }, error.retryAfterMs);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.watchProvider();
    this.unwatchLocales = onLocaleRegistered(() => {
      this.i18nMemo = undefined;
      this.requestUpdate();
    });
    if (this.hasUpdated) {
      // Reattached after a move in the DOM: fetch again what disconnecting aborted.
      void this.balancesTask.run();
      void this.quoteTask.run();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unwatchWallet?.();
    this.unwatchWallet = undefined;
    this.unwatchLocales?.();
    clearTimeout(this.refreshTimer);
    clearTimeout(this.balanceTimer);
    clearTimeout(this.rateLimitTimer);
    // A detached widget must not keep requests (and itself) alive.
    this.quoteTask.abort();
    this.balancesTask.abort();
    this.execution?.abort();
    for (const controller of this.tracking.values()) controller.abort();
    this.tracking.clear();
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('proxyUrl')) {
      this.client = undefined;
      this.store = undefined;
    }
    if (changed.has('slippage') && this.slippageValid) this.slippageValue = this.slippage;
    if (changed.has('amount') && this.amount !== undefined) this.amountText = this.amount;
    if (changed.has('toAddress') && this.toAddress) this.recipient = this.toAddress;
    if (['fromChain', 'toChain', 'fromToken', 'toToken'].some((name) => changed.has(name))) this.presetsApplied = false;
    const catalog = this.catalogTask.value;
    if (!this.presetsApplied && catalog) this.applyPresets(catalog);
    this.draft = this.readDraft();
    this.focusWasInside = this.hasUpdated && this.matches(':focus-within');
    if (changed.has('phase') && this.phase && this.view === 'executing') this.say(this.t(`phase.${this.phase}`));
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('provider')) this.watchProvider();
    // When a new view replaced the focused control, focus goes to the new view's start rather than to the page.
    if (changed.has('view') && this.focusWasInside && !this.shadowRoot?.activeElement) void this.focusView();
  }

  /** Typed dispatch of the public events. */
  private emit<K extends keyof BridgeWidgetEventMap>(type: K, detail: BridgeWidgetEventMap[K]['detail']): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  private ensureClient(): WidgetClient {
    return (this.client ??= new WidgetClient({ baseUrl: this.proxyUrl }));
  }

  private ensureStore(): IntentStore {
    return (this.store ??= new IntentStore(typeof localStorage === 'undefined' ? undefined : localStorage, this.proxyUrl));
  }

  private watchProvider(): void {
    this.unwatchWallet?.();
    this.unwatchWallet = undefined;
    const provider = this.provider;
    if (!this.isConnected) return;
    if (!provider) {
      this.account = undefined;
      return;
    }
    if (!isEip1193Provider(provider)) {
      this.problem = { kind: 'no-provider', message: en['error.no-provider'], retryable: false };
      return;
    }
    const setChain = (id: number) => {
      if (this.provider === provider) this.walletChainId = id;
    };
    const setAccount = (accounts: readonly Address[]) => {
      if (this.provider === provider) this.onAccount(accounts[0]);
    };
    this.unwatchWallet = watchWallet(provider, {
      accountsChanged: setAccount,
      chainChanged: setChain,
      disconnect: () => this.onAccount(undefined),
    });
    // Reading accounts never prompts: the widget only asks to connect when the user clicks.
    getAccounts(provider)
      .then(setAccount)
      .catch(() => undefined);
    getChainId(provider)
      .then(setChain)
      .catch(() => undefined);
  }

  private onAccount(account: Address | undefined): void {
    if (sameId(account, this.account)) return;
    const previous = this.account;
    this.account = account;
    this.balancePolls = 0;
    if (previous && this.view === 'executing') {
      // The flow re-checks the account before every signature; stopping here makes that visible at once.
      this.execution?.abort(new FlowError('wrong-account', 'The wallet account changed during the transfer. Nothing further was sent.'));
    }
    if (account) this.resumeSaved(account);
  }

  private applyPresets({ chains, tokens }: Catalog): void {
    this.presetsApplied = true;
    for (const side of SIDES) {
      const list = this.chainsFor(side, chains);
      const find = (id: string) => list.find((c) => sameId(c.chainId, id));
      const chain = find(this[`${side}Chain`]) ?? find(this[`${side}ChainId`]) ?? list.find((c) => side === 'from' || c.chainId !== this.fromChainId);
      const chainId = chain?.chainId ?? '';
      this[`${side}ChainId`] = chainId;
      this[`${side}TokenAddress`] = pickToken(this.tokensFor(side, chainId, tokens), this[`${side}Token`] || this[`${side}TokenAddress`])?.address ?? '';
    }
  }

  private get slippageValid(): boolean {
    return Number.isFinite(this.slippage) && this.slippage > 0 && this.slippage < 50;
  }

  /**
   * Attributes a host set to something unusable, each with what the widget
   * does instead, so a typo on a landing page is visible rather than silent.
   */
  private get configProblems(): string[] {
    const problems: string[] = [];
    const threshold = this.valueLossThreshold;
    if (this.hasAttribute('slippage') && !this.slippageValid) problems.push(this.t('config.slippage', { value: this.getAttribute('slippage')!, used: this.slippageValue }));
    if (this.hasAttribute('value-loss-threshold') && !(threshold >= 0 && threshold <= 100)) problems.push(this.t('config.threshold', { value: this.getAttribute('value-loss-threshold')! }));
    if (!['light', 'dark', 'auto'].includes(this.theme)) problems.push(this.t('config.theme', { value: this.theme }));
    const catalog = this.catalogTask.value;
    for (const side of catalog ? SIDES : []) {
      const preset = this[`${side}Chain`];
      if (preset && !this.chainsFor(side, catalog!.chains).some((c) => sameId(c.chainId, preset))) problems.push(this.t(`config.${side}Chain`, { value: preset }));
    }
    for (const side of catalog ? SIDES : []) {
      const chainId = this[`${side}ChainId`];
      const token = this[`${side}Token`];
      const preset = this[`${side}Chain`];
      // Only while the preset chain is selected: after the user picks another chain the preset token no longer applies.
      if (token && chainId && (!preset || sameId(preset, chainId)) && !this.tokensFor(side, chainId, catalog!.tokens).some((t) => sameId(t.address, token) || sameId(t.symbol, token))) {
        problems.push(this.t(`config.${side}Token`, { value: token }));
      }
    }
    return problems;
  }

  /** A predicate for the host's allow and deny attributes of one side, for chains (ids) or tokens (addresses and symbols). */
  private passes(side: Side, what: 'Chains' | 'Tokens'): (...values: string[]) => boolean {
    const name = side === 'from' ? 'From' : 'To';
    const allow = parseList(this[`allow${name}${what}`]);
    const deny = parseList(this[`deny${name}${what}`]);
    return (...values) => passesLists(values, allow, deny);
  }

  /** Chains offered on a side: sources are the chains the wallet can sign on. */
  private chainsFor(side: Side, chains = this.chains): Chain[] {
    const passes = this.passes(side, 'Chains');
    return chains.filter((c) => (side === 'to' || isSourceChain(c)) && passes(c.chainId));
  }

  private tokensFor(side: Side, chainId: string, tokens = this.catalogTask.value?.tokens ?? []): Token[] {
    const passes = this.passes(side, 'Tokens');
    return tokens.filter((t) => t.chainId === chainId && passes(t.address, t.symbol));
  }

  private get chains(): Chain[] {
    return this.catalogTask.value?.chains ?? [];
  }

  private chainById(id: string): Chain | undefined {
    return this.chains.find((c) => c.chainId === id);
  }

  private tokenOf(chainId: string, address: string): Token | undefined {
    return this.catalogTask.value?.tokens.find((t) => t.chainId === chainId && sameId(t.address, address));
  }

  private balanceOf(chainId: string, address: string): bigint | undefined {
    const result = this.balancesTask.value?.results.find((r) => r.chain_id === chainId);
    if (!result) return undefined;
    const native = isNativeToken(address);
    const row = result.balances.find((b) => (native ? b.category === 'native' : sameId(b.contract, address)));
    return row ? row.balance : result.error ? undefined : 0n;
  }

  private readDraft(): Draft {
    const fromToken = this.tokenOf(this.fromChainId, this.fromTokenAddress);
    const toToken = this.tokenOf(this.toChainId, this.toTokenAddress);
    const family = chainFamily(this.chainById(this.toChainId));
    const recipientRequired = family !== undefined && family !== 'evm';
    const balance = fromToken && this.balanceOf(this.fromChainId, fromToken.address);
    const parsed = fromToken && parseAmountInput(this.amountText, fromToken.decimals);
    const amountProblem = !parsed ? undefined : !parsed.ok ? parsed.problem : balance !== undefined && parsed.value > balance ? 'insufficient-balance' : undefined;
    const recipient = !family ? undefined : !this.recipient ? (recipientRequired ? undefined : this.account) : checkAddress(this.recipient, family) ? undefined : this.recipient;
    let inputs: QuoteInputs | undefined;
    if (this.account && parsed?.ok && !amountProblem && recipient && this.toTokenAddress && this.view === 'form') {
      const request = {
        fromChain: this.fromChainId,
        toChain: this.toChainId,
        fromToken: this.fromTokenAddress,
        toToken: this.toTokenAddress,
        fromAmount: parsed.value,
        fromAddress: this.account,
        toAddress: recipient,
        slippage: this.slippageValue,
      };
      // Addresses, ids and numbers: none contains a comma.
      const key = Object.values(request).join();
      const previous = this.draft.inputs;
      inputs = previous?.key === key ? previous : { ...request, key };
    }
    return { fromToken, toToken, balance, family, recipientRequired, amountProblem, recipient, inputs };
  }

  /** The quote on screen, only if it still matches the inputs. */
  private get currentQuote(): QuoteResult | undefined {
    const value = this.quoteTask.value;
    return value && value.inputs === this.draft.inputs ? value : undefined;
  }

  // ---- user actions -------------------------------------------------------

  private async connect(): Promise<void> {
    if (!this.provider) return;
    this.problem = undefined;
    try {
      const [account] = await requestAccounts(this.provider);
      this.onAccount(account);
    } catch (error) {
      this.reportProblem(error);
    }
  }

  private onChainSelect(side: Side, chainId: string): void {
    // The source keeps its token when the new chain has the same address (the native token); the destination keeps its symbol.
    const symbol = this.tokenOf(side === 'from' ? chainId : this.toChainId, this[`${side}TokenAddress`])?.symbol ?? '';
    this[`${side}ChainId`] = chainId;
    this[`${side}TokenAddress`] = pickToken(this.tokensFor(side, chainId), symbol)?.address ?? '';
    const family = chainFamily(this.chainById(chainId));
    if (side === 'to' && this.recipient && family && checkAddress(this.recipient, family)) this.recipient = '';
    this.valueLossConfirmed = false;
  }

  private onTokenSelect(side: Side, address: string): void {
    this[`${side}TokenAddress`] = address;
    this.valueLossConfirmed = false;
  }

  private async bridge(): Promise<void> {
    const quote = this.currentQuote;
    const { inputs, fromToken, toToken } = this.draft;
    const { provider, account } = this;
    const fromChain = this.chainById(this.fromChainId);
    const toChain = this.chainById(this.toChainId);
    if (!quote || !inputs || !provider || !account || !fromChain || !toChain || !fromToken || !toToken) return;
    this.problem = undefined;
    this.view = 'executing';
    this.phase = 'routing';
    this.approvals = [];
    this.routeInfo = undefined;
    this.review = undefined;
    clearTimeout(this.refreshTimer);
    const controller = new AbortController();
    this.execution = controller;
    const client = this.ensureClient();
    let intentId: string | undefined;
    try {
      // The flow quotes again right before routing (AML) and guards the route against both quotes.
      const saved = await sendTransfer(
        {
          fromChain,
          toChain,
          fromToken: savedToken(fromToken),
          toToken: savedToken(toToken),
          amount: inputs.fromAmount,
          fromAddress: account,
          toAddress: inputs.toAddress,
          slippage: inputs.slippage,
          fromAmountUsd: quote.estimate.fromAmountUsd,
          metadata: this.metadata,
          postHook: this.postHook,
          chains: this.chains,
          shownEstimate: quote.estimate,
        },
        {
          client,
          provider,
          store: this.ensureStore(),
          unlimitedApprovals: this.unlimitedApproval,
          signal: controller.signal,
          ...(this.walletTimeout > 0 && this.walletTimeout < Infinity ? { promptTimeoutMs: this.walletTimeout * 1000 } : {}),
        },
        {
          onPhase: (phase) => {
            this.phase = phase;
          },
          onRoute: ({ intentId: id, route }, meta) => {
            intentId = id;
            this.routeInfo = { provider: route.provider, reliabilityScore: route.reliabilityScore ?? undefined };
            this.emit('bridge-route', { intentId: id, route, requestId: meta.requestId, providerRequestId: meta.providerRequestId });
          },
          onApprovals: (steps) => {
            const before = new Map(this.approvals.map((s) => [s.id, s.state]));
            this.approvals = steps;
            for (const { state, tokenAddress, spender, amount, chainId, txHash, id } of steps) {
              if (before.get(id) !== state && ['mining', 'done', 'rejected', 'failed'].includes(state)) {
                this.emit('bridge-approval', { intentId: intentId ?? '', tokenAddress, spender, amount, chainId, state, txHash });
              }
            }
          },
          onReview: (review) => this.showReview(review),
          onTermsChanged: ({ before }, review) =>
            new Promise<boolean>((resolve) => {
              this.answerTerms = resolve;
              this.showReview(review, before);
            }),
          onTransaction: (hash, id) => this.emit('bridge-transaction', { intentId: id, txHash: hash, chainId: fromChain.chainId }),
          onLateTransaction: (record) => this.startTracking(record, this.view === 'form'),
        },
      );
      this.execution = undefined;
      this.startTracking(saved, true);
    } catch (error) {
      this.execution = undefined;
      this.review = undefined;
      this.answerTerms = undefined;
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
      this.view = 'form';
      this.phase = undefined;
      // Back on the form, the inputs are new to the quote task: it quotes again by itself.
      this.reportProblem(reason, intentId);
    }
  }

  /** What the wallet is about to sign, or (with `terms`, the quote's figures) the terms change to answer. */
  private showReview(review: RouteReview, terms?: Estimate): void {
    const { fromToken, toToken } = this.draft;
    const fromChain = this.chainById(this.fromChainId);
    if (!fromToken || !toToken || !fromChain) return;
    this.review = { review, terms, fromToken, toToken, native: fromChain.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }, toChainName: this.chainById(this.toChainId)?.networkName ?? this.toChainId };
  }

  private reportProblem(error: unknown, intentId?: string): void {
    const problem = describeError(error);
    this.problem = problem;
    this.emit('bridge-error', { kind: problem.kind, rule: problem.rule, message: problem.message, intentId, requestId: problem.requestId, retryable: problem.retryable });
  }

  private resumeSaved(account: string): void {
    if (!this.proxyUrl) return;
    const store = this.ensureStore();
    let shown = this.view !== 'form';
    for (const t of store.unfinished(account)) {
      if (t.sourceTxHash) {
        this.startTracking(t, !shown);
        shown = true;
      } else if (Date.now() - t.createdAt > 10 * 60_000) {
        // Routed but never broadcast from this page: nothing moved, so nothing to follow.
        store.update(account, t.intentId, (c) => c && { ...c, phase: 'abandoned' });
      }
    }
  }

  private startTracking(saved: SavedTransfer, show: boolean): void {
    const { intentId, account } = saved;
    if (show) this.showTransfer(saved);
    if (this.tracking.has(intentId)) return;
    const controller = new AbortController();
    this.tracking.set(intentId, controller);
    const store = this.ensureStore();
    const isShown = () => this.tracked?.intentId === intentId;
    const refresh = () => {
      if (isShown()) this.tracked = store.get(account, intentId) ?? this.tracked;
    };
    trackTransfer(saved, { client: this.ensureClient(), store, signal: controller.signal }, {
      onPhase: refresh,
      onReceipt: refresh,
      onStatus: (status, meta) => {
        const shown = isShown();
        const previous = shown ? this.trackedStatus : undefined;
        if (shown) {
          this.trackedStatus = status;
          refresh();
          this.lastCheckedAt = Date.now();
          this.nextCheckAt = status.kind === 'tracked' && status.next_poll_at ? Date.parse(status.next_poll_at) : undefined;
          this.notice = undefined;
        }
        const changed = previous?.status !== status.status || (previous.kind === 'tracked' && status.kind === 'tracked' && previous.gas_status !== status.gas_status);
        if (changed || !shown) this.emit('bridge-status', this.statusDetail(saved, status, meta));
      },
      onStatusRejected: () => {
        if (isShown()) this.notice = this.t('status.contradicted');
      },
      onPollProblem: (error, retryInMs) => {
        if (isShown()) {
          this.nextCheckAt = Date.now() + retryInMs;
          this.notice = en[error.kind === 'rate-limited' ? 'notice.busy' : 'notice.unreachable'];
        }
      },
    })
      .then((outcome) => this.onTrackOutcome(outcome, isShown()))
      .catch((error: unknown) => {
        if (!(isRoutingError(error) && error.kind === 'aborted')) this.reportProblem(error, intentId);
      })
      .finally(() => this.tracking.delete(intentId));
  }

  /** Shows a transfer's progress, or the form again (`undefined`). */
  private showTransfer(saved: SavedTransfer | undefined): void {
    this.view = saved ? 'tracking' : 'form';
    this.tracked = saved;
    this.trackedStatus = undefined;
    this.trackedFinal = undefined;
    this.notice = undefined;
  }

  /** The `bridge-status` detail; a status the service does not track yet reads as `pending`. */
  private statusDetail(saved: SavedTransfer, status: IntentStatus, meta?: ResponseMeta): BridgeStatusDetail {
    const tracked = status.kind === 'tracked' ? status : undefined;
    return {
      intentId: saved.intentId,
      status: status.status,
      rawStatus: tracked?.rawStatus ?? 'pending',
      sourceTxHash: tracked?.source_tx_hash ?? saved.sourceTxHash,
      destTxHash: tracked?.dest_tx_hash,
      needsGas: tracked?.gas_status === 'needs_gas',
      requestId: tracked ? tracked.request_id ?? saved.requestId : meta?.requestId,
      providerRequestId: tracked?.provider_request_id ?? saved.providerRequestId,
      metadata: tracked?.metadata ?? undefined,
    };
  }

  private onTrackOutcome(outcome: TrackOutcome, shown: boolean): void {
    const { record, kind } = outcome;
    if (shown) {
      this.tracked = record;
      this.trackedFinal = kind;
    }
    if (outcome.kind === 'success') {
      this.emit('bridge-success', { ...this.statusDetail(record, outcome.status), toAmount: outcome.status.to_amount_wei });
    } else {
      this.emit('bridge-failed', { intentId: record.intentId, reason: outcome.kind, sourceTxHash: record.sourceTxHash, requestId: record.requestId, providerRequestId: record.providerRequestId });
    }
    void this.balancesTask.run();
  }

  private newTransfer(): void {
    this.showTransfer(undefined);
    this.problem = undefined;
    this.amountText = this.lockPresets && this.amount ? this.amount : '';
    this.valueLossConfirmed = false;
  }

  // ---- rendering ----------------------------------------------------------

  private locked(attribute: 'fromChain' | 'toChain' | 'fromToken' | 'toToken' | 'amount' | 'toAddress'): boolean {
    return this.lockPresets && !!this[attribute];
  }

  /** The locale in use and the string table merged with the host's overrides (memoised). */
  private get i18n(): { resolved: ResolvedLocale; table: Strings } {
    const inherited = typeof this.closest === 'function' ? this.closest('[lang]')?.getAttribute('lang') : undefined;
    const requested = this.locale || inherited || '';
    const memo = this.i18nMemo;
    if (memo && memo.requested === requested && memo.strings === this.strings) return memo;
    const resolved = resolveLocale(requested);
    const table = this.strings ? { ...resolved.table, ...this.strings } : resolved.table;
    this.i18nMemo = { requested, strings: this.strings, resolved, table };
    return this.i18nMemo;
  }

  /** Language of the texts shown, for `lang` (so a screen reader pronounces German as German on an English page). */
  private get textLanguage(): string {
    const { resolved } = this.i18n;
    const requested = resolved.intl.split('-')[0] ?? '';
    return requested !== resolved.language && this.strings ? resolved.intl : resolved.language;
  }

  private t(key: StringKey, vars?: Vars): string {
    return fill(this.i18n.table[key] ?? en[key], vars);
  }

  private formatTokenAmount(value: bigint, decimals: number, symbol?: string): string {
    const amount = formatAmount(value, decimals, { locale: this.i18n.resolved.intl });
    return symbol ? `${amount} ${symbol}` : amount;
  }

  /**
   * A problem in the widget's language. English keeps the flow's own, more
   * specific message; other languages and host overrides use the `error.<kind>`
   * string; kinds without one (a post-hook refusal, the unexpected) keep theirs.
   */
  private problemText(problem: Problem): string {
    const key = errorKey(problem) as StringKey;
    if (englishText(key) === undefined) return problem.message;
    return this.strings?.[key] ?? (this.i18n.resolved.language === 'en' ? problem.message : this.t(key));
  }

  private noticeText(notice: string): string {
    const key = NOTICE_KEYS[notice];
    return key ? this.t(key) : notice;
  }

  /** Puts a message in the live region; the same message twice is still spoken twice. */
  private say(message: string): void {
    this.announcement = this.announcement === message ? `${message}\u00a0` : message;
  }

  private readonly onAnnounce = (event: CustomEvent<AnnounceDetail>): void => {
    event.preventDefault();
    event.stopPropagation();
    this.say(event.detail.message);
  };

  private async focusView(): Promise<void> {
    const root = this.renderRoot;
    let target: HTMLElement | null;
    if (this.view === 'executing') target = root.querySelector('[part~="status"]');
    else if (this.view === 'tracking') target = root.querySelector('bw-status-tracker');
    else {
      const primary = root.querySelector<HTMLButtonElement>('[part="primary-button"]');
      target = primary && !primary.disabled ? primary : root.querySelector('bw-amount-input');
    }
    // A part focuses its own control, which exists once it has rendered.
    if (target instanceof LitElement) await target.updateComplete;
    target?.focus();
  }

  override render(): TemplateResult {
    return html`
      <div part="base" class="card" lang=${this.textLanguage} @bw-announce=${this.onAnnounce}>
        <div class="header" part="header">
          <h2 part="title">${this.t('widget.title')}</h2>
          ${this.renderAccount()}
        </div>
        ${this.catalogTask.render({
          pending: () =>
            html`<p class="notice info phase" part="notice notice-info"><span class="spinner" aria-hidden="true"></span>${this.t('widget.loading')}</p>`,
          error: (error) =>
            this.renderProblem(
              this.proxyUrl ? { ...describeError(error), requestId: undefined } : { kind: 'no-proxy', message: this.t('widget.noProxy'), retryable: true },
              () => this.catalogTask.run(),
            ),
          complete: () => (this.view === 'form' ? this.renderForm() : this.view === 'executing' ? this.renderExecuting() : this.renderTracking()),
        })}
        ${this.renderHistory()}
        <div class="visually-hidden" role="status" aria-atomic="true">${this.announcement}</div>
      </div>
    `;
  }

  private renderAccount(): TemplateResult | typeof nothing {
    const account = this.account;
    if (!account) return nothing;
    const chain = this.walletChainId === undefined ? undefined : this.chainById(String(this.walletChainId));
    return html`<span class="account" part="account" title=${account}>${shortenHex(account)}${chain ? html` · ${chain.networkName}` : nothing}</span>`;
  }

  private chainOptions(side: Side): ChainOption[] {
    return this.chainsFor(side).map((c) => {
      const availability = side === 'from' ? 'available' : destinationAvailability(c, this.confirmedDestinations);
      return {
        chainId: c.chainId,
        name: c.networkName,
        iconUrl: c.chainIconURI,
        family: (chainFamily(c) ?? 'other') as ChainOption['family'],
        availability,
        note: availability === 'informational' ? this.t('form.notRoutable') : undefined,
      };
    });
  }

  private tokenOptions(side: Side): TokenOption[] {
    const chainId = this[`${side}ChainId`];
    const name = side === 'from' ? 'From' : 'To';
    // The same array while nothing it depends on changed: the picker indexes tokens per array.
    const inputs = [this.catalogTask.value, this.balancesTask.value, this[`allow${name}Tokens`], this[`deny${name}Tokens`]];
    const key = `${side}:${chainId}`;
    const memo = this.tokenOptionsMemo.get(key);
    if (memo && memo.inputs.every((v, i) => v === inputs[i])) return memo.options;
    const options = this.tokensFor(side, chainId).map((t) => ({ ...t, balance: this.balanceOf(chainId, t.address) }));
    this.tokenOptionsMemo.set(key, { inputs, options });
    return options;
  }

  private renderForm(): TemplateResult {
    const quote = this.currentQuote;
    return html`
      ${this.renderLeg('from')} ${this.renderLeg('to')} ${this.renderQuote(quote)}
      ${this.configProblems.map((p) => html`<p class="notice warning" part="notice notice-warning">${p}</p>`)}
      ${this.notice ? html`<p class="notice info" part="notice notice-info">${this.noticeText(this.notice)}</p>` : nothing}
      ${this.problem ? this.renderProblem(this.problem) : nothing} ${this.renderPrimary(quote)}
    `;
  }

  /** One side of the transfer: its chain and token pickers, then the amount (source) or the recipient (destination). */
  private renderLeg(side: Side): TemplateResult {
    const { table, resolved } = this.i18n;
    const { fromToken, balance, family, recipientRequired } = this.draft;
    const from = side === 'from';
    const locked = this.t('form.locked');
    return html`<fieldset class="leg" part="group">
      <legend>${this.t(`form.${side}`)}</legend>
      <div class="pickers">
        <bw-chain-picker
          exportparts=${EXPORT_PICKER}
          label=${this.t(`form.${side}Chain`)}
          .strings=${table}
          .locale=${resolved.intl}
          .chains=${this.chainOptions(side)}
          .selected=${this[`${side}ChainId`]}
          ?disabled=${this.locked(`${side}Chain`)}
          disabled-reason=${locked}
          @chain-select=${(e: CustomEvent<{ chainId: string }>) => this.onChainSelect(side, e.detail.chainId)}
        ></bw-chain-picker>
        <bw-token-picker
          exportparts=${EXPORT_PICKER}
          label=${this.t(`form.${side}Token`)}
          .strings=${table}
          .locale=${resolved.intl}
          .tokens=${this.tokenOptions(side)}
          .selected=${this[`${side}TokenAddress`]}
          .balancesLoading=${from && this.balancesTask.status === 1}
          .balancesPartial=${from && !!this.balancesTask.value?.partial}
          ?disabled=${this.locked(`${side}Token`)}
          disabled-reason=${locked}
          @token-select=${(e: CustomEvent<{ address: string }>) => this.onTokenSelect(side, e.detail.address)}
        ></bw-token-picker>
      </div>
      ${from
        ? html`<bw-amount-input
            exportparts=${EXPORT_AMOUNT}
            label=${this.t('form.amount')}
            .strings=${table}
            .locale=${resolved.intl}
            .value=${this.amountText}
            .symbol=${fromToken?.symbol ?? ''}
            .decimals=${fromToken?.decimals ?? 18}
            .usdPrice=${fromToken?.usdPrice}
            .balance=${balance}
            .isNative=${!!fromToken && isNativeToken(fromToken.address)}
            .gasReserve=${NATIVE_GAS_RESERVE}
            ?disabled=${this.locked('amount') || !fromToken}
            @amount-change=${(e: CustomEvent<{ text: string }>) => {
              this.amountText = e.detail.text;
              this.valueLossConfirmed = false;
            }}
          ></bw-amount-input>`
        : html`<bw-recipient-input
            exportparts=${EXPORT_RECIPIENT}
            label=${this.t('form.recipient')}
            .strings=${table}
            .locale=${resolved.intl}
            .value=${this.recipient}
            .family=${family ?? 'evm'}
            ?required=${recipientRequired}
            ?disabled=${this.locked('toAddress')}
            placeholder=${recipientRequired ? '' : (this.account ?? '')}
            @recipient-change=${(e: CustomEvent<{ value: string }>) => {
              this.recipient = e.detail.value;
            }}
          ></bw-recipient-input>`}
    </fieldset>`;
  }

  private renderProblem(problem: Problem, retry?: () => void): TemplateResult {
    return html`<p class="notice error" role="alert" part="notice notice-error">
      ${this.problemText(problem)}${problem.requestId ? html` <small>${this.t('widget.request', { id: problem.requestId })}</small>` : nothing}
      ${retry ? html`<button class="secondary" part="secondary-button" @click=${retry}>${this.t('widget.retry')}</button>` : nothing}
    </p>`;
  }

  private renderQuote(quote: QuoteResult | undefined): TemplateResult | typeof nothing {
    if (!this.draft.inputs) return nothing;
    const { fromToken, toToken } = this.draft;
    const { status, error } = this.quoteTask;
    if (status === 3 && !(isRoutingError(error) && error.kind === 'aborted')) {
      const problem = describeError(error);
      return this.renderProblem(problem, problem.retryable ? () => this.quoteTask.run() : undefined);
    }
    const pending = status === 1;
    const shown = quote ?? this.quoteTask.value;
    const { table, resolved } = this.i18n;
    return html`<bw-quote-panel
      exportparts=${EXPORT_QUOTE}
      .strings=${table}
      .locale=${resolved.intl}
      .estimate=${shown?.estimate}
      .fromSymbol=${fromToken?.symbol ?? ''}
      .fromDecimals=${fromToken?.decimals ?? 18}
      .toSymbol=${toToken?.symbol ?? ''}
      .toDecimals=${toToken?.decimals ?? 18}
      ?loading=${pending && !shown}
      ?stale=${pending && !!shown}
      .refreshAt=${quote ? quote.at + QUOTE_REFRESH_MS : undefined}
      .slippage=${this.slippageValue}
      .valueLossThresholdPercent=${this.valueLossThreshold}
      .valueLossConfirmed=${this.valueLossConfirmed}
      @slippage-change=${(e: CustomEvent<{ slippage: number }>) => {
        this.slippageValue = e.detail.slippage;
      }}
      @value-loss-confirm=${(e: CustomEvent<{ confirmed: boolean }>) => {
        this.valueLossConfirmed = e.detail.confirmed;
      }}
    ></bw-quote-panel>`;
  }

  /** What the main button says: the first thing missing, in the order the form is filled, else the transfer it starts. */
  private primaryLabel(quote: QuoteResult | undefined): [StringKey, Vars?] {
    const { fromToken, amountProblem, recipient } = this.draft;
    if (!this.provider) return ['action.noWallet'];
    if (!this.account) return ['action.connect'];
    if (!fromToken || !this.toTokenAddress) return ['action.selectTokens'];
    if (!this.amountText.trim()) return ['action.enterAmount'];
    if (amountProblem === 'insufficient-balance') return ['action.insufficient', { symbol: fromToken.symbol }];
    if (amountProblem) return ['action.invalidAmount'];
    if (!recipient) return ['action.invalidRecipient'];
    if (!quote) return [this.quoteTask.status === 3 ? 'action.noQuote' : 'action.quoting'];
    const loss = valueLossPercent(quote.estimate);
    if (loss !== undefined && loss > this.valueLossThreshold && !this.valueLossConfirmed) return ['action.confirmLoss'];
    return ['action.bridge', { amount: this.formatTokenAmount(quote.inputs.fromAmount, fromToken.decimals), symbol: fromToken.symbol }];
  }

  /** Connects without an account, bridges with one; disabled while it only says what is missing. */
  private renderPrimary(quote: QuoteResult | undefined): TemplateResult {
    const [key, vars] = this.primaryLabel(quote);
    const enabled = key === 'action.connect' || key === 'action.bridge';
    return html`<button part="primary-button" class="primary" ?disabled=${!enabled} @click=${() => (this.account ? this.bridge() : this.connect())}>${this.t(key, vars)}</button>`;
  }

  private renderExecuting(): TemplateResult {
    const fromChain = this.chainById(this.fromChainId);
    const { table, resolved } = this.i18n;
    const route = this.routeInfo;
    const steps = this.approvals.map((s) => {
      const token = this.tokenOf(s.chainId, s.tokenAddress);
      const chain = this.chainById(s.chainId);
      return {
        ...s,
        tokenSymbol: token?.symbol ?? shortenHex(s.tokenAddress),
        tokenDecimals: token?.decimals ?? 18,
        chainName: chain?.networkName ?? s.chainId,
        explorerUrl: s.txHash ? explorerTxUrl(chain?.blockExplorerUrls, s.txHash) : undefined,
      };
    });
    return html`
      <p class="phase" part="status" tabindex="-1">
        <span class="spinner" aria-hidden="true"></span>${this.t(this.phase ? `phase.${this.phase}` : 'widget.working')}
      </p>
      ${route
        ? html`<p class="route-info">
            ${this.t('quote.via', { provider: route.provider })}${route.reliabilityScore === undefined
              ? nothing
              : html` · ${this.t('quote.reliable', { percent: Math.round(route.reliabilityScore * 100) })}`}
          </p>`
        : nothing}
      <bw-route-review
        .strings=${table}
        .locale=${resolved.intl}
        .view=${this.review}
        @terms-confirm=${() => this.answerTerms?.(true)}
        @terms-cancel=${() => this.answerTerms?.(false)}
      ></bw-route-review>
      ${steps.length
        ? html`<bw-approval-steps
            exportparts=${EXPORT_APPROVALS}
            .strings=${table}
            .locale=${resolved.intl}
            .steps=${steps}
            ?unlimited=${this.unlimitedApproval}
          ></bw-approval-steps>`
        : nothing}
      <p class="notice info" part="notice notice-info">
        ${this.t('widget.keepOpen')} ${fromChain ? this.t('widget.leavesFrom', { chain: fromChain.networkName }) : ''}
      </p>
    `;
  }

  private trackedView(): StatusView | undefined {
    const saved = this.tracked;
    if (!saved) return undefined;
    const status = this.trackedStatus;
    const tracked = status?.kind === 'tracked' ? status : undefined;
    const final = this.trackedFinal;
    const fromChain = this.chainById(saved.fromChainId);
    const toChain = this.chainById(saved.toChainId);
    const { sourceTxHash } = saved;
    const destTxHash = tracked?.dest_tx_hash ?? saved.destTxHash;
    const received = tracked?.to_amount_wei ?? (saved.toAmountReceived ? BigInt(saved.toAmountReceived) : undefined);
    return {
      phase: final === 'not-found' ? final : tracked ? tracked.status : sourceTxHash ? 'broadcast' : 'signing',
      rawStatus: tracked?.rawStatus,
      fromChainName: fromChain?.networkName ?? saved.fromChainId,
      toChainName: toChain?.networkName ?? saved.toChainId,
      fromAmountText: this.formatTokenAmount(BigInt(saved.fromAmount), saved.fromToken.decimals, saved.fromToken.symbol),
      toAmountText: this.formatTokenAmount(received ?? BigInt(saved.toAmount), saved.toToken.decimals, saved.toToken.symbol),
      sourceTxHash,
      sourceTxUrl: sourceTxHash ? explorerTxUrl(fromChain?.blockExplorerUrls, sourceTxHash) : undefined,
      destTxHash,
      destTxUrl: destTxHash ? explorerTxUrl(toChain?.blockExplorerUrls, destTxHash) : undefined,
      startedAt: saved.createdAt,
      finishedAt: final ? saved.updatedAt : undefined,
      needsGas: tracked?.gas_status === 'needs_gas',
      requestId: tracked?.request_id ?? saved.requestId,
      providerRequestId: tracked?.provider_request_id ?? saved.providerRequestId,
      intentId: saved.intentId,
      receiptPending: !!sourceTxHash && !saved.receiptAccepted && !final,
      lastCheckedAt: this.lastCheckedAt,
      nextCheckAt: final ? undefined : this.nextCheckAt,
      message: this.notice && this.noticeText(this.notice),
    };
  }

  private renderTracking(): TemplateResult {
    const { table, resolved } = this.i18n;
    return html`<bw-status-tracker
      exportparts=${EXPORT_TRACKER}
      .strings=${table}
      .locale=${resolved.intl}
      .view=${this.trackedView()}
      @new-transfer=${this.newTransfer}
      @status-dismiss=${this.newTransfer}
    ></bw-status-tracker>`;
  }

  private renderHistory(): TemplateResult | typeof nothing {
    const account = this.account;
    if (!account || !this.proxyUrl || this.view !== 'form') return nothing;
    const history = this.ensureStore()
      .list(account)
      .filter((t) => t.sourceTxHash);
    if (!history.length) return nothing;
    return html`
      <div class="row">
        <button
          class="link-button"
          part="history-toggle"
          aria-expanded=${this.showHistory ? 'true' : 'false'}
          aria-controls="history"
          @click=${() => (this.showHistory = !this.showHistory)}
        >
          ${this.t('history.toggle', { count: history.length })}
        </button>
      </div>
      <ul id="history" class="history" part="history" ?hidden=${!this.showHistory}>
        ${history.slice(0, 10).map((t) => {
          const final = isFinalPhase(t.phase);
          const state = this.t(final ? (`history.${t.phase}` as StringKey) : 'history.pending');
          return html`<li part="history-item">
            <span>
              ${this.t('history.item', {
                amount: this.formatTokenAmount(BigInt(t.fromAmount), t.fromToken.decimals),
                symbol: t.fromToken.symbol,
                chain: this.chainById(t.toChainId)?.networkName ?? t.toChainId,
              })}
            </span>
            ${final ? html`<span class="state">${state}</span>` : html`<button class="link-button" @click=${() => this.startTracking(t, true)}>${state}</button>`}
          </li>`;
        })}
      </ul>
    `;
  }
}
