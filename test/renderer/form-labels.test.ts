/**
 * Every form's inputs have distinct labels, so a person (and a screen reader) tells them apart: the
 * experiment form for each model kind (its own fields and the model's, from the spec's schema) and each
 * study's form (from its request schema). Two inputs may share a label only when they are never shown
 * together (variants of one choice). Choices read as people name them (an algorithm's display name).
 */
import { describe, expect, test } from 'vitest';
import { fieldInfo, modelFields } from '../../renderer/src/logic/spec-form.ts';
import { studyFormFields } from '../../renderer/src/logic/study-form.ts';
import type { FormField } from '../../renderer/src/logic/schema-draft.ts';
import { MODEL_KINDS } from '../../shared/models/registry.ts';
import { STUDY_KINDS } from '../../shared/studies/registry.ts';
import { ALGORITHMS } from '../../shared/search/registry.ts';
import { algorithmName } from '../../shared/experiments/display-names.ts';

/** Whether two inputs can be on screen at once: unless they hang on one choice with no value in common. */
function together(a: FormField, b: FormField): boolean {
  if (!a.when || !b.when || a.when.path !== b.when.path) return true;
  return a.when.values.some((v) => b.when!.values.includes(v));
}

/** The pairs of inputs shown together under one label. */
function clashes(fields: readonly FormField[]): string[] {
  const out: string[] = [];
  fields.forEach((a, i) =>
    fields.slice(i + 1).forEach((b) => {
      if (a.meta.label === b.meta.label && together(a, b)) out.push(`"${a.meta.label}": ${a.path} and ${b.path}`);
    }),
  );
  return out;
}

/** The experiment form's labelled inputs outside the model's parameters and the series (SpecForm.vue), by the spec path of their label. */
const SPEC_PATHS = ['name', 'model', 'trees', 'seed', 'depth', 'height', 'sizeInfo', 'sizeStandIn', 'ttMove', 'guess'];

describe('form labels', () => {
  test.each(MODEL_KINDS)('the experiment form with a %s model: every label once', (kind) => {
    const own = SPEC_PATHS.map(
      (path) => ({ path, meta: fieldInfo(path)!, input: 'text', integer: false }) as FormField,
    );
    for (const f of own) expect(f.meta, f.path).toBeDefined();
    const fields = [...own, ...modelFields(kind)];
    expect(fields.length).toBeGreaterThan(SPEC_PATHS.length);
    expect(clashes(fields)).toEqual([]);
  });

  test.each(STUDY_KINDS)('the %s study form: every label once', (kind) => {
    const fields = studyFormFields(kind);
    expect(fields.length).toBeGreaterThan(0);
    expect(clashes(fields)).toEqual([]);
  });

  test("a study's choice of search reads the algorithms' display names; the values stay the ids", () => {
    const search = studyFormFields('othello').find((f) => f.path === 'algorithm')!;
    expect(search.options!.map((o) => o.value)).toEqual([...ALGORITHMS]);
    expect(search.options!.map((o) => o.label)).toEqual(ALGORITHMS.map(algorithmName));
    expect(search.options!.map((o) => o.label)).toContain('α-β');
  });

  test('the check sees a clash: two inputs shown together under one label', () => {
    const meta = { label: 'Trees', allowed: 'x' };
    const a: FormField = { path: 'model.kind', meta, input: 'choice', integer: false };
    const b: FormField = { path: 'trees', meta, input: 'number', integer: true };
    expect(clashes([a, b])).toEqual(['"Trees": model.kind and trees']);
    const c = { ...b, path: 'model.a', when: { path: 'model.kind', values: ['x'] } };
    const d = { ...b, path: 'model.b', when: { path: 'model.kind', values: ['y'] } };
    expect(clashes([c, d])).toEqual([]);
    expect(clashes([c, { ...d, when: { path: 'model.kind', values: ['y', 'x'] } }])).toEqual([
      '"Trees": model.a and model.b',
    ]);
  });
});
