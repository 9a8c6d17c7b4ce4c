/** Estimates in words and the verdict shared by the app and the CLI: ok, long (ask), impossible (refuse). */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  durationWords,
  judgeEstimate,
  LONG_RUN_SECONDS,
  YEAR_SECONDS,
} from '../../shared/experiments/estimate-words.ts';
import { estimateRun } from '../../shared/experiments/run-estimate.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';

const HOUR = 3600,
  DAY = 24 * HOUR;

describe('durations in words', () => {
  test('the unit a reader expects, two digits at most', () => {
    expect(durationWords(0.2)).toBe('under a second');
    expect(durationWords(45)).toBe('≈ 45 seconds');
    expect(durationWords(40 * 60)).toBe('≈ 40 minutes');
    expect(durationWords(3 * HOUR)).toBe('≈ 3 hours');
    expect(durationWords(2 * DAY)).toBe('≈ 2 days');
    expect(durationWords(3 * YEAR_SECONDS)).toBe('≈ 3 years');
    expect(durationWords(14e6 * YEAR_SECONDS)).toBe('≈ 14 million years');
    expect(durationWords(2.5e9 * YEAR_SECONDS)).toBe('≈ 2.5 billion years');
    expect(durationWords(999.6 * YEAR_SECONDS)).toBe('≈ 1 thousand years');
    expect(durationWords(995e9 * YEAR_SECONDS)).toBe('≈ 995 billion years');
    expect(durationWords(999.7e9 * YEAR_SECONDS)).toBe('≈ 1 trillion years');
    expect(durationWords(3e20 * YEAR_SECONDS)).toBe('≈ 3.0 × 10^20 years');
    expect(durationWords(Infinity)).toBe('longer than any computer can run');
  });

  test('never a long row of digits, and never less for a longer time', () => {
    const UNIT: Record<string, number> = {
      second: 1,
      minute: 60,
      hour: HOUR,
      day: DAY,
      month: YEAR_SECONDS / 12,
      year: YEAR_SECONDS,
    };
    const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
    /** the words read back as seconds */
    const seconds = (w: string): number => {
      const m =
        /^≈ (\d{1,3}(?:\.\d)?|\d\.\d × 10\^\d+) (?:(thousand|million|billion|trillion) )?(second|minute|hour|day|month|year)s?$/.exec(
          w,
        );
      expect(m, w).not.toBeNull();
      const n = m![1].includes('×') ? Number(m![1].replace(' × 10^', 'e')) : Number(m![1]);
      return n * (m![2] ? SCALE[m![2]] : 1) * UNIT[m![3]];
    };
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e30, noNaN: true }),
        fc.double({ min: 1, max: 1e30, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const [wl, wh] = [seconds(durationWords(lo)), seconds(durationWords(hi))];
          expect(wl).toBeLessThanOrEqual(wh * (1 + 1e-12));
          // within the rounding to two digits of the unit shown
          expect(Math.abs(wl - lo) / lo).toBeLessThan(0.26);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the verdict', () => {
  test('ok up to ten minutes of wall time, then long; beyond a year of CPU per core, impossible', () => {
    expect(judgeEstimate(LONG_RUN_SECONDS, LONG_RUN_SECONDS, 2).kind).toBe('ok');
    expect(judgeEstimate(LONG_RUN_SECONDS + 1, 2 * LONG_RUN_SECONDS, 2).kind).toBe('long');
    expect(judgeEstimate(10 * DAY, 2 * YEAR_SECONDS, 2).kind).toBe('long');
    const v = judgeEstimate(1e12, 3 * YEAR_SECONDS, 2, 'this run');
    expect(v.kind).toBe('impossible');
    expect(v.reason).toMatch(
      /^this run is estimated at ≈ 1.5 years on all 2 cores of this machine, more than a year: it cannot finish/,
    );
    expect(judgeEstimate(NaN, NaN, 2).kind).toBe('impossible');
  });

  test('Fig. 4 with 100 000 trees at depth 30 is impossible here; the preset itself is not', () => {
    const huge = estimateRun(presetSpec('furtak-buro-fig4', { trees: 100_000, depth: 30 }), 2);
    const v = judgeEstimate(huge.seconds, huge.cpuSeconds, 2);
    expect(v.kind).toBe('impossible');
    expect(v.words).toMatch(/million years$/);
    const preset = estimateRun(presetSpec('furtak-buro-fig4'), 2);
    expect(judgeEstimate(preset.seconds, preset.cpuSeconds, 2).kind).toBe('ok');
  });
});
