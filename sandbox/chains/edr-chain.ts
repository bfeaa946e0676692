/**
 * One local EVM chain, backed by EDR (the EVM inside Hardhat) running in this
 * process. EDR's JS API is internal and pinned (0.13.0); everything that
 * touches it stays in this file.
 *
 * EDR answers `handleRequest` with `{ result }` or `{ error }` only, rejects a
 * request without `params`, and reports reverts with its own error code. The
 * wrapper here makes it a well-behaved JSON-RPC 2.0 endpoint: it adds
 * `jsonrpc`/`id`, defaults `params` to `[]`, and maps reverts to
 * `{ code: 3, message, data }`, the shape viem decodes revert reasons from.
 */
import {
  ContractDecoder,
  EdrContext,
  L1_CHAIN_TYPE,
  MineOrdering,
  SpecId,
  l1GenesisState,
  l1HardforkToString,
  l1ProviderFactory,
  type Provider,
} from '@nomicfoundation/edr';
import { hexToBytes, type Hex } from 'viem';

export interface JsonRpcRequest {
  jsonrpc?: string;
  id?: string | number | null;
  method: string;
  params?: unknown;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  { jsonrpc: '2.0'; id: string | number | null; result: unknown } | { jsonrpc: '2.0'; id: string | number | null; error: JsonRpcError };

/** The EIP-1193 surface viem's `custom()` transport needs. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/** Error thrown by the EIP-1193 provider; viem reads `code` and `data`. */
export class RpcRequestError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(error: JsonRpcError) {
    super(error.message);
    this.name = 'RpcRequestError';
    this.code = error.code;
    this.data = error.data;
  }
}

export interface GenesisAccount {
  address: Hex;
  balance: bigint;
}

export interface LocalChainOptions {
  chainId: number;
  name: string;
  genesisAccounts: GenesisAccount[];
  /** Private keys EDR signs `eth_sendTransaction` for, like `hardhat node`'s unlocked accounts. */
  ownedAccountKeys: Hex[];
}

export interface LocalChain {
  readonly chainId: number;
  readonly name: string;
  readonly provider: Eip1193Provider;
  handleJsonRpc(request: JsonRpcRequest): Promise<JsonRpcResponse>;
}

// EDR allows one context per process; both chains share it.
let contextPromise: Promise<EdrContext> | undefined;
function edrContext(): Promise<EdrContext> {
  contextPromise ??= (async () => {
    const context = new EdrContext();
    await context.registerProviderFactory(L1_CHAIN_TYPE, l1ProviderFactory());
    return context;
  })();
  return contextPromise;
}

const HARDFORK = SpecId.Prague;
const BLOCK_GAS_LIMIT = 30_000_000n;

export async function createLocalChain(options: LocalChainOptions): Promise<LocalChain> {
  const context = await edrContext();
  const edr: Provider = await context.createProvider(
    L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: true,
      // A reverting transaction is mined with status 0 instead of being refused,
      // as on a real chain; the service needs that to report a failed source tx.
      bailOnTransactionFailure: false,
      chainId: BigInt(options.chainId),
      coinbase: hexToBytes('0xc014ba5ec014ba5ec014ba5ec014ba5ec014ba5e'),
      defaultTransactionGasLimit: BLOCK_GAS_LIMIT,
      genesisState: [...l1GenesisState(HARDFORK), ...options.genesisAccounts.map((a) => ({ address: hexToBytes(a.address), balance: a.balance }))],
      hardfork: l1HardforkToString(HARDFORK),
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      mining: { autoMine: true, blockGasLimit: BLOCK_GAS_LIMIT, memPool: { order: MineOrdering.Priority } },
      network: { genesisBlockGasLimit: BLOCK_GAS_LIMIT },
      networkId: BigInt(options.chainId),
      observability: {},
      ownedAccounts: options.ownedAccountKeys.map((k) => k.slice(2)),
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new ContractDecoder(),
  );

  async function handleJsonRpc(request: JsonRpcRequest): Promise<JsonRpcResponse> {
    const id = request.id ?? null;
    const params = request.params ?? [];
    let raw: unknown;
    try {
      const response = await edr.handleRequest(JSON.stringify({ jsonrpc: '2.0', id, method: request.method, params }));
      raw = typeof response.data === 'string' ? JSON.parse(response.data) : response.data;
    } catch (cause) {
      return { jsonrpc: '2.0', id, error: { code: -32603, message: cause instanceof Error ? cause.message : String(cause) } };
    }
    const body = raw as { result?: unknown; error?: JsonRpcError };
    if (body.error) return { jsonrpc: '2.0', id, error: normaliseError(body.error) };
    return { jsonrpc: '2.0', id, result: body.result ?? null };
  }

  const provider: Eip1193Provider = {
    async request({ method, params }) {
      const response = await handleJsonRpc({ method, params });
      if ('error' in response) throw new RpcRequestError(response.error);
      return response.result;
    },
  };

  return { chainId: options.chainId, name: options.name, provider, handleJsonRpc };
}

/**
 * EDR reports a revert with its own code and the revert data in `data.data`;
 * wallets and viem expect EIP-1474's code 3 with the raw revert bytes in `data`.
 */
function normaliseError(error: JsonRpcError): JsonRpcError {
  const revertData = extractRevertData(error.data);
  if (revertData !== undefined || /revert/i.test(error.message)) {
    return { code: 3, message: error.message, data: revertData ?? '0x' };
  }
  return error;
}

function extractRevertData(data: unknown): Hex | undefined {
  if (typeof data === 'string' && /^0x[0-9a-fA-F]*$/.test(data)) return data as Hex;
  if (data && typeof data === 'object' && 'data' in data) return extractRevertData((data as { data: unknown }).data);
  return undefined;
}
