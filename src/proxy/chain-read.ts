/**
 * `POST {mountPath}/read/{chainId}`: the widget's reads of a destination
 * chain after the service says a transfer is complete (issue 36), so the
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
 *   block, nothing else (no `from`, no gas, no state overrides);
 * - `eth_getBalance` of an address at a block.
 *
 * Nothing that writes, no logs query at all (so no unbounded ranges).
 */
import type { RpcAdmission, RpcEndpoint } from './rpc-guard.js';

export const READ_TEMPLATE = '/read/:chainId';
export const READ_PATH = /^\/read\/([1-9]\d{0,15})$/;

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A block number (at most 2^64) or a tag; `pending` is not a block the chain has. */
const BLOCK = /^(?:0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,15})|latest|safe|finalized|earliest)$/;
/** `balanceOf(address)`: the selector and one left-padded address word. */
const BALANCE_OF = /^0x70a08231000000000000000000000000[0-9a-fA-F]{40}$/;

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
      return params.length === 2 && isString(params[0], ADDRESS) && isString(params[1], BLOCK)
        ? { ok: true, method, params }
        : refused('eth_getBalance takes an address and a block number');
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
        isString(block, BLOCK);
      if (!shaped) return refused('eth_call is forwarded only for balanceOf(address): { to, data } and a block number, no overrides');
      // Rebuilt from the checked fields: nothing else of the client's object is sent.
      const { to, data } = call as { to: string; data: string };
      return { ok: true, method, params: [{ to, data }, block] };
    }
    default:
      return refused(`Only ${READ_METHODS.join(', ')} are forwarded`);
  }
}

export const READ_ENDPOINT: RpcEndpoint = { admit: admitRead, notAllowed: 'proxy_read_not_allowed' };

/** The command's start-up line (issue 35): the chains with an RPC, or what users lose without one. */
export function rpcChainsLine(chainIds: readonly string[]): string {
  return chainIds.length > 0
    ? `rpc: simulation and chain reads for chains ${chainIds.join(', ')}; other chains' routes are not simulated and arrivals there are not checked on the chain`
    : 'rpc: none configured (RPC_URLS): routes are not simulated before signing and arrivals are not checked on the destination chain';
}
