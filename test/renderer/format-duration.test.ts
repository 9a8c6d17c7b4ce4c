/** How the app prints a duration: a clock reading up to two days, then the estimates' words. */
import { describe, expect, test } from 'vitest';
import { formatDuration } from '../../renderer/src/logic/estimate.ts';
import { YEAR_SECONDS } from '../../shared/experiments/estimate-words.ts';

const HOUR = 3600 * 1000;

describe('formatDuration', () => {
  test('a clock reading below two days', () => {
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_000)).toBe('12 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(2 * HOUR + 5 * 60_000)).toBe('2 h 05 min');
    expect(formatDuration(48 * HOUR - 60_000)).toBe('47 h 59 min');
  });

  test('words from two days on, never a count of hours with a dozen digits', () => {
    expect(formatDuration(48 * HOUR)).toBe('≈ 2 days');
    expect(formatDuration(51 * 24 * HOUR)).toBe('≈ 51 days');
    // the ETA the issue saw as "121200041642 h 30 min"
    expect(formatDuration(121_200_041_642.5 * HOUR)).toBe('≈ 14 million years');
    expect(formatDuration(3 * YEAR_SECONDS * 1000)).toBe('≈ 3 years');
    expect(formatDuration(Infinity)).toBe('–');
  });
});
