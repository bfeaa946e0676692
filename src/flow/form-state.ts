/**
 * The form: what the user typed and chose, what it adds up to (the draft,
 * derived once per change and handed on), the host's presets applied once the
 * catalog is in, and the problem of the last attempt, which leaves with its
 * cause (a new amount, token, chain or recipient).
 */
import type { BalancesResponse, Chain } from '../api/schemas.js';
import { parseList } from './catalog.js';
import { addressRulesLoaded, chainFamily, fitsFamily, loadAddressRules } from '../model/address.js';
import { isUsableSlippage } from '../model/quote.js';
import {
  followWalletChain,
  formConfig,
  readDraft,
  resolvePresets,
  selectChain,
  swapSelection,
  type Catalog,
  type Draft,
  type DraftInput,
  type FormConfig,
  type FormValues,
  type Side,
} from './form.js';
import type { Problem } from './problems.js';
import { previewAddress } from './quote-address.js';
import type { SessionSettings } from './settings.js';

/** What the form reads of the session. */
export interface FormContext {
  settings(): SessionSettings;
  catalog(): Catalog | undefined;
  balances(): BalancesResponse | undefined;
  account(): string | undefined;
  /** Whether the form is on screen: only then does the draft ask for a quote. */
  inForm(): boolean;
  /** Whether a chain's first token page is loaded (or on its way). */
  chainStarted(chainId: string): boolean;
  /** Loads a chain's first page for a side. */
  loadChain(side: Side, chainId: string): Promise<void>;
  changed(): void;
}

/** What the user chose that a problem can be about. */
const causeOf = (values: FormValues) =>
  [values.fromChainId, values.toChainId, values.fromTokenAddress, values.toTokenAddress, values.amountText, values.recipient].join();

export class FormState {
  values: FormValues = {
    fromChainId: '',
    toChainId: '',
    fromTokenAddress: '',
    toTokenAddress: '',
    amountText: '',
    recipient: '',
    slippage: 1,
    valueLossConfirmed: false,
  };
  /**
   * What went wrong in the last attempt. It leaves with its cause (a new
   * amount, token, chain or recipient) or with the next attempt; not with the
   * quote the form asks for on its way back from a failed attempt, which
   * would wipe the explanation before it is read.
   */
  problem: Problem | undefined;

  readonly #context: FormContext;
  #problemCause = '';
  /** The source chain the wallet's network last set by itself: while it is still selected, the user has not chosen one. */
  #followedChain: string | undefined;
  #presetsApplied = false;
  /** The values the presets gave, until their quote is answered (compared field by field: every `configure` makes a new values object). */
  #presetValues: FormValues | undefined;
  #derived: { inputs: readonly unknown[]; draft: Draft } | undefined;

  constructor(context: FormContext) {
    this.#context = context;
  }

  /** The host's presets and allow/deny lists, per side. */
  get config(): FormConfig {
    return formConfig(this.#context.settings());
  }

  /** What the form adds up to: derived when something it depends on changed, else the same object. */
  get draft(): Draft {
    const context = this.#context;
    const preview = previewAddress(context.settings().previewAddress);
    const inputs = [this.values, context.catalog(), context.balances(), context.account(), context.inForm(), addressRulesLoaded(), preview] as const;
    const derived = this.#derived;
    if (derived && inputs.every((value, i) => value === derived.inputs[i])) return derived.draft;
    const [values, catalog, balances, account, inForm, rulesLoaded] = inputs;
    const draft = this.derive({ values, catalog, balances, account, preview, previous: derived?.draft.inputs });
    // Away from the form nothing is quoted.
    if (!inForm) draft.inputs = undefined;
    // A Solana, Cosmos or Bitcoin recipient is not valid until its rules (a chunk) have checked it: then the draft is derived again.
    if (!rulesLoaded && values.recipient && draft.recipientRequired)
      void loadAddressRules().then(
        () => context.changed(),
        () => {},
      );
    this.#derived = { inputs, draft };
    return draft;
  }

  /** The draft for these inputs (the one place the form's derivation runs; paying into a deposit address, ./deposit.ts, drafts its own way and puts its rule here for as long). */
  derive(input: DraftInput): Draft {
    return readDraft(input);
  }

  /** The host's settings and the names of those that changed: each change applies once. */
  configure(settings: SessionSettings, names: ReadonlySet<PropertyKey>): void {
    const values = { ...this.values };
    if (names.has('slippage') && isUsableSlippage(settings.slippage)) values.slippage = settings.slippage;
    if (names.has('amount')) values.amountText = settings.amount;
    if (names.has('toAddress') && settings.toAddress) values.recipient = settings.toAddress;
    if (['fromChain', 'toChain', 'fromToken', 'toToken'].some((name) => names.has(name))) this.#presetsApplied = false;
    this.#set(values);
    const catalog = this.#context.catalog();
    if (catalog) this.applyPresets(catalog);
  }

  /** The chains the host preset, per side (empty where none): known before the chain list arrives. */
  presetChains(): Record<Side, string> {
    const { from, to } = this.config;
    return { from: from.chain, to: to.chain };
  }

  /** The chain each side shows once the chain list is in (presets, else defaults): its first token page is loaded at start. */
  sideChains(chains: Chain[]): Record<Side, string> {
    const selected = resolvePresets(this.config, { chains, tokens: [] }, this.values);
    return { from: selected.fromChainId, to: selected.toChainId };
  }

  /** Tokens the host named for a side (its preset and allow list): resolved through the service when no loaded page has them. */
  namedTokens(side: Side): string[] {
    const { token, allowTokens } = this.config[side];
    return [token, ...(parseList(allowTokens) ?? [])].filter(Boolean);
  }

  /** The presets, once per catalog that has what they name (and again after the host changes them). */
  applyPresets(catalog: Catalog): void {
    if (this.#presetsApplied) return;
    this.#presetsApplied = true;
    this.#set({ ...this.values, ...resolvePresets(this.config, catalog, this.values) });
    this.#presetValues = this.values;
  }

  /**
   * Whether every input of the quote is the host's (both chains, both tokens
   * and the amount preset), the same as when the presets applied and not yet
   * answered: nobody is typing, so that quote is asked at once, without the typing debounce
   * (so a preset quote shows within the first second on a phone).
   */
  presetQuote(): boolean {
    const { fromChain, toChain, fromToken, toToken, amount } = this.#context.settings();
    const preset = this.#presetValues;
    const { values } = this;
    return (
      !!(fromChain && toChain && fromToken && toToken && amount && preset) &&
      values.amountText === amount &&
      (['fromChainId', 'toChainId', 'fromTokenAddress', 'toTokenAddress'] as const).every((field) => values[field] === preset![field])
    );
  }

  /**
   * The preset quote was answered (a quote or a refusal): later runs of the
   * same inputs (a refresh, a re-run after an error, a settings change) wait
   * for the debounce as typing does, so quick re-runs still collapse into one
   * request and an error stays the one of its attempt.
   */
  presetQuoteAnswered(): void {
    this.#presetValues = undefined;
  }

  /** Typed or chosen values; changing what is sent asks for a new value-loss confirmation. */
  edit(change: Partial<Pick<FormValues, 'amountText' | 'recipient' | 'slippage' | 'valueLossConfirmed' | 'sender'>>): void {
    const resets = 'amountText' in change;
    this.#set({ ...this.values, ...(resets ? { valueLossConfirmed: false } : {}), ...change });
  }

  selectChain(side: Side, chainId: string): void {
    const before = this.values;
    const apply = () => {
      const catalog = this.#context.catalog();
      if (!catalog || (this.values !== before && this.values[`${side}ChainId`] !== chainId)) return;
      const next = selectChain(this.config, catalog, before, side, chainId);
      const values = { ...this.values, [`${side}ChainId`]: chainId, [`${side}TokenAddress`]: next[`${side}TokenAddress`], valueLossConfirmed: false };
      const family = chainFamily(catalog.chains.find((c) => c.chainId === chainId));
      if (side === 'to' && values.recipient && family && !fitsFamily(values.recipient, family)) values.recipient = '';
      this.#set(values);
    };
    apply();
    // A chain not loaded yet: its first page, then the same choice again (the source keeps its address, the destination its symbol).
    if (!this.#context.chainStarted(chainId)) void this.#context.loadChain(side, chainId).then(apply);
  }

  /**
   * The wallet's network, when known and whenever it changes: the source chain
   * follows it until someone chooses one (`followWalletChain`).
   */
  followWallet(chainId: string): void {
    const catalog = this.#context.catalog();
    if (!catalog || !this.#context.inForm()) return;
    const next = followWalletChain(this.config, catalog.chains, this.values, chainId, this.#followedChain);
    if (!next) return;
    this.#followedChain = next.fromChainId;
    const { toChainId } = this.values;
    this.selectChain('from', next.fromChainId);
    if (next.toChainId !== toChainId) this.selectChain('to', next.toChainId);
  }

  /** The swap button: the sides trade chains and tokens; the amount stays typed on the send side. A recipient typed for the old destination's address family is dropped. */
  swapSides(): void {
    const values = { ...this.values, ...swapSelection(this.values), valueLossConfirmed: false };
    const catalog = this.#context.catalog();
    const family = chainFamily(catalog?.chains.find((c) => c.chainId === values.toChainId));
    if (values.recipient && family && !fitsFamily(values.recipient, family)) values.recipient = '';
    this.#set(values);
    for (const side of ['from', 'to'] as const) {
      const chainId = values[`${side}ChainId`];
      if (!this.#context.chainStarted(chainId)) void this.#context.loadChain(side, chainId);
    }
  }

  selectToken(side: Side, address: string): void {
    this.#set({ ...this.values, [`${side}TokenAddress`]: address, valueLossConfirmed: false });
  }

  /** Back to an empty form after a transfer; a locked preset amount stays. */
  reset(): void {
    const { lockPresets, amount } = this.#context.settings();
    this.problem = undefined;
    this.#set({ ...this.values, amountText: lockPresets && amount ? amount : '', valueLossConfirmed: false });
  }

  /** A problem about the values as they are now. */
  setProblem(problem: Problem | undefined): void {
    this.problem = problem;
    this.#problemCause = causeOf(this.values);
    this.#context.changed();
  }

  #set(values: FormValues): void {
    this.values = values;
    if (this.problem && this.#problemCause !== causeOf(values)) this.problem = undefined;
    this.#context.changed();
  }
}
