/** A saved transfer as the flow writes one right after routing (USDC between chains 1 and 2), for tests of the store and of what is merged into it. */
import type { SavedTransfer } from '../../../src/flow/intent-store.ts';

export const ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

export function savedTransfer(intentId: string, createdAt: number, change: Partial<SavedTransfer> = {}): SavedTransfer {
  const token = { address: '0x5fbdb2315678afecb367f032d93f642f64180aa3', symbol: 'USDC', decimals: 6 };
  return {
    intentId,
    account: ACCOUNT,
    fromChainId: '1',
    toChainId: '2',
    fromToken: token,
    toToken: token,
    fromAmount: 1n,
    toAmount: 1n,
    toAddress: ACCOUNT,
    createdAt,
    updatedAt: createdAt,
    phase: 'signing',
    receiptAccepted: false,
    ...change,
  };
}
