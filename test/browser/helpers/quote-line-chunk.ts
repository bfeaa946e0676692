/**
 * The quote line's chunk (src/bridge-widget/moments/quote.ts) as a network
 * can serve it: held back until the test lets it arrive, or not at all
 * (./module-map.ts: one outcome per page, so each test file that uses this
 * runs in a page of its own).
 */
import { loseModule, mapModule } from './module-map.js';

/** The URL the widget asks for the line's chunk (the test server serves src/ as is). */
export const QUOTE_LINE_CHUNK = '/src/bridge-widget/moments/quote.ts';

/** The chunk answers when `release()` is called, as on a slow network; returns `release`. */
export function holdQuoteLine(): () => void {
  let release!: () => void;
  (globalThis as { quoteLineArrives?: Promise<void> }).quoteLineArrives = new Promise<void>((resolve) => (release = resolve));
  mapModule(QUOTE_LINE_CHUNK, '/test/browser/helpers/held-quote-line.ts');
  return release;
}

/** The chunk is not on the server (a CDN error, a deploy that removed it, the page gone offline). */
export function loseQuoteLine(): void {
  loseModule(QUOTE_LINE_CHUNK);
}
