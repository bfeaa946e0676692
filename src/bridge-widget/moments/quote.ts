/**
 * The quote line: `<bw-quote-panel>` with its breakdown, their styles and
 * English (the panel adds it as it connects), one chunk. The line is shown only once a quote is asked, which
 * waits on the network anyway: the widget asks for this chunk as soon as the
 * form has what a quote needs (or earlier, when the page is idle), so its
 * round trip runs beside the quote's. Until it is here the widget holds the
 * line's place with the "finding the best route" state; Bridge waits for it,
 * so no transfer starts without the line (and its value-loss confirmation)
 * on screen.
 *
 * The breakdown is imported here too, so the bundler keeps it in this chunk:
 * one file fetched beside the quote instead of two (each file costs its own
 * compression and imports in a complete transfer); the panel's own `import()`
 * of it then finds it already loaded.
 */
import { QuotePanel } from '../../components/quote-panel/quote-panel.js';
import '../../components/quote-panel/quote-breakdown.js';
import { defineLaterElements } from '../../define-elements.js';

export const ELEMENTS = {
  'bw-quote-panel': QuotePanel,
} as const;

defineLaterElements(ELEMENTS);

declare global {
  interface HTMLElementTagNameMap {
    'bw-quote-panel': QuotePanel;
  }
}
