/**
 * URLs from the routing service (logos, explorers) are untrusted: only plain
 * http(s) survives. `javascript:`, `data:` and anything unparsable are dropped.
 */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Explorer link for a transaction, from the chain's first safe explorer URL. */
export function explorerTxUrl(explorers: readonly string[] | undefined, hash: string): string | undefined {
  for (const base of explorers ?? []) {
    const safe = safeHttpUrl(base);
    if (safe && /^0x[0-9a-fA-F]{64}$/.test(hash)) return `${safe.replace(/\/+$/, '')}/tx/${hash}`;
  }
  return undefined;
}
