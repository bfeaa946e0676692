/**
 * Paying into a deposit address: "send from another wallet or an exchange",
 * with nothing connected. The user chooses the route and amount, types the
 * address they send from (the quote screens it; refunds go there) and the
 * recipient (no wallet here to default it); after a fresh quote the room asks
 * the service for a deposit address (src/api/deposit.ts), checks the answer,
 * saves the transfer, and only then hands it to the tracking room to show and
 * follow: the address with its QR code while nothing has arrived, then the
 * status to its end, and after a reload the same address.
 *
 * A room of its own (./chunks.ts, the `deposit` chunk), loaded on the user's
 * choice: while it is in use it drafts the form its own way (`draft`), so the
 * quote screens the typed sender instead of a wallet's account.
 */
import { DepositClient, DepositRefusedError, DepositUnavailableError, checkDeposit } from '../api/deposit.js';
import type { WidgetClient } from '../api/client.js';
import type { BackoffOptions } from '../api/rate-limit.js';
import type { Chain, RouteRequest, Token } from '../api/schemas.js';
import { english } from '../i18n/strings.js';
import { chainFamily, checkAddress } from '../model/address.js';
import { loadChecksum } from '../model/checksum.js';
import { expectedSeconds } from '../model/quote.js';
import { FlowError } from './errors.js';
import { chainsFor, type Catalog, type Draft, type DraftInput, type MainAction, type QuoteResult } from './form.js';
import type { FormState } from './form-state.js';
import type { RemoteResources } from './remote-resources.js';
import type { IntentStore, SavedToken, SavedTransfer } from './intent-store.js';
import type { Problem } from './problems.js';
import { DEPOSIT_ACCOUNT } from './saved-transfers.js';
import type { SessionSettings } from './settings.js';

/** What the room reads of the session and tells it. */
export interface DepositContext {
  /** The session's client: the room asks through one of its own sharing its proxy and its rate-limit gate. */
  readonly client: WidgetClient | undefined;
  readonly backoff?: BackoffOptions | undefined;
  readonly form: FormState;
  catalog(): Catalog | undefined;
  settings(): SessionSettings;
  /** The quote on screen, only if it matches the form (the session's `currentQuote`). */
  quote(): QuoteResult | undefined;
  /** What the main button says (the session's `mainAction`, which takes the draft's `sender` for the wallet's account). */
  action(): MainAction;
  loadStore(): Promise<IntentStore>;
  /** The transfer is saved: show and follow it (the tracking room). */
  follow(saved: SavedTransfer): void;
  /** A problem to show in the form and report as `bridge-error`. */
  report(error: unknown): void;
  changed(): void;
}

/**
 * The form's draft when paying into a deposit address, by the form's own rule
 * (`derive`, ./form.ts `readDraft`) with these inputs: the sender the user
 * typed, valid by the source chain's address rules, stands for the account
 * (no wallet's account is used here; `quotingAddress` makes it the address the
 * quote screens, and the draft keeps it as `sender`); no wallet balance limits
 * the amount; the recipient is required, since no wallet defaults it.
 */
export function depositDraft(input: DraftInput, derive: (input: DraftInput) => Draft): Draft {
  const { values, catalog } = input;
  const family = chainFamily(catalog?.chains.find((c) => c.chainId === values.fromChainId));
  const typed = values.sender ?? '';
  const sender = family && typed && !checkAddress(typed, family) ? typed : undefined;
  const draft = { ...derive({ ...input, balances: undefined, account: undefined, sender }), sender, recipientRequired: true };
  return values.recipient ? draft : { ...draft, recipient: undefined, inputs: undefined };
}

/** The route a deposit address is asked for, as a key: a service that offers none for it is not asked again. */
const routeKey = ({ fromChainId, toChainId, fromTokenAddress, toTokenAddress }: FormState['values']) =>
  [fromChainId, toChainId, fromTokenAddress, toTokenAddress].join().toLowerCase();

const savedToken = ({ address, symbol, decimals }: Token): SavedToken => ({ address, symbol, decimals });

export class DepositRoom {
  /** The fresh quote and the deposit address are being asked for: the button waits. */
  asking = false;
  /** Routes the service offers no deposit address for, with why: the option stays hidden for them. */
  readonly unavailable = new Map<string, Problem>();

  readonly #context: DepositContext;
  readonly #client: DepositClient | undefined;

  constructor(context: DepositContext) {
    this.#context = context;
    const { client, backoff } = context;
    this.#client = client && new DepositClient({ baseUrl: client.baseUrl, gate: client.gate, ...(backoff ? { backoff } : {}) });
    const { form } = context;
    // The form's own rule, taken before this room puts its own in its place (`leave` gives it back).
    const derive = form.derive.bind(form);
    form.derive = (input) => depositDraft(input, derive);
    // The form shows a fresh draft: the sender, not a wallet, quotes now.
    form.edit({});
  }

  /** Back to paying from a wallet: the form drafts as before, and a source no wallet signs on gives way to one that does. */
  leave(): void {
    const { form, catalog } = this.#context;
    Reflect.deleteProperty(form, 'derive');
    form.edit({ sender: undefined });
    const chains = catalog()?.chains ?? [];
    const sources = chainsFor(form.config.from, 'from', chains);
    if (chains.length && !sources.some((c) => c.chainId === form.values.fromChainId) && sources[0]) form.selectChain('from', sources[0].chainId);
  }

  /** The source chain the user pays on. */
  get #source(): Chain | undefined {
    const { catalog, form } = this.#context;
    return catalog()?.chains.find((c) => c.chainId === form.values.fromChainId);
  }

  /** Why this route cannot be paid into a deposit address, when the service said so. */
  get refusal(): Problem | undefined {
    return this.unavailable.get(routeKey(this.#context.form.values));
  }

  /**
   * What the button says: the form's rule (./form.ts `mainAction`) with the
   * typed sender in the wallet's place: `action.connect` is "type the address
   * you send from", `action.bridge` is "show the deposit address".
   */
  get action(): MainAction {
    return this.#context.action();
  }

  /**
   * Asks for the deposit address of what the form says, after a fresh quote
   * (the service screens the sender and the recipient there again), checks
   * the answer against what was asked, saves the transfer and hands it on to
   * be shown and followed. A refused answer shows nothing to pay into; a route
   * the service offers no deposit address for stays marked, with why.
   */
  async ask(): Promise<void> {
    const context = this.#context;
    const { form } = context;
    const quote = context.quote();
    const { inputs, fromToken, toToken } = form.draft;
    const source = this.#source;
    const family = chainFamily(source);
    const client = this.#client;
    if (this.asking || !quote || !inputs || !fromToken || !toToken || !family || !client || this.action.key !== 'action.bridge') return;
    const key = routeKey(form.values);
    this.asking = true;
    form.setProblem(undefined);
    context.changed();
    const { metadata, postHook } = context.settings();
    const { key: _key, ...asked } = inputs;
    const request: RouteRequest = {
      ...asked,
      ...(quote.estimate.fromAmountUsd ? { fromAmountUSD: quote.estimate.fromAmountUsd } : {}),
      ...(metadata ? { metadata } : {}),
      ...(postHook ? { postHook } : {}),
    };
    try {
      const { data: fresh } = await client.quote(request);
      // The checksum code, for a mixed-case EVM address; a Cosmos, Solana or Bitcoin one needs their rules, which come with the
      // sender's field (the recipient field's chunk): until they are here such an address is refused, never shown unchecked.
      const [{ data: answer, meta }, store] = await Promise.all([client.depositAddress(request), context.loadStore(), loadChecksum()]);
      let deposit;
      try {
        deposit = checkDeposit(answer, { request, family }, meta);
      } catch (error) {
        if (!(error instanceof DepositRefusedError)) throw error;
        throw new FlowError('deposit-refused', english['error.deposit-refused'] ?? error.message, {
          cause: error,
          rule: error.rule,
          requestId: meta.requestId,
          recoverable: error.retryable,
        });
      }
      const estimate = deposit.estimate ?? fresh;
      const now = Date.now();
      const record: SavedTransfer = {
        intentId: deposit.intentId,
        account: DEPOSIT_ACCOUNT,
        fromChainId: inputs.fromChain,
        toChainId: inputs.toChain,
        fromToken: savedToken(fromToken),
        toToken: savedToken(toToken),
        fromAmount: deposit.amount,
        toAmount: estimate.toAmount,
        toAmountMin: estimate.toAmountMin,
        toAddress: inputs.toAddress,
        createdAt: now,
        updatedAt: now,
        // Nothing has left anyone's wallet yet: the address waits for the payment.
        phase: 'signing',
        // Nothing to report: the service watches the address itself.
        receiptAccepted: true,
        requestId: meta.requestId,
        providerRequestId: meta.providerRequestId,
        provider: deposit.provider,
        expectedSeconds: expectedSeconds(estimate),
        deposit: { address: deposit.address, sender: inputs.fromAddress, expiresAt: deposit.expiresAt },
      };
      // Saved before it is shown: a reload shows this same address.
      store.save(record);
      context.follow(record);
    } catch (error) {
      if (!(error instanceof DepositUnavailableError)) return context.report(error);
      context.report(
        new FlowError('deposit-unavailable', english['error.deposit-unavailable'] ?? error.message, {
          cause: error,
          requestId: error.requestId,
          recoverable: false,
        }),
      );
      // Said once, where the button was: the option stays hidden for this route, with the problem as the form read it.
      const problem = form.problem;
      if (problem) this.unavailable.set(key, problem);
      form.setProblem(undefined);
    } finally {
      this.asking = false;
      context.changed();
    }
  }
}

/**
 * The session as the room's way in and out reads it, by shape (a room never
 * imports the session): its client, form, reads, store and tracking, and the
 * slot the room sits in while in use.
 */
export interface DepositHost {
  readonly client: WidgetClient | undefined;
  readonly options: { readonly backoff?: BackoffOptions | undefined };
  readonly form: FormState;
  readonly remote: Pick<RemoteResources, 'catalog'>;
  readonly settings: SessionSettings;
  readonly currentQuote: QuoteResult | undefined;
  readonly mainAction: MainAction;
  deposit: DepositRoom | undefined;
  loadStore(): Promise<IntentStore>;
  follow(saved: SavedTransfer, show: boolean): void;
  report(error: unknown): void;
  requestUpdate(): void;
}

/** The user chose to pay into a deposit address: the room takes the form over (once). */
export function enterDeposit(host: DepositHost): DepositRoom {
  host.deposit ??= new DepositRoom({
    client: host.client,
    backoff: host.options.backoff,
    form: host.form,
    catalog: () => host.remote.catalog,
    settings: () => host.settings,
    quote: () => host.currentQuote,
    action: () => host.mainAction,
    loadStore: () => host.loadStore(),
    follow: (saved) => host.follow(saved, true),
    report: (error) => host.report(error),
    changed: () => host.requestUpdate(),
  });
  host.requestUpdate();
  return host.deposit;
}

/** Back to paying from a wallet. */
export function leaveDeposit(host: DepositHost): void {
  host.deposit?.leave();
  host.deposit = undefined;
  host.requestUpdate();
}
