/**
 * The transfer in progress, between the click and the broadcast: it runs
 * `sendTransfer` with what the user agreed to, shows each step, asks the user
 * when the terms got worse, and stops on Cancel or an account change. Once
 * the transaction is broadcast, the tracking takes over. A chunk of its own
 * (./chunks.ts), loaded with the review: a form never needs it.
 */
import type { WidgetClient } from '../api/client.js';
import { transferClient } from '../api/transfer-client.js';
import type { Chain, Estimate, Token } from '../api/schemas.js';
import type { BridgeEventDetails } from '../events/index.js';
import { english } from '../i18n/strings.js';
import { isHexAddress, loadChecksum } from '../model/checksum.js';
import type { Address, Eip1193Provider } from '../wallet/index.js';
import { loadTransferSteps } from './chunks.js';
import { FlowError, loadChunk } from './errors.js';
import type { QuoteInputs, QuoteResult } from './form.js';
import type { IntentStore, SavedToken, SavedTransfer } from './intent-store.js';
import type { View } from './session-host.js';
import type { SessionSettings } from './settings.js';
import type { ApprovalProgress, ExecutionStep, RouteReview, TransferDeps } from './transfer.js';

/** What is on screen while the transfer is prepared and signed. */
export interface ExecutionState {
  step: ExecutionStep | undefined;
  approvals: readonly ApprovalProgress[];
  /** The provider the route chose (a quote does not name one, the route does), and the contract its transaction goes to. */
  route: { provider: string; reliabilityScore: number | undefined; to: string } | undefined;
  /** What the wallet is about to sign (the route passed the guards). */
  review?: RouteReview | undefined;
  /** Set while terms worse than this quote wait for the user's answer (`answerTerms`); nothing is signed meanwhile. */
  terms?: Estimate | undefined;
  /** The approvals and the transfer go to the wallet as one EIP-5792 batch, one prompt (./batch.ts); decided before the first prompt. */
  batched?: boolean | undefined;
}

/** One attempt: the form as the user agreed to it, and the wallet that signs. */
export interface Attempt {
  quote: QuoteResult;
  inputs: QuoteInputs;
  fromChain: Chain;
  toChain: Chain;
  fromToken: Token;
  toToken: Token;
  chains: readonly Chain[];
  provider: Eip1193Provider;
  account: Address;
  client: WidgetClient;
}

/** What the execution reads of the session and tells it. */
export interface ExecutionContext {
  readonly store: IntentStore;
  settings(): SessionSettings;
  /** Transfer timing (polling, receipt retries); shorter in tests. */
  readonly timing: Pick<TransferDeps, 'confirmPollMs'> | undefined;
  changed(): void;
  emit<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void;
  /** The attempt ended before a broadcast: back to the form, with the reason shown. */
  failed(error: unknown, intentId: string | undefined): void;
  /** The transaction is broadcast (`show`: it is the one on screen). */
  broadcast(record: SavedTransfer, show: boolean): void;
}

/** What the execution room reads of the session's rooms (./transfer-rooms.ts), which make it with `executionRoom`. */
export interface ExecutionRoomHost {
  readonly settings: SessionSettings;
  readonly options: { readonly transfer?: ExecutionContext['timing'] };
  view: View;
  requestUpdate(): void;
  emit: ExecutionContext['emit'];
  report(error: unknown, intentId?: string): void;
  followBroadcast: ExecutionContext['broadcast'];
}

/** The session's execution room, its context read from the session's rooms: made when its chunk arrives, so the wiring travels with it. */
export function executionRoom(host: ExecutionRoomHost, store: IntentStore): TransferExecution {
  return new TransferExecution({
    store,
    settings: () => host.settings,
    timing: host.options.transfer,
    changed: () => host.requestUpdate(),
    emit: (type, detail) => host.emit(type, detail),
    failed: (error, intentId) => {
      host.view = 'form';
      host.report(error, intentId);
    },
    broadcast: (record, show) => host.followBroadcast(record, show),
  });
}

/**
 * How many times the wallet will ask: each approval still needed, then the
 * transfer; once when they go as one batch (`batched`). Known once the route
 * is in and every allowance is read, before the first prompt; 0 until then.
 * Approvals granted in this attempt still count, so the number does not
 * change while the user works through them.
 */
export function walletPrompts({ step, route, approvals, batched }: ExecutionState): number {
  if (!route || step === 'routing' || approvals.some((a) => a.state === 'checking')) return 0;
  return batched ? 1 : approvals.filter((a) => a.state !== 'sufficient').length + 1;
}

const savedToken = ({ address, symbol, decimals }: SavedToken): SavedToken => ({ address, symbol, decimals });

export class TransferExecution {
  state: ExecutionState = { step: undefined, approvals: [], route: undefined };

  readonly #context: ExecutionContext;
  #running: AbortController | undefined;
  #termsAnswer: ((accept: boolean) => void) | undefined;

  constructor(context: ExecutionContext) {
    this.#context = context;
  }

  get running(): boolean {
    return this.#running !== undefined;
  }

  /**
   * Routes, approves and broadcasts what the user agreed to. The flow quotes
   * again right before routing (AML) and guards the route against both quotes.
   */
  async run(attempt: Attempt): Promise<void> {
    const { quote, inputs, fromChain, toChain, fromToken, toToken, chains, provider, account, client } = attempt;
    const context = this.#context;
    const { metadata, postHook, unlimitedApproval, requireSimulation, walletTimeout, batch } = context.settings();
    this.state = { step: 'routing', approvals: [], route: undefined };
    const controller = (this.#running = new AbortController());
    let intentId: string | undefined;
    const set = (change: Partial<ExecutionState>) => {
      this.state = { ...this.state, ...change };
      context.changed();
    };
    context.changed();
    try {
      // With the checksum code: the transfer's addresses (the wallet's account is kept lowercase, see ../wallet/hex.ts) go to the
      // service, the review and the events in their EIP-55 spelling, as the user reads them elsewhere.
      const [{ sendTransferInOnePrompt }, { checksumAddress }] = await Promise.all([loadTransferSteps(), loadChunk(loadChecksum)]);
      const spelled = <T extends string>(address: T): T => (isHexAddress(address) ? (checksumAddress(address) as T) : address);
      const saved = await sendTransferInOnePrompt(
        {
          fromChain,
          toChain,
          fromToken: savedToken(fromToken),
          toToken: savedToken(toToken),
          amount: inputs.fromAmount,
          fromAddress: spelled(account),
          toAddress: spelled(inputs.toAddress),
          slippage: inputs.slippage,
          fromAmountUsd: quote.estimate.fromAmountUsd,
          metadata,
          postHook,
          chains,
          shownEstimate: quote.estimate,
        },
        {
          ...context.timing,
          client: transferClient(client),
          provider,
          store: context.store,
          unlimitedApprovals: unlimitedApproval,
          batch: batch !== 'off',
          requireSimulation,
          signal: controller.signal,
          ...(walletTimeout > 0 && walletTimeout < Infinity ? { promptTimeoutMs: walletTimeout * 1000 } : {}),
        },
        {
          onStep: (step) => set({ step }),
          onRoute: ({ intentId: id, route }, meta) => {
            intentId = id;
            set({ route: { provider: route.provider, reliabilityScore: route.reliabilityScore ?? undefined, to: route.execution.transaction.to } });
            context.emit('bridge-route', { intentId: id, route, requestId: meta.requestId, providerRequestId: meta.providerRequestId });
          },
          onApprovals: (steps) => {
            const before = new Map(this.state.approvals.map((s) => [s.id, s.state]));
            set({ approvals: steps });
            for (const { state, tokenAddress, spender, amount, chainId, txHash, id } of steps) {
              if (before.get(id) !== state && ['mining', 'done', 'rejected', 'failed'].includes(state)) {
                context.emit('bridge-approval', { intentId: intentId ?? '', tokenAddress, spender, amount, chainId, state, txHash });
              }
            }
          },
          onReview: (review) => set({ review }),
          onBatch: (batched) => set({ batched }),
          onTermsChanged: ({ before }, review) =>
            new Promise<boolean>((resolve) => {
              this.#termsAnswer = resolve;
              set({ review, terms: before });
            }),
          onTransaction: (hash, id, batchId) => context.emit('bridge-transaction', { intentId: id, txHash: hash, chainId: fromChain.chainId, batchId }),
          onLateTransaction: (record) => context.broadcast(record, false),
        },
      );
      this.#running = undefined;
      context.broadcast(saved, true);
    } catch (error) {
      this.#running = undefined;
      this.#termsAnswer = undefined;
      const reason = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
      this.state = { ...this.state, step: undefined, review: undefined, terms: undefined };
      context.failed(reason, intentId);
    }
  }

  /**
   * Stops the transfer before it is sent, while the wallet asks or before it
   * does. A signature the wallet still returns is kept and tracked; an
   * approval already mined is found (and reused) by the next attempt.
   */
  cancel(): void {
    this.#running?.abort(new FlowError('cancelled', english['error.cancelled']));
  }

  /** The wallet account changed mid-flow: the flow re-checks it before every signature; stopping here makes that visible at once. */
  accountChanged(): void {
    this.#running?.abort(new FlowError('wrong-account', 'The wallet account changed during the transfer. Nothing further was sent.'));
  }

  /** Stops waiting (the widget left the page); nothing further is signed. */
  stop(): void {
    this.#running?.abort();
  }

  /** The user's answer to terms that got worse (see `ExecutionState.terms`). */
  answerTerms(accept: boolean): void {
    const answer = this.#termsAnswer;
    this.#termsAnswer = undefined;
    if (!accept || !answer) return answer?.(accept);
    this.state = { ...this.state, terms: undefined };
    this.#context.changed();
    answer(true);
  }
}
