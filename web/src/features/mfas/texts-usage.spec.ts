import { describe, expect, it } from '@jest/globals';
import { overageLine, textsUsedLine } from './texts-usage';

describe('texts used of the allowance', () => {
  it('shows the texts used this period of the allowance', () => {
    expect(textsUsedLine({ textsUsed: 12, textsAllowed: 100 })).toBe('Texts used this period: 12 of 100');
  });

  it('shows nothing about overage up to the allowance, and the count over it at $0.02 each beyond', () => {
    expect(overageLine({ textsUsed: 100, textsAllowed: 100, extraTextPrice: 0.02 })).toBeNull();
    expect(overageLine({ textsUsed: 137, textsAllowed: 100, extraTextPrice: 0.02 })).toBe(
      '37 over the allowance, $0.02 each: $0.74 on the next invoice',
    );
  });
});
