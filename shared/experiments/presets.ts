/**
 * Named experiment presets: the paper experiments as ready-to-run specs (the app's preset menu and
 * `gtlab run PRESET`). Each returns a full spec; callers may override trees and depth.
 */
import { SPEC_FORMAT, SPEC_VERSION, parseSpec, type ExperimentSpec, type ExperimentSpecInput } from './spec.ts';

export interface Preset {
  name: string;
  title: string;
  source: string;
  spec(): ExperimentSpecInput;
}

const base = { format: SPEC_FORMAT, version: SPEC_VERSION } as const;

export const PRESETS: Preset[] = [
  {
    name: 'furtak-buro-fig4',
    title: 'Furtak & Buro 2009, Figure 4: nodes expanded relative to the MPG, value-only vs fastest-cut-first',
    source: 'Furtak & Buro 2009, Sec. 8',
    spec: () => ({
      ...base,
      name: 'furtak-buro-fig4',
      description:
        'Prefix value trees, branching U[4..12], damage U[-6..0], estimate error U[-4..4]; iterative deepening to depth 10 ' +
        'with alpha-beta, NegaScout and MTD(f), each ordered by value only and by value + fastest-cut-first ' +
        '(weighted value, S_i/P_i and S_i; S_i = out-degree; P_i = hard threshold value >= beta). ' +
        'Counts: cumulative expanded nodes over the passes.',
      model: { kind: 'prefix-value', bmin: 4, bmax: 12, damage: 6, noise: { kind: 'uniform', e: 4 } },
      trees: 500,
      seed: 2009,
      depth: 10,
      iterative: true,
      series: ['alphabeta', 'negascout', 'mtdf'].flatMap((algorithm) => [
        { algorithm: algorithm as 'alphabeta', ordering: 'estimate', label: `${algorithm} / value` },
        { algorithm: algorithm as 'alphabeta', ordering: 'fcf-weighted:1,0.5,0.5', label: `${algorithm} / value+FCF` },
      ]),
      measure: { mpg: true },
    }),
  },
  {
    name: 'knuth-moore-check',
    title: 'Knuth–Moore check: with perfect move ordering alpha-beta examines the minimal tree',
    source: 'Knuth & Moore 1975; Furtak & Buro 2009, Sec. 5.2',
    spec: () => ({
      ...base,
      name: 'knuth-moore-check',
      description: 'Fixed branching 4, exact estimates (noise 0), wide damage range (nearly distinct values): alpha-beta ordered by estimate visits close to the minimum proof tree; natural order does not.',
      model: { kind: 'prefix-value', bmin: 4, bmax: 4, damage: 1000, noise: { kind: 'uniform', e: 0 } },
      trees: 50,
      seed: 1975,
      depth: 8,
      iterative: true,
      series: [
        { algorithm: 'alphabeta', ordering: 'estimate', label: 'alphabeta / perfect' },
        { algorithm: 'alphabeta', ordering: 'natural', label: 'alphabeta / natural' },
      ],
      measure: { mpg: true },
    }),
  },
];

export function presetNames(): string[] {
  return PRESETS.map((p) => p.name);
}

/** A preset's spec with optional overrides, validated. */
export function presetSpec(name: string, overrides: { trees?: number; depth?: number; seed?: number } = {}): ExperimentSpec {
  const p = PRESETS.find((x) => x.name === name);
  if (!p) throw new RangeError(`unknown preset "${name}": use one of ${presetNames().join(', ')}`);
  const s = p.spec();
  return parseSpec({ ...s, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) });
}
