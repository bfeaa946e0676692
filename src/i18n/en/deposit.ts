/**
 * English, paying into a deposit address: the sender's field and the button
 * while the form is filled, the address with its QR code once it is shown,
 * and why there is nothing to pay into. Travels with the deposit chunk
 * (src/bridge-widget/moments/deposit.ts and <bw-deposit-address> add it). The
 * way to choose it ("Send from another wallet or an exchange") is in
 * ./form.ts: it shows beside Connect. ../en.ts joins the parts.
 */
export const enDeposit = {
  'deposit.sender': 'You send from',
  'deposit.senderHint': 'The address you pay from, on this network: the service checks it, and anything sent back goes there',
  'deposit.enterSender': 'Enter the address you send from',
  'deposit.show': 'Show the address to pay {amount} {symbol} into',
  'deposit.asking': 'Getting the deposit address…',
  'deposit.useWallet': 'Pay from a connected wallet instead',
  'deposit.heading': 'Send {amount} to this address',
  'deposit.network': 'Send only {symbol} on {chain}: anything else is lost.',
  'deposit.exact': 'Send exactly this amount, in one payment. Less, or a payment after the time is up, goes back to {sender}.',
  'deposit.address': 'Deposit address',
  'deposit.amount': 'Amount',
  'deposit.qr': 'QR code for a phone wallet: the deposit address, the token, the network and the amount',
  'deposit.copy': 'Copy',
  'deposit.copied': 'Copied',
  'deposit.copiedAnnounce': '{label} copied',
  'deposit.timeLeft': 'Time left: {time}',
  'deposit.expired': 'This address has expired: do not send anything to it.',
  'deposit.waiting': 'Waiting for your payment. This page follows it by itself; you can close it and come back.',
  'deposit.close': 'Close',
  'error.deposit-refused':
    'The service answered with a deposit address that does not match this transfer (another chain, token or amount, one of your own addresses, or one already expired), so none is shown: there is nothing to pay into. Nothing was sent.',
  'error.deposit-unavailable': 'The service offers no deposit address for this route. Choose another route, or pay from a connected wallet.',
};
