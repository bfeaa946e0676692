import { LitElement, html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { RoutingClient } from '../api/client.js';
import type { ResponseMeta } from '../api/client.js';
import { RateLimitedError, RoutingError, isRoutingError } from '../api/errors.js';
import { sleep } from '../api/rate-limit.js';
import type { BalancesResponse, Chain, Estimate, IntentStatus, PostHook, QuoteRequest, Token } from '../api/schemas.js';
import { addressFamilyOf, checkAddress } from '../api/validate.js';
import type { AddressFamily } from '../api/validate.js';
import { hostStyles, tokenDefaults } from '../components/shared/styles.js';
import type { ChainOption } from '../components/chain-picker/chain-picker.js';
import type { TokenOption } from '../components/token-picker/token-picker.js';
import type { ApprovalStepView } from '../components/approval-steps/approval-steps.js';
import type { StatusView, TransferPhase } from '../components/status-tracker/status-tracker.js';
import { valueLossPercent } from '../components/quote-panel/quote-panel.js';
import { formatAmount, parseAmountInput, shortenHex } from '../format/amount.js';
import { explorerTxUrl } from '../format/safe-url.js';
import { destinationAvailability, isSourceChain, loadChains, loadTokens, parseList, passesLists } from '../flow/catalog.js';
import { IntentStore, isFinalPhase } from '../flow/intent-store.js';
import type { SavedTransfer } from '../flow/intent-store.js';
import { FlowError, isNativeToken, sendTransfer, trackTransfer } from '../flow/transfer.js';
import type { ApprovalProgress, ExecutionPhase, TrackOutcome, TransferHandlers } from '../flow/transfer.js';
import { WalletError, getAccounts, getChainId, isEip1193Provider, requestAccounts, watchWallet } from '../wallet/index.js';
import type { Address, Eip1193Provider } from '../wallet/index.js';
import type {
  BridgeErrorDetail,
  BridgeFailedDetail,
  BridgeStatusDetail,
  BridgeWidgetEventMap,
} from './events.js';
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

/** A complete quote request plus a string key: Task compares arguments by identity. */
interface QuoteInputs extends QuoteRequest {
  key: string;
  slippage: number;
}

interface QuoteResult {
  key: string;
  estimate: Estimate;
  meta: ResponseMeta;
  at: number;
}

interface Problem {
  kind: string;
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

function describeError(error: unknown): Problem {
  if (error instanceof FlowError) return { kind: error.kind, message: error.message, requestId: error.requestId, retryable: error.recoverable };
  if (error instanceof WalletError) return { kind: `wallet-${error.kind}`, message: error.message, retryable: true };
  if (isRoutingError(error)) {
    const base = { kind: error.kind, requestId: error.requestId, retryable: error.retryable };
    switch (error.kind) {
      case 'quote-rejected':
        return { ...base, message: en['error.quote-rejected'] };
      case 'no-route':
        return { ...base, message: en[error.retryable ? 'error.no-route-retry' : 'error.no-route'] };
      case 'rate-limited':
        return { ...base, message: en['error.rate-limited'] };
      case 'post-hook-rejected':
        return { ...base, message: error.message };
      case 'invalid-response':
        return { ...base, message: en['error.invalid-response'] };
      case 'network':
      case 'timeout':
        return { ...base, message: en['error.network'] };
      case 'unauthorized':
        return { ...base, message: en['error.unauthorized'] };
      case 'intent-not-found':
        return { ...base, message: en['error.intent-not-found'] };
      default:
        return { ...base, message: error.message };
    }
  }
  return { kind: 'unexpected', message: error instanceof Error ? error.message : 'Something went wrong.', retryable: true };
}

function chainFamily(chain: Chain | undefined): AddressFamily | undefined {
  return chain ? addressFamilyOf(chain.chainType) : undefined;
}

function sameAddress(a: string | undefined, b: string | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
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
 * @fires {CustomEvent<BridgeErrorDetail>} bridge-error - Something the user must act on: a rejected quote, no route, a wallet refusal, an unreachable service. `detail`: kind, message, requestId, retryable.
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
  @state() private problem: Problem | undefined;
  @state() private notice: string | undefined;
  @state() private valueLossConfirmed = false;
  @state() private confirmedDestinations = new Set<string>();
  @state() private tracked: SavedTransfer | undefined;
  @state() private trackedStatus: IntentStatus | undefined;
  @state() private trackedMeta: { requestId?: string | undefined; providerRequestId?: string | undefined } = {};
  @state() private trackedFinal: TransferPhase | undefined;
  @state() private lastCheckedAt: number | undefined;
  @state() private nextCheckAt: number | undefined;
  @state() private quoteNonce = 0;
  @state() private balanceNonce = 0;
  @state() private showHistory = false;
  /** Text of the one polite live region: phase and status changes, from the shell and its parts. */
  @state() private announcement = '';

  private client: RoutingClient | undefined;
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
  private readonly tokenOptionsMemo = new Map<string, { inputs: readonly unknown[]; options: TokenOption[] }>();
  private i18nMemo: { requested: string; strings: StringOverrides | undefined; resolved: ResolvedLocale; table: Strings } | undefined;
  /** Focus was inside the widget before the current update (to put it back somewhere sensible when a view replaces it). */
  private focusWasInside = false;

  private readonly catalogTask = new Task(this, {
    task: async ([proxyUrl]: readonly [string]) => {
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
    task: async ([proxyUrl, account]: readonly [string, string | undefined, number], { signal }): Promise<BalancesResponse | undefined> => {
      if (!proxyUrl || !account) return undefined;
      const { data } = await this.ensureClient().balances(account, { signal });
      clearTimeout(this.balanceTimer);
      // A partial answer means some chains are still coming in: ask again a few times.
      if (data.partial && this.balancePolls < BALANCE_REPOLL_LIMIT) {
        this.balancePolls++;
        this.balanceTimer = setTimeout(() => this.balanceNonce++, BALANCE_REPOLL_MS);
      }
      return data;
    },
    args: () => [this.proxyUrl, this.account, this.balanceNonce] as const,
  });

  private readonly quoteTask = new Task(this, {
    task: async ([key]: readonly [string | undefined, number], { signal }): Promise<QuoteResult | undefined> => {
      clearTimeout(this.refreshTimer);
      const inputs = this.quoteInputs;
      if (!key || !inputs || inputs.key !== key) return undefined;
      // A newer keystroke aborts this run before the request leaves: debounce for free.
      await sleep(QUOTE_DEBOUNCE_MS, signal);
      let answer: Awaited<ReturnType<RoutingClient['quote']>>;
      try {
        answer = await this.ensureClient().quote(inputs, { signal });
      } catch (error) {
        this.retryWhenRateLimited(error, () => this.quoteNonce++);
        throw error;
      }
      const { data, meta } = answer;
      if (!this.confirmedDestinations.has(inputs.toChain)) this.confirmedDestinations = new Set([...this.confirmedDestinations, inputs.toChain]);
      this.emit('bridge-quote', {
        estimate: data,
        fromChain: inputs.fromChain,
        toChain: inputs.toChain,
        fromToken: inputs.fromToken,
        toToken: inputs.toToken,
        requestId: meta.requestId,
      });
      this.refreshTimer = setTimeout(() => {
        if (this.view === 'form') this.quoteNonce++;
      }, QUOTE_REFRESH_MS);
      return { key: inputs.key, estimate: data, meta, at: Date.now() };
    },
    // A string key: Task compares arguments by identity, and the inputs object is rebuilt on every render.
    args: () => [this.quoteInputs?.key, this.quoteNonce] as const,
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
      this.balanceNonce++;
      this.quoteNonce++;
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

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('proxyUrl')) {
      this.client = undefined;
      this.store = undefined;
    }
    if (changed.has('slippage') && Number.isFinite(this.slippage) && this.slippage > 0 && this.slippage < 50) this.slippageValue = this.slippage;
    if (changed.has('amount') && this.amount !== undefined) this.amountText = this.amount;
    if (changed.has('toAddress') && this.toAddress) this.recipient = this.toAddress;
    if ((changed.has('fromChain') || changed.has('toChain') || changed.has('fromToken') || changed.has('toToken')) && this.presetsApplied) {
      this.presetsApplied = false;
    }
    if (!this.presetsApplied && this.catalogTask.value) this.applyPresets(this.catalogTask.value.chains, this.catalogTask.value.tokens);
    this.beforeRender(changed);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('provider')) this.watchProvider();
    this.afterRender(changed);
  }

  /** Typed dispatch of the public events. */
  private emit<K extends keyof BridgeWidgetEventMap>(type: K, detail: BridgeWidgetEventMap[K]['detail']): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  private ensureClient(): RoutingClient {
    this.client ??= new RoutingClient({ baseUrl: this.proxyUrl });
    return this.client;
  }

  private ensureStore(): IntentStore {
    this.store ??= new IntentStore(typeof localStorage === 'undefined' ? undefined : localStorage, this.proxyUrl);
    return this.store;
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
    this.unwatchWallet = watchWallet(provider, {
      accountsChanged: (accounts) => this.onAccount(accounts[0]),
      chainChanged: (chainId) => {
        this.walletChainId = chainId;
      },
      disconnect: () => this.onAccount(undefined),
    });
    // Reading accounts never prompts: the widget only asks to connect when the user clicks.
    getAccounts(provider)
      .then((accounts) => {
        if (this.provider === provider) this.onAccount(accounts[0]);
      })
      .catch(() => undefined);
    getChainId(provider)
      .then((id) => {
        if (this.provider === provider) this.walletChainId = id;
      })
      .catch(() => undefined);
  }

  private onAccount(account: Address | undefined): void {
    if (sameAddress(account, this.account)) return;
    const previous = this.account;
    this.account = account;
    this.balancePolls = 0;
    if (previous && this.view === 'executing') {
      // The flow re-checks the account before every signature; stopping here makes that visible at once.
      this.execution?.abort(new FlowError('wrong-account', 'The wallet account changed during the transfer. Nothing further was sent.'));
    }
    if (account) this.resumeSaved(account);
  }

  private applyPresets(chains: Chain[], tokens: Token[]): void {
    this.presetsApplied = true;
    const sources = this.sourceChains(chains);
    const destinations = this.destinationChains(chains);
    const find = (list: Chain[], id: string) => list.find((c) => c.chainId.toLowerCase() === id.toLowerCase());
    const from = (this.fromChain && find(sources, this.fromChain)) || (this.fromChainId ? find(sources, this.fromChainId) : undefined) || sources[0];
    const to = (this.toChain && find(destinations, this.toChain)) || (this.toChainId ? find(destinations, this.toChainId) : undefined) || destinations.find((c) => c.chainId !== from?.chainId);
    this.fromChainId = from?.chainId ?? '';
    this.toChainId = to?.chainId ?? '';
    this.fromTokenAddress = this.pickToken(this.tokensFor(tokens, this.fromChainId, 'from'), this.fromToken || this.fromTokenAddress)?.address ?? '';
    this.toTokenAddress = this.pickToken(this.tokensFor(tokens, this.toChainId, 'to'), this.toToken || this.toTokenAddress)?.address ?? '';
  }

  /**
   * Attributes a host set to something unusable, each with what the widget
   * does instead, so a typo on a landing page is visible rather than silent.
   */
  private get configProblems(): string[] {
    const problems: string[] = [];
    const slippage = this.getAttribute('slippage');
    if (slippage !== null && !(Number.isFinite(this.slippage) && this.slippage > 0 && this.slippage < 50)) {
      problems.push(this.t('config.slippage', { value: slippage, used: this.slippageValue }));
    }
    const threshold = this.getAttribute('value-loss-threshold');
    if (threshold !== null && !(Number.isFinite(this.valueLossThreshold) && this.valueLossThreshold >= 0 && this.valueLossThreshold <= 100)) {
      problems.push(this.t('config.threshold', { value: threshold }));
    }
    if (!['light', 'dark', 'auto'].includes(this.theme)) problems.push(this.t('config.theme', { value: this.theme }));
    const catalog = this.catalogTask.value;
    if (catalog) {
      const known = (list: Chain[], id: string) => list.some((c) => c.chainId.toLowerCase() === id.toLowerCase());
      if (this.fromChain && !known(this.sourceChains(catalog.chains), this.fromChain)) problems.push(this.t('config.fromChain', { value: this.fromChain }));
      if (this.toChain && !known(this.destinationChains(catalog.chains), this.toChain)) problems.push(this.t('config.toChain', { value: this.toChain }));
      const knownToken = (chainId: string, side: 'from' | 'to', wanted: string) =>
        this.tokensFor(catalog.tokens, chainId, side).some((t) => t.address.toLowerCase() === wanted.toLowerCase() || t.symbol.toLowerCase() === wanted.toLowerCase());
      // Only while the preset chain is selected: after the user picks another chain the preset token no longer applies.
      const onPreset = (preset: string, selected: string) => !preset || preset.toLowerCase() === selected.toLowerCase();
      if (this.fromToken && this.fromChainId && onPreset(this.fromChain, this.fromChainId) && !knownToken(this.fromChainId, 'from', this.fromToken)) problems.push(this.t('config.fromToken', { value: this.fromToken }));
      if (this.toToken && this.toChainId && onPreset(this.toChain, this.toChainId) && !knownToken(this.toChainId, 'to', this.toToken)) problems.push(this.t('config.toToken', { value: this.toToken }));
    }
    return problems;
  }

  private pickToken(list: Token[], wanted: string): Token | undefined {
    if (wanted) {
      const w = wanted.toLowerCase();
      const match = list.find((t) => t.address.toLowerCase() === w) ?? list.find((t) => t.symbol.toLowerCase() === w);
      if (match) return match;
    }
    return list[0];
  }

  private sourceChains(chains: Chain[]): Chain[] {
    const allow = parseList(this.allowFromChains);
    const deny = parseList(this.denyFromChains);
    return chains.filter((c) => isSourceChain(c) && passesLists([c.chainId], allow, deny));
  }

  private destinationChains(chains: Chain[]): Chain[] {
    const allow = parseList(this.allowToChains);
    const deny = parseList(this.denyToChains);
    return chains.filter((c) => passesLists([c.chainId], allow, deny));
  }

  private tokensFor(tokens: Token[], chainId: string, side: 'from' | 'to'): Token[] {
    const allow = parseList(side === 'from' ? this.allowFromTokens : this.allowToTokens);
    const deny = parseList(side === 'from' ? this.denyFromTokens : this.denyToTokens);
    return tokens.filter((t) => t.chainId === chainId && passesLists([t.address, t.symbol], allow, deny));
  }

  private get chains(): Chain[] {
    return this.catalogTask.value?.chains ?? [];
  }

  private chainById(id: string): Chain | undefined {
    return this.chains.find((c) => c.chainId === id);
  }

  private tokenOf(chainId: string, address: string): Token | undefined {
    return this.catalogTask.value?.tokens.find((t) => t.chainId === chainId && sameAddress(t.address, address));
  }

  private balanceOf(chainId: string, address: string): bigint | undefined {
    const data = this.balancesTask.value;
    if (!data) return undefined;
    const result = data.results.find((r) => r.chain_id === chainId);
    if (!result) return undefined;
    const native = isNativeToken(address);
    const row = result.balances.find((b) => (native ? b.category === 'native' : sameAddress(b.contract, address)));
    return row ? row.balance : result.error ? undefined : 0n;
  }

  private get destinationFamily(): AddressFamily | undefined {
    return chainFamily(this.chainById(this.toChainId));
  }

  private get recipientRequired(): boolean {
    const family = this.destinationFamily;
    return family !== undefined && family !== 'evm';
  }

  /** The address funds go to, or undefined while it is missing or invalid. */
  private get effectiveRecipient(): string | undefined {
    const family = this.destinationFamily;
    if (!family) return undefined;
    if (this.recipient === '') return this.recipientRequired ? undefined : this.account;
    return checkAddress(this.recipient, family) ? undefined : this.recipient;
  }

  private get parsedAmount() {
    const token = this.tokenOf(this.fromChainId, this.fromTokenAddress);
    return token ? parseAmountInput(this.amountText, token.decimals) : undefined;
  }

  private get amountProblem(): string | undefined {
    const parsed = this.parsedAmount;
    if (!parsed) return undefined;
    if (!parsed.ok) return parsed.problem;
    const balance = this.balanceOf(this.fromChainId, this.fromTokenAddress);
    if (balance !== undefined && parsed.value > balance) return 'insufficient-balance';
    return undefined;
  }

  private get quoteInputs(): QuoteInputs | undefined {
    const parsed = this.parsedAmount;
    const toAddress = this.effectiveRecipient;
    if (!this.account || !parsed?.ok || this.amountProblem || !toAddress || !this.toTokenAddress || !this.fromTokenAddress) return undefined;
    if (this.view !== 'form') return undefined;
    const inputs = {
      fromChain: this.fromChainId,
      toChain: this.toChainId,
      fromToken: this.fromTokenAddress,
      toToken: this.toTokenAddress,
      fromAmount: parsed.value,
      fromAddress: this.account,
      toAddress,
      slippage: this.slippageValue,
    };
    return { ...inputs, key: JSON.stringify({ ...inputs, fromAmount: inputs.fromAmount.toString() }) };
  }

  /** The quote on screen, only if it still matches the inputs. */
  private get currentQuote(): QuoteResult | undefined {
    const value = this.quoteTask.value;
    const inputs = this.quoteInputs;
    return value && inputs && value.key === inputs.key ? value : undefined;
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

  private onChainSelect(side: 'from' | 'to', chainId: string): void {
    const tokens = this.catalogTask.value?.tokens ?? [];
    if (side === 'from') {
      this.fromChainId = chainId;
      this.fromTokenAddress = this.pickToken(this.tokensFor(tokens, chainId, 'from'), this.tokenOf(this.fromChainId, this.fromTokenAddress)?.symbol ?? '')?.address ?? '';
    } else {
      const previousSymbol = this.tokenOf(this.toChainId, this.toTokenAddress)?.symbol ?? '';
      this.toChainId = chainId;
      this.toTokenAddress = this.pickToken(this.tokensFor(tokens, chainId, 'to'), previousSymbol)?.address ?? '';
      if (this.recipient && this.destinationFamily && checkAddress(this.recipient, this.destinationFamily)) this.recipient = '';
    }
    this.valueLossConfirmed = false;
  }

  private onTokenSelect(side: 'from' | 'to', address: string): void {
    if (side === 'from') this.fromTokenAddress = address;
    else this.toTokenAddress = address;
    this.valueLossConfirmed = false;
  }

  private async bridge(): Promise<void> {
    const quote = this.currentQuote;
    const inputs = this.quoteInputs;
    const provider = this.provider;
    const fromChain = this.chainById(this.fromChainId);
    const toChain = this.chainById(this.toChainId);
    const fromToken = this.tokenOf(this.fromChainId, this.fromTokenAddress);
    const toToken = this.tokenOf(this.toChainId, this.toTokenAddress);
    if (!quote || !inputs || !provider || !fromChain || !toChain || !fromToken || !toToken || !this.account) return;
    this.problem = undefined;
    this.view = 'executing';
    this.phase = 'routing';
    this.approvals = [];
    this.routeInfo = undefined;
    clearTimeout(this.refreshTimer);
    const controller = new AbortController();
    this.execution = controller;
    const client = this.ensureClient();
    const store = this.ensureStore();
    let intentId: string | undefined;
    const handlers: TransferHandlers = {
      onPhase: (phase) => {
        this.phase = phase;
      },
      onRoute: (result, meta) => {
        intentId = result.intentId;
        this.routeInfo = { provider: result.route.provider, reliabilityScore: result.route.reliabilityScore ?? undefined };
        this.emit('bridge-route', { intentId: result.intentId, route: result.route, requestId: meta.requestId, providerRequestId: meta.providerRequestId });
      },
      onApprovals: (steps) => {
        const before = new Map(this.approvals.map((s) => [s.id, s.state]));
        this.approvals = steps;
        for (const step of steps) {
          if (before.get(step.id) !== step.state && (step.state === 'mining' || step.state === 'done' || step.state === 'rejected' || step.state === 'failed')) {
            this.emit('bridge-approval', {
              intentId: intentId ?? '',
              tokenAddress: step.tokenAddress,
              spender: step.spender,
              amount: step.amount,
              chainId: step.chainId,
              state: step.state,
              txHash: step.txHash,
            });
          }
        }
      },
      onTransaction: (hash, id) => this.emit('bridge-transaction', { intentId: id, txHash: hash, chainId: fromChain.chainId }),
      onLateTransaction: (record) => this.startTracking(record, this.view === 'form'),
    };
    try {
      // The AML screening happens at quote: quote again with the exact inputs right before routing.
      await client.quote(inputs, { signal: controller.signal });
      const saved = await sendTransfer(
        {
          fromChain,
          toChain,
          fromToken: { address: fromToken.address, symbol: fromToken.symbol, decimals: fromToken.decimals },
          toToken: { address: toToken.address, symbol: toToken.symbol, decimals: toToken.decimals },
          amount: inputs.fromAmount,
          fromAddress: this.account,
          toAddress: inputs.toAddress,
          slippage: inputs.slippage,
          fromAmountUsd: quote.estimate.fromAmountUsd,
          metadata: this.metadata,
          postHook: this.postHook,
        },
        {
          client,
          provider,
          store,
          unlimitedApprovals: this.unlimitedApproval,
          signal: controller.signal,
          ...(Number.isFinite(this.walletTimeout) && this.walletTimeout > 0 ? { promptTimeoutMs: this.walletTimeout * 1000 } : {}),
        },
        handlers,
      );
      this.execution = undefined;
      this.startTracking(saved, true);
    } catch (error) {
      this.execution = undefined;
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
      this.view = 'form';
      this.phase = undefined;
      this.reportProblem(reason, intentId);
      this.quoteNonce++;
    }
  }

  private reportProblem(error: unknown, intentId?: string): void {
    const problem = describeError(error);
    this.problem = problem;
    const detail: BridgeErrorDetail = { kind: problem.kind, message: problem.message, intentId, requestId: problem.requestId, retryable: problem.retryable };
    this.emit('bridge-error', detail);
  }

  private resumeSaved(account: string): void {
    if (!this.proxyUrl) return;
    const unfinished = this.ensureStore().unfinished(account);
    const sent = unfinished.filter((t) => t.sourceTxHash);
    // Routed but never broadcast from this page: nothing moved, so nothing to follow.
    for (const t of unfinished) if (!t.sourceTxHash && Date.now() - t.createdAt > 10 * 60_000) this.ensureStore().update(account, t.intentId, (c) => (c ? { ...c, phase: 'abandoned' } : c));
    sent.forEach((t, i) => this.startTracking(t, i === 0 && this.view === 'form'));
  }

  private startTracking(saved: SavedTransfer, show: boolean): void {
    if (this.tracking.has(saved.intentId)) {
      if (show) this.showTracked(saved);
      return;
    }
    const controller = new AbortController();
    this.tracking.set(saved.intentId, controller);
    if (show) this.showTracked(saved);
    const isShown = () => this.tracked?.intentId === saved.intentId;
    trackTransfer(saved, { client: this.ensureClient(), store: this.ensureStore(), signal: controller.signal }, {
      onPhase: () => {
        if (isShown()) this.tracked = this.ensureStore().get(saved.account, saved.intentId) ?? this.tracked;
      },
      onReceipt: () => {
        if (isShown()) this.tracked = this.ensureStore().get(saved.account, saved.intentId) ?? this.tracked;
      },
      onStatus: (status, meta) => this.onStatus(saved, status, meta, isShown()),
      onPollProblem: (error, retryInMs) => {
        if (isShown()) {
          this.nextCheckAt = Date.now() + retryInMs;
          this.notice = en[error.kind === 'rate-limited' ? 'notice.busy' : 'notice.unreachable'];
        }
      },
    })
      .then((outcome) => this.onTrackOutcome(outcome, isShown()))
      .catch((error: unknown) => {
        if (!(error instanceof RoutingError && error.kind === 'aborted')) this.reportProblem(error, saved.intentId);
      })
      .finally(() => this.tracking.delete(saved.intentId));
  }

  private showTracked(saved: SavedTransfer): void {
    this.tracked = saved;
    this.trackedStatus = undefined;
    this.trackedFinal = undefined;
    this.trackedMeta = { requestId: saved.requestId, providerRequestId: saved.providerRequestId };
    this.view = 'tracking';
    this.notice = undefined;
  }

  private statusDetail(saved: SavedTransfer, status: IntentStatus & { kind: 'tracked' }): BridgeStatusDetail {
    return {
      intentId: saved.intentId,
      status: status.status,
      rawStatus: status.rawStatus,
      sourceTxHash: status.source_tx_hash ?? saved.sourceTxHash,
      destTxHash: status.dest_tx_hash,
      needsGas: status.gas_status === 'needs_gas',
      requestId: status.request_id ?? saved.requestId,
      providerRequestId: status.provider_request_id ?? saved.providerRequestId,
      metadata: status.metadata ?? undefined,
    };
  }

  private onStatus(saved: SavedTransfer, status: IntentStatus, meta: ResponseMeta, shown: boolean): void {
    const previous = shown ? this.trackedStatus : undefined;
    if (shown) {
      this.trackedStatus = status;
      this.tracked = this.ensureStore().get(saved.account, saved.intentId) ?? this.tracked;
      this.lastCheckedAt = Date.now();
      this.nextCheckAt = status.kind === 'tracked' && status.next_poll_at ? Date.parse(status.next_poll_at) : undefined;
      this.notice = undefined;
      if (status.kind === 'tracked') this.trackedMeta = { requestId: status.request_id ?? saved.requestId, providerRequestId: status.provider_request_id ?? saved.providerRequestId };
    }
    const changed = !previous || previous.status !== status.status || (previous.kind === 'tracked' && status.kind === 'tracked' && previous.gas_status !== status.gas_status);
    if (changed || !shown) {
      const detail: BridgeStatusDetail =
        status.kind === 'tracked'
          ? this.statusDetail(saved, status)
          : { intentId: saved.intentId, status: 'pending', rawStatus: 'pending', sourceTxHash: saved.sourceTxHash, destTxHash: undefined, needsGas: false, requestId: meta.requestId, providerRequestId: saved.providerRequestId, metadata: undefined };
      this.emit('bridge-status', detail);
    }
  }

  private onTrackOutcome(outcome: TrackOutcome, shown: boolean): void {
    if (shown) {
      this.tracked = outcome.record;
      this.trackedFinal = outcome.kind;
    }
    if (outcome.kind === 'success') {
      this.emit('bridge-success', { ...this.statusDetail(outcome.record, outcome.status), toAmount: outcome.status.to_amount_wei });
      this.balanceNonce++;
    } else {
      const detail: BridgeFailedDetail = {
        intentId: outcome.record.intentId,
        reason: outcome.kind,
        sourceTxHash: outcome.record.sourceTxHash,
        requestId: outcome.record.requestId,
        providerRequestId: outcome.record.providerRequestId,
      };
      this.emit('bridge-failed', detail);
      this.balanceNonce++;
    }
  }

  private newTransfer(): void {
    this.view = 'form';
    this.tracked = undefined;
    this.trackedStatus = undefined;
    this.trackedFinal = undefined;
    this.notice = undefined;
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
    const key = `error.${problem.kind === 'no-route' && problem.retryable ? 'no-route-retry' : problem.kind}`;
    if (!Object.prototype.hasOwnProperty.call(en, key)) return problem.message;
    const override = this.strings?.[key as StringKey];
    if (override !== undefined) return override;
    return this.i18n.resolved.language === 'en' ? problem.message : this.t(key as StringKey);
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

  private beforeRender(changed: PropertyValues): void {
    this.focusWasInside = this.hasUpdated && this.matches(':focus-within');
    if (changed.has('phase') && this.phase && this.view === 'executing') this.say(this.t(`phase.${this.phase}`));
  }

  /** When a new view replaced the focused control, focus goes to the new view's start rather than to the page. */
  private afterRender(changed: PropertyValues): void {
    if (!changed.has('view') || !this.focusWasInside) return;
    if (this.shadowRoot?.activeElement) return;
    void this.focusView();
  }

  private async focusView(): Promise<void> {
    const root = this.renderRoot;
    if (this.view === 'executing') {
      root.querySelector<HTMLElement>('[part~="status"]')?.focus();
    } else if (this.view === 'tracking') {
      const tracker = root.querySelector('bw-status-tracker');
      await tracker?.updateComplete;
      tracker?.focus();
    } else {
      const primary = root.querySelector<HTMLButtonElement>('[part="primary-button"]');
      const amount = root.querySelector('bw-amount-input');
      if (primary && !primary.disabled) primary.focus();
      else if (amount) {
        await amount.updateComplete;
        amount.focus();
      }
    }
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
            html`<p class="notice error" role="alert" part="notice notice-error">
              ${!this.proxyUrl ? this.t('widget.noProxy') : error instanceof Error && !isRoutingError(error) ? error.message : this.problemText(describeError(error))}
              <button class="secondary" part="secondary-button" @click=${() => this.catalogTask.run()}>${this.t('widget.retry')}</button>
            </p>`,
          complete: () => (this.view === 'form' ? this.renderForm() : this.view === 'executing' ? this.renderExecuting() : this.renderTracking()),
        })}
        ${this.renderHistory()}
        <div class="visually-hidden" role="status" aria-atomic="true">${this.announcement}</div>
      </div>
    `;
  }

  private renderAccount(): TemplateResult | typeof nothing {
    if (!this.account) return nothing;
    const chain = this.walletChainId === undefined ? undefined : this.chainById(String(this.walletChainId));
    return html`<span class="account" part="account" title=${this.account}>${this.account.slice(0, 6)}…${this.account.slice(-4)}${chain ? html` · ${chain.networkName}` : nothing}</span>`;
  }

  private chainOptions(chains: Chain[], side: 'from' | 'to'): ChainOption[] {
    return chains.map((c) => ({
      chainId: c.chainId,
      name: c.networkName,
      ...(c.chainIconURI ? { iconUrl: c.chainIconURI } : {}),
      family: (chainFamily(c) ?? 'other') as ChainOption['family'],
      availability: side === 'from' ? 'available' : destinationAvailability(c, this.confirmedDestinations),
      ...(side === 'to' && destinationAvailability(c, this.confirmedDestinations) === 'informational' ? { note: this.t('form.notRoutable') } : {}),
    }));
  }

  private tokenOptions(chainId: string, side: 'from' | 'to'): TokenOption[] {
    // The same array while nothing it depends on changed: the picker indexes tokens per array.
    const inputs = [this.catalogTask.value?.tokens, this.balancesTask.value, side === 'from' ? this.allowFromTokens + this.denyFromTokens : this.allowToTokens + this.denyToTokens] as const;
    const key = `${side}:${chainId}`;
    const memo = this.tokenOptionsMemo.get(key);
    if (memo && memo.inputs.every((v, i) => v === inputs[i])) return memo.options;
    const options = this.buildTokenOptions(chainId, side);
    this.tokenOptionsMemo.set(key, { inputs, options });
    return options;
  }

  private buildTokenOptions(chainId: string, side: 'from' | 'to'): TokenOption[] {
    const tokens = this.tokensFor(this.catalogTask.value?.tokens ?? [], chainId, side);
    return tokens.map((t) => {
      const balance = this.balanceOf(chainId, t.address);
      return {
        address: t.address,
        chainId: t.chainId,
        symbol: t.symbol,
        name: t.name,
        decimals: t.decimals,
        ...(t.logoURI ? { logoURI: t.logoURI } : {}),
        usdPrice: t.usdPrice ?? null,
        ...(balance !== undefined ? { balance } : {}),
      };
    });
  }

  private renderForm(): TemplateResult {
    const chains = this.chains;
    const fromToken = this.tokenOf(this.fromChainId, this.fromTokenAddress);
    const toToken = this.tokenOf(this.toChainId, this.toTokenAddress);
    const family = this.destinationFamily ?? 'evm';
    const balance = fromToken ? this.balanceOf(this.fromChainId, fromToken.address) : undefined;
    const quote = this.currentQuote;
    const balancesPartial = this.balancesTask.value?.partial ?? false;
    const { table: strings, resolved } = this.i18n;
    const locked = this.t('form.locked');
    return html`
      <fieldset class="leg" part="group">
        <legend>${this.t('form.from')}</legend>
        <div class="pickers">
          <bw-chain-picker
            exportparts=${EXPORT_PICKER}
            label=${this.t('form.fromChain')}
            .strings=${strings}
            .locale=${resolved.intl}
            .chains=${this.chainOptions(this.sourceChains(chains), 'from')}
            .selected=${this.fromChainId}
            ?disabled=${this.locked('fromChain')}
            disabled-reason=${locked}
            @chain-select=${(e: CustomEvent<{ chainId: string }>) => this.onChainSelect('from', e.detail.chainId)}
          ></bw-chain-picker>
          <bw-token-picker
            exportparts=${EXPORT_PICKER}
            label=${this.t('form.fromToken')}
            .strings=${strings}
            .locale=${resolved.intl}
            .tokens=${this.tokenOptions(this.fromChainId, 'from')}
            .selected=${this.fromTokenAddress}
            .balancesLoading=${this.balancesTask.status === 1}
            .balancesPartial=${balancesPartial}
            ?disabled=${this.locked('fromToken')}
            disabled-reason=${locked}
            @token-select=${(e: CustomEvent<{ address: string }>) => this.onTokenSelect('from', e.detail.address)}
          ></bw-token-picker>
        </div>
        <bw-amount-input
          exportparts=${EXPORT_AMOUNT}
          label=${this.t('form.amount')}
          .strings=${strings}
          .locale=${resolved.intl}
          .value=${this.amountText}
          .symbol=${fromToken?.symbol ?? ''}
          .decimals=${fromToken?.decimals ?? 18}
          .usdPrice=${fromToken?.usdPrice ?? null}
          .balance=${balance}
          .isNative=${fromToken ? isNativeToken(fromToken.address) : false}
          .gasReserve=${NATIVE_GAS_RESERVE}
          ?disabled=${this.locked('amount') || !fromToken}
          @amount-change=${(e: CustomEvent<{ text: string }>) => {
            this.amountText = e.detail.text;
            this.valueLossConfirmed = false;
          }}
        ></bw-amount-input>
      </fieldset>
      <fieldset class="leg" part="group">
        <legend>${this.t('form.to')}</legend>
        <div class="pickers">
          <bw-chain-picker
            exportparts=${EXPORT_PICKER}
            label=${this.t('form.toChain')}
            .strings=${strings}
            .locale=${resolved.intl}
            .chains=${this.chainOptions(this.destinationChains(chains), 'to')}
            .selected=${this.toChainId}
            ?disabled=${this.locked('toChain')}
            disabled-reason=${locked}
            @chain-select=${(e: CustomEvent<{ chainId: string }>) => this.onChainSelect('to', e.detail.chainId)}
          ></bw-chain-picker>
          <bw-token-picker
            exportparts=${EXPORT_PICKER}
            label=${this.t('form.toToken')}
            .strings=${strings}
            .locale=${resolved.intl}
            .tokens=${this.tokenOptions(this.toChainId, 'to')}
            .selected=${this.toTokenAddress}
            ?disabled=${this.locked('toToken')}
            disabled-reason=${locked}
            @token-select=${(e: CustomEvent<{ address: string }>) => this.onTokenSelect('to', e.detail.address)}
          ></bw-token-picker>
        </div>
        <bw-recipient-input
          exportparts=${EXPORT_RECIPIENT}
          label=${this.t('form.recipient')}
          .strings=${strings}
          .locale=${resolved.intl}
          .value=${this.recipient}
          .family=${family}
          ?required=${this.recipientRequired}
          ?disabled=${this.locked('toAddress')}
          placeholder=${this.recipientRequired ? '' : this.account ?? ''}
          @recipient-change=${(e: CustomEvent<{ value: string }>) => {
            this.recipient = e.detail.value;
          }}
        ></bw-recipient-input>
      </fieldset>
      ${this.renderQuote(quote, fromToken, toToken)}
      ${this.configProblems.map((p) => html`<p class="notice warning" part="notice notice-warning">${p}</p>`)}
      ${this.notice ? html`<p class="notice info" part="notice notice-info">${this.noticeText(this.notice)}</p>` : nothing}
      ${this.problem ? this.renderProblem(this.problem) : nothing}
      ${this.renderPrimary(quote, fromToken)}
    `;
  }

  private renderProblem(problem: Problem, retry?: () => void): TemplateResult {
    return html`<p class="notice error" role="alert" part="notice notice-error">
      ${this.problemText(problem)}${problem.requestId ? html` <small>${this.t('widget.request', { id: problem.requestId })}</small>` : nothing}
      ${retry ? html`<button class="secondary" part="secondary-button" @click=${retry}>${this.t('widget.retry')}</button>` : nothing}
    </p>`;
  }

  private renderQuote(quote: QuoteResult | undefined, fromToken: Token | undefined, toToken: Token | undefined): TemplateResult | typeof nothing {
    if (!this.quoteInputs) return nothing;
    const pending = this.quoteTask.status === 1;
    const error = this.quoteTask.status === 3 ? this.quoteTask.error : undefined;
    if (error && !(isRoutingError(error) && error.kind === 'aborted')) {
      const problem = describeError(error);
      return this.renderProblem(problem, problem.retryable ? () => this.quoteNonce++ : undefined);
    }
    const shown = quote ?? this.quoteTask.value;
    return html`<bw-quote-panel
      exportparts=${EXPORT_QUOTE}
      .strings=${this.i18n.table}
      .locale=${this.i18n.resolved.intl}
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

  private renderPrimary(quote: QuoteResult | undefined, fromToken: Token | undefined): TemplateResult {
    let label: string;
    let disabled = true;
    let action = () => this.bridge();
    if (!this.provider) label = this.t('action.noWallet');
    else if (!this.account) {
      label = this.t('action.connect');
      disabled = false;
      action = () => this.connect();
    } else if (!fromToken || !this.toTokenAddress) label = this.t('action.selectTokens');
    else if (this.amountText.trim() === '') label = this.t('action.enterAmount');
    else if (this.amountProblem === 'insufficient-balance') label = this.t('action.insufficient', { symbol: fromToken.symbol });
    else if (this.amountProblem) label = this.t('action.invalidAmount');
    else if (!this.effectiveRecipient) label = this.t('action.invalidRecipient');
    else if (!quote) label = this.t(this.quoteTask.status === 3 ? 'action.noQuote' : 'action.quoting');
    else {
      const loss = valueLossPercent(quote.estimate);
      const needsConfirm = loss !== undefined && loss > this.valueLossThreshold && !this.valueLossConfirmed;
      const parsed = this.parsedAmount;
      label = needsConfirm
        ? this.t('action.confirmLoss')
        : this.t('action.bridge', { amount: parsed?.ok ? this.formatTokenAmount(parsed.value, fromToken.decimals) : '', symbol: fromToken.symbol });
      disabled = needsConfirm;
    }
    return html`<button part="primary-button" class="primary" ?disabled=${disabled} @click=${action}>${label}</button>`;
  }

  private renderExecuting(): TemplateResult {
    const fromChain = this.chainById(this.fromChainId);
    const steps: ApprovalStepView[] = this.approvals.map((s) => {
      const token = this.tokenOf(s.chainId, s.tokenAddress);
      const chain = this.chainById(s.chainId);
      const url = s.txHash ? explorerTxUrl(chain?.blockExplorerUrls, s.txHash) : undefined;
      return {
        id: s.id,
        tokenSymbol: token?.symbol ?? shortenHex(s.tokenAddress),
        tokenDecimals: token?.decimals ?? 18,
        tokenAddress: s.tokenAddress,
        spender: s.spender,
        amount: s.amount,
        chainName: chain?.networkName ?? s.chainId,
        state: s.state,
        ...(s.txHash ? { txHash: s.txHash } : {}),
        ...(url ? { explorerUrl: url } : {}),
        ...(s.message ? { message: s.message } : {}),
      };
    });
    return html`
      <p class="phase" part="status" tabindex="-1">
        <span class="spinner" aria-hidden="true"></span>${this.phase ? this.t(`phase.${this.phase}`) : this.t('widget.working')}
      </p>
      ${this.routeInfo
        ? html`<p class="route-info">
            ${this.t('quote.via', { provider: this.routeInfo.provider })}${this.routeInfo.reliabilityScore === undefined
              ? nothing
              : html` · ${this.t('quote.reliable', { percent: Math.round(this.routeInfo.reliabilityScore * 100) })}`}
          </p>`
        : nothing}
      ${steps.length
        ? html`<bw-approval-steps
            exportparts=${EXPORT_APPROVALS}
            .strings=${this.i18n.table}
            .locale=${this.i18n.resolved.intl}
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
    const fromChain = this.chainById(saved.fromChainId);
    const toChain = this.chainById(saved.toChainId);
    const tracked = status?.kind === 'tracked' ? status : undefined;
    let phase: TransferPhase;
    if (this.trackedFinal === 'not-found') phase = 'not-found';
    else if (tracked) phase = tracked.status === 'unknown' ? 'unknown' : tracked.status;
    else phase = saved.sourceTxHash ? 'broadcast' : 'signing';
    const destHash = tracked?.dest_tx_hash ?? saved.destTxHash;
    const received = tracked?.to_amount_wei ?? (saved.toAmountReceived ? BigInt(saved.toAmountReceived) : undefined);
    const sourceUrl = saved.sourceTxHash ? explorerTxUrl(fromChain?.blockExplorerUrls, saved.sourceTxHash) : undefined;
    const destUrl = destHash ? explorerTxUrl(toChain?.blockExplorerUrls, destHash) : undefined;
    return {
      phase,
      ...(tracked ? { rawStatus: tracked.rawStatus } : {}),
      fromChainName: fromChain?.networkName ?? saved.fromChainId,
      toChainName: toChain?.networkName ?? saved.toChainId,
      fromAmountText: this.formatTokenAmount(BigInt(saved.fromAmount), saved.fromToken.decimals, saved.fromToken.symbol),
      toAmountText: this.formatTokenAmount(received ?? BigInt(saved.toAmount), saved.toToken.decimals, saved.toToken.symbol),
      ...(saved.sourceTxHash ? { sourceTxHash: saved.sourceTxHash } : {}),
      ...(sourceUrl ? { sourceTxUrl: sourceUrl } : {}),
      ...(destHash ? { destTxHash: destHash } : {}),
      ...(destUrl ? { destTxUrl: destUrl } : {}),
      startedAt: saved.createdAt,
      ...(this.trackedFinal ? { finishedAt: saved.updatedAt } : {}),
      needsGas: tracked?.gas_status === 'needs_gas',
      ...(this.trackedMeta.requestId ? { requestId: this.trackedMeta.requestId } : {}),
      ...(this.trackedMeta.providerRequestId ? { providerRequestId: this.trackedMeta.providerRequestId } : {}),
      intentId: saved.intentId,
      receiptPending: !!saved.sourceTxHash && !saved.receiptAccepted && !this.trackedFinal,
      ...(this.lastCheckedAt ? { lastCheckedAt: this.lastCheckedAt } : {}),
      ...(this.nextCheckAt && !this.trackedFinal ? { nextCheckAt: this.nextCheckAt } : {}),
      ...(this.notice ? { message: this.noticeText(this.notice) } : {}),
    };
  }

  private renderTracking(): TemplateResult {
    return html`<bw-status-tracker
      exportparts=${EXPORT_TRACKER}
      .strings=${this.i18n.table}
      .locale=${this.i18n.resolved.intl}
      .view=${this.trackedView()}
      @new-transfer=${() => this.newTransfer()}
      @status-dismiss=${() => this.newTransfer()}
    ></bw-status-tracker>`;
  }

  private renderHistory(): TemplateResult | typeof nothing {
    if (!this.account || !this.proxyUrl || this.view !== 'form') return nothing;
    const history = this.ensureStore()
      .list(this.account)
      .filter((t) => t.sourceTxHash);
    if (!history.length) return nothing;
    const state = (phase: string): string =>
      this.t(phase === 'success' || phase === 'failed' || phase === 'not-found' || phase === 'abandoned' ? `history.${phase}` : 'history.pending');
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
        ${history.slice(0, 10).map(
          (t) => html`<li part="history-item">
            <span>
              ${this.t('history.item', {
                amount: this.formatTokenAmount(BigInt(t.fromAmount), t.fromToken.decimals),
                symbol: t.fromToken.symbol,
                chain: this.chainById(t.toChainId)?.networkName ?? t.toChainId,
              })}
            </span>
            ${isFinalPhase(t.phase)
              ? html`<span class="state">${state(t.phase)}</span>`
              : html`<button class="link-button" @click=${() => this.startTracking(t, true)}>${state(t.phase)}</button>`}
          </li>`,
        )}
      </ul>
    `;
  }
}
