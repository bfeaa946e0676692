/**
 * English, the open picker dialog's part: its search field, its list, its
 * empty states and notices. Travels with the pickers' shared dialog chunk
 * (src/components/shared/picker-dialog.ts adds it when it runs, before a
 * dialog renders). What the closed trigger shows (`picker.select*`) and the
 * close button's name, which the settings dialog shares, are in ./form.ts.
 * ../en.ts joins the parts.
 */
export const enPicker = {
  'picker.searchChains': 'Search chains',
  'picker.searchTokens': 'Search tokens',
  'picker.chainPlaceholder': 'Search by name or chain ID',
  'picker.tokenPlaceholder': 'Search name, symbol or paste address',
  'picker.chains': 'Chains',
  'picker.tokens': 'Tokens',
  'picker.noChainMatch': 'No chains match “{query}”',
  'picker.noChains': 'No chains available',
  'picker.noTokenMatch': 'No tokens match “{query}”',
  'picker.noTokens': 'No tokens available',
  'picker.loadingTokens': 'Loading tokens…',
  'picker.listed': 'Not available as a destination',
  'picker.needsQuote': 'Enter an amount to check it',
  'picker.noRouteYet': 'No route to this chain yet',
  'picker.unavailable': 'Unavailable',
  'picker.balancesPartial': 'Some balances are still loading',
  'picker.balancesLoading': 'Loading balances…',
};
