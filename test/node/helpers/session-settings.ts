/**
 * What a host sets on <bridge-widget>, as `TransferSession` reads it: the
 * preset route SRC → DST, USDC → USDC, no allow or deny lists, no amount or
 * recipient, and the element's defaults for the rest; `overrides` over that.
 */
import type { SessionSettings } from '../../../src/flow/settings.ts';
import { DST, SRC } from './chains.ts';

export function sessionSettings(overrides: Partial<SessionSettings> = {}): SessionSettings {
  return {
    fromChain: String(SRC),
    toChain: String(DST),
    fromToken: 'USDC',
    toToken: 'USDC',
    allowFromChains: '',
    denyFromChains: '',
    allowToChains: '',
    denyToChains: '',
    allowFromTokens: '',
    denyFromTokens: '',
    allowToTokens: '',
    denyToTokens: '',
    amount: '',
    toAddress: '',
    slippage: 1,
    lockPresets: false,
    unlimitedApproval: false,
    walletTimeout: 300,
    valueLossThreshold: 5,
    metadata: undefined,
    postHook: undefined,
    ...overrides,
  };
}
