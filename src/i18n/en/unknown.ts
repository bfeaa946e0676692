/**
 * The English of a transfer whose outcome is unknown (a batch the wallet
 * forgot, a hash the chain does not show): said on the form, before anything
 * is sent again. Carried by the chunk of src/flow/unknown-outcome.ts, which
 * adds it when an outcome first becomes unknown; see ../en.ts.
 */
export const enUnknown = {
  'action.sendAgain': 'Send again anyway',
  'unknown.sendAgain': 'Your previous transfer of {amount} {symbol} may have gone through. Send again anyway?',
  'unknown.likelySent': 'Your previous transfer of {amount} {symbol} most likely went through. Send again anyway?',
  'unknown.lookingUp': 'Looking up what happened to your previous transfer of {amount} {symbol}…',
  'unknown.left':
    'Tokens left your account since your previous transfer of {amount} {symbol}: it most likely went through, though the bridge service has no record of it.',
  'unknown.approval':
    'Only the approval of your previous transfer of {amount} {symbol} went through: the tokens are still in your account, and the allowance remains for the next transfer.',
  'unknown.sent': 'Your account sent a transaction since your previous transfer of {amount} {symbol}: it may have gone through. Check your wallet’s activity.',
  'unknown.nothing': 'Your account has sent nothing since your previous transfer of {amount} {symbol}: it has not gone through so far.',
  'unknown.unread': 'Whether your previous transfer of {amount} {symbol} went through could not be read from the source chain. Check your wallet’s activity.',
};
