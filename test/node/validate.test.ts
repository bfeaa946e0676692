import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { base58, bech32, bech32m } from '@scure/base';
import { addressFamilyOf, checkAddress, loadAddressRules, loadChecksum, postHookProblem } from '../../src/api/validate.ts';

// Reference encodings come from @scure/base, independent of our decoder.
const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);
const cosmos = bech32.encode('cataclysm', bech32.toWords(bytes(20)));
const osmo = bech32.encode('osmo', bech32.toWords(bytes(20)));
const btcV0 = bech32.encode('bc', [0, ...bech32.toWords(bytes(20))]);
const btcTaproot = bech32m.encode('bc', [1, ...bech32m.toWords(bytes(32))]);
const solana = base58.encode(bytes(32, 200));

function flipLast(text: string): string {
  const last = text.at(-1)!;
  return text.slice(0, -1) + (last === 'q' ? 'p' : 'q');
}

// Runs first: nothing in this file has loaded the Solana, Cosmos and Bitcoin rules yet (the widget loads them with its recipient field).
describe('checkAddress before the Solana, Cosmos and Bitcoin rules have arrived', () => {
  it('holds such an address as `checking`, never valid, and answers once the rules are here; EVM and Sui answer at once', async () => {
    for (const [address, family] of [
      [solana, 'solana'],
      [cosmos, 'cosmos'],
      [btcV0, 'bitcoin'],
      ['0xnotbase58', 'solana'],
    ] as const)
      assert.equal(checkAddress(address, family), 'checking', `${family}: ${address}`);
    assert.equal(checkAddress('', 'solana'), 'empty');
    assert.equal(checkAddress(` ${solana}`, 'solana'), 'whitespace');
    assert.equal(checkAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'evm'), undefined);
    assert.equal(checkAddress(`0x${'a'.repeat(64)}`, 'sui'), undefined);
    await loadAddressRules();
    assert.equal(checkAddress(solana, 'solana'), undefined);
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
    assert.equal(checkAddress(cosmos, 'evm'), 'format');
  });

  it('Cosmos: valid bech32 passes, a flipped character fails the checksum, a wrong prefix is reported', () => {
    assert.equal(checkAddress(cosmos, 'cosmos'), undefined);
    assert.equal(checkAddress(cosmos, 'cosmos', { bech32Prefix: 'cataclysm' }), undefined);
    assert.equal(checkAddress(osmo, 'cosmos', { bech32Prefix: 'cataclysm' }), 'prefix');
    assert.equal(checkAddress(flipLast(cosmos), 'cosmos'), 'checksum');
    assert.equal(checkAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'cosmos'), 'format');
  });

  it('Bitcoin: segwit v0 (bech32) and taproot (bech32m) pass; mixing the variants fails', () => {
    assert.equal(checkAddress(btcV0, 'bitcoin'), undefined);
    assert.equal(checkAddress(btcTaproot, 'bitcoin'), undefined);
    assert.equal(checkAddress(bech32.encode('bc', [1, ...bech32.toWords(bytes(32))]), 'bitcoin'), 'checksum');
    assert.equal(checkAddress(flipLast(btcV0), 'bitcoin'), 'checksum');
  });

  it('Solana: 32-byte base58 passes; other lengths and characters fail', () => {
    assert.equal(checkAddress(solana, 'solana'), undefined);
    assert.equal(checkAddress(base58.encode(bytes(31, 200)), 'solana'), 'format');
    assert.equal(checkAddress(`${solana.slice(0, -1)}0`, 'solana'), 'format');
  });

  it('maps chain types to families', () => {
    assert.deepEqual(['evm', 'cosmos', 'solana', 'bitcoin', 'sui', 'stellar'].map(addressFamilyOf), ['evm', 'cosmos', 'solana', 'bitcoin', 'sui', undefined]);
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
