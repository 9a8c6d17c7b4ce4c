/**
 * The figure composer's draft (renderer/src/logic/figure-draft.ts): series appear under their display
 * names until renamed, and the figure the draft describes draws each series under the name its field
 * shows, listing a label only where it differs from the name the figure would give anyway.
 */
import { describe, expect, test } from 'vitest';
import { draftOf, specOf, type FigureDraft } from '../../renderer/src/logic/figure-draft.ts';
import { labelNames } from '../../shared/experiments/display-names.ts';
import { defaultFigure, type FigureSpec } from '../../shared/figures/figure-spec.ts';

const IDS = ['alphabeta / estimate', 'negascout / fcf-weighted:1,0.5,0.5 + TT', 'mtdf / value+FCF'];

function figureOf(d: FigureDraft): FigureSpec {
  const r = specOf(d, IDS, 'ratio', 'visited');
  if ('error' in r) throw new Error(r.error);
  return r.figure;
}

/** The name the figure draws each listed series under (shared/figures/run-figure.ts reads it so). */
function drawnNames(fig: FigureSpec): { id: string; name: string }[] {
  const list: { id: string; label?: string }[] = fig.series ?? IDS.map((id) => ({ id }));
  const names = labelNames(list.map((s) => s.id));
  return list.map((s, k) => ({ id: s.id, name: s.label ?? names[k] }));
}

/** What the composer shows, shown series only. */
const fields = (d: FigureDraft) => d.series.filter((s) => s.shown).map((s) => ({ id: s.id, name: s.label }));

describe('figure draft', () => {
  test('a run opens with every series under its display name, and the figure lists none', () => {
    const d = draftOf(defaultFigure(), IDS);
    expect(d.series.map((s) => s.label)).toEqual([
      'α-β / value',
      'NegaScout / value + FCF + TT',
      'MTD(f) / value + FCF',
    ]);
    expect(d.series.map((s) => s.name)).toEqual(d.series.map((s) => s.label));
    expect(d.series.every((s) => s.shown)).toBe(true);
    const fig = figureOf(d);
    expect(fig.series).toBeUndefined();
    expect(drawnNames(fig)).toEqual(fields(d));
  });

  test('a renamed series is labelled; the others keep their display names unlisted', () => {
    const d = draftOf(defaultFigure(), IDS);
    d.series[1].label = 'NS + TT';
    const fig = figureOf(d);
    expect(fig.series).toEqual([{ id: IDS[0] }, { id: IDS[1], label: 'NS + TT' }, { id: IDS[2] }]);
    expect(drawnNames(fig)).toEqual(fields(d));
    // Opened again, the draft shows the same names.
    expect(draftOf(fig, IDS).series.map((s) => s.label)).toEqual(d.series.map((s) => s.label));
  });

  test('a series named by its id keeps the id; an emptied name falls back to the display name', () => {
    const d = draftOf(defaultFigure(), IDS);
    d.series[0].label = IDS[0];
    d.series[2].label = '  ';
    const fig = figureOf(d);
    expect(fig.series).toEqual([{ id: IDS[0], label: IDS[0] }, { id: IDS[1] }, { id: IDS[2] }]);
    expect(drawnNames(fig).map((s) => s.name)).toEqual([
      IDS[0],
      'NegaScout / value + FCF + TT',
      'MTD(f) / value + FCF',
    ]);
  });

  test('hidden and reordered series: the figure lists the shown ones in order under the names shown', () => {
    const d = draftOf(defaultFigure(), IDS);
    d.series[0].shown = false;
    [d.series[1], d.series[2]] = [d.series[2], d.series[1]];
    const fig = figureOf(d);
    expect(fig.series).toEqual([{ id: IDS[2] }, { id: IDS[1] }]);
    expect(drawnNames(fig)).toEqual(fields(d));
    const again = draftOf(fig, IDS);
    expect(again.series.map((s) => [s.id, s.label, s.shown])).toEqual([
      [IDS[2], 'MTD(f) / value + FCF', true],
      [IDS[1], 'NegaScout / value + FCF + TT', true],
      [IDS[0], 'α-β / value', false],
    ]);
  });
});
