/**
 * The quote line's chunk (src/bridge-widget/moments/quote.ts) as a network
 * can serve it: held back until the test lets it arrive, or not at all. An
 * import map placed before the widget first asks for the chunk sends the
 * widget's own `import()` elsewhere; everything else is the real widget.
 * One outcome per page (a browser keeps a module, or its failure, for the
 * page's life): each test file that uses this runs in a page of its own.
 */

/** The URL the widget asks for the line's chunk (the test server serves src/ as is). */
export const QUOTE_LINE_CHUNK = '/src/bridge-widget/moments/quote.ts';

function mapQuoteLineTo(url: string): void {
  const map = document.createElement('script');
  map.type = 'importmap';
  map.textContent = JSON.stringify({ imports: { [QUOTE_LINE_CHUNK]: url } });
  document.head.append(map);
}

/** The chunk answers when `release()` is called, as on a slow network; returns `release`. */
export function holdQuoteLine(): () => void {
  let release!: () => void;
  (globalThis as { quoteLineArrives?: Promise<void> }).quoteLineArrives = new Promise<void>((resolve) => (release = resolve));
  mapQuoteLineTo('/test/browser/helpers/held-quote-line.ts');
  return release;
}

/** The chunk is not on the server (a CDN error, a deploy that removed it, the page gone offline). */
export function loseQuoteLine(): void {
  mapQuoteLineTo(`/test/browser/helpers/missing-quote-line-${Math.random().toString(36).slice(2)}.js`);
}
