/**
 * English, the account menu's part (the pill's menu: copy, change, disconnect).
 * Travels with the menu's chunk (src/components/account-pill/account-menu.ts),
 * which the pill adds when it loads. ../en.ts joins the parts.
 */
export const enAccount = {
  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy: select the address and copy it yourself',
  'wallet.change': 'Change wallet',
  'wallet.disconnect': 'Disconnect',
};
