/**
 * Text from the service is inert: bidirectional controls,
 * direction marks and control characters are removed from every name and
 * symbol at the data boundary, and long ones are cut with an ellipsis, so a
 * chain name can neither turn a transaction hash around nor push the layout
 * apart, and the wallet gets a clean name (test/node/guards.test.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_NAME_LENGTH, MAX_SYMBOL_LENGTH, inertText } from '../../src/model/text.ts';
import { balanceRowSchema, chainSchema, tokenSchema } from '../../src/api/schemas.ts';
import { route as fixtureRoute } from './helpers/route-fixtures.ts';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

describe('inert text', () => {
  it('removes every bidirectional control and mark, and control characters', () => {
    for (const c of BIDI) assert.equal(inertText(`Sepolia${c} Sandbox`), 'Sepolia Sandbox', `U+${c.codePointAt(0)!.toString(16)}`);
    assert.equal(inertText('a\u0000b\u0007c\u001bd\u007fe\u0085f\nq\tr'), 'abcdefqr');
  });

  it('keeps names in any script, emoji and ordinary punctuation as they are', () => {
    for (const name of ['Base Sepolia', 'Ethereum (Mainnet)', 'אתריום', 'إيثريوم', '以太坊', 'USD₮0', 'ETH 🦄', 'Arbitrum One · Nova'])
      assert.equal(inertText(name), name);
  });

  it(`cuts a name after ${MAX_NAME_LENGTH} characters, a symbol after ${MAX_SYMBOL_LENGTH}, with an ellipsis, never inside a character`, () => {
    const long = inertText(`Sepolia \u202E${'x'.repeat(200)}`);
    assert.equal(long, `Sepolia ${'x'.repeat(31)}…`);
    assert.equal([...long].length, MAX_NAME_LENGTH);
    assert.equal(inertText('x'.repeat(MAX_NAME_LENGTH)), 'x'.repeat(MAX_NAME_LENGTH));
    assert.equal(inertText('🦄'.repeat(50), MAX_SYMBOL_LENGTH), `${'🦄'.repeat(11)}…`);
    assert.equal(inertText(`${'a'.repeat(38)}   tail`), `${'a'.repeat(38)}…`);
  });

  it('the schemas clean chain, currency, token, fee-token and provider names, and balance symbols', () => {
    const chain = chainSchema.parse({
      chainId: '1',
      chainName: `main\u202Enet`,
      networkName: `Ethereum \u202E${'z'.repeat(300)}`,
      nativeCurrency: { name: '\u202EEther', symbol: 'ETH\u2066', decimals: 18 },
    });
    assert.equal(chain.chainName, 'mainnet');
    assert.equal(chain.networkName, `Ethereum ${'z'.repeat(30)}…`);
    assert.deepEqual(chain.nativeCurrency, { name: 'Ether', symbol: 'ETH', decimals: 18 });
    const token = tokenSchema.parse({ address: '0x1', chainId: '1', symbol: 'USDC\u202E', name: '\u202EUSD Coin', decimals: 6 });
    assert.deepEqual([token.symbol, token.name], ['USDC', 'USD Coin']);
    assert.equal(balanceRowSchema.parse({ category: 'erc20', balance: '1', symbol: '\u2067WETH', decimals: 18 }).symbol, 'WETH');
    const route = fixtureRoute({
      estimate: { fees: [{ type: 'gas', amount: '1', token: { chainId: '1', address: '0x1', symbol: 'E\u202ETH', decimals: 18 } }] },
      provider: `swift\u202Ebridge`,
    });
    assert.equal(route.estimate.fees[0]!.token.symbol, 'ETH');
    assert.equal(route.provider, 'swiftbridge');
  });
});
