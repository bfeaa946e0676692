/**
 * Stands in for the quote line's chunk when a test holds it back
 * (./quote-line-chunk.ts): waits until the test lets it arrive, then is the
 * real module (under another URL, which the import map does not send here).
 */
await (globalThis as { quoteLineArrives?: Promise<void> }).quoteLineArrives;
const line = (await import(
  /* @vite-ignore */ `${'/src/bridge-widget/moments/quote.ts'}?arrived`
)) as typeof import('../../../src/bridge-widget/moments/quote.js');

export const { ELEMENTS } = line;
