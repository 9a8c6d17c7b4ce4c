/**
 * The sweeps kept in the renderer's storage (renderer/src/logic/kept-sweeps.ts): read back as written,
 * newest first, one record per id, at most KEPT_SWEEPS_MAX, and a stored text that is not a list of
 * sweeps read as none (or without the records that are not sweeps), never guessed at.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  forgetSweep,
  KEPT_SWEEPS_KEY,
  KEPT_SWEEPS_MAX,
  type KeptSweep,
  keepSweep,
  readKeptSweeps,
} from '../../renderer/src/logic/kept-sweeps.ts';

/** A Storage of one map, as localStorage behaves for these calls. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, String(v)) };
}

const sweep = (id: string, runs: (string | null)[] = ['r1', null]): KeptSweep => ({
  id,
  name: `sweep ${id}`,
  at: '2026-11-28T08:00:00.000Z',
  axes: ['model.noise.e', 'model.damage'],
  figureAxes: ['model.noise.e', 'model.damage'],
  cells: runs.map((runId, i) => ({ slug: `noise.e=${i}`, params: { 'model.noise.e': i }, runId })),
});

describe('kept sweeps', () => {
  test('newest first; keeping an id again replaces its record in place; forget lets one go', () => {
    const s = memoryStorage();
    expect(readKeptSweeps(s)).toEqual([]);
    keepSweep(s, sweep('a'));
    keepSweep(s, sweep('b'));
    expect(readKeptSweeps(s).map((k) => k.id)).toEqual(['b', 'a']);
    keepSweep(s, sweep('a', ['r1', 'r2']));
    expect(readKeptSweeps(s).map((k) => k.id)).toEqual(['b', 'a']);
    expect(readKeptSweeps(s)[1].cells.map((c) => c.runId)).toEqual(['r1', 'r2']);
    expect(forgetSweep(s, 'b').map((k) => k.id)).toEqual(['a']);
    expect(readKeptSweeps(s).map((k) => k.id)).toEqual(['a']);
  });

  test('at most KEPT_SWEEPS_MAX kept: the oldest go first', () => {
    const s = memoryStorage();
    for (let i = 0; i < KEPT_SWEEPS_MAX + 3; i++) keepSweep(s, sweep(String(i)));
    const ids = readKeptSweeps(s).map((k) => k.id);
    expect(ids).toHaveLength(KEPT_SWEEPS_MAX);
    expect(ids[0]).toBe(String(KEPT_SWEEPS_MAX + 2));
    expect(ids).not.toContain('0');
  });

  test('stored text that is not a list of sweeps reads as none; records that are not sweeps are left out', () => {
    const s = memoryStorage();
    for (const text of ['', 'not json', '{"id":"a"}', '42', 'null']) {
      s.setItem(KEPT_SWEEPS_KEY, text);
      expect(readKeptSweeps(s), text).toEqual([]);
    }
    s.setItem(KEPT_SWEEPS_KEY, JSON.stringify([sweep('a'), { id: 'b' }, { ...sweep('c'), cells: 'x' }, sweep('d')]));
    expect(readKeptSweeps(s).map((k) => k.id)).toEqual(['a', 'd']);
  });

  test('property: whatever is kept reads back as kept', () => {
    const cell = fc.record({
      slug: fc.string(),
      // keyed by spec paths, as a sweep's cells are ("model.noise.e")
      params: fc.dictionary(
        fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}(\.[a-zA-Z0-9]{1,8}){0,3}$/),
        fc.oneof(fc.integer(), fc.string(), fc.boolean()),
      ),
      runId: fc.option(fc.string(), { nil: null }),
    });
    const kept = fc.record({
      id: fc.string(),
      name: fc.string(),
      at: fc.string(),
      axes: fc.array(fc.string()),
      figureAxes: fc.array(fc.string()),
      cells: fc.array(cell, { maxLength: 5 }),
    });
    fc.assert(
      fc.property(kept, (k) => {
        const s = memoryStorage();
        keepSweep(s, k);
        expect(readKeptSweeps(s)).toEqual([k]);
      }),
    );
  });
});
