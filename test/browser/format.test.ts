import { expect } from '@open-wc/testing';
import { formatAmount, formatUsd, parseAmountInput } from '../../src/format/amount.js';

// Runs in the browser because locale formatting there is what users see.
describe('amount formatting in the browser', () => {
  it('groups by locale and never rounds up', () => {
    expect(formatAmount(1_234_567_899_999n, 6, { locale: 'en-US' })).to.equal('1,234,567');
    expect(formatAmount(1_234_567_899_999n, 6, { locale: 'de-DE', maxFractionDigits: 2 })).to.equal('1.234.567,89');
    expect(formatAmount(1n, 18, { locale: 'en-US' })).to.equal('<0.00000001');
    expect(formatUsd(25.5, 'en-US')).to.equal('$25.50');
  });

  it('parses typed amounts exactly, refusing floats tricks', () => {
    expect(parseAmountInput('25.5', 6)).to.deep.equal({ ok: true, value: 25_500_000n });
    expect(parseAmountInput('0.1', 18)).to.deep.equal({ ok: true, value: 100_000_000_000_000_000n });
    expect(parseAmountInput('1e6', 6)).to.deep.equal({ ok: false, problem: 'invalid' });
    expect(parseAmountInput('1.0000001', 6)).to.deep.equal({ ok: false, problem: 'too-many-decimals' });
    expect(parseAmountInput('-1', 6)).to.deep.equal({ ok: false, problem: 'negative' });
    expect(parseAmountInput('0.000', 6)).to.deep.equal({ ok: false, problem: 'zero' });
    expect(parseAmountInput('1'.repeat(80), 18)).to.deep.equal({ ok: false, problem: 'too-large' });
  });
});

describe('separators', () => {
  it('accepts a decimal comma but refuses what may be a thousands separator', () => {
    expect(parseAmountInput('1,5', 6)).to.deep.equal({ ok: true, value: 1_500_000n });
    expect(parseAmountInput('1,000', 6)).to.deep.equal({ ok: false, problem: 'invalid' });
    expect(parseAmountInput('1,000.5', 6)).to.deep.equal({ ok: false, problem: 'invalid' });
    expect(parseAmountInput('1,000,000', 6)).to.deep.equal({ ok: false, problem: 'invalid' });
  });
});
