/**
 * A minimal block explorer for the `blockExplorerUrls` of the chain list:
 * `/explorer/<chainId>/tx/<hash>` shows the real receipt with decoded sandbox
 * events, `/explorer/<chainId>/address/<address>` shows balances.
 */
import { decodeEventLog, erc20Abi, formatUnits, type Abi, type Address, type Hex, type TransactionReceipt } from 'viem';
import { DepositReceiverAbi, HookExecutorAbi, HoplineFeeCollectorAbi, LiquidityVaultAbi, SandboxTokenAbi, SwiftRouterAbi } from '../artifacts/abis.js';
import { CATACLYSM_CHAIN_ID } from './catalog.js';
import type { ServiceContext } from './context.js';

const EVENTS_ABI: Abi = [
  ...SandboxTokenAbi,
  ...SwiftRouterAbi,
  ...HoplineFeeCollectorAbi,
  ...LiquidityVaultAbi,
  ...HookExecutorAbi,
  ...DepositReceiverAbi,
].filter((item, index, all) => item.type === 'event' && all.findIndex((o) => o.type === 'event' && o.name === item.name) === index);

function escapeHtml(value: unknown): string {
  return String(value).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:70rem}td,th{padding:.25rem .75rem;text-align:left;vertical-align:top}
code{word-break:break-all}.ok{color:#15803d}.bad{color:#b91c1c}table{border-collapse:collapse}tr:nth-child(even){background:#f4f4f5}</style>
</head><body>${body}</body></html>`;
}

function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

export interface HtmlResult {
  status: number;
  html: string;
}

export async function explorerPage(ctx: ServiceContext, parts: string[]): Promise<HtmlResult> {
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return { status: 400, html: page('Bad request', '<h1>Malformed path</h1>') };
  }
  const [chainId = '', kind, id] = decoded;
  const base = ctx.catalog.explorerUrl(chainId);
  if (chainId === CATACLYSM_CHAIN_ID) {
    if (kind === 'tx' && id) {
      const transfer = ctx.cosmos.transfer(id);
      if (!transfer) return { status: 404, html: page('Not found', `<h1>Transaction ${escapeHtml(id)} not found</h1>`) };
      return {
        status: 200,
        html: page(
          `cataclysm-1 tx ${id}`,
          `<h1>cataclysm-1 transaction (simulated)</h1><p>There is no Cosmos chain in the sandbox; this transfer exists only in the service's memory.</p>
<table><tr><th>Hash</th><td><code>${escapeHtml(transfer.hash)}</code></td></tr>
<tr><th>Recipient</th><td><code>${escapeHtml(transfer.recipient)}</code></td></tr>
<tr><th>Amount</th><td>${escapeHtml(transfer.amount)} ${escapeHtml(transfer.denom)}</td></tr>
<tr><th>Intent</th><td><code>${escapeHtml(transfer.intentId)}</code></td></tr>
<tr><th>Time</th><td>${escapeHtml(new Date(transfer.at).toISOString())}</td></tr></table>`,
        ),
      };
    }
    return { status: 200, html: page('cataclysm-1', '<h1>cataclysm-1 (simulated destination)</h1>') };
  }
  const chain = ctx.chains.get(chainId);
  if (!chain) return { status: 404, html: page('Unknown chain', `<h1>Unknown chain ${escapeHtml(chainId)}</h1>`) };
  const client = chain.clients.publicClient;

  if (kind === 'tx' && id) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(id)) return { status: 400, html: page('Bad hash', '<h1>Not a transaction hash</h1>') };
    let receipt: TransactionReceipt;
    try {
      receipt = await client.getTransactionReceipt({ hash: id as Hex });
    } catch {
      return { status: 404, html: page('Not found', `<h1>Transaction <code>${escapeHtml(id)}</code> not found on ${escapeHtml(chain.network.name)}</h1>`) };
    }
    const tx = await client.getTransaction({ hash: id as Hex });
    const logs = receipt.logs
      .map((log) => {
        let decoded = '<em>unknown event</em>';
        try {
          const event = decodeEventLog({ abi: EVENTS_ABI, data: log.data, topics: log.topics });
          decoded = `<strong>${escapeHtml(event.eventName)}</strong> <code>${escapeHtml(stringify(event.args))}</code>`;
        } catch {
          // not one of the sandbox's events
        }
        return `<tr><td><a href="${base}/address/${log.address}"><code>${log.address}</code></a></td><td>${decoded}</td></tr>`;
      })
      .join('');
    const statusClass = receipt.status === 'success' ? 'ok' : 'bad';
    return {
      status: 200,
      html: page(
        `Tx ${id}`,
        `<h1>Transaction on ${escapeHtml(chain.network.name)} (${chainId})</h1>
<table><tr><th>Hash</th><td><code>${receipt.transactionHash}</code></td></tr>
<tr><th>Status</th><td class="${statusClass}">${receipt.status}</td></tr>
<tr><th>Block</th><td>${receipt.blockNumber}</td></tr>
<tr><th>From</th><td><a href="${base}/address/${receipt.from}"><code>${receipt.from}</code></a></td></tr>
<tr><th>To</th><td>${receipt.to ? `<a href="${base}/address/${receipt.to}"><code>${receipt.to}</code></a>` : 'contract creation'}</td></tr>
<tr><th>Value</th><td>${formatUnits(tx.value, 18)} ETH</td></tr>
<tr><th>Gas used</th><td>${receipt.gasUsed}</td></tr>
<tr><th>Effective gas price</th><td>${receipt.effectiveGasPrice} wei</td></tr></table>
<h2>Logs</h2><table><tr><th>Address</th><th>Event</th></tr>${logs}</table>`,
      ),
    };
  }

  if (kind === 'address' && id) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(id)) return { status: 400, html: page('Bad address', '<h1>Not an address</h1>') };
    const rows = await Promise.all(
      ctx.catalog.localTokens(chainId).map(async (token) => {
        const balance =
          token.category === 'native'
            ? await client.getBalance({ address: id as Address })
            : await client.readContract({ address: token.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [id as Address] });
        return `<tr><td>${escapeHtml(token.symbol)}</td><td>${formatUnits(balance, token.decimals)}</td></tr>`;
      }),
    );
    const named = Object.entries(chain.network.contracts).find(([, address]) => address.toLowerCase() === id.toLowerCase());
    return {
      status: 200,
      html: page(
        `Address ${id}`,
        `<h1>Address <code>${escapeHtml(id)}</code>${named ? ` (${escapeHtml(named[0])})` : ''}</h1><p>${escapeHtml(chain.network.name)}</p>
<table><tr><th>Token</th><th>Balance</th></tr>${rows.join('')}</table>`,
      ),
    };
  }

  const block = await client.getBlockNumber();
  const contracts = Object.entries(chain.network.contracts)
    .map(([name, address]) => `<tr><td>${escapeHtml(name)}</td><td><a href="${base}/address/${address}"><code>${address}</code></a></td></tr>`)
    .join('');
  return {
    status: 200,
    html: page(
      chain.network.name,
      `<h1>${escapeHtml(chain.network.name)} (${chainId})</h1><p>Latest block: ${block}</p>
<h2>Sandbox contracts</h2><table>${contracts}</table>`,
    ),
  };
}
