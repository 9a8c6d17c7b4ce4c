/**
 * Move orderings by name, as the CLI and experiment specs write them:
 *   natural | estimate | fastest-first | random[:SEED] | fcf-linear:C | fcf-threshold:C | fcf-ratio | fcf-weighted:WV,WR,WS
 * The orderings that use P_i (fcf-ratio, fcf-weighted) take the hard threshold "V_i ≥ β" by default, or a
 * learned table (Furtak & Buro 2009, Sec. 8) after ';': `fcf-weighted:1,2,0;learned:MIN:P0,P1,…` where
 * Pk is the cut probability at margin V_i − β = MIN + k.
 */
import { estimateOrdering } from './by-estimate.ts';
import { fastestFirstOrdering } from './fastest-first.ts';
import {
  fcfLinear,
  fcfRatio,
  fcfThreshold,
  fcfWeighted,
  hardThreshold,
  learnedCutProbability,
  type CutProbability,
} from './fastest-cut-first.ts';
import type { MoveOrdering } from './move-ordering.ts';
import { naturalOrdering } from './natural.ts';
import { randomOrdering } from './random.ts';
import { quoted } from '../../util/quoted.ts';

export const ORDERING_SYNTAX =
  'natural | estimate | fastest-first | random[:SEED] | fcf-linear:C | fcf-threshold:C | fcf-ratio[;P] | fcf-weighted:WV,WR,WS[;P], P = hard | learned:MIN:P0,P1,…';

/**
 * What people call each ordering, by its name in ORDERING_SYNTAX (specs and results keep the syntax).
 * `display` is the one name a person reads for it: figures, tables and the spec form all say it. `label`
 * is the shorter word the presets' series labels write for it ("alphabeta / value+FCF"): labels are ids,
 * kept in results, and read with the display name wherever they are shown.
 */
export const ORDERING_NAMES = {
  natural: { display: 'natural' },
  estimate: { display: 'value', label: 'value' },
  'fastest-first': { display: 'fastest-first' },
  random: { display: 'random' },
  'fcf-linear': { display: 'FCF linear' },
  'fcf-threshold': { display: 'FCF threshold' },
  'fcf-ratio': { display: 'FCF S/P' },
  'fcf-weighted': { display: 'value + FCF', label: 'value+FCF' },
} as const satisfies Readonly<Record<string, { display: string; label?: string }>>;

/** The display name of an ordering written as ORDERING_SYNTAX ("fcf-weighted:1,2,0;hard" → "value + FCF"), or undefined. */
export function orderingDisplayName(ordering: string): string | undefined {
  const name = /^[^:;]*/.exec(ordering)![0];
  return Object.hasOwn(ORDERING_NAMES, name) ? ORDERING_NAMES[name as keyof typeof ORDERING_NAMES].display : undefined;
}

/** The P_i part after ';': `hard` or `learned:MIN:P0,P1,…` (probabilities in [0, 1]). */
function parseCutProbability(spec: string, p: string): CutProbability {
  if (p === 'hard') return hardThreshold;
  const m = /^learned:([+-]?\d+):(.+)$/.exec(p);
  if (!m)
    throw new RangeError(
      `ordering ${quoted(spec)}: the P_i part ${quoted(p)} must be hard or learned:MIN:P0,P1,… (${ORDERING_SYNTAX})`,
    );
  const probs = m[2].split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
  if (probs.some((x) => !(x >= 0 && x <= 1)))
    throw new RangeError(`ordering ${quoted(spec)}: learned probabilities must be numbers in [0, 1]`);
  return learnedCutProbability(Number(m[1]), probs);
}

export function parseOrdering(spec: string): MoveOrdering {
  const semi = spec.indexOf(';');
  const head = semi < 0 ? spec : spec.slice(0, semi);
  const prob = semi < 0 ? undefined : spec.slice(semi + 1);
  const colon = head.indexOf(':');
  const name = colon < 0 ? head : head.slice(0, colon);
  const arg = colon < 0 ? undefined : head.slice(colon + 1);
  if (prob !== undefined && name !== 'fcf-ratio' && name !== 'fcf-weighted') {
    throw new RangeError(`ordering ${quoted(spec)}: only fcf-ratio and fcf-weighted take a P_i part after ';'`);
  }
  const p = prob === undefined ? hardThreshold : parseCutProbability(spec, prob);
  const numbers = (count: number): number[] => {
    const xs = (arg ?? '').split(',').map((x) => Number(x));
    if (arg === undefined || xs.length !== count || xs.some((x) => !Number.isFinite(x) || x < 0)) {
      throw new RangeError(
        `ordering ${quoted(spec)}: ${name} needs ${count} number${count > 1 ? 's' : ''} ≥ 0 after ':' (${ORDERING_SYNTAX})`,
      );
    }
    return xs;
  };
  const noArg = () => {
    if (arg !== undefined) throw new RangeError(`ordering ${quoted(spec)}: ${name} takes no argument`);
  };
  switch (name) {
    case 'natural':
      noArg();
      return naturalOrdering;
    case 'estimate':
      noArg();
      return estimateOrdering;
    case 'fastest-first':
      noArg();
      return fastestFirstOrdering;
    case 'random': {
      const seed = arg === undefined ? 0 : Number(arg);
      if (!Number.isSafeInteger(seed))
        throw new RangeError(`ordering ${quoted(spec)}: the random seed must be an integer`);
      return randomOrdering(seed);
    }
    case 'fcf-linear':
      return fcfLinear(numbers(1)[0]);
    case 'fcf-threshold':
      return fcfThreshold(numbers(1)[0]);
    case 'fcf-ratio':
      noArg();
      return fcfRatio(p);
    case 'fcf-weighted': {
      const [value, ratio, size] = numbers(3);
      return fcfWeighted({ value, ratio, size }, p);
    }
    default:
      throw new RangeError(`ordering ${quoted(spec)} is unknown: use ${ORDERING_SYNTAX}`);
  }
}
