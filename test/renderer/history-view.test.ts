/**
 * History's filter, titles, durations and tag parsing, the runs the queue shows again after a reload, and
 * the spec difference (renderer/src/logic).
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { RunListing } from '../../shared/api/contract.ts';
import {
  matchesFilter,
  parseTags,
  resumable,
  runDuration,
  runTitle,
  unfinishedRuns,
} from '../../renderer/src/logic/history-view.ts';
import { leaves, specDiff, specDiffView } from '../../renderer/src/logic/spec-diff.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';

const row = (over: Partial<RunListing> = {}): RunListing => ({
  id: 'r',
  name: 'furtak-buro-fig4',
  seed: 2009,
  status: 'completed',
  createdAt: '2026-01-01T10:00:00.000Z',
  finishedAt: '2026-01-01T10:01:30.000Z',
  trees: 20,
  treesDone: 20,
  model: 'prefix-value',
  depth: 10,
  series: ['negascout / value+FCF'],
  notes: {},
  ...over,
});

describe('history rows', () => {
  test('the runs the queue shows again on opening: not ended, or interrupted; resumable: stopped before the end', () => {
    const all = (['running', 'completed', 'interrupted', 'cancelled', 'queued', 'failed'] as const).map((status, i) =>
      row({ id: `r${i}`, status }),
    );
    expect(unfinishedRuns(all).map((r) => r.id)).toEqual(['r0', 'r2', 'r4']);
    expect(all.filter((r) => resumable(r.status)).map((r) => r.status)).toEqual(['interrupted', 'cancelled', 'failed']);
  });

  test('title, duration, filter words (all must occur), tags', () => {
    expect(runTitle(row())).toBe('furtak-buro-fig4');
    expect(runTitle(row({ notes: { title: ' baseline ' } }))).toBe('baseline');
    expect(runDuration(row())).toBe(90_000);
    expect(runDuration(row({ finishedAt: null }))).toBeNull();
    const r = row({ notes: { tags: ['paper', 'E=4'], notes: 'exact horizon' } });
    for (const q of [
      '',
      'paper',
      '#paper',
      'PAPER fig4',
      'prefix',
      'negascout',
      'seed 2009',
      'depth 10',
      'horizon',
      'e=4',
    ])
      expect(matchesFilter(r, q), q).toBe(true);
    for (const q of ['mtdf', 'paper mtdf', 'seed 77']) expect(matchesFilter(r, q), q).toBe(false);
    expect(parseTags(' a, b c ,, a ')).toEqual(['a', 'b c']);
  });
});

describe('spec diff', () => {
  test('exactly the differing leaves, with both values; none for equal specs', () => {
    const a = presetSpec('furtak-buro-fig4');
    const b = { ...a, trees: 7, model: { ...a.model, damage: 12 }, series: a.series.slice(0, 5) };
    const d = specDiff(a, b);
    expect(d.find((x) => x.path === 'trees')).toEqual({ path: 'trees', a: String(a.trees), b: '7' });
    expect(d.find((x) => x.path === 'model.damage')).toEqual({ path: 'model.damage', a: '6', b: '12' });
    expect(d.filter((x) => x.path.startsWith('series.5.')).every((x) => x.b === null)).toBe(true);
    expect(specDiff(a, structuredClone(a))).toEqual([]);
  });

  test('the view: the fields that change a run first, the description apart; together the whole diff', () => {
    const a = presetSpec('furtak-buro-fig4');
    const b = { ...a, seed: 2, description: 'another run' };
    const v = specDiffView(a, b);
    expect(v.fields.map((d) => d.path)).toEqual(['seed']);
    expect(v.prose).toEqual([{ path: 'description', a: JSON.stringify(a.description), b: '"another run"' }]);
    expect(specDiffView(a, { ...a, description: 'x' }).fields).toEqual([]);
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (x, y) => {
        const { fields, prose } = specDiffView(x, y);
        expect(prose.every((d) => d.path === 'description')).toBe(true);
        expect(fields.some((d) => d.path === 'description')).toBe(false);
        expect([...fields, ...prose].sort((p, q) => p.path.localeCompare(q.path))).toEqual(
          specDiff(x, y).sort((p, q) => p.path.localeCompare(q.path)),
        );
      }),
    );
  });

  test("property: applying the diff's B values to A's leaves gives B's leaves", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const la = leaves(a);
        for (const d of specDiff(a, b)) {
          if (d.b === null) la.delete(d.path);
          else la.set(d.path, d.b);
        }
        expect(la).toEqual(leaves(b));
      }),
    );
  });
});
