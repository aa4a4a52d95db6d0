import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  integerInHindiWords,
  integerInWords,
  rupeesInHindiWords,
  rupeesInWords,
} from '../src/amount-words';
import hi from '../src/locales/hi.json';
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

describe('amounts in Hindi words (Indian numbering)', () => {
  it.each([
    [0, 'शून्य रुपये'],
    [1, 'एक रुपया'],
    [2, 'दो रुपये'],
    [21, 'इक्कीस रुपये'],
    [45, 'पैंतालीस रुपये'],
    [79, 'उन्यासी रुपये'],
    [99, 'निन्यानवे रुपये'],
    [100, 'एक सौ रुपये'],
    [101, 'एक सौ एक रुपये'],
    [1000, 'एक हज़ार रुपये'],
    [10000, 'दस हज़ार रुपये'],
    [100000, 'एक लाख रुपये'],
    [125000, 'एक लाख पच्चीस हज़ार रुपये'],
    [10000000, 'एक करोड़ रुपये'],
    [1000000000, 'एक सौ करोड़ रुपये'],
    [10000101, 'एक करोड़ एक सौ एक रुपये'],
  ])('%d → %s', (n, words) => {
    expect(rupeesInHindiWords(n)).toBe(words);
  });

  it('writes crore, lakh, thousand, hundred and then paise, and leaves out no paise', () => {
    expect(rupeesInHindiWords(123456789.5)).toBe('बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी रुपये और पचास पैसे');
    expect(rupeesInHindiWords(123456789)).toBe('बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी रुपये');
    expect(rupeesInHindiWords(1250.5)).toBe('एक हज़ार दो सौ पचास रुपये और पचास पैसे');
    expect(rupeesInHindiWords(10.01)).toBe('दस रुपये और एक पैसा');
    expect(rupeesInHindiWords(0.99)).toBe('निन्यानवे पैसे');
    expect(rupeesInHindiWords(0.1 + 0.2)).toBe('तीस पैसे');
  });

  it('names every number below a hundred once, each its own word', () => {
    const names = Array.from({ length: 100 }, (_, n) => integerInHindiWords(n));
    expect(new Set(names).size).toBe(100);
    for (const name of names) expect(name).toMatch(/^[\u0900-\u097f]+$/);
    // The canonical form, so a search for हज़ार or करोड़ typed either way finds the text once normalised.
    expect(names.every((name) => name === name.normalize('NFC'))).toBe(true);
    expect(names.slice(0, 11)).toEqual(['शून्य', 'एक', 'दो', 'तीन', 'चार', 'पाँच', 'छह', 'सात', 'आठ', 'नौ', 'दस']);
    expect(names[50]).toBe('पचास');
    expect(names[88]).toBe('अट्ठासी');
  });

  it('picks the words of the document’s language, which the receipt template ends with मात्र', () => {
    expect(amountInWords(10000, 'en')).toBe('ten thousand rupees');
    expect(amountInWords(10000, 'hi')).toBe('दस हज़ार रुपये');
    expect(hi['receipt.wordsValue'].replace('{words}', amountInWords(1, 'hi'))).toBe('एक रुपया मात्र');
  });

  it('refuses what is not an amount', () => {
    expect(() => rupeesInHindiWords(-1)).toThrow(RangeError);
    expect(() => integerInHindiWords(1.5)).toThrow(RangeError);
    expect(() => rupeesInHindiWords(Number.NaN)).toThrow(RangeError);
  });
});
