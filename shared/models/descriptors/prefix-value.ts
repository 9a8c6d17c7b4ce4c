/**
 * Descriptors of prefix value trees (../prefix-value.ts, Furtak & Buro 2009 Sec. 7) and of the
 * incremental model (the same trees without the zero-damage move): one parameter schema, two kinds.
 */
import { z } from 'zod';
import { PREFIX_VALUE_LIMITS, type PrefixValueParams, PrefixValueTree } from '../prefix-value.ts';
import { defineModel } from '../model-descriptor.ts';
import { strictObject } from '../../util/strict-object.ts';
import type { ModelCli, NumberFlag } from '../model-flags.ts';
import { atMostMessage, intField, numberField, optionalChoiceField, optionalField } from '../../util/fields.ts';
import { HORIZON_DESCRIPTION, HORIZONS } from '../../game/game.ts';
import { integerIn } from '../../util/range.ts';

/**
 * E for a prefix value tree, the bound on |f̂ − f| the `seen` minimum proof tree reads
 * (../../proof/mpt-seen.ts): 0 with the exact horizon or without noise, the bound e of uniform noise
 * U[−e..e] with horizon 'estimate' (Theorem 7.1: exactValue() = f at every node), Infinity otherwise
 * (Gaussian and softmax noise are unbounded; the incremental model's interior values are NaN anyway).
 */
export function prefixValueErrorBound(p: PrefixValueParams): number {
  if (p.horizon !== 'estimate' || p.noise === undefined) return 0;
  return p.noise.kind === 'uniform' ? p.noise.e : Infinity;
}

const B = PREFIX_VALUE_LIMITS.maxBranching;
const D = PREFIX_VALUE_LIMITS.maxDamage;

const NoiseSchema = z.discriminatedUnion('kind', [
  strictObject({
    kind: z.literal('uniform'),
    e: intField(0, D, 'Estimate error E', { initial: 4, name: 'estimate error E' }),
  }).meta({
    title: 'uniform ±E',
  }),
  strictObject({ kind: z.literal('gaussian'), c: numberField(0, 1e6, 'Noise scale c', { initial: 1 }) }).meta({
    title: 'gaussian σ = c',
  }),
  strictObject({ kind: z.literal('softmax'), c: numberField(0, 1e6, 'Noise scale c', { initial: 1 }) }).meta({
    title: 'softmax c',
  }),
]);

/** `--noise` fills the one field of the chosen noise law: E (an integer) or C. */
const noiseFlag = (field: 'e' | 'c'): NumberFlag => ({ kind: 'number', name: 'noise', usage: '--noise E', field });

const FLAGS: ModelCli['flags'] = [
  { kind: 'range', name: 'branching', usage: '--branching MIN..MAX|N', fields: ['bmin', 'bmax'] },
  {
    kind: 'variant',
    field: 'noise',
    pick: { kind: 'choice', name: 'noise-kind', usage: '--noise-kind uniform|gaussian|softmax', fallback: 'uniform' },
    variants: { uniform: [noiseFlag('e')], gaussian: [noiseFlag('c')], softmax: [noiseFlag('c')] },
  },
  { kind: 'number', name: 'damage', usage: '--damage D', field: 'damage' },
  { kind: 'number', name: 'root-value', usage: '--root-value V', field: 'rootValue', optional: true },
  { kind: 'enum', name: 'horizon', usage: '--horizon estimate|exact', field: 'horizon' },
];

function family<const K extends 'prefix-value' | 'incremental'>(kind: K, title: string, help: readonly string[]) {
  const bmin = intField(1, B, 'Min branching', { hint: `1..${B}`, name: 'min branching' });
  const bmax = intField(1, B, 'Max branching', { hint: `1..${B}`, allowed: `${integerIn(1, B)}, ≥ min branching` });
  const schema = strictObject({
    kind: z.literal(kind),
    bmin,
    bmax,
    damage: intField(0, D, 'Damage range D', { hint: 'U[−D..0]', name: 'damage D' }),
    noise: NoiseSchema.optional().meta({
      label: 'Estimate noise',
      allowed: 'none, uniform, gaussian or softmax',
      none: 'none (exact)',
    }),
    rootValue: optionalField(intField(-D, D, 'Root value', { hint: 'optional' })),
    horizon: optionalChoiceField(HORIZONS, 'Horizon evaluation', 'exact', { description: HORIZON_DESCRIPTION }),
  }).refine((m) => m.bmin <= m.bmax, { message: atMostMessage(bmin, bmax), path: ['bmax'] });
  const zeroDamage = kind === 'prefix-value';
  const params = (m: z.output<typeof schema>, depth: number, seed: number, tree: number): PrefixValueParams => ({
    height: depth,
    bmin: m.bmin,
    bmax: m.bmax,
    damage: m.damage,
    noise: m.noise,
    zeroDamage,
    rootValue: m.rootValue ?? 0,
    horizon: m.horizon,
    seed,
    tree,
  });
  return defineModel({
    kind,
    title,
    schema,
    // Interior values of the incremental model are only known by searching (PrefixValueTree.exactValue).
    capabilities: { staticEvaluation: true, exactInteriorValues: zeroDamage, integerValues: true },
    example: { kind, bmin: 4, bmax: 12, damage: 6, noise: { kind: 'uniform', e: 4 } },
    maxDepth: PREFIX_VALUE_LIMITS.maxHeight,
    params,
    make: (m, depth, seed, tree) => new PrefixValueTree(params(m, depth, seed, tree)),
    meanBranching: (m) => PrefixValueTree.meanBranching(m),
    // Every interior node has ≥ bmin children; the zero-damage move makes the bound usable (F&B Sec. 7).
    mptMinBranching: (m) => (zeroDamage ? m.bmin : 0),
    horizon: {
      // Noise is what makes the two horizons differ; without it (or with E = 0) both score the exact value.
      exact: (m) =>
        m.horizon === 'estimate' && prefixValueErrorBound(params(m, 1, 0, 0)) !== 0
          ? { ...m, horizon: 'exact' as const }
          : null,
      errorBound: (m) => prefixValueErrorBound(params(m, 1, 0, 0)),
    },
    cli: { help, flags: FLAGS },
  });
}

export const prefixValueModel = family('prefix-value', 'prefix value', [
  'Furtak & Buro 2009, Sec. 7 (one zero-damage move per node: f = p)',
  '--depth D --branching MIN..MAX|N --damage D --seed S',
  '[--noise E] [--noise-kind uniform|gaussian|softmax] [--root-value V] [--horizon estimate|exact] [--tree I]',
  '(--noise is E of U[-E..E] for uniform, C for gaussian C*N(0,1) and softmax)',
]);
export const incrementalModel = family('incremental', 'incremental', [
  'the same flags, without the zero-damage guarantee (Fuller et al.; Scheucher & Kaindl)',
]);
