/**
 * Hashes and addresses handed to a host: each event detail value is
 * well-formed or left out, and a status's forged hashes never reach the saved
 * transfer (which the tracker shows and the events are built from).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getAddress } from 'viem';
import type { TrackedIntentStatus } from '../../src/api/schemas.ts';
import { cleanDetail } from '../../src/bridge-widget/event-values.ts';
import { checksummedOrNothing, txHashOrNothing } from '../../src/model/chain-value.ts';
import { mergeStatus } from '../../src/flow/track-transfer.ts';
import { loadChecksum } from '../../src/model/checksum.ts';
import { savedTransfer } from './helpers/saved-transfer.ts';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
const FORGED = [
  'javascript:alert(document.domain)',
  `javascript:alert(1)//${HASH}`,
  `https://evil.example/tx/${HASH}`,
  `${HASH}00`,
  HASH.slice(0, 65),
  ` ${HASH}`,
  `${HASH}\n`,
  '',
];

describe('event values: hashes and addresses validated or left out', () => {
  // As in the widget, where the wallet's accounts are read (and the checksum code loaded) before any event carries an address; before it, see checksum.test.ts.
  before(() => loadChecksum());

  it('a 32-byte hex hash passes; a URL, a script, a longer, shorter or padded one does not', () => {
    assert.equal(txHashOrNothing(HASH), HASH);
    for (const forged of FORGED) assert.equal(txHashOrNothing(forged), undefined, forged);
    assert.equal(txHashOrNothing(42), undefined);
  });

  it('other chains’ ids (64 hex digits, base58 signatures) pass; none can hold ":" or "/"', () => {
    assert.equal(txHashOrNothing('ab'.repeat(32)), 'ab'.repeat(32));
    const solana = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    assert.equal(txHashOrNothing(solana), solana);
    assert.equal(txHashOrNothing('0OIl'.repeat(12)), undefined, 'not base58');
  });

  it('addresses come out checksummed; a wrong checksum, a short one or text is left out', () => {
    assert.equal(checksummedOrNothing(ADDRESS), getAddress(ADDRESS));
    assert.equal(checksummedOrNothing(ADDRESS.toUpperCase().replace('0X', '0x')), getAddress(ADDRESS));
    // The EIP-55 test vector with one letter's case flipped: mixed case that is not the checksum.
    assert.equal(getAddress(ADDRESS), '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    assert.equal(checksummedOrNothing('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'), undefined);
    assert.equal(checksummedOrNothing(ADDRESS.slice(0, 40)), undefined);
    assert.equal(checksummedOrNothing('https://evil.example/'), undefined);
  });

  it('cleanDetail: every hash and address field of a detail is validated; other fields are untouched', () => {
    const detail = {
      intentId: 'i',
      txHash: HASH,
      sourceTxHash: `https://evil.example/tx/${HASH}`,
      destTxHash: 'javascript:alert(1)',
      tokenAddress: ADDRESS,
      spender: 'javascript:void(0)',
      address: undefined,
      requestId: 'javascript:kept-as-text',
    };
    assert.deepEqual(cleanDetail(detail), {
      intentId: 'i',
      txHash: HASH,
      sourceTxHash: undefined,
      destTxHash: undefined,
      tokenAddress: getAddress(ADDRESS),
      spender: undefined,
      address: undefined,
      requestId: 'javascript:kept-as-text',
    });
  });

  it('a status’s forged dest_tx_hash or source_tx_hash is not merged into the saved transfer; a real one is', () => {
    const record = savedTransfer('i', 0, { phase: 'bridging', receiptAccepted: true, sourceTxHash: undefined });
    const status = (dest: string, source: string): TrackedIntentStatus => ({
      kind: 'tracked',
      intent_id: 'i',
      status: 'success',
      rawStatus: 'success',
      nextPollAt: undefined,
      dest_tx_hash: dest,
      source_tx_hash: source,
    });
    for (const forged of FORGED) {
      const merged = mergeStatus(record, status(forged, forged));
      assert.equal(merged.destTxHash, undefined, forged);
      assert.equal(merged.sourceTxHash, undefined, forged);
    }
    const merged = mergeStatus(record, status(HASH, HASH));
    assert.deepEqual([merged.destTxHash, merged.sourceTxHash], [HASH, HASH]);
  });
});
