import { WalletError } from './errors.js';
import { parseAccounts, parseChainId, toQuantity, type Address } from './hex.js';
import { sleep } from '../model/sleep.js';
import { PROMPT_TIMEOUT_MS, READ_TIMEOUT_MS, callProvider, type CallOptions, type Eip1193Provider } from './provider.js';

/** What `wallet_addEthereumChain` needs (EIP-3085), with a numeric chain id. */
export interface AddChainParams {
  chainId: number;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
}

/** Asks the user to connect (`eth_requestAccounts`). An empty answer counts as a refusal. Accounts come lowercase (see `parseAccounts`). */
export async function requestAccounts(provider: Eip1193Provider, options?: CallOptions): Promise<Address[]> {
  const accounts = parseAccounts(await callProvider(provider, 'eth_requestAccounts', undefined, options, PROMPT_TIMEOUT_MS));
  if (accounts.length === 0) throw new WalletError('rejected', 'The wallet did not share any account.');
  return accounts;
}

/** Accounts already shared with this page (`eth_accounts`), lowercase; empty when not connected. */
export async function getAccounts(provider: Eip1193Provider, options?: CallOptions): Promise<Address[]> {
  return parseAccounts(await callProvider(provider, 'eth_accounts', undefined, options, READ_TIMEOUT_MS));
}

export async function getChainId(provider: Eip1193Provider, options?: CallOptions): Promise<number> {
  return parseChainId(await callProvider(provider, 'eth_chainId', undefined, options, READ_TIMEOUT_MS));
}

// Some wallets resolve the switch request a moment before eth_chainId reports
// the new chain; give them this long to catch up before calling it a failure.
const SWITCH_SETTLE_MS = 1_000;
const SWITCH_SETTLE_POLL_MS = 100;

/**
 * Moves the wallet to `chain`, adding it first when the wallet does not know it
 * (EIP-3326 code 4902), and verifies the result with `eth_chainId`. Does not
 * prompt when the wallet is already on the chain.
 */
export async function switchChain(provider: Eip1193Provider, chain: AddChainParams, options?: CallOptions, asking?: () => void): Promise<void> {
  // `timeoutMs` is meant for the prompts; the reads around them keep the read deadline.
  const readOptions = { signal: options?.signal };
  if ((await getChainId(provider, readOptions)) === chain.chainId) return;
  // Only now will the wallet ask: a wallet already on the chain never shows "Switch network".
  asking?.();
  const chainIdHex = toQuantity(chain.chainId);
  const requestSwitch = () => callProvider(provider, 'wallet_switchEthereumChain', [{ chainId: chainIdHex }], options, PROMPT_TIMEOUT_MS);

  try {
    await requestSwitch();
  } catch (error) {
    if (!(error instanceof WalletError) || error.kind !== 'unknown-chain') throw error;
    await callProvider(provider, 'wallet_addEthereumChain', [toAddChainParameter(chain)], options, PROMPT_TIMEOUT_MS);
    // EIP-3085 lets a wallet stay on the old chain after adding one; switching
    // again is a no-op for wallets (MetaMask) that already moved.
    await requestSwitch();
  }
  await expectChain(provider, chain.chainId, readOptions);
}

function toAddChainParameter(chain: AddChainParams) {
  return {
    chainId: toQuantity(chain.chainId),
    chainName: chain.chainName,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: chain.rpcUrls,
    ...(chain.blockExplorerUrls?.length ? { blockExplorerUrls: chain.blockExplorerUrls } : {}),
  };
}

async function expectChain(provider: Eip1193Provider, chainId: number, options?: CallOptions): Promise<void> {
  let current = await getChainId(provider, options);
  for (let waited = 0; current !== chainId && waited < SWITCH_SETTLE_MS; waited += SWITCH_SETTLE_POLL_MS) {
    await sleep(SWITCH_SETTLE_POLL_MS, options?.signal);
    current = await getChainId(provider, options);
  }
  if (current !== chainId) {
    throw new WalletError('wrong-chain', `The wallet is on chain ${current}, expected chain ${chainId}.`);
  }
}
