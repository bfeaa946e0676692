/**
 * The widget's only access to the wallet: plain EIP-1193 `request` calls with
 * deadlines and normalised errors. Deliberately avoids viem's clients and
 * transports, which would more than double the widget's size.
 */
export { WalletError, normalizeRpcError, type WalletErrorKind } from './errors.js';
export { isEip1193Provider, providerProblem, type CallOptions, type Eip1193Provider } from './provider.js';
export type { Address, Hash } from './hex.js';
export { getAccounts, getChainId, requestAccounts, switchChain, type AddChainParams } from './chain.js';
export { sendTransaction, waitForReceipt, type TxReceipt, type TxRequest, type WaitOptions } from './transaction.js';
export { approveErc20, readErc20Allowance, readTokenBalance, type ApproveErc20Args, type Erc20AllowanceArgs } from './erc20.js';
export { watchWallet, type WalletEventHandlers } from './watch.js';
