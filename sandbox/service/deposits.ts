/**
 * Deposit addresses (`POST /routes/deposit-address`): a fresh address per
 * intent, watched on chain by the tracker (./tracker.ts).
 *
 * - On the local EVM chains it is a fresh account whose key the sandbox holds:
 *   what arrives is read from the chain (an ERC-20's balance and `Transfer`
 *   logs; the native balance and the blocks' transactions), and moved by the
 *   sandbox (gas for it set with `anvil_setBalance`).
 * - On the simulated Cosmos chain (`cataclysm-1`) it is a fresh `cata1…`
 *   address of the in-memory bank (./simulated-cosmos.ts); tests and the demo
 *   pay into it through `POST /__sandbox/cosmos/send`.
 *
 * At least the amount before the expiry: the intent proceeds as a route whose
 * source transaction is the payment (`submitted`, then `bridging`, then
 * settled), and a surplus goes back to the sender. Less than the amount, or
 * anything after the expiry: all of it goes back to the sender
 * (`request.fromAddress`) and the intent is `failed`. Nothing by the expiry:
 * `failed` (`intent_status: "expired"`), and the address is watched for
 * `LATE_WATCH_MS` more, so a late payment is sent back too.
 */
import { randomBytes } from 'node:crypto';
import { bech32 } from '@scure/base';
import { erc20Abi, parseAbiItem, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { DevAccount } from '../chains/accounts.js';
import { toQuantity } from '../chains/deploy.js';
import type { SandboxChain } from '../chains/local-networks.js';
import type { CatalogChain, CatalogToken } from './catalog.js';
import type { DepositWatch, Intent } from './intents.js';
import type { SimulatedCosmosBank } from './simulated-cosmos.js';

/** How long a deposit address takes payments, unless the `depositTtlSeconds` switch says otherwise. */
export const DEPOSIT_TTL_MS = 15 * 60_000;
/** After the expiry, an address is still watched this long: a late payment goes back to the sender. */
export const LATE_WATCH_MS = 10 * 60_000;
/** Gas money given to a deposit account before it moves an ERC-20 (the sandbox's to give: anvil sets balances). */
const GAS_MONEY = 10n ** 16n;

const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** A fresh deposit address on `chain` for `amount` of `token`, taking payments for `ttlMs`. */
export async function openDeposit(
  chain: CatalogChain,
  evm: SandboxChain | undefined,
  token: CatalogToken,
  amount: bigint,
  ttlMs: number,
): Promise<DepositWatch> {
  const now = Date.now();
  const base = {
    chainId: chain.chainId,
    token: token.address,
    native: token.category === 'native',
    amount,
    expiresAt: now + ttlMs,
    received: 0n,
    owed: 0n,
    paymentTxHash: null,
    refundTxHash: null,
    watchUntil: now + ttlMs + LATE_WATCH_MS,
  };
  if (!evm) {
    // A bech32 address of the chain's prefix over 20 random bytes (the simulated bank checks no key).
    const address = bech32.encode('cata', bech32.toWords(randomBytes(20)));
    return { ...base, address, privateKey: null, fromBlock: 0n, scannedBlock: 0n };
  }
  const privateKey = generatePrivateKey();
  const block = await evm.clients.publicClient.getBlockNumber();
  return { ...base, address: privateKeyToAccount(privateKey).address, privateKey, fromBlock: block, scannedBlock: block };
}

/** The deposit account as the chain clients send from it. */
function depositAccount(deposit: DepositWatch): DevAccount {
  return { index: -1, address: deposit.address as Address, privateKey: deposit.privateKey! };
}

/** What the address holds now, and the hash of the last payment that brought something (undefined when none was found). */
export async function readDeposit(
  deposit: DepositWatch,
  evm: SandboxChain | undefined,
  cosmos: SimulatedCosmosBank,
): Promise<{ held: bigint; hash: string | undefined }> {
  if (!evm) {
    const held = cosmos.balancesOf(deposit.address).get(deposit.token) ?? 0n;
    return { held, hash: cosmos.lastTransferTo(deposit.address)?.hash };
  }
  const client = evm.clients.publicClient;
  const address = deposit.address as Address;
  if (!deposit.native) {
    const [held, logs] = await Promise.all([
      client.readContract({ address: deposit.token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      client.getLogs({ address: deposit.token as Address, event: TRANSFER_EVENT, args: { to: address }, fromBlock: deposit.fromBlock }),
    ]);
    return { held, hash: logs.at(-1)?.transactionHash ?? undefined };
  }
  // The native currency leaves no log: the blocks since the last scan are read for a transaction to the address.
  const [held, latest] = await Promise.all([client.getBalance({ address }), client.getBlockNumber()]);
  let hash: string | undefined;
  for (let n = deposit.scannedBlock + 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) if (tx.to?.toLowerCase() === address.toLowerCase() && tx.value > 0n) hash = tx.hash;
  }
  deposit.scannedBlock = latest;
  return { held, hash: hash ?? deposit.paymentTxHash ?? undefined };
}

/** Sends `amount` of what the address holds to `to`: from the deposit account on an EVM chain, in the bank on the Cosmos one. Returns the hash. */
export async function sendFromDeposit(
  deposit: DepositWatch,
  evm: SandboxChain | undefined,
  cosmos: SimulatedCosmosBank,
  to: string,
  amount: bigint,
): Promise<string> {
  if (!evm) return cosmos.send(deposit.address, to, deposit.token, amount).hash;
  const account = depositAccount(deposit);
  const client = evm.clients.publicClient;
  // Gas money, so that the whole of what arrived can go back (the sandbox's to give on its own chains).
  const balance = await client.getBalance({ address: account.address });
  await evm.chain.provider.request({ method: 'anvil_setBalance', params: [account.address, toQuantity(balance + GAS_MONEY)] });
  const receipt = await evm.clients.sendAndConfirm(account, (wallet) =>
    deposit.native
      ? wallet.sendTransaction({ to: to as Address, value: amount })
      : wallet.writeContract({ address: deposit.token as Address, abi: erc20Abi, functionName: 'transfer', args: [to as Address, amount] }),
  );
  return receipt.transactionHash;
}

/** What the watch decided after a read. */
export type DepositVerdict = 'wait' | 'paid' | 'send-back' | 'expired';

/** The rule, on what arrived so far and when: at least the amount before the expiry proceeds; anything else is sent back; nothing by the expiry is expired. */
export function depositVerdict(deposit: DepositWatch, intent: Pick<Intent, 'status'>, held: bigint, now: number): DepositVerdict {
  const open = intent.status === 'pending' && now < deposit.expiresAt;
  if (held === 0n) return intent.status === 'pending' && !open ? 'expired' : 'wait';
  if (open && held >= deposit.amount) return 'paid';
  return 'send-back';
}

/** A deposit intent's source transaction, for the status: the payment's hash (an EVM hash lowercased, a Cosmos id as the bank writes it). */
export function paymentHash(hash: string): Hex | string {
  return hash.startsWith('0x') ? (hash.toLowerCase() as Hex) : hash;
}
