/** POST /route-intent/:intentId/receipt and GET /route-intent/:intentId/status. */
import { randomUUID } from 'node:crypto';
import { erc20Abi, type Address, type Hex } from 'viem';
import { json, type ApiRequest, type ApiResult, type ServiceContext } from '../context.js';
import { foreignStatus, forgedHashes, hexStatus } from '../hostile.js';
import { fullPayload, pendingPayload, touch, type ApprovalStep, type Intent } from '../intents.js';

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

function notFound(): ApiResult {
  return json(404, { error: 'Intent not found', code: 'INTENT_NOT_FOUND' });
}

export function submitReceipt(ctx: ServiceContext, req: ApiRequest): ApiResult {
  const intent = ctx.store.get(req.params.intentId ?? '');
  if (!intent) return notFound();
  const body = req.body;
  const txHash = typeof body === 'object' && body !== null ? (body as { txHash?: unknown }).txHash : undefined;
  if (intent.deposit) return json(409, { error: 'This intent is paid into its deposit address: it takes no receipt', code: 'DEPOSIT_INTENT' });
  if (typeof txHash !== 'string' || !TX_HASH.test(txHash)) {
    return json(400, { error: 'txHash is required: 0x followed by 64 hex characters', code: 'INVALID_REQUEST' });
  }
  if (intent.sourceTxHash) {
    if (intent.sourceTxHash.toLowerCase() === txHash.toLowerCase()) {
      return json(200, { data: { ok: true, transaction_id: intent.transactionId } });
    }
    return json(409, {
      error: 'A different transaction hash was already submitted for this intent',
      code: 'RECEIPT_CONFLICT',
    });
  }
  touch(intent, {
    sourceTxHash: txHash.toLowerCase() as Hex,
    transactionId: randomUUID(),
    status: 'submitted',
    intentStatus: 'receipt_received',
    submittedAt: Date.now(),
  });
  ctx.tracker.poke(intent);
  return json(200, { data: { ok: true, transaction_id: intent.transactionId } });
}

/** Whether each approval of the route has landed, read from the chain. */
async function approvalSteps(ctx: ServiceContext, intent: Intent): Promise<ApprovalStep[]> {
  const plan = intent.plan;
  const chainId = intent.request.fromChain;
  const chain = ctx.chains.get(chainId);
  // Once the deposit is confirmed, the allowances have been spent: they landed.
  const confirmed = intent.sourceTxState === 'confirmed';
  return Promise.all(
    plan.approvals.map(async (approval): Promise<ApprovalStep> => {
      let landed = confirmed;
      if (!landed && chain) {
        const current = await chain.clients.publicClient
          .readContract({
            address: approval.tokenAddress,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [intent.request.fromAddress as Address, approval.spender],
          })
          .catch(() => 0n);
        landed = current >= approval.amount;
      }
      return {
        type: 'approval',
        chain_id: chainId,
        token_address: approval.tokenAddress,
        spender: approval.spender,
        amount: approval.amount.toString(),
        status: landed ? 'completed' : 'pending',
      };
    }),
  );
}

export async function intentStatus(ctx: ServiceContext, req: ApiRequest): Promise<ApiResult> {
  const intent = ctx.store.get(req.params.intentId ?? '');
  if (!intent) return notFound();
  intent.pollAttempt += 1;
  // A deposit is paid by a plain transfer to its address: no approval to report.
  const steps = intent.deposit ? [] : await approvalSteps(ctx, intent);
  if (ctx.faults.peek('hostile') === 'foreign-status') {
    return json(200, { data: foreignStatus(fullPayload(intent, steps, ctx.pollHintMs), intent) });
  }
  if (intent.status === 'pending') return json(200, { data: pendingPayload(intent, steps) });
  const record = fullPayload(intent, steps, ctx.pollHintMs);
  const hostile = ctx.faults.peek('hostile');
  return json(200, { data: hostile === 'hex-chain-ids' ? hexStatus(record) : hostile === 'forged-hashes' ? forgedHashes(record) : record });
}
