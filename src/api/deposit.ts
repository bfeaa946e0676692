/**
 * The deposit address, `POST /api/v1/routes/deposit-address`: the route paid
 * by sending the exact amount to an address the service watches, from any
 * wallet or an exchange, with nothing connected. The spec names the endpoint
 * and shows neither its request nor its response; the shape here is ours
 * (docs/client.md, "The deposit address"):
 *
 *   request:  the route request's fields (./transfer-client.ts `routeBody`)
 *   response: { data: { intentId, depositAddress, chainId, token, amount,
 *                       expiresAt?, estimate?, provider? } }
 *
 * Read tolerantly (the `data` wrapper or the bare object; `intent_id`,
 * `deposit_address`/`address`, `chain_id`/`fromChain`, `tokenAddress`/
 * `fromToken` or a token object, `depositAmount`/`fromAmount`, `expires_at`/
 * `expiry` as ISO 8601 or epoch seconds or milliseconds; an unreadable
 * estimate is left out), then checked against what was asked
 * (`checkDeposit`): an answer that fails a check is a `DepositRefusedError`
 * naming its rule, and the widget shows nothing to pay into. A 404 or a
 * refusal by every provider is a `DepositUnavailableError`: the route cannot
 * be paid that way.
 */
import * as z from 'zod/mini';
import { checkAddress, type AddressFamily } from '../model/address.js';
import { sameChainId } from '../model/chain-id.js';
import { isNativeToken, sameId } from '../model/tokens.js';
import type { ApiResult, CallOptions } from './client.js';
import { TransferClient, routeBody } from './transfer-client.js';
import { RoutingError, type NoRouteError, type RoutingErrorInit } from './errors.js';
import { estimateSchema, type Estimate } from './estimate-schema.js';
import { isRecord } from './records.js';
import type { ProviderOutcome, RouteRequest } from './schemas.js';
import { chainIdSchema, nonEmpty, optionalText, uintString } from './schema-parts.js';

/** Each check of a deposit address's answer, in the order they are made. */
export const DEPOSIT_RULES = [
  'no-address',
  'other-chain',
  'other-token',
  'other-amount',
  'sender-address',
  'recipient-address',
  'invalid-address',
  'expired',
] as const;
export type DepositRule = (typeof DEPOSIT_RULES)[number];

/** The answer failed a check (`rule`): it is not shown, nothing is paid into it. An expired one may be asked for again. */
export class DepositRefusedError extends RoutingError {
  readonly rule: DepositRule;
  constructor(rule: DepositRule, init: RoutingErrorInit = {}) {
    super('deposit-refused', `The deposit address was refused (${rule}); nothing is shown to pay into`, { ...init, retryable: rule === 'expired' });
    this.name = 'DepositRefusedError';
    this.rule = rule;
  }
}

/**
 * The service offers no deposit address for this route: the endpoint is not
 * there (`not-offered`, a 404) or every provider consulted declined it
 * (`declined`, with their outcomes). The route can still be paid from a wallet.
 */
export class DepositUnavailableError extends RoutingError {
  readonly reason: 'not-offered' | 'declined';
  readonly providers: ProviderOutcome[];
  constructor(reason: 'not-offered' | 'declined', providers: ProviderOutcome[], init: RoutingErrorInit = {}) {
    super('deposit-unavailable', reason === 'not-offered' ? 'The service offers no deposit addresses' : 'No provider offers a deposit address for this route', {
      ...init,
      retryable: false,
    });
    this.name = 'DepositUnavailableError';
    this.reason = reason;
    this.providers = providers;
  }
}

/** The names each field of ours is read under, first match wins. */
const ALIASES = {
  intentId: ['intentId', 'intent_id'],
  address: ['depositAddress', 'deposit_address', 'address'],
  chainId: ['chainId', 'chain_id', 'fromChain', 'depositChainId'],
  token: ['token', 'tokenAddress', 'token_address', 'fromToken', 'depositToken'],
  amount: ['amount', 'depositAmount', 'deposit_amount', 'fromAmount'],
  expiresAt: ['expiresAt', 'expires_at', 'expiry'],
  estimate: ['estimate'],
  provider: ['provider'],
} as const;

/** Our names for the answer's fields, from whichever alias the service used; a token object gives its address. */
function canonical(body: unknown): unknown {
  const inner = isRecord(body) && isRecord(body.data) ? body.data : body;
  if (!isRecord(inner)) return inner;
  const fields: Record<string, unknown> = {};
  for (const [name, aliases] of Object.entries(ALIASES)) {
    const value = aliases.map((alias) => inner[alias]).find((v) => v !== undefined && v !== null);
    if (value !== undefined) fields[name] = name === 'token' && isRecord(value) ? (value.address ?? value.tokenAddress) : value;
  }
  return fields;
}

/** A time as ISO 8601, or epoch seconds (below 10^12) or milliseconds; epoch milliseconds out. */
const moment = z.pipe(
  z.union([nonEmpty, z.number()]),
  z.transform((value: string | number, ctx) => {
    const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
    if (Number.isFinite(ms)) return ms;
    ctx.issues.push({ code: 'custom', message: 'expected a date', input: value });
    return z.NEVER;
  }),
);

/** The answer as read, before any check: what is missing stays missing (`checkDeposit` decides). */
export const depositResponseSchema = z.pipe(
  z.pipe(z.unknown(), z.transform(canonical)),
  z.object({
    intentId: z.pipe(
      z.union([nonEmpty, z.int()]),
      z.transform((value: string | number) => String(value)),
    ),
    address: optionalText,
    chainId: z.optional(chainIdSchema),
    token: optionalText,
    amount: z.optional(
      z.union([
        uintString,
        z.pipe(
          z.int().check(z.minimum(0)),
          z.transform((value: number) => BigInt(value)),
        ),
      ]),
    ),
    expiresAt: z.optional(moment),
    // An estimate the service got wrong is left out: the quote's stands.
    estimate: z.optional(
      z.pipe(
        z.unknown(),
        z.transform((value: unknown): Estimate | undefined => estimateSchema.safeParse(value).data),
      ),
    ),
    provider: optionalText,
  }),
);
export type DepositAnswer = z.infer<typeof depositResponseSchema>;

/** A deposit address that passed every check: where, on which chain, which token and how much, until when. */
export interface DepositAddress {
  intentId: string;
  address: string;
  chainId: string;
  token: string;
  /** Smallest units: exactly what to send. */
  amount: bigint;
  /** Epoch milliseconds, when the service gave one. */
  expiresAt: number | undefined;
  estimate: Estimate | undefined;
  provider: string | undefined;
}

/** What the answer is checked against: the request, and the address family of its source chain. */
export interface DepositCheck {
  request: Pick<RouteRequest, 'fromChain' | 'fromToken' | 'fromAmount' | 'fromAddress' | 'toAddress'>;
  family: AddressFamily;
  /** Epoch milliseconds (Date.now() by default). */
  now?: number;
  /** `bech32Prefix` of a Cosmos source, when known. */
  bech32Prefix?: string;
}

const ZERO_ADDRESS = /^0x0{40}$/;

/**
 * The answer checked against what was asked: an address is there; the chain,
 * token and amount, where the answer names them, are the ones asked; the
 * address is neither the sender's nor the recipient's, and is valid on the
 * source chain (an EVM address not the zero address; for Cosmos, Solana and
 * Bitcoin, `loadAddressRules()` must have resolved, for mixed-case EVM
 * `loadChecksum()`, or the address is refused as not checked); it has not
 * expired. The first check failed throws its `DepositRefusedError`.
 */
export function checkDeposit(
  answer: DepositAnswer,
  { request, family, now = Date.now(), bech32Prefix }: DepositCheck,
  init: RoutingErrorInit = {},
): DepositAddress {
  const refuse = (rule: DepositRule) => new DepositRefusedError(rule, init);
  const { address, chainId = request.fromChain, token = request.fromToken, amount = request.fromAmount, expiresAt } = answer;
  if (!address?.trim()) throw refuse('no-address');
  if (!sameChainId(chainId, request.fromChain)) throw refuse('other-chain');
  if (!sameId(token, request.fromToken)) throw refuse('other-token');
  if (amount !== request.fromAmount) throw refuse('other-amount');
  if (sameId(address, request.fromAddress)) throw refuse('sender-address');
  if (sameId(address, request.toAddress)) throw refuse('recipient-address');
  if (checkAddress(address, family, bech32Prefix ? { bech32Prefix } : {}) || ZERO_ADDRESS.test(address)) throw refuse('invalid-address');
  if (expiresAt !== undefined && expiresAt <= now) throw refuse('expired');
  return {
    intentId: answer.intentId,
    address,
    chainId: request.fromChain,
    token: request.fromToken,
    amount: request.fromAmount,
    expiresAt,
    estimate: answer.estimate,
    provider: answer.provider,
  };
}

/**
 * What a phone wallet reads from the QR code: on an EVM chain an EIP-681
 * payment request naming the chain, the exact amount and, for an ERC-20, the
 * token contract (`ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount>`;
 * the chain's own currency: `ethereum:<deposit>@<chainId>?value=<amount>`);
 * elsewhere the address alone (no such standard is as widely read).
 */
export function paymentRequest(
  { address, chainId, token, amount }: Pick<DepositAddress, 'address' | 'chainId' | 'token' | 'amount'>,
  family: AddressFamily,
): string {
  if (family !== 'evm') return address;
  return isNativeToken(token) ? `ethereum:${address}@${chainId}?value=${amount}` : `ethereum:${token}@${chainId}/transfer?address=${address}&uint256=${amount}`;
}

/**
 * The client with the deposit address: the widget's own (./client.ts) plus
 * this one call, which only the deposit chunk needs. `RoutingClient`
 * (`bridge-widget/api`) has it too.
 */
export class DepositClient extends TransferClient {
  /**
   * Asks for a deposit address for `request` (the route's fields) and reads the
   * answer (`depositResponseSchema`); `checkDeposit` then decides whether it
   * may be shown. Never retried on its own: each call may create an intent.
   */
  async depositAddress(request: RouteRequest, options: CallOptions = {}): Promise<ApiResult<DepositAnswer>> {
    const body = routeBody(request);
    try {
      return await this.call('routes/deposit-address', depositResponseSchema, {
        ...options,
        body,
        once: true,
        errors: 'route',
        hasPostHook: request.postHook !== undefined,
      });
    } catch (error) {
      // Declined by every provider (a negative answer); one that failed may answer later, so that stays a no-route error.
      // (Told by its kind: the class need not leave the first load for this.)
      if (error instanceof RoutingError && error.kind === 'no-route' && !error.retryable) {
        const { providers, requestId, status } = error as NoRouteError;
        throw new DepositUnavailableError('declined', providers, { requestId, status, cause: error });
      }
      if (error instanceof RoutingError && error.status === 404 && error.kind !== 'invalid-response')
        throw new DepositUnavailableError('not-offered', [], { requestId: error.requestId, status: 404, cause: error });
      throw error;
    }
  }
}
