import { describe, expect, it } from 'vitest';
import { formatWhen } from './labels';

describe('audit times', () => {
  it('reads to the second in India time, whatever the device time zone', () => {
    expect(formatWhen('2026-11-12T09:05:07Z')).toBe('12 Nov 2026, 2:35:07 pm');
  });

  it('shows a time that is not one as it was sent', () => {
    expect(formatWhen('not a time')).toBe('not a time');
  });
});
