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
  return explorerUrl(explorers, 'tx', hash, /^0x[0-9a-fA-F]{64}$/);
}

/** The explorer page of an EVM address (a spender), on the chain's first safe explorer. */
export function explorerAddressUrl(explorers: readonly string[] | undefined, address: string): string | undefined {
  return explorerUrl(explorers, 'address', address, /^0x[0-9a-fA-F]{40}$/);
}

function explorerUrl(explorers: readonly string[] | undefined, kind: string, id: string, valid: RegExp): string | undefined {
  const safe = valid.test(id) ? explorers?.map(safeHttpUrl).find(Boolean) : undefined;
  return safe && `${safe.replace(/\/+$/, '')}/${kind}/${id}`;
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
