/**
 * English, the quote breakdown's part: the provider line, the amounts and the
 * itemised fees behind the swap box's quote line (and in the full quote
 * panel). Travels with the quote-breakdown chunk, which adds it when it runs,
 * before it renders. ../en.ts joins the parts. (The provider line's two
 * strings are the first load's: the review shows them too.)
 */
export const enQuote = {
  'quote.updating': 'Updating…',
  'quote.loading': 'Loading…',
  'quote.refreshIn': 'Refreshes {when}',
  'quote.refreshing': 'Refreshing…',
  'quote.receive': 'You receive',
  'quote.minimum': 'Minimum received',
  'quote.totalFees': 'Total fees',
  'quote.duration': 'Estimated time',
  'quote.onTop': '{fee}, paid on top',
  'fee.gas': 'Gas fee',
  'fee.gas_receiver': 'Destination gas fee',
  'fee.service': 'Service fee',
  'fee.protocol': 'Protocol fee',
  'fee.bridge': 'Bridge fee',
  'fee.relayer': 'Relayer fee',
  'fee.integrator': 'Integrator fee',
  'fee.generic': 'Fee',
  'fee.other': '{name} fee',
} as const;
