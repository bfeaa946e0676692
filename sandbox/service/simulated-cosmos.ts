/**
 * Stand-in for the `cataclysm-1` destination. There is no Cosmos chain in the
 * sandbox: a settled route credits this in-memory bank and gets a made-up,
 * Cosmos-style transaction hash. Balances for `cata1…` addresses read from it.
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

  credit(intentId: string, recipient: string, denom: string, amount: bigint): SimulatedTransfer {
    const hash = createHash('sha256').update(`cataclysm-1:${intentId}`).digest('hex').toUpperCase();
    const existing = this.transfers.get(hash);
    if (existing) return existing;
    const account = this.balances.get(recipient) ?? new Map<string, bigint>();
    account.set(denom, (account.get(denom) ?? 0n) + amount);
    this.balances.set(recipient, account);
    const transfer = { hash, recipient, denom, amount, intentId, at: Date.now() };
    this.transfers.set(hash, transfer);
    return transfer;
  }

  balancesOf(address: string): ReadonlyMap<string, bigint> {
    return this.balances.get(address) ?? new Map();
  }

  transfer(hash: string): SimulatedTransfer | undefined {
    return this.transfers.get(hash.toUpperCase());
  }
}
