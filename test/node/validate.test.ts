import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addressFamilyOf, checkAddress, loadAddressRules, loadChecksum, postHookProblem, type AddressProblem } from '../../src/api/validate.ts';

// Published addresses: Solana's System Program, SPL Token program, wrapped SOL and USDC mints (base58, 32 bytes);
// a Cosmos Hub and a Kujira account (bech32 of the bytes 1 to 20, as in the Cosmos SDK's tests).
const SOLANA = [
  '11111111111111111111111111111111',
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'So11111111111111111111111111111111111111112',
  'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
];
const COSMOS_HUB = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';
const KUJIRA = 'kujira1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5w2wxtk';
// BIP-350's test vectors, the segwit addresses: v0 (bech32), v1 taproot and higher versions (bech32m).
const BTC_V0 = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4';
const BITCOIN_VALID = [
  BTC_V0,
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
  'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
  'BC1SW50QGDZ25J',
  'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
  'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
  'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
];
// BIP-173's and BIP-350's invalid segwit addresses, with the problem the field shows (the BIPs' reason in the comment).
const BITCOIN_INVALID: [string, AddressProblem, string][] = [
  ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'prefix', 'invalid human-readable part'],
  ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', 'prefix', 'invalid human-readable part'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'checksum', 'invalid checksum'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'checksum', 'bech32 instead of bech32m'],
  ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'checksum', 'bech32 instead of bech32m'],
  ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'checksum', 'bech32 instead of bech32m'],
  ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'checksum', 'bech32m instead of bech32'],
  ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'checksum', 'bech32m instead of bech32'],
  ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'checksum', 'invalid character in checksum'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', 'checksum', 'mixed case'],
  ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'checksum', 'mixed case'],
  ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'format', 'invalid witness version'],
  ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'checksum', 'invalid witness version (and bech32, as BIP-173 wrote v1+)'],
  ['bc1pw5dgrnzv', 'format', 'invalid program length (1 byte)'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'format', 'invalid program length (41 bytes)'],
  ['bc1rw5uspcuh', 'checksum', 'invalid program length (and bech32 for v3)'],
  ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', 'checksum', 'invalid program length (and bech32 for v15)'],
  ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'format', 'invalid program length for witness version 0 (BIP-141)'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'format', 'zero padding of more than 4 bits'],
  ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j', 'format', 'non-zero padding in 8-to-5 conversion'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv', 'format', 'non-zero padding in 8-to-5 conversion'],
  ['bc1gmk9yu', 'format', 'empty data section'],
  // BIP-173's examples of v1+ addresses, written in bech32 before BIP-350 asked for bech32m.
  ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', 'checksum', 'v1 in bech32'],
  ['BC1SW50QA3JX3S', 'checksum', 'v16 in bech32'],
  ['bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj', 'checksum', 'v2 in bech32'],
];
// BIP-173's valid bech32 strings and BIP-350's valid bech32m strings: a Cosmos address is bech32 with any prefix
// (the 90-character string is the longest there is).
const BECH32_VALID = [
  'A12UEL5L',
  'a12uel5l',
  'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
  'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
  '11qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqc8247j',
  'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
  '?1ezyfcl',
];
const BECH32M_VALID = [
  'A1LQFN3A',
  'a1lqfn3a',
  'an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6',
  'abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx',
  '11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8',
  'split1checkupstagehandshakeupstreamerranterredcaperredlc445v',
  '?1v759aa',
];
// BIP-173's and BIP-350's invalid strings, with the problem the field shows for a Cosmos address.
const BECH32_INVALID: [string, AddressProblem, string][] = [
  ['\x201nwldj5', 'whitespace', 'HRP character out of range'],
  ['\x7f1axkwrx', 'format', 'HRP character out of range'],
  ['\x801eym55h', 'format', 'HRP character out of range'],
  ['\x7f1g6xzxy', 'format', 'HRP character out of range'],
  ['an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx', 'format', 'overall max length exceeded'],
  ['an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4', 'format', 'overall max length exceeded'],
  ['pzry9x0s0muk', 'format', 'no separator character'],
  ['1pzry9x0s0muk', 'format', 'empty HRP'],
  ['10a06t8', 'format', 'empty HRP'],
  ['1qzzfhee', 'format', 'empty HRP'],
  ['x1b4n0q5v', 'format', 'invalid data character'],
  ['lt1igcx5c0', 'format', 'invalid data character'],
  ['li1dgmt3', 'checksum', 'too short checksum'],
  ['in1muywd', 'checksum', 'too short checksum'],
  ['de1lg7wt\xff', 'format', 'invalid character in checksum'],
  ['mm1crxm3i', 'format', 'invalid character in checksum'],
  ['A1G7SGD8', 'checksum', 'checksum calculated with uppercase form of HRP'],
  ['M1VUXWEZ', 'checksum', 'checksum calculated with uppercase form of HRP'],
];

function flipLast(text: string): string {
  const last = text.at(-1)!;
  return text.slice(0, -1) + (last === 'q' ? 'p' : 'q');
}

// Runs first: nothing in this file has loaded the Solana, Cosmos and Bitcoin rules yet (the widget loads them with its recipient field).
describe('checkAddress before the Solana, Cosmos and Bitcoin rules have arrived', () => {
  it('holds such an address as `checking`, never valid, and answers once the rules are here; EVM and Sui answer at once', async () => {
    for (const [address, family] of [
      [SOLANA[1]!, 'solana'],
      [COSMOS_HUB, 'cosmos'],
      [BTC_V0, 'bitcoin'],
      ['0xnotbase58', 'solana'],
    ] as const)
      assert.equal(checkAddress(address, family), 'checking', `${family}: ${address}`);
    assert.equal(checkAddress('', 'solana'), 'empty');
    assert.equal(checkAddress(` ${SOLANA[1]}`, 'solana'), 'whitespace');
    assert.equal(checkAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'evm'), undefined);
    assert.equal(checkAddress(`0x${'a'.repeat(64)}`, 'sui'), undefined);
    await loadAddressRules();
    assert.equal(checkAddress(SOLANA[1]!, 'solana'), undefined);
    assert.equal(checkAddress('0xnotbase58', 'solana'), 'format');
  });
});

describe('checkAddress', () => {
  // Mixed-case EVM hex is "checking" until the checksum code has arrived (checksum.test.ts); here it has. So are the other families' rules.
  before(() => Promise.all([loadChecksum(), loadAddressRules()]));

  it('EVM: lowercase and checksummed pass, a broken checksum and wrong lengths fail', () => {
    assert.equal(checkAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'evm'), undefined);
    assert.equal(checkAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'evm'), undefined);
    assert.equal(checkAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'evm'), 'checksum');
    assert.equal(checkAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226', 'evm'), 'format');
    assert.equal(checkAddress(' 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'evm'), 'whitespace');
    assert.equal(checkAddress('', 'evm'), 'empty');
    assert.equal(checkAddress(COSMOS_HUB, 'evm'), 'format');
  });

  it('Cosmos: a bech32 account passes, a flipped character fails the checksum, a wrong prefix is reported', () => {
    assert.equal(checkAddress(COSMOS_HUB, 'cosmos'), undefined);
    assert.equal(checkAddress(COSMOS_HUB, 'cosmos', { bech32Prefix: 'cosmos' }), undefined);
    assert.equal(checkAddress(KUJIRA, 'cosmos', { bech32Prefix: 'cosmos' }), 'prefix');
    assert.equal(checkAddress(flipLast(COSMOS_HUB), 'cosmos'), 'checksum');
    assert.equal(checkAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'cosmos'), 'format');
  });

  it("Cosmos: BIP-173's valid bech32 strings pass (all lowercase or all uppercase, up to 90 characters); bech32m is not a Cosmos address", () => {
    for (const address of BECH32_VALID) assert.equal(checkAddress(address, 'cosmos'), undefined, address);
    assert.equal(checkAddress('A12UEL5L', 'cosmos', { bech32Prefix: 'a' }), undefined, 'an uppercase address has its prefix in lowercase');
    for (const address of BECH32M_VALID) assert.equal(checkAddress(address, 'cosmos'), 'format', address);
  });

  it("Cosmos: BIP-173's and BIP-350's invalid strings are refused, each with its reason", () => {
    for (const [address, problem, why] of BECH32_INVALID) assert.equal(checkAddress(address, 'cosmos'), problem, `${JSON.stringify(address)}: ${why}`);
    assert.equal(checkAddress(COSMOS_HUB.replace('cosmos1qyp', 'cosmos1QYP'), 'cosmos'), 'checksum', 'mixed case');
  });

  it("Bitcoin: BIP-350's segwit addresses pass, v0 in bech32 and taproot and higher versions in bech32m", () => {
    for (const address of BITCOIN_VALID) assert.equal(checkAddress(address, 'bitcoin'), undefined, address);
    assert.equal(checkAddress(flipLast(BTC_V0.toLowerCase()), 'bitcoin'), 'checksum');
  });

  it("Bitcoin: BIP-173's and BIP-350's invalid segwit addresses are refused, each with its reason", () => {
    for (const [address, problem, why] of BITCOIN_INVALID) assert.equal(checkAddress(address, 'bitcoin'), problem, `${address}: ${why}`);
    assert.equal(checkAddress(COSMOS_HUB, 'bitcoin'), 'prefix');
    assert.equal(checkAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bitcoin'), 'format', 'a legacy base58 address is not bech32');
  });

  it('Solana: published 32-byte base58 addresses pass; other lengths and characters fail', () => {
    for (const address of SOLANA) assert.equal(checkAddress(address, 'solana'), undefined, address);
    for (const address of [
      '1111111111111111111111111111111', // 31 bytes
      '111111111111111111111111111111111', // 33 bytes
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DAx', // 44 characters, 33 bytes
      `${SOLANA[1]}1`, // 45 characters
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ50A', // 0 is not base58
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5Dl', // nor is l
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    ])
      assert.equal(checkAddress(address, 'solana'), 'format', address);
  });

  it('maps chain types to families', () => {
    assert.deepEqual(['evm', 'cosmos', 'solana', 'bitcoin', 'sui', 'stellar'].map(addressFamilyOf), ['evm', 'cosmos', 'solana', 'bitcoin', 'sui', undefined]);
  });
});

describe('decodeBech32 (bridge-widget/api)', () => {
  it("decodes BIP-173's bech32 and BIP-350's bech32m strings, telling which, with the prefix in lowercase and the words without the checksum", async () => {
    const { decodeBech32 } = await import('../../src/api/index.ts');
    for (const input of BECH32_VALID) assert.equal(decodeBech32(input)?.variant, 'bech32', input);
    for (const input of BECH32M_VALID) assert.equal(decodeBech32(input)?.variant, 'bech32m', input);
    assert.deepEqual(decodeBech32('A12UEL5L'), { prefix: 'a', words: [], variant: 'bech32' });
    // BIP-350: BC1SW50QGDZ25J is witness v16 (s) with the program 751e in 5-bit words (w50q).
    assert.deepEqual(decodeBech32('BC1SW50QGDZ25J'), { prefix: 'bc', words: [16, 14, 20, 15, 0], variant: 'bech32m' });
    for (const [input, , why] of BECH32_INVALID) assert.equal(decodeBech32(input), undefined, `${JSON.stringify(input)}: ${why}`);
    assert.equal(decodeBech32(`${COSMOS_HUB.slice(0, 7)}${COSMOS_HUB.slice(7).toUpperCase()}`), undefined, 'mixed case');
  });
});

describe('postHookProblem: the four rules of the spec', () => {
  const ok = { target: '0x1', callData: '0x', fundAmount: '1' };
  it('accepts a complete hook', () => {
    assert.equal(postHookProblem(ok), undefined);
    assert.equal(postHookProblem({ target: '0x1', callData: '0x', fullAmount: true, amountInputPos: 4 }), undefined);
  });
  it('rejects each missing piece with its reason', () => {
    assert.match(postHookProblem({ ...ok, target: undefined })!, /target/);
    assert.match(postHookProblem({ ...ok, callData: undefined })!, /callData/);
    assert.match(postHookProblem({ target: '0x1', callData: '0x', fullAmount: true })!, /amountInputPos/);
    assert.match(postHookProblem({ target: '0x1', callData: '0x' })!, /fundAmount or fullAmount/);
  });
});
