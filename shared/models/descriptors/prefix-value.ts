/**
 * Descriptors of prefix value trees (../prefix-value.ts, Furtak & Buro 2009 Sec. 7) and of the
 * incremental model (the same trees without the zero-damage move): one parameter schema, two kinds.
 */
import { z } from 'zod';
import { PREFIX_VALUE_LIMITS, PrefixValueTree } from '../prefix-value.ts';
import { defineModel } from '../model-descriptor.ts';
import { intField, numberField, optionalField } from '../../util/fields.ts';
import { integerIn } from '../../util/range.ts';

const B = PREFIX_VALUE_LIMITS.maxBranching;
const D = PREFIX_VALUE_LIMITS.maxDamage;

const NoiseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('uniform'), e: intField(0, D, 'Estimate error E', { initial: 4 }) }).meta({ title: 'uniform ±E' }),
  z.object({ kind: z.literal('gaussian'), c: numberField(0, 1e6, 'Noise scale c', { initial: 1 }) }).meta({ title: 'gaussian σ = c' }),
  z.object({ kind: z.literal('softmax'), c: numberField(0, 1e6, 'Noise scale c', { initial: 1 }) }).meta({ title: 'softmax c' }),
]);

function family<const K extends 'prefix-value' | 'incremental'>(kind: K, title: string) {
  const schema = z.object({
    kind: z.literal(kind),
    bmin: intField(1, B, 'Min branching', { hint: `1..${B}` }),
    bmax: intField(1, B, 'Max branching', { hint: `1..${B}`, allowed: `${integerIn(1, B)}, ≥ min branching` }),
    damage: intField(0, D, 'Damage range D', { hint: 'U[−D..0]' }),
    noise: NoiseSchema.optional().meta({ label: 'Estimate noise', allowed: 'none, uniform, gaussian or softmax', none: 'none (exact)' }),
    rootValue: optionalField(intField(-D, D, 'Root value', { hint: 'optional' })),
  }).refine((m) => m.bmin <= m.bmax, { message: 'bmin must be ≤ bmax', path: ['bmax'] });
  const zeroDamage = kind === 'prefix-value';
  return defineModel({
    kind,
    title,
    schema,
    // Interior values of the incremental model are only known by searching (PrefixValueTree.exactValue).
    capabilities: { staticEvaluation: true, exactInteriorValues: zeroDamage, integerValues: true },
    example: { kind, bmin: 4, bmax: 12, damage: 6, noise: { kind: 'uniform', e: 4 } },
    maxDepth: PREFIX_VALUE_LIMITS.maxHeight,
    make: (m, depth, seed, tree) => new PrefixValueTree({
      height: depth, bmin: m.bmin, bmax: m.bmax, damage: m.damage, noise: m.noise, zeroDamage, rootValue: m.rootValue, seed, tree,
    }),
    meanBranching: (m) => PrefixValueTree.meanBranching(m),
    // Every interior node has ≥ bmin children; the zero-damage move makes the bound usable (F&B Sec. 7).
    mptMinBranching: (m) => (zeroDamage ? m.bmin : 0),
  });
}

export const prefixValueModel = family('prefix-value', 'prefix value');
export const incrementalModel = family('incremental', 'incremental');
