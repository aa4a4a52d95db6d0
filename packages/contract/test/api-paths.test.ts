import { describe, expect, it } from 'vitest';
import { apiPaths, apiUrl } from '../src/api-paths';

describe('apiUrl', () => {
  it('gives a path without parameters as declared', () => {
    expect(apiUrl('login')).toBe('/api/login');
    expect(apiUrl('inquiriesCsv')).toBe('/api/inquiry/export.csv');
  });

  it('fills the parameters in order, each encoded as one path segment', () => {
    expect(apiUrl('payment', 'e-1', 'i-2')).toBe('/api/student-enrollment-payment/e-1/i-2');
    expect(apiUrl('inquiryStatus', 'a/b?c')).toBe('/api/inquiry/status-change/a%2Fb%3Fc');
  });

  it('declares each path once', () => {
    const values = Object.values(apiPaths);
    expect(new Set(values).size).toBe(values.length);
  });
});
