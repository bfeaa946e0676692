/**
 * `POST {mountPath}/read/{chainId}`: the widget's reads of a destination
 * chain after the service says a transfer is complete, so the
 * arrival is checked on the chain and not taken on the service's word. The
 * wallet cannot do it: it is on the source chain and may not know the
 * destination.
 *
 * The same RPC URLs as `/simulate` (`rpcUrls`, `RPC_URLS`) and the same guard
 * (`forwardRpc` in simulate.ts: origin, Host, flood limit, 256 KiB, one request, deadline,
 * capped and scrubbed answer). Only these reads, each with its parameters
 * checked exactly, so the endpoint is no open relay:
 *
 * - `eth_getTransactionReceipt` of one 32-byte hash;
 * - `eth_getBlockByNumber` / `eth_getBlockByHash` with `false` (headers and
 *   hashes, never full transactions);
 * - `eth_call` of ERC-20 `balanceOf(address)` only: `{ to, data }` and a
 *   block, nothing else (no `from`, no state overrides), sent with at most
 *   `READ_CALL_GAS` and answered only with one 32-byte word;
 * - `eth_getBalance` of an address at a block, answered only with a quantity.
 *
 * Both read state at a block: `earliest` is refused, and a number more than
 * `MAX_STATE_DEPTH_BLOCKS` below the head (rpc-guard.ts) too, so the endpoint
 * is no free archive node; the widget reads a receipt's block and the one
 * before, minutes after the arrival. Nothing that writes, no logs query at
 * all (so no unbounded ranges).
 */
import type { AnswerBound, RpcAdmission, RpcEndpoint } from './rpc-guard.js';

export const READ_TEMPLATE = '/read/:chainId';
export const READ_PATH = /^\/read\/([1-9]\d{0,15})$/;

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A block number (at most 2^64) or a tag; `pending` is not a block the chain has. */
const BLOCK = /^(?:0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,15})|latest|safe|finalized|earliest)$/;
/**
 * A block whose state is read: a number near the head (`stateDepthRefusal`,
 * rpc-guard.ts) or a recent tag; `earliest` is genesis, an archive's read.
 */
const STATE_BLOCK = /^(?:0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,15})|latest|safe|finalized)$/;
/** `balanceOf(address)`: the selector and one left-padded address word. */
const BALANCE_OF = /^0x70a08231000000000000000000000000[0-9a-fA-F]{40}$/;
/**
 * Gas an `eth_call` of `balanceOf` may burn on the RPC: a token's needs tens
 * of thousands (a proxied one included); without it the call would run with
 * the RPC's whole cap (tens of millions) on a contract whose code burns gas.
 */
export const READ_CALL_GAS = 100_000;
/** A `balanceOf` answers one 32-byte word. */
const WORD = /^0x[0-9a-fA-F]{0,64}$/;
/** A quantity (a balance): at most 32 bytes. */
const QUANTITY = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/;
/** What a call answering one word, or a balance, takes at most as a JSON-RPC response (an error's message included). */
const SMALL_ANSWER_BYTES = 4096;
const oneWord: AnswerBound = { maxBytes: SMALL_ANSWER_BYTES, result: (value) => typeof value === 'string' && WORD.test(value) };
const oneQuantity: AnswerBound = { maxBytes: SMALL_ANSWER_BYTES, result: (value) => typeof value === 'string' && QUANTITY.test(value) };

export const READ_METHODS = ['eth_getTransactionReceipt', 'eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_call', 'eth_getBalance'] as const;

const isString = (value: unknown, shape: RegExp): value is string => typeof value === 'string' && shape.test(value);

function admitRead(method: unknown, params: readonly unknown[]): RpcAdmission {
  const refused = (message: string): RpcAdmission => ({ ok: false, message });
  switch (method) {
    case 'eth_getTransactionReceipt':
      return params.length === 1 && isString(params[0], HASH) ? { ok: true, method, params } : refused('eth_getTransactionReceipt takes one transaction hash');
    case 'eth_getBlockByNumber':
      return params.length === 2 && isString(params[0], BLOCK) && params[1] === false
        ? { ok: true, method, params }
        : refused('eth_getBlockByNumber takes a block number and false (no full transactions)');
    case 'eth_getBlockByHash':
      return params.length === 2 && isString(params[0], HASH) && params[1] === false
        ? { ok: true, method, params }
        : refused('eth_getBlockByHash takes a block hash and false (no full transactions)');
    case 'eth_getBalance':
      return params.length === 2 && isString(params[0], ADDRESS) && isString(params[1], STATE_BLOCK)
        ? { ok: true, method, params, stateAt: params[1], answer: oneQuantity }
        : refused('eth_getBalance takes an address and a recent block number (not earliest)');
    case 'eth_call': {
      const [call, block] = params;
      const shaped =
        params.length === 2 &&
        typeof call === 'object' &&
        call !== null &&
        !Array.isArray(call) &&
        Object.keys(call).every((key) => key === 'to' || key === 'data') &&
        isString((call as Record<string, unknown>).to, ADDRESS) &&
        isString((call as Record<string, unknown>).data, BALANCE_OF) &&
        isString(block, STATE_BLOCK);
      if (!shaped) return refused('eth_call is forwarded only for balanceOf(address): { to, data } and a recent block number, no overrides');
      // Rebuilt from the checked fields, with the proxy's gas cap: nothing else of the client's object is sent.
      const { to, data } = call as { to: string; data: string };
      return { ok: true, method, params: [{ to, data, gas: `0x${READ_CALL_GAS.toString(16)}` }, block], stateAt: block, answer: oneWord };
    }
    default:
      return refused(`Only ${READ_METHODS.join(', ')} are forwarded`);
  }
}

export const READ_ENDPOINT: RpcEndpoint = { admit: admitRead, notAllowed: 'proxy_read_not_allowed' };

/** The command's start-up line: the chains with an RPC, or what users lose without one. */
export function rpcChainsLine(chainIds: readonly string[]): string {
  return chainIds.length > 0
    ? `rpc: simulation and chain reads for chains ${chainIds.join(', ')}; other chains' routes are not simulated and arrivals there are not checked on the chain`
    : 'rpc: none configured (RPC_URLS): routes are not simulated before signing and arrivals are not checked on the destination chain';
}
