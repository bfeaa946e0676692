/**
 * `/__sandbox/phone/...`: the phone wallet's controls (./phone-wallet.ts), for
 * the demo's "phone wallet" panel and the tests. Like the other admin
 * endpoints: no key, any origin, not part of the routing-service contract.
 *
 *   GET  phone               its state: address, network, settings, what waits for an answer, sessions, log
 *   POST phone/pair          { uri }: what a camera reads off the QR code
 *   POST phone/respond       { id, approve }: the user's answer to a proposal or a request
 *   POST phone/settings      any of { approve, sessionChains, switchChain, batching, reads }
 *   POST phone/chain         { chainId }: the user picks another network in the wallet app
 *   POST phone/disconnect    the user ends the connection in the wallet app
 *   POST phone/reset         no sessions, nothing pending, the default settings
 */
import { json, type ApiResult } from '../service/context.js';
import type { PhoneSettings, PhoneWallet } from './phone-wallet.js';

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

function settingsPatch(body: Record<string, unknown>): Partial<PhoneSettings> {
  const patch: Partial<PhoneSettings> = {};
  const { approve, sessionChains, switchChain, batching, reads } = body;
  if (approve !== undefined) {
    if (approve !== 'auto' && approve !== 'manual') throw new Error('approve must be auto or manual');
    patch.approve = approve;
  }
  if (sessionChains !== undefined) {
    if (sessionChains !== null && !(Array.isArray(sessionChains) && sessionChains.every((c) => Number.isSafeInteger(c)))) {
      throw new Error('sessionChains must be null or a list of chain ids');
    }
    patch.sessionChains = sessionChains as number[] | null;
  }
  if (switchChain !== undefined) {
    if (switchChain !== 'grant' && switchChain !== 'refuse') throw new Error('switchChain must be grant or refuse');
    patch.switchChain = switchChain;
  }
  for (const [key, value] of [
    ['batching', batching],
    ['reads', reads],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new Error(`${key} must be true or false`);
    patch[key] = value;
  }
  return patch;
}

export async function handlePhoneAdmin(
  phone: PhoneWallet | undefined,
  method: string,
  action: string | undefined,
  readJson: () => Promise<unknown>,
): Promise<ApiResult> {
  if (!phone) return json(404, { error: 'This sandbox runs no phone wallet' });
  try {
    if (method === 'GET' && !action) return json(200, phone.state());
    if (method !== 'POST') return json(405, { error: 'Use GET phone or POST phone/<action>' });
    const body = action === 'disconnect' || action === 'reset' ? {} : record(await readJson());
    switch (action) {
      case 'pair':
        if (typeof body.uri !== 'string') return json(400, { error: 'uri must be the wc: URI' });
        await phone.pair(body.uri);
        break;
      case 'respond':
        if (typeof body.id !== 'number' || typeof body.approve !== 'boolean') return json(400, { error: 'respond takes { id, approve }' });
        await phone.respond(body.id, body.approve);
        break;
      case 'settings':
        phone.configure(settingsPatch(body));
        break;
      case 'chain':
        if (typeof body.chainId !== 'number') return json(400, { error: 'chain takes { chainId }' });
        await phone.switchChain(body.chainId);
        break;
      case 'disconnect':
        await phone.disconnect();
        break;
      case 'reset':
        await phone.reset();
        break;
      default:
        return json(404, { error: `Unknown phone action ${String(action)}` });
    }
    return json(200, phone.state());
  } catch (error) {
    return json(400, { error: (error as Error).message });
  }
}
