/** Descriptor of Li's node-dependent binary trees (./li-dependent.ts, Li 1989 Ch. 2). */
import { z } from 'zod';
import { LI_DEPENDENT_LIMITS, type LiDependentParams, LiDependentTree, Z_WITH_F, zWithFError } from './li-dependent.ts';
import { defineModel } from '../models/model-descriptor.ts';
import { strictObject } from '../util/strict-object.ts';
import type { NumberFlag } from '../models/model-flags.ts';
import { fieldMeta, optionalField, probabilityField } from '../util/fields.ts';

type Probabilities = Pick<LiDependentParams, 'p0' | 'f1' | 'f2' | 'z1' | 'z2'>;

const params = (m: Probabilities, depth: number, seed: number, tree: number): LiDependentParams => ({
  height: depth,
  p0: m.p0,
  f1: m.f1,
  f2: m.f2,
  z1: m.z1,
  z2: m.z2,
  seed,
  tree,
});

/** `--NAME X`: each probability has the flag of its field's name. */
const flag = (field: keyof Probabilities, letter: string, optional = false): NumberFlag => ({
  kind: 'number',
  name: field,
  usage: `--${field} ${letter}`,
  field,
  optional,
});

const FIELDS = {
  p0: probabilityField('p₀', { hint: '0..1' }),
  f1: probabilityField('f₁', { hint: '0..1' }),
  f2: probabilityField('f₂', { hint: '0..1' }),
  z1: optionalField(probabilityField('z₁', { hint: 'optional' })),
  z2: optionalField(probabilityField('z₂', { hint: 'optional' })),
};

export const liModel = defineModel({
  kind: 'li',
  title: 'Li node-dependent',
  schema: strictObject({ kind: z.literal('li'), ...FIELDS }).superRefine((m, ctx) => {
    // The core's rule, at the field it concerns, naming the fields by their labels.
    for (const [z, f] of Z_WITH_F) {
      const zv = m[z];
      const why = zv === undefined ? null : zWithFError(z, zv, f, m[f], (k) => fieldMeta(FIELDS[k])!.label);
      if (why !== null) ctx.addIssue({ code: 'custom', path: [z], message: why });
    }
  }),
  capabilities: { staticEvaluation: true, exactInteriorValues: true, integerValues: true },
  example: { kind: 'li', p0: 0.38, f1: 0.1, f2: 0.1 },
  maxDepth: LI_DEPENDENT_LIMITS.maxHeight,
  params,
  make: (m, depth, seed, tree) => new LiDependentTree(params(m, depth, seed, tree)),
  meanBranching: () => 2,
  mptMinBranching: () => 0,
  cli: {
    help: [
      "Li's node-dependent binary trees (thesis Ch. 2): --depth D --p0 P --f1 F --f2 F --seed S",
      "[--z1 Z --z2 Z] (the asymmetric variant (e'')/(f'')) [--tree I]",
    ],
    flags: [flag('p0', 'P'), flag('f1', 'F'), flag('f2', 'F'), flag('z1', 'Z', true), flag('z2', 'Z', true)],
  },
});
