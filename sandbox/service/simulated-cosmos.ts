/**
 * Stand-in for the `cataclysm-1` chain. There is no Cosmos chain in the
 * sandbox: a settled route credits this in-memory bank and gets a made-up,
 * Cosmos-style transaction hash. Balances for `cata1…` addresses read from it.
 * As a source it is paid into deposit addresses only (./deposits.ts): an
 * address is funded (`fund`) and pays (`send`) through the admin endpoints
 * `POST /__sandbox/cosmos/fund` and `/__sandbox/cosmos/send`.
 */
import { createHash } from 'node:crypto';

export interface SimulatedTransfer {
  hash: string;
  recipient: string;
  denom: string;
  amount: bigint;
  intentId: string;
  at: number;
}

export class SimulatedCosmosBank {
  private readonly balances = new Map<string, Map<string, bigint>>();
  private readonly transfers = new Map<string, SimulatedTransfer>();
  private sent = 0;

  credit(intentId: string, recipient: string, denom: string, amount: bigint): SimulatedTransfer {
    const hash = createHash('sha256').update(`cataclysm-1:${intentId}`).digest('hex').toUpperCase();
    const existing = this.transfers.get(hash);
    if (existing) return existing;
    this.add(recipient, denom, amount);
    const transfer = { hash, recipient, denom, amount, intentId, at: Date.now() };
    this.transfers.set(hash, transfer);
    return transfer;
  }

  /** Mints `amount` of `denom` to `address` (the sandbox's faucet). */
  fund(address: string, denom: string, amount: bigint): void {
    this.add(address, denom, amount);
  }

  /** Moves `amount` of `denom` from one address to another; throws when `from` holds less. */
  send(from: string, to: string, denom: string, amount: bigint): SimulatedTransfer {
    const held = this.balances.get(from)?.get(denom) ?? 0n;
    if (amount <= 0n || held < amount) throw new Error(`${from} holds ${held} ${denom}, not ${amount}`);
    this.add(from, denom, -amount);
    this.add(to, denom, amount);
    const hash = createHash('sha256').update(`cataclysm-1:send:${++this.sent}:${from}:${to}:${denom}:${amount}`).digest('hex').toUpperCase();
    const transfer = { hash, recipient: to, denom, amount, intentId: '', at: Date.now() };
    this.transfers.set(hash, transfer);
    return transfer;
  }

  /** The latest transfer into `address`, if any. */
  lastTransferTo(address: string): SimulatedTransfer | undefined {
    return [...this.transfers.values()].filter((t) => t.recipient === address).at(-1);
  }

  private add(address: string, denom: string, amount: bigint): void {
    const account = this.balances.get(address) ?? new Map<string, bigint>();
    account.set(denom, (account.get(denom) ?? 0n) + amount);
    this.balances.set(address, account);
  }

  balancesOf(address: string): ReadonlyMap<string, bigint> {
    return this.balances.get(address) ?? new Map();
  }

  transfer(hash: string): SimulatedTransfer | undefined {
    return this.transfers.get(hash.toUpperCase());
  }
}
