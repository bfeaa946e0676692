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

/**
 * A wallet's EIP-6963 icon, for an `<img>` only: a `data:` URI of a raster or
 * SVG image (an SVG in `<img>` runs no script and loads nothing) or an https
 * URL. Markup, `javascript:`, `data:text/html` and plain http are dropped.
 */
export function safeIconUrl(value: string | null | undefined): string | undefined {
  if (value && /^data:image\/(svg\+xml|png|webp)[;,]/i.test(value)) return value;
  const url = safeHttpUrl(value);
  return url?.startsWith('https:') ? url : undefined;
}
