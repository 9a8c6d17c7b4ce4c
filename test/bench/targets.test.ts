/**
 * What `npm run bench` (bench/run-all.ts) reports when a reference is missing: without gcc the C
 * reference is said to be unavailable, and why, instead of failing; a target row without a figure is
 * "not measured", never met or missed.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { PVT_SOURCE, referenceUnavailable } from '../../bench/c-reference.ts';
import { printTargets, type TargetRow } from '../../bench/targets.ts';

const row = (measured: number | null, kind: TargetRow['kind'] = 'atLeast'): TargetRow => ({
  name: 'kernel / C',
  measured,
  unit: '×',
  kind,
  bound: 0.9,
  note: 'n',
});

function printed(rows: TargetRow[]): string {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((s: string) => lines.push(s));
  try {
    printTargets(rows);
  } finally {
    log.mockRestore();
  }
  return lines.join('\n');
}

describe('bench targets', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  test('without gcc on the PATH the C reference is unavailable, and the reason names what is missing', () => {
    process.env.PATH = '/nonexistent';
    // A checkout without ../shared beside it misses the source before gcc.
    expect(referenceUnavailable()).toMatch(existsSync(PVT_SOURCE) ? /gcc not found/ : /C reference not found/);
  });

  test('verdicts: at least, at most, and not measured', () => {
    expect(printed([row(0.95)])).toMatch(/\| met /);
    expect(printed([row(0.85)])).toMatch(/\| MISSED /);
    expect(printed([row(0.85, 'atMost')])).toMatch(/\| met /);
    expect(printed([row(null)])).toMatch(/\| not measured \|/);
    const work = { ...row(1584, 'atMost'), unit: 'C-Mnodes' as const, bound: 900 };
    expect(printed([work])).toMatch(/\| 1584 C-Mnodes \| ≤ 900 C-Mnodes \| MISSED /);
    expect(printed([{ ...work, measured: 880 }])).toMatch(/\| 880 C-Mnodes \| ≤ 900 C-Mnodes \| met /);
  });
});
