/**
 * English, the recipient field's part (its label, hints and problems). Travels
 * with the field's chunk (src/bridge-widget/moments/recipient.ts): the field
 * adds it when it is made, before it renders. ../en.ts joins the parts.
 */
export const enRecipient = {
  'recipient.label': 'Recipient address',
  'recipient.required': '(required)',
  'recipient.optional': '(optional)',
  'recipient.hint': 'Enter the {family} address that receives the funds',
  'recipient.hintOptional': 'Optional: defaults to your wallet address',
  'recipient.empty': 'Enter the recipient address',
  'recipient.whitespace': 'Remove the spaces or line breaks from the address',
  'recipient.checksumEvm': 'The capital letters do not match the address checksum: check it for typos',
  'recipient.checksum': 'The address checksum does not match: check it for typos',
  'recipient.prefixBitcoin': 'Expected a bc1… or tb1… address',
  'recipient.prefix': 'Expected a {prefix}1… address',
  'recipient.formatEvm': 'Not a valid EVM address (0x followed by 40 hex characters)',
  'recipient.format': 'Not a valid {family} address',
  'recipient.solana': 'Solana address',
};
