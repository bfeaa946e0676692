/**
 * Validation of quote, route and deposit-address bodies, including the spec's
 * post hook rules 1-4. Errors carry a message meant for a developer; the
 * server turns them into HTTP 400.
 */
import type { Address, Hex } from 'viem';
import type { CatalogChain } from './catalog.js';

export class RequestValidationError extends Error {
  constructor(
    message: string,
    readonly code: 'INVALID_REQUEST' | 'INVALID_POST_HOOK' = 'INVALID_REQUEST',
  ) {
    super(message);
  }
}

export interface PostHookPlan {
  target: Address;
  callData: Hex;
  /** `full`: the whole destination amount goes to the hook; `fund`: `fundAmount` of it does. */
  mode: 'full' | 'fund';
  fundAmount: bigint | null;
  /** Index of the 32-byte ABI argument that receives the amount, or null to send callData unchanged. */
  amountInputPos: number | null;
  toApprovalAddress: Address | null;
}

export interface RouteRequest {
  fromChain: string;
  toChain: string;
  fromToken: string;
  toToken: string;
  fromAmount: bigint;
  fromAddress: string;
  toAddress: string;
  /** Percent, e.g. 1 for 1%. */
  slippage: number;
  fromAmountUsd: string | null;
  metadata: Record<string, unknown> | null;
  postHook: PostHookPlan | null;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const DIGITS = /^\d+$/;
/** Bech32 data part alphabet; the checksum is not verified (no real Cosmos chain here). */
const CATACLYSM_ADDRESS = /^cata1[02-9ac-hj-np-z]{38,58}$/;

export function isEvmAddress(value: unknown): value is Address {
  return typeof value === 'string' && EVM_ADDRESS.test(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    throw new RequestValidationError(`${field} is required`);
  }
  // Chain IDs arrive as numbers from some clients; the spec's type is string.
  if (typeof value === 'number' && Number.isInteger(value) && (field === 'fromChain' || field === 'toChain')) {
    return String(value);
  }
  if (typeof value !== 'string') throw new RequestValidationError(`${field} must be a string`);
  return value.trim();
}

export function validateAddressForChain(address: string, chain: CatalogChain, field: string): void {
  if (chain.chainType === 'evm') {
    if (!EVM_ADDRESS.test(address)) throw new RequestValidationError(`${field} must be an EVM address (0x + 40 hex)`);
    return;
  }
  if (chain.chainId === 'cataclysm-1') {
    if (!CATACLYSM_ADDRESS.test(address)) {
      throw new RequestValidationError(`${field} must be a cataclysm-1 bech32 address (cata1…)`);
    }
    return;
  }
  if (address.length > 128 || !/^[A-Za-z0-9:_-]+$/.test(address)) {
    throw new RequestValidationError(`${field} is not a valid address for ${chain.chainId}`);
  }
}

export function parseRouteRequest(body: unknown, findChain: (chainId: string) => CatalogChain | undefined): RouteRequest {
  if (!isObject(body)) throw new RequestValidationError('Request body must be a JSON object');
  const fromChain = requiredString(body, 'fromChain');
  const toChain = requiredString(body, 'toChain');
  const fromToken = requiredString(body, 'fromToken');
  const toToken = requiredString(body, 'toToken');
  const fromAmountRaw = requiredString(body, 'fromAmount');
  const fromAddress = requiredString(body, 'fromAddress');
  const toAddress = requiredString(body, 'toAddress');

  const source = findChain(fromChain);
  if (!source) throw new RequestValidationError(`Unknown fromChain "${fromChain}"; see GET /api/v1/routes/chains`);
  const destination = findChain(toChain);
  if (!destination) throw new RequestValidationError(`Unknown toChain "${toChain}"; see GET /api/v1/routes/chains`);

  if (!DIGITS.test(fromAmountRaw)) {
    throw new RequestValidationError('fromAmount must be a decimal integer string in the smallest unit');
  }
  const fromAmount = BigInt(fromAmountRaw);
  if (fromAmount <= 0n) throw new RequestValidationError('fromAmount must be greater than zero');
  if (fromAmount >= 2n ** 256n) throw new RequestValidationError('fromAmount exceeds uint256');

  validateAddressForChain(fromAddress, source, 'fromAddress');
  validateAddressForChain(toAddress, destination, 'toAddress');

  const slippage = parseSlippage(body);

  let fromAmountUsd: string | null = null;
  if (body.fromAmountUSD !== undefined && body.fromAmountUSD !== null) {
    if (typeof body.fromAmountUSD !== 'string' || !/^\d+(\.\d+)?$/.test(body.fromAmountUSD)) {
      throw new RequestValidationError('fromAmountUSD must be a decimal string');
    }
    fromAmountUsd = body.fromAmountUSD;
  }

  let metadata: Record<string, unknown> | null = null;
  if (body.metadata !== undefined && body.metadata !== null) {
    if (!isObject(body.metadata)) throw new RequestValidationError('metadata must be a JSON object');
    if (JSON.stringify(body.metadata).length > 8_192) {
      throw new RequestValidationError('metadata must serialise to at most 8192 characters');
    }
    metadata = body.metadata;
  }

  let postHook: PostHookPlan | null = null;
  if (body.hooks !== undefined && body.hooks !== null) {
    if (!isObject(body.hooks)) throw new RequestValidationError('hooks must be a JSON object');
    if (body.hooks.postHook !== undefined && body.hooks.postHook !== null) {
      postHook = parsePostHook(body.hooks.postHook, destination);
    }
  }

  return {
    fromChain: source.chainId,
    toChain: destination.chainId,
    fromToken,
    toToken,
    fromAmount,
    fromAddress,
    toAddress,
    slippage,
    fromAmountUsd,
    metadata,
    postHook,
  };
}

function parseSlippage(body: Record<string, unknown>): number {
  if (body.slippage !== undefined && body.slippage !== null) {
    if (typeof body.slippage !== 'number' || !Number.isFinite(body.slippage)) {
      throw new RequestValidationError('slippage must be a number (percent)');
    }
    if (body.slippage < 0 || body.slippage > 100) throw new RequestValidationError('slippage must be between 0 and 100');
    return body.slippage;
  }
  if (body.slippageBps !== undefined && body.slippageBps !== null) {
    if (typeof body.slippageBps !== 'number' || !Number.isInteger(body.slippageBps)) {
      throw new RequestValidationError('slippageBps must be an integer');
    }
    if (body.slippageBps < 0 || body.slippageBps > 10_000) {
      throw new RequestValidationError('slippageBps must be between 0 and 10000');
    }
    return body.slippageBps / 100;
  }
  return 1;
}

function hookError(message: string): RequestValidationError {
  return new RequestValidationError(`Invalid hooks.postHook: ${message}`, 'INVALID_POST_HOOK');
}

/** The spec's rules 1-4 first, in its order, then the formats the sandbox chose (see README). */
export function parsePostHook(raw: unknown, destination: CatalogChain): PostHookPlan {
  if (!isObject(raw)) throw hookError('must be a JSON object');
  if (raw.target === undefined || raw.target === null || raw.target === '') throw hookError('target is required');
  if (raw.callData === undefined || raw.callData === null || raw.callData === '') {
    throw hookError('callData is required');
  }
  const fullAmount = raw.fullAmount;
  const hasPos = raw.amountInputPos !== undefined && raw.amountInputPos !== null;
  if (fullAmount === true && !hasPos) throw hookError('amountInputPos is required when fullAmount is true');
  const hasFund = raw.fundAmount !== undefined && raw.fundAmount !== null && raw.fundAmount !== '';
  if (!hasFund && fullAmount !== true) {
    throw hookError(fullAmount === false ? 'fundAmount is required when fullAmount is false' : 'fundAmount or fullAmount is required');
  }

  if (destination.chainType !== 'evm') throw hookError('post hooks are only supported on EVM destinations');
  if (!isEvmAddress(raw.target)) throw hookError('target must be an EVM address');
  if (typeof raw.callData !== 'string' || !HEX.test(raw.callData) || raw.callData.length < 10) {
    throw hookError('callData must be 0x-prefixed hex with at least a 4-byte selector');
  }
  if (fullAmount !== undefined && typeof fullAmount !== 'boolean') throw hookError('fullAmount must be a boolean');

  let amountInputPos: number | null = null;
  if (hasPos) {
    const pos = typeof raw.amountInputPos === 'string' && DIGITS.test(raw.amountInputPos) ? Number(raw.amountInputPos) : raw.amountInputPos;
    if (typeof pos !== 'number' || !Number.isInteger(pos) || pos < 0) {
      throw hookError('amountInputPos must be a non-negative integer (index of a 32-byte ABI argument)');
    }
    const needed = 2 + 2 * (4 + 32 * (pos + 1));
    if (raw.callData.length < needed) throw hookError(`amountInputPos ${pos} is beyond the end of callData`);
    amountInputPos = pos;
  }

  let fundAmount: bigint | null = null;
  if (fullAmount !== true) {
    const value = raw.fundAmount;
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    if (typeof text !== 'string' || !DIGITS.test(text) || BigInt(text) === 0n) {
      throw hookError('fundAmount must be a positive decimal integer string (destination token, smallest unit)');
    }
    fundAmount = BigInt(text);
  }

  let toApprovalAddress: Address | null = null;
  if (raw.toApprovalAddress !== undefined && raw.toApprovalAddress !== null && raw.toApprovalAddress !== '') {
    if (!isEvmAddress(raw.toApprovalAddress)) throw hookError('toApprovalAddress must be an EVM address');
    toApprovalAddress = raw.toApprovalAddress;
  }

  return {
    target: raw.target,
    callData: raw.callData as Hex,
    mode: fullAmount === true ? 'full' : 'fund',
    fundAmount,
    amountInputPos,
    toApprovalAddress,
  };
}
