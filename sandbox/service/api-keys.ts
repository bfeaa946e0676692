/** API keys known to the sandbox and the payload of `GET /api/v1/sdk/validate`. */

export interface ApiKeyRecord {
  key: string;
  keyId: string;
  label: string;
  projectId: string;
  status: 'active' | 'inactive';
  /** Intents created with an SDK-type key report `sdk_request: true`. */
  sdk: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export const DEFAULT_API_KEY = 'sandbox-dev-key';
export const DEFAULT_INACTIVE_API_KEY = 'sandbox-inactive-key';

export function defaultApiKeys(activeKey = DEFAULT_API_KEY, inactiveKey = DEFAULT_INACTIVE_API_KEY): ApiKeyRecord[] {
  return [
    {
      key: activeKey,
      keyId: 'key_sandbox_dev',
      label: 'Sandbox development key',
      projectId: 'proj_sandbox',
      status: 'active',
      sdk: true,
      createdAt: '2025-01-01T00:00:00.000Z',
      lastUsedAt: null,
    },
    {
      key: inactiveKey,
      keyId: 'key_sandbox_inactive',
      label: 'Sandbox deactivated key',
      projectId: 'proj_sandbox',
      status: 'inactive',
      sdk: true,
      createdAt: '2025-01-01T00:00:00.000Z',
      lastUsedAt: null,
    },
  ];
}

const HEARTBEAT_QUOTES = [
  'Not your keys, not your coins.',
  'Bridges are only as strong as their weakest validator.',
  'Measure twice, broadcast once.',
  'A confirmed block is worth two in the mempool.',
  'Gas is cheap until it is not.',
  'Every transaction tells a story; the receipt tells the ending.',
] as const;

let heartbeat = 0;

export function validatePayload(record: ApiKeyRecord) {
  const index = heartbeat++ % HEARTBEAT_QUOTES.length;
  const active = record.status === 'active';
  return {
    valid: active,
    status: record.status,
    message: active ? 'API key is valid.' : 'API key is inactive. Ask the operator to reactivate it.',
    key_id: record.keyId,
    label: record.label,
    project_id: record.projectId,
    created_at: record.createdAt,
    last_used_at: record.lastUsedAt ?? record.createdAt,
    quote: { id: `hb-${index + 1}`, text: HEARTBEAT_QUOTES[index] ?? '' },
  };
}
