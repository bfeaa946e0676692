import { LitElement, html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { RoutingClient } from '../api/client.js';
import type { ResponseMeta } from '../api/client.js';
import { RoutingError, isRoutingError } from '../api/errors.js';
import { sleep } from '../api/rate-limit.js';
import type { BalancesResponse, Chain, Estimate, IntentStatus, PostHook, Token } from '../api/schemas.js';
import { addressFamilyOf, checkAddress } from '../api/validate.js';
import type { AddressFamily } from '../api/validate.js';
import { hostStyles, tokenDefaults } from '../components/shared/styles.js';
import type { ChainOption } from '../components/chain-picker/chain-picker.js';
import type { TokenOption } from '../components/token-picker/token-picker.js';
import type { ApprovalStepView } from '../components/approval-steps/approval-steps.js';
import type { StatusView, TransferPhase } from '../components/status-tracker/status-tracker.js';
import { valueLossPercent } from '../components/quote-panel/quote-panel.js';
import { formatAmount, parseAmountInput } from '../format/amount.js';
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

const QUOTE_DEBOUNCE_MS = 400;
const QUOTE_REFRESH_MS = 20_000;
const BALANCE_REPOLL_MS = 2_000;
const BALANCE_REPOLL_LIMIT = 5;
/** Kept back by "Max" on native tokens so the transfer itself can pay gas. */
const NATIVE_GAS_RESERVE = 10n ** 15n;

type View = 'form' | 'executing' | 'tracking';

interface QuoteInputs {
  key: string;
  fromChain: string;
  toChain: string;
  fromToken: string;
  toToken: string;
  fromAmount: bigint;
  fromAddress: string;
  toAddress: string;
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

const PHASE_TEXT: Record<ExecutionPhase, string> = {
  routing: 'Preparing your route…',
  approving: 'Approve the token in your wallet',
  'switching-chain': 'Switch network in your wallet',
  'confirm-in-wallet': 'Confirm the transfer in your wallet',
  broadcast: 'Transfer sent',
  reporting: 'Reporting the transaction to the bridge…',
  tracking: 'Following your transfer…',
};

function describeError(error: unknown): Problem {
  if (error instanceof FlowError) return { kind: error.kind, message: error.message, requestId: error.requestId, retryable: error.recoverable };
  if (error instanceof WalletError) return { kind: `wallet-${error.kind}`, message: error.message, retryable: true };
  if (isRoutingError(error)) {
    const base = { kind: error.kind, requestId: error.requestId, retryable: error.retryable };
    switch (error.kind) {
      case 'quote-rejected':
        return { ...base, message: 'This transfer cannot be quoted. Nothing was sent.' };
      case 'no-route':
        return { ...base, message: error.retryable ? 'No route right now: a provider did not answer. Try again in a moment.' : 'No provider offers this route. Try another token, chain or amount.' };
      case 'rate-limited':
        return { ...base, message: 'The bridge service is busy. Retrying shortly…' };
      case 'post-hook-rejected':
        return { ...base, message: error.message };
      case 'invalid-response':
        return { ...base, message: 'The bridge service sent an answer the widget cannot read. Try again.' };
      case 'network':
      case 'timeout':
        return { ...base, message: 'The bridge service could not be reached. Check your connection and try again.' };
      case 'unauthorized':
        return { ...base, message: 'This site’s bridge connection is misconfigured. Please contact the site owner.' };
      case 'intent-not-found':
        return { ...base, message: 'The bridge service no longer knows this transfer.' };
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
 * @fires bridge-quote - A quote was received. `detail`: estimate, chains, tokens, requestId.
 * @fires bridge-route - A route (intent) was created. `detail`: intentId, route, requestId, providerRequestId.
 * @fires bridge-approval - An approval step changed state (sent or done). `detail`: intentId, token, spender, amount, state, txHash.
 * @fires bridge-transaction - The source transaction was broadcast. `detail`: intentId, txHash, chainId.
 * @fires bridge-status - The transfer's status changed. `detail`: intentId, status, hashes, needsGas, requestId, metadata.
 * @fires bridge-success - The service reported `success`; only then. `detail`: the status detail plus toAmount.
 * @fires bridge-failed - The service reported `failed` (a refund is initiated) or no longer knows the transfer. `detail`: intentId, reason.
 * @fires bridge-error - Something the user must act on: a rejected quote, no route, a wallet refusal, an unreachable service. `detail`: kind, message, requestId, retryable.
 *
 * @csspart base - The card that holds the widget.
 * @csspart header - The title row.
 * @csspart primary-button - The main action button.
 * @csspart notice - Inline error and information messages.
 * @csspart history - The list of recent transfers.
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

  private client: RoutingClient | undefined;
  private store: IntentStore | undefined;
  private unwatchWallet: (() => void) | undefined;
  private execution: AbortController | undefined;
  private tracking = new Map<string, AbortController>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private balanceTimer: ReturnType<typeof setTimeout> | undefined;
  private balancePolls = 0;
  private presetsApplied = false;

  private readonly catalogTask = new Task(this, {
    task: async ([proxyUrl]: readonly [string]) => {
      if (!proxyUrl) throw new Error('Set the proxy-url attribute to your bridge proxy.');
      const client = this.ensureClient();
      const [chains, tokens] = await Promise.all([loadChains(client), loadTokens(client)]);
      return { chains, tokens };
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
      const { data, meta } = await this.ensureClient().quote(
        {
          fromChain: inputs.fromChain,
          toChain: inputs.toChain,
          fromToken: inputs.fromToken,
          toToken: inputs.toToken,
          fromAmount: inputs.fromAmount,
          fromAddress: inputs.fromAddress,
          toAddress: inputs.toAddress,
          slippage: inputs.slippage,
        },
        { signal },
      );
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

  override connectedCallback(): void {
    super.connectedCallback();
    this.watchProvider();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unwatchWallet?.();
    this.unwatchWallet = undefined;
    clearTimeout(this.refreshTimer);
    clearTimeout(this.balanceTimer);
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
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('provider')) this.watchProvider();
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
      this.problem = { kind: 'no-provider', message: 'The wallet handed to the widget is not an EIP-1193 provider.', retryable: false };
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
      problems.push(`Slippage “${slippage}” is not a percentage between 0 and 50; using ${this.slippageValue}%.`);
    }
    const threshold = this.getAttribute('value-loss-threshold');
    if (threshold !== null && !(Number.isFinite(this.valueLossThreshold) && this.valueLossThreshold >= 0 && this.valueLossThreshold <= 100)) {
      problems.push(`value-loss-threshold “${threshold}” is not a percentage; using 5%.`);
    }
    if (!['light', 'dark', 'auto'].includes(this.theme)) problems.push(`Theme “${this.theme}” is unknown; use light, dark or auto.`);
    const catalog = this.catalogTask.value;
    if (catalog) {
      const known = (list: Chain[], id: string) => list.some((c) => c.chainId.toLowerCase() === id.toLowerCase());
      if (this.fromChain && !known(this.sourceChains(catalog.chains), this.fromChain)) problems.push(`The source chain “${this.fromChain}” is not available here.`);
      if (this.toChain && !known(this.destinationChains(catalog.chains), this.toChain)) problems.push(`The destination chain “${this.toChain}” is not available here.`);
      const knownToken = (chainId: string, side: 'from' | 'to', wanted: string) =>
        this.tokensFor(catalog.tokens, chainId, side).some((t) => t.address.toLowerCase() === wanted.toLowerCase() || t.symbol.toLowerCase() === wanted.toLowerCase());
      // Only while the preset chain is selected: after the user picks another chain the preset token no longer applies.
      const onPreset = (preset: string, selected: string) => !preset || preset.toLowerCase() === selected.toLowerCase();
      if (this.fromToken && this.fromChainId && onPreset(this.fromChain, this.fromChainId) && !knownToken(this.fromChainId, 'from', this.fromToken)) problems.push(`The token “${this.fromToken}” is not available on the source chain.`);
      if (this.toToken && this.toChainId && onPreset(this.toChain, this.toChainId) && !knownToken(this.toChainId, 'to', this.toToken)) problems.push(`The token “${this.toToken}” is not available on the destination chain.`);
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
      await client.quote(
        {
          fromChain: inputs.fromChain,
          toChain: inputs.toChain,
          fromToken: inputs.fromToken,
          toToken: inputs.toToken,
          fromAmount: inputs.fromAmount,
          fromAddress: inputs.fromAddress,
          toAddress: inputs.toAddress,
          slippage: inputs.slippage,
        },
        { signal: controller.signal },
      );
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
          this.notice = error.kind === 'rate-limited' ? 'The bridge service is busy; checking again shortly.' : 'Could not reach the bridge service; still checking.';
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

  override render(): TemplateResult {
    return html`
      <div part="base" class="card">
        <header part="header">
          <h2>Bridge</h2>
          ${this.renderAccount()}
        </header>
        ${this.catalogTask.render({
          pending: () => html`<p class="notice info phase" part="notice"><span class="spinner" aria-hidden="true"></span>Loading chains and tokens…</p>`,
          error: (error) =>
            html`<p class="notice error" role="alert" part="notice">
              ${error instanceof Error && !isRoutingError(error) ? error.message : describeError(error).message}
              <button class="secondary" @click=${() => this.catalogTask.run()}>Try again</button>
            </p>`,
          complete: () => (this.view === 'form' ? this.renderForm() : this.view === 'executing' ? this.renderExecuting() : this.renderTracking()),
        })}
        ${this.renderHistory()}
      </div>
    `;
  }

  private renderAccount(): TemplateResult | typeof nothing {
    if (!this.account) return nothing;
    const chain = this.walletChainId === undefined ? undefined : this.chainById(String(this.walletChainId));
    return html`<span class="account" title=${this.account}>${this.account.slice(0, 6)}…${this.account.slice(-4)}${chain ? html` · ${chain.networkName}` : nothing}</span>`;
  }

  private chainOptions(chains: Chain[], side: 'from' | 'to'): ChainOption[] {
    return chains.map((c) => ({
      chainId: c.chainId,
      name: c.networkName,
      ...(c.chainIconURI ? { iconUrl: c.chainIconURI } : {}),
      family: (chainFamily(c) ?? 'other') as ChainOption['family'],
      availability: side === 'from' ? 'available' : destinationAvailability(c, this.confirmedDestinations),
      ...(side === 'to' && destinationAvailability(c, this.confirmedDestinations) === 'informational' ? { note: 'Listed by the service, not routable as a destination' } : {}),
    }));
  }

  private tokenOptions(chainId: string, side: 'from' | 'to'): TokenOption[] {
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
    return html`
      <fieldset class="leg">
        <legend>From</legend>
        <div class="pickers">
          <bw-chain-picker
            label="From chain"
            .chains=${this.chainOptions(this.sourceChains(chains), 'from')}
            .selected=${this.fromChainId}
            ?disabled=${this.locked('fromChain')}
            disabled-reason="Set by this site"
            @chain-select=${(e: CustomEvent<{ chainId: string }>) => this.onChainSelect('from', e.detail.chainId)}
          ></bw-chain-picker>
          <bw-token-picker
            label="Token to send"
            .tokens=${this.tokenOptions(this.fromChainId, 'from')}
            .selected=${this.fromTokenAddress}
            .balancesLoading=${this.balancesTask.status === 1}
            .balancesPartial=${balancesPartial}
            ?disabled=${this.locked('fromToken')}
            disabled-reason="Set by this site"
            @token-select=${(e: CustomEvent<{ address: string }>) => this.onTokenSelect('from', e.detail.address)}
          ></bw-token-picker>
        </div>
        <bw-amount-input
          label="Amount"
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
      <fieldset class="leg">
        <legend>To</legend>
        <div class="pickers">
          <bw-chain-picker
            label="To chain"
            .chains=${this.chainOptions(this.destinationChains(chains), 'to')}
            .selected=${this.toChainId}
            ?disabled=${this.locked('toChain')}
            disabled-reason="Set by this site"
            @chain-select=${(e: CustomEvent<{ chainId: string }>) => this.onChainSelect('to', e.detail.chainId)}
          ></bw-chain-picker>
          <bw-token-picker
            label="Token to receive"
            .tokens=${this.tokenOptions(this.toChainId, 'to')}
            .selected=${this.toTokenAddress}
            ?disabled=${this.locked('toToken')}
            disabled-reason="Set by this site"
            @token-select=${(e: CustomEvent<{ address: string }>) => this.onTokenSelect('to', e.detail.address)}
          ></bw-token-picker>
        </div>
        <bw-recipient-input
          label="Recipient"
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
      ${this.configProblems.map((p) => html`<p class="notice warning" part="notice">${p}</p>`)}
      ${this.notice ? html`<p class="notice info" part="notice">${this.notice}</p>` : nothing}
      ${this.problem
        ? html`<p class="notice error" role="alert" part="notice">
            ${this.problem.message}${this.problem.requestId ? html` <small>(request ${this.problem.requestId})</small>` : nothing}
          </p>`
        : nothing}
      ${this.renderPrimary(quote, fromToken)}
    `;
  }

  private renderQuote(quote: QuoteResult | undefined, fromToken: Token | undefined, toToken: Token | undefined): TemplateResult | typeof nothing {
    if (!this.quoteInputs) return nothing;
    const pending = this.quoteTask.status === 1;
    const error = this.quoteTask.status === 3 ? this.quoteTask.error : undefined;
    if (error && !(isRoutingError(error) && error.kind === 'aborted')) {
      const problem = describeError(error);
      return html`<p class="notice error" role="alert" part="notice">
        ${problem.message}${problem.requestId ? html` <small>(request ${problem.requestId})</small>` : nothing}
        ${problem.retryable ? html`<button class="secondary" @click=${() => this.quoteNonce++}>Try again</button>` : nothing}
      </p>`;
    }
    const shown = quote ?? this.quoteTask.value;
    return html`<bw-quote-panel
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
    let label = 'Bridge';
    let disabled = true;
    let action = () => this.bridge();
    if (!this.provider) label = 'Connect a wallet to continue';
    else if (!this.account) {
      label = 'Connect wallet';
      disabled = false;
      action = () => this.connect();
    } else if (!fromToken || !this.toTokenAddress) label = 'Select tokens';
    else if (this.amountText.trim() === '') label = 'Enter an amount';
    else if (this.amountProblem === 'insufficient-balance') label = `Insufficient ${fromToken.symbol}`;
    else if (this.amountProblem) label = 'Enter a valid amount';
    else if (!this.effectiveRecipient) label = 'Enter a valid recipient';
    else if (!quote) label = this.quoteTask.status === 3 ? 'No quote available' : 'Getting a quote…';
    else {
      const loss = valueLossPercent(quote.estimate);
      const needsConfirm = loss !== undefined && loss > this.valueLossThreshold && !this.valueLossConfirmed;
      const parsed = this.parsedAmount;
      label = needsConfirm ? 'Confirm the value loss above' : `Bridge ${parsed?.ok ? formatAmount(parsed.value, fromToken.decimals) : ''} ${fromToken.symbol}`;
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
        tokenSymbol: token?.symbol ?? 'token',
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
      <p class="phase" role="status" aria-live="polite">
        <span class="spinner" aria-hidden="true"></span>${this.phase ? PHASE_TEXT[this.phase] : 'Working…'}
      </p>
      ${steps.length ? html`<bw-approval-steps .steps=${steps} ?unlimited=${this.unlimitedApproval}></bw-approval-steps>` : nothing}
      <p class="notice info" part="notice">Keep this page open until your wallet asks you to confirm. ${fromChain ? `Funds leave from ${fromChain.networkName}.` : ''}</p>
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
      fromAmountText: `${formatAmount(BigInt(saved.fromAmount), saved.fromToken.decimals)} ${saved.fromToken.symbol}`,
      toAmountText: `${formatAmount(received ?? BigInt(saved.toAmount), saved.toToken.decimals)} ${saved.toToken.symbol}`,
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
      ...(this.notice ? { message: this.notice } : {}),
    };
  }

  private renderTracking(): TemplateResult {
    return html`<bw-status-tracker
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
    const label: Record<string, string> = { success: 'Arrived', failed: 'Failed, refund initiated', 'not-found': 'Unknown to the service', broadcast: 'In progress', tracking: 'In progress', routed: 'In progress', abandoned: 'Not sent' };
    return html`
      <div class="row">
        <button class="link-button" aria-expanded=${this.showHistory ? 'true' : 'false'} aria-controls="history" @click=${() => (this.showHistory = !this.showHistory)}>
          Recent transfers (${history.length})
        </button>
      </div>
      <ul id="history" class="history" part="history" ?hidden=${!this.showHistory}>
        ${history.slice(0, 10).map(
          (t) => html`<li>
            <span>${formatAmount(BigInt(t.fromAmount), t.fromToken.decimals)} ${t.fromToken.symbol} → ${this.chainById(t.toChainId)?.networkName ?? t.toChainId}</span>
            ${isFinalPhase(t.phase)
              ? html`<span class="state">${label[t.phase]}</span>`
              : html`<button class="link-button" @click=${() => this.startTracking(t, true)}>${label[t.phase]}</button>`}
          </li>`,
        )}
      </ul>
    `;
  }
}
