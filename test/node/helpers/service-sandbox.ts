/**
 * The sandbox as the tests of its routing service call it: no proxy (the raw
 * API with the key on each call, as the proxy would send it, and the admin
 * API), transfers that end at once, and quick status hints and tracking.
 */
import { startSandbox, type SandboxHandle } from '../../../sandbox/index.js';
import { rawApiClient, type RawApiClient } from '../../../sandbox/testing.js';

export interface ServiceSandbox {
  sandbox: SandboxHandle;
  api: RawApiClient;
  admin: RawApiClient;
}

export async function startServiceSandbox(): Promise<ServiceSandbox> {
  const sandbox = await startSandbox({ proxy: false, bridgingDelayMs: 0, pollHintMs: 100, trackerIntervalMs: 50 });
  return { sandbox, api: rawApiClient(sandbox.serviceUrl, sandbox.apiKey), admin: rawApiClient(sandbox.adminUrl) };
}
