/**
 * EIP-55 checksums (src/model/eip55.ts, Keccak-256 from @noble/hashes): the EIP's own examples, and
 * viem's getAddress and strict isAddress on random addresses and their one-letter typos; and the
 * checksum code loaded on demand (src/model/checksum.ts): what the address checks say before it
 * arrives and after. The on-demand tests run first: this file's process starts without the code.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { bytesToHex, getAddress, isAddress } from 'viem';
import { checkAddress } from '../../src/model/address.ts';
import { checksummedOrNothing } from '../../src/model/chain-value.ts';
import { checksumLoaded, checksumNow, checksumVerdict, loadChecksum } from '../../src/model/checksum.ts';
import { checksummed } from '../../src/wallet/transaction.ts';
import { parseAccounts } from '../../src/wallet/hex.ts';
import { checksumAddress, hasValidChecksum } from '../../src/model/eip55.ts';

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** The same address with one letter's case flipped: mixed case that is not the checksum. */
const TYPO = '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('the checksum code, loaded on demand', () => {
  it('before it arrives: lower and upper case pass, mixed case is "checking" (never passed, never refused), events get lowercase or nothing, accounts are read lowercase', () => {
    assert.equal(checksumLoaded(), undefined);
    assert.equal(checksumVerdict(CHECKSUMMED.toLowerCase() as `0x${string}`), true);
    assert.equal(checkAddress(CHECKSUMMED.toUpperCase().replace('0X', '0x'), 'evm'), undefined);
    assert.equal(checksumVerdict(CHECKSUMMED), undefined);
    assert.equal(checkAddress(CHECKSUMMED, 'evm'), 'checking');
    assert.equal(checkAddress(TYPO, 'evm'), 'checking');
    assert.equal(checkAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', 'evm'), 'format', 'the form is checked at once');
    assert.equal(checksummedOrNothing(CHECKSUMMED.toUpperCase().replace('0X', '0x')), CHECKSUMMED.toLowerCase());
    assert.equal(checksummedOrNothing(CHECKSUMMED), undefined);
    // A wallet's accounts are read at once, lowercase; their EIP-55 spelling (shown, handed on) is not known yet.
    const accounts = parseAccounts([CHECKSUMMED, CHECKSUMMED.toLowerCase(), 'not an address']);
    assert.deepEqual(accounts, [CHECKSUMMED.toLowerCase(), CHECKSUMMED.toLowerCase()]);
    let changed = 0;
    assert.equal(
      checksumNow(accounts[0]!, () => changed++),
      accounts[0],
      'shown lowercase until the code is here',
    );
  });

  it('once it has arrived (the check above started the load): the checksum decides, events get the EIP-55 spelling', async () => {
    await loadChecksum();
    assert.ok(checksumLoaded());
    assert.equal(checkAddress(CHECKSUMMED, 'evm'), undefined);
    assert.equal(checkAddress(TYPO, 'evm'), 'checksum');
    assert.equal(checksummedOrNothing(CHECKSUMMED.toLowerCase()), CHECKSUMMED);
    assert.equal(checksummedOrNothing(TYPO), undefined);
    assert.equal(
      checksumNow(CHECKSUMMED.toLowerCase() as `0x${string}`, () => {}),
      CHECKSUMMED,
      'an account shown',
    );
    assert.equal(await checksummed(CHECKSUMMED.toLowerCase() as `0x${string}`), CHECKSUMMED, 'an account handed on');
  });
});

describe('EIP-55 checksums', () => {
  it('spells the EIP’s own examples as the EIP does', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ] as const) {
      assert.equal(checksumAddress(address.toLowerCase() as `0x${string}`), address);
      assert.equal(hasValidChecksum(address), true);
    }
  });

  it('matches viem’s getAddress and strict isAddress on 300 random addresses and their one-letter typos', () => {
    for (let i = 0; i < 300; i++) {
      const lower = bytesToHex(randomBytes(20));
      const expected = getAddress(lower);
      assert.equal(checksumAddress(lower), expected);
      assert.equal(checksumAddress(lower.toUpperCase().replace('0X', '0x') as `0x${string}`), expected);
      // Flip the case of one letter of the checksummed form: a typo the checksum must catch.
      const at = [...expected.slice(2)].findIndex((c) => /[a-f]/i.test(c));
      if (at < 0) continue;
      const chars = [...expected];
      const c = chars[at + 2]!;
      chars[at + 2] = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
      const typo = chars.join('') as `0x${string}`;
      if (typo.slice(2) === typo.slice(2).toLowerCase() || typo.slice(2) === typo.slice(2).toUpperCase()) continue;
      assert.equal(hasValidChecksum(typo), false, typo);
      assert.equal(isAddress(typo, { strict: true }), false);
    }
  });

  it('lets addresses without a checksum (all lower case, all upper case) through', () => {
    assert.equal(hasValidChecksum('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'), true);
    assert.equal(hasValidChecksum('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'), true);
  });
});
