/**
 * The spec's fields for what the orderings may know (shared/experiments/spec.ts: sizeInfo, sizeStandIn,
 * ttMove, guess): a spec written before they existed loads, keeps its hash and runs as it ran (S_i of
 * every child, the stored move first, the previous pass's guess); the presets set them; the form offers
 * them with the schema's label and explanation; a bad value names its field.
 */
import { describe, expect, test } from 'vitest';
import { parseSpec, searchKnowledge, SpecError, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { runTree } from '../../shared/experiments/run-tree.ts';
import type { ResultLine } from '../../shared/io/result-line-fields.ts';
import { knowledgeOptions } from '../../shared/experiments/search-series.ts';
import { specHash } from '../../shared/experiments/shard.ts';
import { fieldInfo, formToSpec, getField, specToForm, defaultForm } from '../../renderer/src/logic/spec-form.ts';

/** The Fig. 4 preset as a file written before the fields existed. */
function oldSpec(over: Partial<ExperimentSpec> = {}): ExperimentSpec {
  const {
    sizeInfo: _s,
    sizeStandIn: _x,
    ttMove: _t,
    guess: _g,
    ...rest
  } = presetSpec('furtak-buro-fig4', { trees: 2, depth: 5 });
  return parseSpec({ ...rest, ...over });
}

async function lines(spec: ExperimentSpec): Promise<ResultLine[]> {
  const out: ResultLine[] = [];
  for (let t = 0; t < spec.trees; t++) await runTree(spec, t, (l) => out.push(l));
  return out;
}

describe('sizeInfo, sizeStandIn, ttMove and guess in the spec', () => {
  test('an old spec loads with its meaning: S_i of every child, stored move first, previous guess; its hash is unchanged', () => {
    const old = oldSpec();
    expect(searchKnowledge(old)).toEqual({ sizeInfo: 'all', sizeStandIn: 'mean', ttMove: 'first', guess: 'previous' });
    expect(Object.keys(old)).not.toContain('sizeInfo');
    expect(specHash(old)).toBe(specHash(parseSpec(JSON.parse(JSON.stringify(old)))));
    expect(specHash(old)).not.toBe(specHash(oldSpec({ sizeInfo: 'all' })));
  });

  test('absent fields run exactly as explicit all/first/previous; expanded changes the FCF series only', async () => {
    const old = await lines(oldSpec());
    expect(await lines(oldSpec({ sizeInfo: 'all', ttMove: 'first', guess: 'previous', sizeStandIn: 'last' }))).toEqual(
      old,
    );
    const expanded = await lines(oldSpec({ sizeInfo: 'expanded' }));
    const spec = oldSpec();
    let changed = 0;
    expanded.forEach((l, k) =>
      l.results.forEach((r, j) => {
        if (spec.series[j].ordering === 'estimate') expect(r).toEqual(old[k].results[j]);
        else if (r.visited !== old[k].results[j].visited) changed++;
        expect(l.mpgSeen).toBe(old[k].mpgSeen);
      }),
    );
    expect(changed).toBeGreaterThan(0);
  });

  test("the mean stand-in is the model's mean out-degree; last stays last", () => {
    expect(knowledgeOptions(oldSpec({ sizeInfo: 'expanded' }))).toEqual({
      sizeInfo: 'expanded',
      sizeStandIn: 8,
      ttMove: 'first',
    });
    expect(knowledgeOptions(oldSpec({ sizeInfo: 'searched', sizeStandIn: 'last', ttMove: 'ordered' }))).toEqual({
      sizeInfo: 'searched',
      sizeStandIn: 'last',
      ttMove: 'ordered',
    });
  });

  test('bad values name the field', () => {
    for (const [field, value] of [
      ['sizeInfo', 'visible'],
      ['sizeStandIn', 'median'],
      ['ttMove', 'last'],
      ['guess', 'one'],
    ] as const) {
      try {
        parseSpec({ ...oldSpec(), [field]: value });
        expect.fail(`${field} = ${value} accepted`);
      } catch (e) {
        expect(e).toBeInstanceOf(SpecError);
        expect((e as SpecError).issues[0].path).toBe(field);
      }
    }
    expect(() =>
      parseSpec({ ...oldSpec(), series: [{ algorithm: 'mtdf', ordering: 'estimate', memory: 'tables' }] }),
    ).toThrow(/series\.0\.memory/);
  });

  test('the form shows each field with its label and one-line explanation, empty for an old spec, and round-trips a preset', () => {
    for (const path of ['sizeInfo', 'sizeStandIn', 'ttMove', 'guess']) {
      expect(fieldInfo(path)?.label).toBeTruthy();
      expect(fieldInfo(path)?.description).toBeTruthy();
    }
    expect(getField(defaultForm(), 'sizeInfo')).toBe('');
    expect(formToSpec(defaultForm())).not.toHaveProperty('sizeInfo');
    const preset = presetSpec('furtak-buro-fig4');
    const f = specToForm(preset);
    expect(getField(f, 'sizeInfo')).toBe('expanded');
    expect(parseSpec(formToSpec(f))).toEqual(preset);
  });
});
