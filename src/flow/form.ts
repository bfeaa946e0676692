/**
 * The form's rules as pure functions: which chains and tokens each side
 * offers, what a preset resolves to, what the typed values add up to (the
 * draft), what the main button does, and when a saved transfer is abandoned.
 * No DOM and no state: the transfer session calls them, Node tests call them.
 */
import type { BalancesResponse, Chain, Estimate, QuoteRequest, Token } from '../api/schemas.js';
import { chainFamily, checkAddress, type AddressFamily } from '../model/address.js';
import { checkAmount, type AmountCheck } from '../format/amount.js';
import { isNativeToken, sameId } from '../model/tokens.js';
import { isSourceChain, parseList, passesLists } from './catalog.js';
import { quotingAddress } from './quote-address.js';

export type Side = 'from' | 'to';
export const SIDES: readonly Side[] = ['from', 'to'];

export interface Catalog {
  chains: Chain[];
  tokens: Token[];
}

/** What the host set on one side: presets and allow/deny lists, as the attributes read. */
export interface SideConfig {
  /** Preset chain id. */
  chain: string;
  /** Preset token: address or symbol. */
  token: string;
  allowChains: string;
  denyChains: string;
  allowTokens: string;
  denyTokens: string;
}

export type FormConfig = Readonly<Record<Side, SideConfig>>;

export const EMPTY_SIDE: SideConfig = { chain: '', token: '', allowChains: '', denyChains: '', allowTokens: '', denyTokens: '' };

/** The host's presets and lists as <bridge-widget> names them (its attributes' properties). */
export type PresetSettings = { readonly [K in `${Side}${'Chain' | 'Token'}` | `${'allow' | 'deny'}${'From' | 'To'}${'Chains' | 'Tokens'}`]: string };

/** One side's presets and lists, read from the host's settings. */
export function sideConfig(settings: PresetSettings, side: Side): SideConfig {
  const name = side === 'from' ? 'From' : 'To';
  return {
    chain: settings[`${side}Chain`],
    token: settings[`${side}Token`],
    allowChains: settings[`allow${name}Chains`],
    denyChains: settings[`deny${name}Chains`],
    allowTokens: settings[`allow${name}Tokens`],
    denyTokens: settings[`deny${name}Tokens`],
  };
}

export function formConfig(settings: PresetSettings): FormConfig {
  return { from: sideConfig(settings, 'from'), to: sideConfig(settings, 'to') };
}

/** The chain and token chosen on each side. */
export interface Selection {
  fromChainId: string;
  toChainId: string;
  fromTokenAddress: string;
  toTokenAddress: string;
}

/** What the user typed and chose. */
export interface FormValues extends Selection {
  amountText: string;
  recipient: string;
  slippage: number;
  valueLossConfirmed: boolean;
  /** The address the user sends from, typed when paying into a deposit address (./deposit.ts): no wallet here gives it. */
  sender?: string | undefined;
}

/** A complete quote request plus a string key: an unchanged request keeps its identity. */
export interface QuoteInputs extends QuoteRequest {
  key: string;
  slippage: number;
  /** Asked for the host's preview address (no wallet yet): an estimate, never routed. */
  preview?: boolean;
}

export interface QuoteResult {
  inputs: QuoteInputs;
  estimate: Estimate;
  at: number;
}

/** What the form adds up to, worked out once per change: the render, the quote and the actions all read it. */
export interface Draft {
  fromToken?: Token | undefined;
  toToken?: Token | undefined;
  balance?: bigint | undefined;
  family?: AddressFamily | undefined;
  recipientRequired?: boolean;
  /** The typed amount, read once here: smallest units, or why it cannot be sent (a parse problem or `insufficient-balance`). */
  amount?: AmountCheck | undefined;
  /** The address funds go to; undefined while it is missing or invalid. */
  recipient?: string | undefined;
  /** Set once everything a quote needs is there. */
  inputs?: QuoteInputs | undefined;
  /** The address the draft quotes from when no wallet gives it: the sender typed to pay into a deposit address (./deposit.ts). */
  sender?: string | undefined;
}

function passes(list: { allow: string; deny: string }): (...values: string[]) => boolean {
  const allow = parseList(list.allow);
  const deny = parseList(list.deny);
  return (...values) => passesLists(values, allow, deny);
}

/** Chains offered on a side: sources are the chains the wallet can sign on. */
export function chainsFor(config: SideConfig, side: Side, chains: readonly Chain[]): Chain[] {
  const ok = passes({ allow: config.allowChains, deny: config.denyChains });
  return chains.filter((c) => (side === 'to' || isSourceChain(c)) && ok(c.chainId));
}

/** Tokens offered on a side's chain, after the host's token lists (by address or symbol). */
export function tokensFor(config: SideConfig, chainId: string, tokens: readonly Token[]): Token[] {
  const ok = passes({ allow: config.allowTokens, deny: config.denyTokens });
  return tokens.filter((t) => t.chainId === chainId && ok(t.address, t.symbol));
}

/** The token the page or the user asked for (by address, else by symbol), else the list's first. */
export function pickToken(list: readonly Token[], wanted: string): Token | undefined {
  return list.find((t) => sameId(t.address, wanted)) ?? list.find((t) => sameId(t.symbol, wanted)) ?? list[0];
}

export function findToken(tokens: readonly Token[], chainId: string, address: string): Token | undefined {
  return tokens.find((t) => t.chainId === chainId && sameId(t.address, address));
}

/**
 * Applies the presets to a selection: each side's preset chain (else the chain
 * already chosen, else the first offered, the destination avoiding the source)
 * and its preset token by address or symbol (else the one chosen, else the first).
 */
export function resolvePresets(config: FormConfig, { chains, tokens }: Catalog, current: Selection): Selection {
  const next = { ...current };
  for (const side of SIDES) {
    const list = chainsFor(config[side], side, chains);
    const find = (id: string) => list.find((c) => sameId(c.chainId, id));
    const chain = find(config[side].chain) ?? find(current[`${side}ChainId`]) ?? list.find((c) => side === 'from' || c.chainId !== next.fromChainId);
    const chainId = chain?.chainId ?? '';
    next[`${side}ChainId`] = chainId;
    next[`${side}TokenAddress`] = pickToken(tokensFor(config[side], chainId, tokens), config[side].token || current[`${side}TokenAddress`])?.address ?? '';
  }
  return next;
}

/**
 * A new chain on one side: the source keeps its token when the new chain has
 * the same address (the native token); the destination keeps its symbol.
 */
export function selectChain(config: FormConfig, { tokens }: Catalog, current: Selection, side: Side, chainId: string): Selection {
  const symbol = findToken(tokens, side === 'from' ? chainId : current.toChainId, current[`${side}TokenAddress`])?.symbol ?? '';
  return { ...current, [`${side}ChainId`]: chainId, [`${side}TokenAddress`]: pickToken(tokensFor(config[side], chainId, tokens), symbol)?.address ?? '' };
}

/**
 * The source chain follows the wallet's network while nobody has chosen one:
 * not the host (no `from-chain` or `from-token` preset: a preset token is
 * meant on the preset's chain) and not the user (the source is still the one
 * the widget took by itself: the first offered, or the wallet network it
 * followed last, `followed`). Only to a chain offered as a source. A
 * destination on that network (not preset) takes the old source's place, so
 * the two sides do not meet. Returns the new chains, or undefined when
 * nothing changes.
 */
export function followWalletChain(
  config: FormConfig,
  chains: readonly Chain[],
  current: Pick<Selection, 'fromChainId' | 'toChainId'>,
  walletChainId: string,
  followed: string | undefined,
): { fromChainId: string; toChainId: string } | undefined {
  if (config.from.chain || config.from.token) return undefined;
  const sources = chainsFor(config.from, 'from', chains);
  const untouched = current.fromChainId === (followed ?? sources[0]?.chainId);
  if (!untouched || current.fromChainId === walletChainId || !sources.some((c) => c.chainId === walletChainId)) return undefined;
  const swap = current.toChainId === walletChainId && !config.to.chain && chainsFor(config.to, 'to', chains).some((c) => c.chainId === current.fromChainId);
  return { fromChainId: walletChainId, toChainId: swap ? current.fromChainId : current.toChainId };
}

/** Presets that match nothing offered, as `config.*` string keys with the value written. */
export function presetProblems(
  config: FormConfig,
  { chains, tokens }: Catalog,
  selection: Selection,
): { key: `config.${Side}${'Chain' | 'Token'}`; value: string }[] {
  const problems: { key: `config.${Side}${'Chain' | 'Token'}`; value: string }[] = [];
  for (const side of SIDES) {
    const preset = config[side].chain;
    if (preset && !chainsFor(config[side], side, chains).some((c) => sameId(c.chainId, preset))) problems.push({ key: `config.${side}Chain`, value: preset });
  }
  for (const side of SIDES) {
    const chainId = selection[`${side}ChainId`];
    const { token, chain: preset } = config[side];
    // Only while the preset chain is selected: after the user picks another chain the preset token no longer applies.
    if (
      token &&
      chainId &&
      (!preset || sameId(preset, chainId)) &&
      !tokensFor(config[side], chainId, tokens).some((t) => sameId(t.address, token) || sameId(t.symbol, token))
    ) {
      problems.push({ key: `config.${side}Token`, value: token });
    }
  }
  return problems;
}

/** A token's balance in the balances answer: undefined while unknown, 0 when the chain answered without it. */
export function balanceOf(balances: BalancesResponse | undefined, chainId: string, address: string): bigint | undefined {
  const result = balances?.results.find((r) => r.chain_id === chainId);
  if (!result) return undefined;
  const native = isNativeToken(address);
  const row = result.balances.find((b) => (native ? b.category === 'native' : sameId(b.contract, address)));
  return row ? row.balance : result.error ? undefined : 0n;
}

export interface DraftInput {
  catalog: Catalog | undefined;
  balances: BalancesResponse | undefined;
  values: FormValues;
  account: string | undefined;
  /** The address the user sends from, typed (paying into a deposit address, ./deposit.ts): without an account, the quote screens it. */
  sender?: string | undefined;
  /** The host's preview address (`previewAddress` in ./quote-address.ts): without an account or a sender, the quote is asked for it. */
  preview?: string | undefined;
  /** The previous draft's inputs: kept (same object) while the request is unchanged. */
  previous?: QuoteInputs | undefined;
}

export function readDraft({ catalog, balances, values, account, sender, preview, previous }: DraftInput): Draft {
  const tokens = catalog?.tokens ?? [];
  const fromToken = findToken(tokens, values.fromChainId, values.fromTokenAddress);
  const toToken = findToken(tokens, values.toChainId, values.toTokenAddress);
  const family = chainFamily(catalog?.chains.find((c) => c.chainId === values.toChainId));
  const recipientRequired = family !== undefined && family !== 'evm';
  const balance = fromToken && balanceOf(balances, values.fromChainId, fromToken.address);
  const amount = fromToken && checkAmount(values.amountText, fromToken.decimals, balance);
  const typed = values.recipient;
  const recipient = !family ? undefined : !typed ? (recipientRequired ? undefined : account) : checkAddress(typed, family) ? undefined : typed;
  const quoting = quotingAddress({ account, sender, preview });
  // A preview is sent to the preview address too, unless the user typed a recipient (or the destination needs one).
  const toAddress = recipient ?? (quoting?.preview && !typed && family === 'evm' ? quoting.address : undefined);
  let inputs: QuoteInputs | undefined;
  if (quoting && amount?.amount !== undefined && !amount.problem && toAddress && values.toTokenAddress) {
    const request = {
      fromChain: values.fromChainId,
      toChain: values.toChainId,
      fromToken: values.fromTokenAddress,
      toToken: values.toTokenAddress,
      fromAmount: amount.amount,
      fromAddress: quoting.address,
      toAddress,
      slippage: values.slippage,
    };
    // Addresses, ids and numbers: none contains a comma.
    const key = Object.values(request).join();
    inputs = previous?.key === key ? previous : { ...request, key, ...(quoting.preview ? { preview: true } : {}) };
  }
  return { fromToken, toToken, balance, family, recipientRequired, amount, recipient, inputs };
}

export type MainActionKey =
  | 'action.connect'
  | 'action.selectTokens'
  | 'action.enterAmount'
  | 'action.insufficient'
  | 'action.invalidAmount'
  | 'action.invalidRecipient'
  | 'action.noQuote'
  | 'action.quoting'
  | 'action.confirmLoss'
  | 'action.bridge';

/** What the main button says, and what it would send (for `action.bridge` and `action.insufficient`). */
export interface MainAction {
  key: MainActionKey;
  /** The button does something (connects or bridges); otherwise it only says what is missing. */
  enabled: boolean;
  symbol?: string;
  amount?: { value: bigint; decimals: number };
}

export interface MainActionInput {
  account: string | undefined;
  values: Pick<FormValues, 'amountText' | 'toTokenAddress' | 'valueLossConfirmed'>;
  draft: Draft;
  /** The quote on screen, only if it matches the draft's inputs. */
  quote: QuoteResult | undefined;
  quoteFailed: boolean;
  /** The quote's value loss the user must confirm, in percent (`lossToConfirm`, src/model/quote.ts), else undefined. */
  valueLoss: number | undefined;
}

/** The first thing missing, in the order the form is filled, else the transfer the button starts. */
export function mainAction({ account, values, draft, quote, quoteFailed, valueLoss }: MainActionInput): MainAction {
  const need = (key: MainActionKey, symbol?: string): MainAction => ({ key, enabled: key === 'action.connect', ...(symbol ? { symbol } : {}) });
  const { fromToken, recipient } = draft;
  const amountProblem = draft.amount?.problem;
  // Connect is always live, with or without a provider or discovery: it fires `bridge-connect-request`, which a host with its own wallet UI answers.
  if (!account) return need('action.connect');
  if (!fromToken || !values.toTokenAddress) return need('action.selectTokens');
  if (!values.amountText.trim()) return need('action.enterAmount');
  if (amountProblem === 'insufficient-balance') return need('action.insufficient', fromToken.symbol);
  if (amountProblem) return need('action.invalidAmount');
  if (!recipient) return need('action.invalidRecipient');
  if (!quote) return need(quoteFailed ? 'action.noQuote' : 'action.quoting');
  if (valueLoss !== undefined && !values.valueLossConfirmed) return need('action.confirmLoss');
  return { key: 'action.bridge', enabled: true, symbol: fromToken.symbol, amount: { value: quote.inputs.fromAmount, decimals: fromToken.decimals } };
}

/** Why the two sides cannot trade places, or undefined when they can. */
export type SwapBlock = 'locked' | 'notSource' | 'empty';

/**
 * Whether the swap button may trade the sides: both chains chosen, no side
 * fixed by the host (`lock-presets` with a chain or token preset), and the
 * destination chain one the wallet can send from (a Cosmos or Solana
 * destination cannot become the source).
 */
export function swapBlock(config: FormConfig, chains: readonly Chain[], values: Selection, locked: boolean): SwapBlock | undefined {
  if (!values.fromChainId || !values.toChainId) return 'empty';
  if (locked) return 'locked';
  if (!chainsFor(config.from, 'from', chains).some((c) => c.chainId === values.toChainId)) return 'notSource';
  if (!chainsFor(config.to, 'to', chains).some((c) => c.chainId === values.fromChainId)) return 'notSource';
  return undefined;
}

/** The sides traded: chains and tokens change places; the amount stays on the send side (the caller keeps it). */
export function swapSelection(values: Selection): Selection {
  return { fromChainId: values.toChainId, toChainId: values.fromChainId, fromTokenAddress: values.toTokenAddress, toTokenAddress: values.fromTokenAddress };
}
