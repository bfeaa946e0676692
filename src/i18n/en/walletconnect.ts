/**
 * English, WalletConnect's part: the dialog that pairs a wallet app on
 * another device (the QR code, the wallet apps' links on a phone, what went
 * wrong) and the words for a session that ended. Travels with the
 * walletconnect chunk (src/bridge-widget/moments/walletconnect.ts and
 * <bw-walletconnect-dialog> add it), which a page loads only when the user
 * picks WalletConnect or a session of it is resumed.
 */
export const enWalletConnect = {
  'walletconnect.title': 'Connect a wallet on your phone',
  'walletconnect.titlePhone': 'Connect your wallet app',
  'walletconnect.connecting': 'Preparing a secure connection…',
  'walletconnect.scan': 'Scan this code with your wallet app, then approve the connection there.',
  'walletconnect.qr': 'WalletConnect code to scan with your wallet app',
  'walletconnect.pick': 'Choose your wallet app, then approve the connection there.',
  'walletconnect.otherApp': 'Another wallet app',
  'walletconnect.copy': 'Copy link',
  'walletconnect.copied': 'Link copied',
  'walletconnect.copyFailed': 'The link could not be copied.',
  'walletconnect.unreachable': 'The WalletConnect relay ({host}) cannot be reached. Check your connection and try again.',
  'walletconnect.declined': 'The connection was declined in the wallet app. Nothing was connected.',
  'walletconnect.failed': 'No wallet app connected in time. Try again for a new code.',
  'walletconnect.retry': 'Try again',
  'walletconnect.close': 'Close',
  'error.wallet-disconnected': 'Your wallet app ended the connection. Connect again to continue.',
  'error.wallet-expired': 'The connection to your wallet app expired. Connect again to continue.',
};
