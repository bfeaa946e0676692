/**
 * English, the quote line's part: the swap box's one-line summary, the
 * value-loss confirmation, what is said as a quote arrives, and the breakdown
 * behind the line (the provider line, the amounts and the itemised fees; the
 * full quote panel shows it always). Travels with the quote line's chunk
 * (src/bridge-widget/moments/quote.ts), which adds it when it runs, before it
 * renders. ../en.ts joins the parts. (The "finding the best route" line that
 * holds the place until then is the first load's.)
 */
export const enQuote = {
  // The line (the swap box's summary, the value-loss confirmation, what is said as the quote arrives)
  'quote.summaryFees': 'Fees',
  'quote.label': 'Quote',
  'quote.feesWere': '(were {fees} at the previous slippage)',
  'quote.notAvailable': 'Not available',
  'quote.empty': 'Enter an amount to see a quote',
  'quote.approx': '≈ {amount}',
  'quote.ready': 'Quote ready: you receive about {amount}',
  'quote.lossWarning': 'Warning: you would receive about {percent} less in value',
  'quote.lossTitle': 'You would receive about {percent} less in value.',
  'quote.lossDetail': 'You send {from} and receive about {to} after fees and price impact.',
  'quote.lossConfirm': 'I understand I will receive about {percent} less in value',
  // The breakdown
  'quote.via': 'Provider: {provider}',
  'quote.reliable': '{percent} success rate',
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
};
