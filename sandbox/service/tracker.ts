/**
 * Drives intents from `submitted` to `success` or `failed` using the real
 * chain state: it reads the source receipt, matches the BridgeDeposit event
 * to the intent, waits the bridging delay, then has the operator release on
 * the destination (or refund on the source) in real transactions.
 */
import { randomUUID } from 'node:crypto';
import { keccak256, parseEventLogs, stringToHex, type Address, type Hex, type TransactionReceipt } from 'viem';
import { HookExecutorAbi, LiquidityVaultAbi, SwiftRouterAbi } from '../artifacts/abis.js';
import { ATTACKER_ACCOUNT, EXTRA_USER_ACCOUNTS, OPERATOR_ACCOUNT } from '../chains/accounts.js';
import type { SandboxChain } from '../chains/local-networks.js';
import { NATIVE_TOKEN_ADDRESS } from '../chains/networks.js';
import { sameAddress } from './catalog.js';
import { depositVerdict, paymentHash, readDeposit, sendFromDeposit } from './deposits.js';
import { BELOW_MINIMUM_DIVISOR } from './hostile.js';
import type { FaultController } from './faults.js';
import { touch, type DepositWatch, type Intent, type IntentStore } from './intents.js';
import type { SimulatedCosmosBank } from './simulated-cosmos.js';

export interface TrackerOptions {
  store: IntentStore;
  chains: ReadonlyMap<string, SandboxChain>;
  faults: FaultController;
  cosmos: SimulatedCosmosBank;
  intervalMs: number;
  /** A receipt whose transaction never shows up on the source chain fails after this long. */
  receiptTimeoutMs: number;
  log: (line: string) => void;
}

/** Destination or refund transactions that keep failing give up after this many tries. */
const MAX_SETTLEMENT_ATTEMPTS = 3;

export class IntentTracker {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(private readonly options: TrackerOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Advances one intent now instead of at the next tick (used right after a receipt). */
  poke(intent: Intent): void {
    this.schedule(intent);
  }

  private tick(): void {
    for (const intent of this.options.store.active()) this.schedule(intent);
  }

  private schedule(intent: Intent): void {
    const key = intent.intentId.toLowerCase();
    if (this.inFlight.has(key)) return;
    const run = this.advance(intent)
      .catch((error: unknown) => {
        this.options.log(`tracker: intent ${intent.intentId}: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, run);
  }

  private async advance(intent: Intent): Promise<void> {
    if (intent.refundHeld) await this.refund(intent);
    else if (intent.deposit && !intent.deposit.paymentTxHash) await this.watchDeposit(intent, intent.deposit);
    else if (intent.status === 'submitted') {
      // A deposit's payment is its source transaction, already on chain: the bridge takes it up.
      if (intent.deposit) touch(intent, { status: 'bridging', intentStatus: 'source_confirmed', bridgingSince: Date.now() });
      else await this.checkSource(intent);
    } else if (intent.status === 'bridging') await this.settle(intent);
  }

  private sourceChain(intent: Intent): SandboxChain {
    const chain = this.options.chains.get(intent.request.fromChain);
    if (!chain) throw new Error(`source chain ${intent.request.fromChain} is not running`);
    return chain;
  }

  /**
   * A deposit address read on its chain (./deposits.ts): at least the amount before the expiry proceeds as a
   * submitted transfer (a surplus goes back); less, or anything after the expiry, goes back and the intent fails;
   * nothing by the expiry fails it as expired, and the address is still watched for a late payment.
   */
  private async watchDeposit(intent: Intent, deposit: DepositWatch): Promise<void> {
    const evm = this.options.chains.get(deposit.chainId);
    const { cosmos } = this.options;
    const { held, hash } = await readDeposit(deposit, evm, cosmos);
    const verdict = depositVerdict(deposit, intent, held, Date.now());
    if (verdict === 'expired') {
      touch(intent, { status: 'failed', intentStatus: 'expired', failureReason: 'Nothing arrived at the deposit address before it expired' });
      return;
    }
    if (verdict === 'wait' || !hash) return;
    const late = intent.status !== 'pending';
    deposit.received = held;
    deposit.paymentTxHash = hash;
    const source = { sourceTxHash: paymentHash(hash) as Hex, sourceTxState: 'confirmed' as const, transactionId: randomUUID(), submittedAt: Date.now() };
    if (verdict === 'paid') {
      deposit.owed = deposit.amount;
      touch(intent, { ...source, status: 'submitted', intentStatus: 'deposit_received' });
      if (held > deposit.amount) deposit.refundTxHash = await sendFromDeposit(deposit, evm, cosmos, intent.request.fromAddress, held - deposit.amount);
      return;
    }
    deposit.owed = held;
    // Failed at once, the money on its way back (a refund that fails is tried again while `refundHeld`).
    touch(intent, {
      ...(late ? {} : source),
      status: 'failed',
      intentStatus: 'failed',
      refundHeld: true,
      failureReason: late ? 'Paid after the deposit address expired: sent back to the sender' : 'Less than the amount arrived: sent back to the sender',
    });
    await this.refund(intent);
  }

  private async checkSource(intent: Intent): Promise<void> {
    if (!intent.sourceTxHash) return;
    const { publicClient } = this.sourceChain(intent).clients;
    let receipt: TransactionReceipt | null = null;
    try {
      receipt = await publicClient.getTransactionReceipt({ hash: intent.sourceTxHash });
    } catch {
      receipt = null; // not mined (or unknown) yet
    }
    if (!receipt) {
      if (intent.submittedAt !== null && Date.now() - intent.submittedAt > this.options.receiptTimeoutMs) {
        touch(intent, {
          status: 'failed',
          intentStatus: 'failed',
          failureReason: 'Source transaction not found on the source chain',
        });
      }
      return;
    }
    if (receipt.status !== 'success') {
      // Nothing left the wallet except gas, so there is nothing to refund.
      touch(intent, {
        status: 'failed',
        intentStatus: 'failed',
        sourceTxState: 'reverted',
        failureReason: 'Source transaction reverted',
      });
      return;
    }
    const deposits = parseEventLogs({ abi: SwiftRouterAbi, eventName: 'BridgeDeposit', logs: receipt.logs }).filter(
      (log) => sameAddress(log.address, intent.plan.to) && log.args.intentId.toLowerCase() === intent.intentId.toLowerCase(),
    );
    const deposit = deposits[0];
    if (!deposit) {
      touch(intent, {
        status: 'failed',
        intentStatus: 'failed',
        sourceTxState: 'confirmed',
        failureReason: 'Source transaction carries no deposit for this intent',
      });
      return;
    }
    const expected = intent.plan.expectedDeposit;
    const matches =
      sameAddress(deposit.args.depositor, intent.request.fromAddress) &&
      sameAddress(deposit.args.token, expected.token) &&
      deposit.args.amount === expected.amount &&
      deposit.args.nativeFee >= expected.nativeFee;
    if (!matches) {
      // Funds are in escrow but do not match the route: hand them back.
      touch(intent, { sourceTxState: 'confirmed', failureReason: 'Deposit does not match the route' });
      await this.refund(intent);
      return;
    }
    touch(intent, {
      status: 'bridging',
      intentStatus: 'source_confirmed',
      sourceTxState: 'confirmed',
      bridgingSince: Date.now(),
    });
  }

  private outcomeFor(intent: Intent): 'stuck' | 'refund' | 'needs_gas' | 'release' {
    if (intent.outcomeOverride === 'stuck' || intent.outcomeOverride === 'refund' || intent.outcomeOverride === 'needs_gas') {
      return intent.outcomeOverride;
    }
    if (intent.outcomeOverride === 'success') return 'release';
    const faults = this.options.faults;
    if (faults.peek('failWithRefund')) return 'refund';
    if (faults.peek('stuckBridge')) return 'stuck';
    if (faults.peek('needsGas')) return 'needs_gas';
    return 'release';
  }

  private async settle(intent: Intent): Promise<void> {
    if (intent.bridgingSince === null) return;
    if (Date.now() < intent.bridgingSince + this.options.faults.peek('bridgingDelayMs')) return;
    const outcome = this.outcomeFor(intent);
    if (outcome === 'stuck') return;
    if (outcome === 'needs_gas') {
      if (intent.gasStatus !== 'needs_gas') touch(intent, { gasStatus: 'needs_gas' });
      return;
    }
    if (outcome === 'refund') {
      touch(intent, { failureReason: 'Bridge failed on the destination; deposit refunded on the source chain' });
      await this.refund(intent);
      return;
    }
    try {
      await this.release(intent);
    } catch (error) {
      intent.settlementAttempts += 1;
      this.options.log(
        `tracker: release of ${intent.intentId} failed (attempt ${intent.settlementAttempts}): ${error instanceof Error ? error.message : String(error)}`,
      );
      if (intent.settlementAttempts >= MAX_SETTLEMENT_ATTEMPTS) {
        touch(intent, { failureReason: 'Destination release failed; deposit refunded on the source chain' });
        await this.refund(intent);
      }
    }
  }

  /**
   * The `dest-*` hostile modes (sandbox README, "Hostile responses"): instead
   * of releasing to the recipient, a real transaction on the destination chain
   * that is not this arrival (or none at all), whose hash the status then
   * reports as `success`. Undefined: settle honestly.
   */
  private async destinationLie(intent: Intent, destination: SandboxChain, token: Address, recipient: Address, amount: bigint): Promise<Hex | undefined> {
    const mode = intent.hostileRoute;
    if (!mode?.startsWith('dest-')) return undefined;
    const vault = destination.network.contracts.liquidityVault;
    const release = (releaseToken: Address, to: Address, value: bigint) =>
      destination.clients.sendAndConfirm(OPERATOR_ACCOUNT, (wallet) =>
        wallet.writeContract({ address: vault, abi: LiquidityVaultAbi, functionName: 'release', args: [intent.intentId, releaseToken, to, value] }),
      );
    switch (mode) {
      case 'dest-missing':
        return keccak256(stringToHex(`dest-missing:${intent.intentId}`));
      case 'dest-another-transfer': {
        // Someone else's transfer: the same token and amount to another user.
        const other = EXTRA_USER_ACCOUNTS.find((a) => !sameAddress(a.address, recipient))!.address;
        return (await release(token, other, amount)).transactionHash;
      }
      case 'dest-other-recipient':
        return (await release(token, ATTACKER_ACCOUNT.address, amount)).transactionHash;
      case 'dest-other-token': {
        const { usdc, weth } = destination.network.contracts;
        const other = sameAddress(token, usdc) ? weth : usdc;
        return (await release(other, recipient, amount)).transactionHash;
      }
      case 'dest-reverted': {
        // More than the vault holds, with the gas given so nothing estimates it first: mined, reverted.
        const wallet = destination.clients.walletFor(OPERATOR_ACCOUNT);
        const hash = await wallet.writeContract({
          address: vault,
          abi: LiquidityVaultAbi,
          functionName: 'release',
          args: [intent.intentId, token, recipient, 2n ** 200n],
          gas: 300_000n,
        });
        await destination.clients.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
        return hash;
      }
      default:
        return undefined;
    }
  }

  private async release(intent: Intent): Promise<void> {
    const plan = intent.plan;
    // A `below-minimum` route settles a tenth of its guaranteed minimum, for real, and says so.
    const amount = intent.hostileRoute === 'below-minimum' ? plan.estimate.toAmountMin / BELOW_MINIMUM_DIVISOR : plan.estimate.toAmount;
    if (!plan.destination.local) {
      const transfer = this.options.cosmos.credit(intent.intentId, intent.request.toAddress, plan.toToken.address, amount);
      touch(intent, {
        status: 'success',
        intentStatus: 'completed',
        destTxHash: transfer.hash,
        toAmountWei: amount,
        gasStatus: null,
      });
      return;
    }
    const destination = this.options.chains.get(plan.destination.chainId);
    if (!destination) throw new Error(`destination chain ${plan.destination.chainId} is not running`);
    const vault = destination.network.contracts.liquidityVault;
    const honestToken = (plan.toToken.category === 'native' ? NATIVE_TOKEN_ADDRESS : plan.toToken.address) as Address;
    const honestRecipient = intent.request.toAddress as Address;
    const lie = await this.destinationLie(intent, destination, honestToken, honestRecipient, amount);
    if (lie) {
      touch(intent, { status: 'success', intentStatus: 'completed', destTxHash: lie, toAmountWei: amount, hookSucceeded: null, gasStatus: null });
      return;
    }
    const token = honestToken;
    const recipient = honestRecipient;
    const hook = plan.postHook;
    const receipt = await destination.clients.sendAndConfirm(OPERATOR_ACCOUNT, (wallet) =>
      hook
        ? wallet.writeContract({
            address: vault,
            abi: LiquidityVaultAbi,
            functionName: 'releaseWithHook',
            args: [
              intent.intentId,
              token,
              recipient,
              amount,
              plan.hookAmount,
              {
                target: hook.target,
                callData: hook.callData,
                patchAmount: hook.amountInputPos !== null,
                amountInputPos: BigInt(hook.amountInputPos ?? 0),
                approvalAddress: hook.toApprovalAddress ?? '0x0000000000000000000000000000000000000000',
              },
            ],
          })
        : wallet.writeContract({
            address: vault,
            abi: LiquidityVaultAbi,
            functionName: 'release',
            args: [intent.intentId, token, recipient, amount],
          }),
    );
    let hookSucceeded: boolean | null = null;
    if (hook) {
      const executed = parseEventLogs({ abi: HookExecutorAbi, eventName: 'HookExecuted', logs: receipt.logs });
      hookSucceeded = executed[0]?.args.success ?? false;
    }
    touch(intent, {
      status: 'success',
      intentStatus: 'completed',
      destTxHash: receipt.transactionHash,
      toAmountWei: amount,
      hookSucceeded,
      gasStatus: null,
    });
  }

  private async refund(intent: Intent): Promise<void> {
    if (this.options.faults.peek('holdRefund')) {
      // Said at once ("failed": a refund is initiated), sent later: what a widget sees when a refund takes its time.
      if (!intent.refundHeld) touch(intent, { status: 'failed', intentStatus: 'failed', refundHeld: true, gasStatus: null });
      return;
    }
    const deposit = intent.deposit;
    if (deposit) {
      // What a deposit address received goes back from it to the sender.
      const evm = this.options.chains.get(deposit.chainId);
      const hash = await sendFromDeposit(deposit, evm, this.options.cosmos, intent.request.fromAddress, deposit.owed);
      deposit.refundTxHash = hash;
      touch(intent, {
        status: 'failed',
        intentStatus: 'refunded',
        refundTxHash: hash.startsWith('0x') ? (hash as Hex) : null,
        gasStatus: null,
        refundHeld: false,
      });
      return;
    }
    const source = this.sourceChain(intent);
    let receipt: TransactionReceipt;
    try {
      receipt = await source.clients.sendAndConfirm(OPERATOR_ACCOUNT, (wallet) =>
        wallet.writeContract({
          address: intent.plan.to,
          abi: SwiftRouterAbi, // every provider escrow shares BridgeEscrow.refund
          functionName: 'refund',
          args: [intent.intentId as Hex],
        }),
      );
    } catch (error) {
      intent.settlementAttempts += 1;
      this.options.log(
        `tracker: refund of ${intent.intentId} failed (attempt ${intent.settlementAttempts}): ${error instanceof Error ? error.message : String(error)}`,
      );
      if (intent.settlementAttempts >= MAX_SETTLEMENT_ATTEMPTS * 2) {
        touch(intent, { status: 'failed', intentStatus: 'failed', failureReason: `${intent.failureReason ?? 'Route failed'}; refund failed` });
      }
      return;
    }
    touch(intent, {
      status: 'failed',
      intentStatus: 'refunded',
      refundTxHash: receipt.transactionHash,
      gasStatus: null,
      refundHeld: false,
    });
  }
}
