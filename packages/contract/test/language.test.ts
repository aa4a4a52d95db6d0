import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMonth,
  formatPercent,
  formatRupees,
  formatRupeesCompact,
  formatRupeesExact,
} from '../src/language';

describe('money in Indian numbering', () => {
  it('groups rupees in lakh and crore, with paise only when there are some', () => {
    expect(formatRupees(150000)).toBe('₹1,50,000');
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(12345678.9)).toBe('₹1,23,45,678.90');
    expect(formatRupees(1999.99)).toBe('₹1,999.99');
    // 0.1 + 0.2 is 0.30000000000000004 in binary: still thirty paise.
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
    expect(formatRupees(150000, 'hi')).toBe('₹1,50,000');
  });

  it('always shows paise on statements and mails', () => {
    expect(formatRupeesExact(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupeesExact(25000)).toBe('₹25,000.00');
    expect(formatRupeesExact(123456.5, 'hi')).toBe('₹1,23,456.50');
  });

  it('shortens rupees to thousands, lakh and crore for chart axes', () => {
    expect(formatRupeesCompact(1500)).toBe('₹1.5K');
    expect(formatRupeesCompact(150000)).toBe('₹1.5L');
    expect(formatRupeesCompact(1234567)).toBe('₹12.3L');
    expect(formatRupeesCompact(12345678)).toBe('₹1.2Cr');
    // Hindi puts a no-break space before the word.
    expect(formatRupeesCompact(150000, 'hi')).toBe('₹1.5\u00a0लाख');
    expect(formatRupeesCompact(12345678, 'hi')).toBe('₹1.2\u00a0क॰');
  });
});

describe('counts and shares', () => {
  it('groups counts the Indian way', () => {
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(12345678)).toBe('1,23,45,678');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(123456, 'hi')).toBe('1,23,456');
  });

  it('reads a fraction as a percentage with at most the digits asked for', () => {
    expect(formatPercent(0.2)).toBe('20%');
    expect(formatPercent(0.12345)).toBe('12.3%');
    expect(formatPercent(0.126, 'en', 0)).toBe('13%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.125, 'hi')).toBe('12.5%');
  });
});

describe('dates in India', () => {
  it('reads a calendar date as that day, in English and Hindi', () => {
    expect(formatDate('2026-11-12')).toBe('12 Nov 2026');
    expect(formatDate('2026-11-12', 'en', { style: 'long' })).toBe('12 November 2026');
    expect(formatDate('2026-11-12', 'hi', { style: 'long' })).toBe('12 नवंबर 2026');
    expect(formatDate('2026-03-01')).toBe('1 Mar 2026');
  });

  it('reads a moment in India time, so late evening UTC is already the next day', () => {
    expect(formatDate('2026-11-12T20:00:00Z')).toBe('13 Nov 2026');
    expect(formatDateTime('2026-11-12T09:05:07Z')).toBe('12 Nov 2026, 2:35 pm');
    expect(formatDateTime('2026-11-12T09:05:07Z', 'en', { time: 'medium' })).toBe('12 Nov 2026, 2:35:07 pm');
    expect(formatDateTime('2026-11-12T09:05:07Z', 'hi', { style: 'long' })).toBe('12 नवंबर 2026 को 2:35 pm बजे');
  });

  it('shows a value that is not a date as it was sent', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
  });

  it('names a month with its year', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2025-12', 'en', 'long')).toBe('December 2025');
    expect(formatMonth('2026-11', 'hi', 'long')).toBe('नवंबर 2026');
    expect(formatMonth('2026-13-01')).toBe('2026-13-01');
  });
});
