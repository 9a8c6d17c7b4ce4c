/** Descriptor of uniform trees with independent leaves (../uniform.ts, Pearl; Nau). */
import { z } from 'zod';
import { UNIFORM_LIMITS, type UniformParams, UniformTree } from '../uniform.ts';
import { defineModel } from '../model-descriptor.ts';
import { strictObject } from '../../util/strict-object.ts';
import { atMostMessage, intField, probabilityField } from '../../util/fields.ts';

const V = UNIFORM_LIMITS.maxValue;

const params = (
  m: { degree: number; leaves: UniformParams['leaves'] },
  depth: number,
  seed: number,
  tree: number,
): UniformParams => ({
  degree: m.degree,
  height: depth,
  leaves: m.leaves,
  seed,
  tree,
});

const LEAVES_FROM = intField(-V, V, 'Leaf values from', { initial: 0 });
const LEAVES_TO = intField(-V, V, 'Leaf values to', { initial: 100 });

export const uniformModel = defineModel({
  kind: 'uniform',
  title: 'uniform (Pearl/Nau)',
  schema: strictObject({
    kind: z.literal('uniform'),
    degree: intField(1, UNIFORM_LIMITS.maxDegree, 'Degree', { hint: `1..${UNIFORM_LIMITS.maxDegree}` }),
    leaves: z
      .discriminatedUnion('kind', [
        strictObject({
          kind: z.literal('bivalued'),
          p0: probabilityField('P(Max wins a leaf)', { initial: 0.38 }),
        }).meta({ title: 'win/loss (bi-valued)' }),
        strictObject({ kind: z.literal('range'), lo: LEAVES_FROM, hi: LEAVES_TO })
          .refine((l) => l.lo <= l.hi, { message: atMostMessage(LEAVES_FROM, LEAVES_TO), path: ['hi'] })
          .meta({ title: 'integers lo..hi' }),
        strictObject({ kind: z.literal('distinct') }).meta({ title: 'distinct' }),
      ])
      .meta({ label: 'Leaf values', allowed: 'bivalued, range or distinct' }),
  }),
  // Values only at the leaves: a search must reach the full height, and no interior value is known.
  capabilities: { staticEvaluation: false, exactInteriorValues: false, integerValues: true },
  example: { kind: 'uniform', degree: 4, leaves: { kind: 'range', lo: 0, hi: 100 } },
  maxDepth: UNIFORM_LIMITS.maxHeight,
  params,
  make: (m, depth, seed, tree) => new UniformTree(params(m, depth, seed, tree)),
  meanBranching: (m) => m.degree,
  mptMinBranching: () => 0,
  cli: {
    help: [
      'Pearl / Nau independent trees: --degree N --depth D --seed S and one leaf law:',
      '--values LO..HI | --p0 P (bi-valued: Max wins a leaf with probability P) | --distinct [--tree I]',
    ],
    flags: [
      { kind: 'number', name: 'degree', usage: '--degree N', field: 'degree' },
      {
        kind: 'variant',
        field: 'leaves',
        pick: { kind: 'given', what: 'leaf law' },
        variants: {
          range: [{ kind: 'range', name: 'values', usage: '--values LO..HI', fields: ['lo', 'hi'] }],
          bivalued: [{ kind: 'number', name: 'p0', usage: '--p0 P', field: 'p0' }],
          distinct: [{ kind: 'boolean', name: 'distinct', usage: '--distinct' }],
        },
      },
    ],
  },
});
