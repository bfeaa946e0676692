/** Output-side faults: a broken body, or one field with the wrong JSON type. */
import type { EndpointName } from './faults.js';

/**
 * The field each endpoint's wrong-type fault changes, chosen so a client
 * schema must notice: amounts become numbers, counters and flags become strings.
 */
export const WRONG_TYPE_PATHS: Readonly<Record<EndpointName, readonly (string | number)[]>> = {
  chains: [0, 'chainId'],
  tokens: [0, 'decimals'], // the paginated shape uses ['data', 0, 'decimals'], see corruptField
  allowance: ['data', 'allowance'],
  quote: ['data', 'estimate', 'toAmount'],
  route: ['data', 'route', 'estimate', 'toAmount'],
  'deposit-address': ['code'],
  receipt: ['data', 'ok'],
  status: ['data', 'poll_attempt'],
  validate: ['valid'],
  balances: ['partial'],
};

function wrongTyped(value: unknown): unknown {
  if (typeof value === 'string') return /^\d+$/.test(value) && value.length < 16 ? Number(value) : 12345;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null || value === undefined) return 0;
  return JSON.stringify(value);
}

/** Returns a copy of `body` with the endpoint's field changed; the field path is reported for logs. */
export function corruptField(endpoint: EndpointName, body: unknown): { body: unknown; path: string } {
  let path = [...WRONG_TYPE_PATHS[endpoint]];
  if (endpoint === 'tokens' && !Array.isArray(body)) path = ['data', 0, 'decimals'];
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> | undefined = copy;
  for (const key of path.slice(0, -1)) {
    const next: unknown = node?.[key];
    node = typeof next === 'object' && next !== null ? (next as Record<string | number, unknown>) : undefined;
  }
  const last = path[path.length - 1];
  if (node && last !== undefined) node[last] = wrongTyped(node[last]);
  return { body: copy, path: path.join('.') };
}

export function malformedText(mode: 'truncated' | 'not-json', text: string): string {
  if (mode === 'truncated') return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  return '<html><body><h1>502 Bad Gateway</h1></body></html>';
}
