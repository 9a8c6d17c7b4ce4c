/**
 * Move orderings by name, as the CLI and experiment specs write them:
 *   natural | estimate | random[:SEED] | fcf-linear:C | fcf-threshold:C | fcf-ratio | fcf-weighted:WV,WR,WS
 */
import { estimateOrdering } from './by-estimate.ts';
import { fcfLinear, fcfRatio, fcfThreshold, fcfWeighted } from './fastest-cut-first.ts';
import type { MoveOrdering } from './move-ordering.ts';
import { naturalOrdering } from './natural.ts';
import { randomOrdering } from './random.ts';

export const ORDERING_SYNTAX = 'natural | estimate | random[:SEED] | fcf-linear:C | fcf-threshold:C | fcf-ratio | fcf-weighted:WV,WR,WS';

export function parseOrdering(spec: string): MoveOrdering {
  const [name, arg] = spec.split(':', 2) as [string, string | undefined];
  const numbers = (count: number): number[] => {
    const xs = (arg ?? '').split(',').map((x) => Number(x));
    if (arg === undefined || xs.length !== count || xs.some((x) => !Number.isFinite(x) || x < 0)) {
      throw new RangeError(`ordering "${spec}": ${name} needs ${count} number${count > 1 ? 's' : ''} ≥ 0 after ':' (${ORDERING_SYNTAX})`);
    }
    return xs;
  };
  const noArg = () => {
    if (arg !== undefined) throw new RangeError(`ordering "${spec}": ${name} takes no argument`);
  };
  switch (name) {
    case 'natural': noArg(); return naturalOrdering;
    case 'estimate': noArg(); return estimateOrdering;
    case 'random': {
      const seed = arg === undefined ? 0 : Number(arg);
      if (!Number.isSafeInteger(seed)) throw new RangeError(`ordering "${spec}": the random seed must be an integer`);
      return randomOrdering(seed);
    }
    case 'fcf-linear': return fcfLinear(numbers(1)[0]);
    case 'fcf-threshold': return fcfThreshold(numbers(1)[0]);
    case 'fcf-ratio': noArg(); return fcfRatio();
    case 'fcf-weighted': {
      const [value, ratio, size] = numbers(3);
      return fcfWeighted({ value, ratio, size });
    }
    default:
      throw new RangeError(`ordering "${spec}" is unknown: use ${ORDERING_SYNTAX}`);
  }
}
