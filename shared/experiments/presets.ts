/**
 * Named experiment presets: the paper experiments as ready-to-run specs (the app's preset menu and
 * `gtlab run PRESET`). Each returns a full spec; callers may override trees and depth.
 */
import { SPEC_FORMAT, SPEC_VERSION, parseSpec, type ExperimentSpec, type ExperimentSpecInput } from './spec.ts';
import { FIG4_PRESETS } from '../furtak-buro/fig4-presets.ts';
import { OTHELLO_PRESET, othelloEndgameSpec } from '../othello/othello-endgame-preset.ts';
import { quoted } from '../util/quoted.ts';

export interface Preset {
  name: string;
  title: string;
  source: string;
  spec(): ExperimentSpecInput;
}

const base = { format: SPEC_FORMAT, version: SPEC_VERSION } as const;

export const PRESETS: Preset[] = [
  ...FIG4_PRESETS.map(({ name, title, spec }) => ({ name, title, source: 'Furtak & Buro 2009, Sec. 8', spec })),
  {
    name: OTHELLO_PRESET,
    title:
      'Figure 4 on Othello endgames: nodes ÷ minimum proof tree against empties k, value vs fastest-first vs value + FCF, plain and iterative deepening',
    source: 'Furtak & Buro 2009, Sec. 6 and 8',
    spec: othelloEndgameSpec,
  },
  {
    name: 'knuth-moore-check',
    title: 'Knuth–Moore check: with perfect move ordering alpha-beta examines the minimal tree',
    source: 'Knuth & Moore 1975; Furtak & Buro 2009, Sec. 5.2',
    spec: () => ({
      ...base,
      name: 'knuth-moore-check',
      description:
        'Fixed branching 4, exact estimates (noise 0), wide damage range (nearly distinct values): alpha-beta ordered by estimate visits close to the minimum proof tree; natural order does not.',
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
export function presetSpec(
  name: string,
  overrides: { trees?: number; depth?: number; seed?: number } = {},
): ExperimentSpec {
  const p = PRESETS.find((x) => x.name === name);
  if (!p) throw new RangeError(`unknown preset ${quoted(name)}: use one of ${presetNames().join(', ')}`);
  const s = p.spec();
  return parseSpec({ ...s, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) });
}
