/**
 * The model registry: every entry's example is a valid spec model, its Game matches the declared
 * capabilities (static evaluation, exact interior values, integer values), its mean branching predicts
 * the size of the generated trees, its core accepts every depth a spec allows, and everything derived
 * from the registry (the spec's model union, `gtlab generate`'s models, the app's form) lists it.
 */
import { describe, expect, test } from 'vitest';
import { materialize } from '../../shared/game/materialize.ts';
import { parseSpec } from '../../shared/experiments/spec.ts';
import {
  expectedTreeSize,
  makeGame,
  MODEL_KINDS,
  MODEL_REGISTRY,
  ModelSchema,
  modelDescriptor,
} from '../../shared/models/registry.ts';
import { EXPERIMENT_MAX_DEPTH } from '../../shared/util/range.ts';
import { GENERATE_HELP } from '../../cli/commands/generate.ts';
import { fieldsOf } from '../../shared/util/fields.ts';
import { defaultForm, modelFields, setField, validateForm } from '../../renderer/src/logic/spec-form.ts';

const meta = { model: 'test', params: {}, seed: null, generator: 'test' };

describe('the model registry', () => {
  test('kinds are unique and every descriptor is found by its kind', () => {
    expect(new Set(MODEL_KINDS).size).toBe(MODEL_REGISTRY.length);
    for (const d of MODEL_REGISTRY) expect(modelDescriptor(d.kind)).toBe(d);
  });

  test.each(MODEL_REGISTRY.map((d) => [d.kind, d] as const))(
    '%s: its example is a spec model, run as a spec',
    (kind, d) => {
      expect(ModelSchema.parse(d.example)).toEqual(d.example);
      // A model of real positions measures depths minEmpties..depth (the empties of its positions).
      const depth = d.positions ? (d.example as { minEmpties: number }).minEmpties : 3;
      const spec = parseSpec({
        format: 'gtlab-experiment',
        version: 1,
        name: kind,
        model: d.example,
        trees: 1,
        seed: 1,
        depth,
        iterative: d.capabilities.staticEvaluation,
        series: [{ algorithm: 'alphabeta', ordering: 'estimate' }],
      });
      expect(spec.model).toEqual(d.example);
      // Generated trees reach every depth an experiment allows; real positions have as many empties as their problems.
      if (d.positions === undefined) expect(d.maxDepth).toBeGreaterThanOrEqual(EXPERIMENT_MAX_DEPTH);
      else {
        // maxDepth is the most any choice of the model's choice fields (an Othello problem set) allows: one
        // reaches it, none goes beyond it
        const { checkDepth } = modelDescriptor(d.kind).positions!;
        const models = [d.example as Record<string, unknown>];
        for (const [name, meta] of Object.entries(fieldsOf(d.schema)))
          for (const c of meta.choices ?? []) models.push({ ...(d.example as Record<string, unknown>), [name]: c });
        expect(models.some((m) => checkDepth(m as never, d.maxDepth) === null)).toBe(true);
        for (const m of models) expect(checkDepth(m as never, d.maxDepth + 1), JSON.stringify(m)).not.toBeNull();
      }
      expect(GENERATE_HELP).toContain(`  ${kind} `);
    },
  );

  test.each(MODEL_REGISTRY.map((d) => [d.kind, d] as const))(
    '%s: the Game has the declared capabilities and the expected size',
    (_, d) => {
      const depth = d.positions ? (d.example as { minEmpties: number }).minEmpties : 4;
      let nodes = 0;
      const trees = d.positions ? 3 : 20; // a position's best line costs an exact solve of its problem
      for (let t = 0; t < trees; t++) {
        const g = makeGame(d.example, depth, 7, t);
        g.reset();
        const root = g.exactValue();
        expect(Number.isNaN(root)).toBe(!d.capabilities.exactInteriorValues);
        const graph = materialize(g, depth, meta, 1_000_000);
        nodes += graph.nodeCount;
        if (d.capabilities.integerValues)
          for (const v of graph.value) if (!Number.isNaN(v)) expect(Number.isInteger(v)).toBe(true);
        if (d.capabilities.staticEvaluation) {
          g.reset();
          g.expand();
          g.descend(0);
          expect(Number.isFinite(g.evaluate())).toBe(true); // a value inside the tree, not only at its leaves
        }
      }
      // Real positions' trees follow the position, not a branching law (their meanBranching is a rough hint).
      if (d.positions !== undefined) return;
      const want = expectedTreeSize(d.example, depth);
      expect(Math.abs(nodes / trees - want) / want).toBeLessThan(0.25);
    },
  );
});

describe('the form from the registry', () => {
  test.each(MODEL_REGISTRY.map((d) => [d.kind] as const))(
    '%s: every labelled parameter is a form input, and its example round-trips through the form',
    (kind) => {
      const inputs = modelFields(kind).map((f) => f.path);
      const labelled = Object.keys(fieldsOf(modelDescriptor(kind).schema, 'model')).filter(
        (p) => p !== 'model.noise' && p !== 'model.leaves',
      );
      for (const p of labelled) expect(inputs).toContain(p);
      const f = defaultForm();
      setField(f, 'model.kind', kind);
      const positions = modelDescriptor(kind).positions;
      if (positions) setField(f, 'trees', String(positions.lines(modelDescriptor(kind).example)));
      const v = validateForm({ ...f, iterative: modelDescriptor(kind).capabilities.staticEvaluation });
      expect(v.issues).toEqual([]);
      expect(v.spec?.model).toEqual(modelDescriptor(kind).example);
    },
  );
});
