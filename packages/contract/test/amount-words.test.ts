import { describe, expect, it } from 'vitest';
import { integerInWords, rupeesInWords } from '../src/amount-words';
import { formatRupees } from '../src/language';

describe('amounts in words (Indian numbering)', () => {
  it.each([
    [0, 'zero rupees'],
    [1, 'one rupee'],
    [99, 'ninety-nine rupees'],
    [100, 'one hundred rupees'],
    [1000, 'one thousand rupees'],
    [100000, 'one lakh rupees'],
    [125000, 'one lakh twenty-five thousand rupees'],
    [123456789, 'twelve crore thirty-four lakh fifty-six thousand seven hundred eighty-nine rupees'],
    [1000000000, 'one hundred crore rupees'],
    [10000101, 'one crore one hundred one rupees'],
  ])('%d → %s', (n, words) => {
    expect(rupeesInWords(n)).toBe(words);
  });

  it('writes paise after the rupees, and alone when there are no rupees', () => {
    expect(rupeesInWords(1250.5)).toBe('one thousand two hundred fifty rupees and fifty paise');
    expect(rupeesInWords(10.01)).toBe('ten rupees and one paisa');
    expect(rupeesInWords(0.99)).toBe('ninety-nine paise');
    // 0.1 + 0.2 is not exactly 0.3 in binary: the words must still say thirty paise.
    expect(rupeesInWords(0.1 + 0.2)).toBe('thirty paise');
  });

  it('refuses what is not an amount', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => integerInWords(1.5)).toThrow(RangeError);
    expect(() => rupeesInWords(Number.NaN)).toThrow(RangeError);
  });

  it('formats figures with lakh grouping', () => {
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(123456789)).toBe('₹12,34,56,789');
    expect(formatRupees(1250.5)).toBe('₹1,250.50');
  });
});
