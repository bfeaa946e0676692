/**
 * English, the history's part: the account's recent transfers under the form.
 * Travels with the history chunk (src/bridge-widget/moments/history.ts and
 * <bw-transfer-history> add it). ../en.ts joins the parts.
 */
export const enHistory = {
  'history.toggle': 'Recent transfers ({count})',
  'history.item': '{amount} {symbol}, {from} → {chain}',
  'history.success': 'Arrived',
  'history.failed': 'Refund on its way',
  'history.expired': 'Expired, nothing sent',
  'history.refunded': 'Refunded',
  'history.not-found': 'Unknown to the service',
  'history.pending': 'In progress',
  'history.abandoned': 'Not sent',
  'history.checking': 'Checking the arrival',
  'history.checked': 'Arrived · confirmed',
  'history.unchecked': 'Arrived, says the bridge',
  'history.disputed': 'Arrival not confirmed',
};
