import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { explorerAddressUrl, explorerTxUrl, safeHttpUrl, safeIconUrl } from '../../src/format/safe-url.ts';

const HASH = `0x${'ab'.repeat(32)}`;

describe('URLs from the routing service are untrusted', () => {
  it('keeps http(s) and drops javascript:, data:, and unparsable values', () => {
    assert.equal(safeHttpUrl('https://example.com/logo.png'), 'https://example.com/logo.png');
    for (const hostile of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil',
      'not a url',
      '',
    ]) {
      assert.equal(safeHttpUrl(hostile), undefined, hostile);
    }
  });

  it('builds explorer links only from safe explorer URLs and real hashes', () => {
    assert.equal(explorerTxUrl(['javascript:alert(1)//', 'https://scan.example/'], HASH), `https://scan.example/tx/${HASH}`);
    assert.equal(explorerTxUrl(['data:text/html,x'], HASH), undefined);
    assert.equal(explorerTxUrl(['https://scan.example'], '0x12"><script>'), undefined);
  });

  it('builds address links the same way: a safe explorer and a real EVM address only', () => {
    const spender = `0x${'cd'.repeat(20)}`;
    assert.equal(explorerAddressUrl(['javascript:x', 'https://scan.example//'], spender), `https://scan.example/address/${spender}`);
    assert.equal(explorerAddressUrl(['https://scan.example'], HASH), undefined, 'a hash is not an address');
    assert.equal(explorerAddressUrl(['https://scan.example'], 'cosmos1abc'), undefined);
    assert.equal(explorerAddressUrl(undefined, spender), undefined);
  });

  it('keeps a wallet icon only as a data:image (svg, png, webp) URI or an https URL', () => {
    for (const icon of [
      'data:image/svg+xml;base64,PHN2Zy8+',
      'data:image/svg+xml,%3Csvg%2F%3E',
      'data:image/png;base64,AAAA',
      'DATA:IMAGE/WEBP;base64,AAAA',
      'https://wallet.example/icon.png',
    ]) {
      assert.equal(safeIconUrl(icon), icon.startsWith('https') ? new URL(icon).href : icon, icon);
    }
    for (const hostile of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/gif;base64,AAAA',
      'data:image/svg',
      '<svg onload="alert(1)"></svg>',
      'http://wallet.example/icon.png',
      '',
      undefined,
    ]) {
      assert.equal(safeIconUrl(hostile), undefined, String(hostile));
    }
  });
});
