/**
 * The Figure 4 presets (Furtak & Buro 2009, Sec. 8) built from the variants and the tuned weights: the
 * paper's experiment (value only vs value + FCF with S_i/P_i) and the variants S_i as the FCF term,
 * learned P_i, and perfect evaluations. The spec description records the tree family, the orderings,
 * the counting, and how and on which trees the weights were tuned.
 */
import { SPEC_FORMAT, SPEC_VERSION, type ExperimentSpecInput } from '../experiments/spec.ts';
import { TUNING } from './tuned-weights.ts';
import { algorithmDescriptor } from '../search/registry.ts';
import { ORDERING_NAMES } from '../search/ordering/parse-ordering.ts';
import {
  EVALUATION_SEED,
  FIG4_ALGORITHMS,
  FIG4_SIZE_STAND_IN,
  variantModel,
  variantSizeInfo,
  variantUnexpanded,
  variantTtMove,
  variantBeyond,
  type Fig4Algorithm,
  type Variant,
} from './variants.ts';

export interface Fig4Preset {
  name: string;
  variant: Variant;
  title: string;
  spec(): ExperimentSpecInput;
}

const DESIGN =
  'Orderings: value only = the estimate (V_i: the value from the last iterative-deepening pass where the child was searched; ' +
  'children no earlier pass searched are ordered randomly after the searched ones, as in the paper (unexpanded: random), or by ' +
  'their static noisy estimates (unexpanded: estimate)); value + FCF = ' +
  'wV·V_i − wR·s_i/P_i − wS·s_i with S_i the out-degree (s_i = S_i / max_j S_j) and P_i = 1 if V_i ≥ β else 0 (hard threshold), ' +
  'S_i known as sizeInfo says (expanded: only for children an earlier pass expanded, else the stand-in; all: for every child), ' +
  'or a P_i table learned from training trees. Counts: cumulative visited nodes over the passes 1..d (leaves included) ÷ the ' +
  'exact minimum proof tree of the depth-d tree as the searches scored it (seen); the true one (exact horizon) is recorded beside it.';

const HORIZON_NOTE: Record<'estimate' | 'exact', string> = {
  estimate:
    'A node at the search horizon scores its noisy estimate f̂ = f + e (Sec. 7), terminal nodes their exact value.',
  exact:
    'A node at the search horizon scores its exact prefix value (the estimate error reaches only never-searched children ordered by estimate).',
};

function tuningNote(variants: Variant[]): string {
  const w = variants
    .flatMap((v) => FIG4_ALGORITHMS.map((a) => `${v}/${a} ${TUNING.variants[v][a].ordering.split(';')[0]}`))
    .join('; ');
  const u = variants.map((v) => `${v} ${TUNING.unexpanded[v]}`).join(', ');
  const z = variants.map((v) => `${v} ${TUNING.sizeInfo[v]}`).join(', ');
  // Only a variant tuned otherwise than the others names its stored move and height, so older descriptions keep their text.
  const odd = variants.filter((v) => TUNING.ttMove[v] !== 'first' || TUNING.beyond[v] !== 0);
  const t = odd
    .map((v) => `, ${v}: stored move ${TUNING.ttMove[v]}, training trees of height ${TUNING.depth + TUNING.beyond[v]}`)
    .join('');
  return (
    `Weights tuned per algorithm on ${TUNING.trees} training trees of seed ${TUNING.seed} (evaluation seed ${EVALUATION_SEED}), ` +
    `depth ${TUNING.depth}, never-searched children ${u}, sizes known ${z}${t}, by ${TUNING.procedure}. Reproduce: ${TUNING.command}. Weights: ${w}.`
  );
}

const FAMILY = 'Prefix value trees, branching U[4..12], edge damage U[-6..0]';

/** "iterative deepening (ID) search up to depth 10" (Sec. 8). */
const DEPTH = 10;

function spec(
  name: string,
  variant: Variant,
  noteVariants: Variant[],
  intro: string,
  series: ExperimentSpecInput['series'],
): ExperimentSpecInput {
  const model = variantModel(variant);
  const horizon = 'horizon' in model && model.horizon === 'exact' ? 'exact' : 'estimate';
  return {
    format: SPEC_FORMAT,
    version: SPEC_VERSION,
    name,
    description: `${intro} ${HORIZON_NOTE[horizon]} ${DESIGN} ${tuningNote(noteVariants)}`.slice(0, 4000),
    model,
    trees: 500,
    seed: EVALUATION_SEED,
    depth: DEPTH,
    ...(variantBeyond(variant) === 0 ? {} : { height: DEPTH + variantBeyond(variant) }),
    iterative: true,
    unexpanded: variantUnexpanded(variant),
    sizeInfo: variantSizeInfo(variant),
    sizeStandIn: FIG4_SIZE_STAND_IN,
    ttMove: variantTtMove(variant),
    series,
    measure: { mpg: true, denominator: 'seen', counter: 'visited' },
  };
}

type Fig4Series = ExperimentSpecInput['series'][number];
/** The labels' words for the two orderings: "value" and "value+FCF". */
const VALUE = ORDERING_NAMES.estimate.label;
const FCF = ORDERING_NAMES['fcf-weighted'].label;
const value = (a: Fig4Algorithm): Fig4Series => ({ algorithm: a, ordering: 'estimate', label: `${a} / ${VALUE}` });
const fcf = (a: Fig4Algorithm, v: Variant, label = `${a} / ${FCF}`): Fig4Series => ({
  algorithm: a,
  ordering: TUNING.variants[v][a].ordering,
  label,
});
/** The same series searching with a transposition table beside the annotations. */
const withTable = (s: Fig4Series): Fig4Series => ({ ...s, memory: 'both', label: `${s.label} + TT` });

export const FIG4_PRESETS: Fig4Preset[] = [
  {
    name: 'furtak-buro-fig4',
    variant: 'fig4',
    title:
      'Furtak & Buro 2009, Figure 4: nodes visited relative to the minimum proof tree, value only vs value + fastest-cut-first (tuned)',
    spec: () =>
      spec(
        'furtak-buro-fig4',
        'fig4',
        ['fig4'],
        `${FAMILY}, estimate error U[-4..4]; iterative deepening to depth 10 with alpha-beta, NegaScout and MTD(f), each ordered by value only and by value + FCF (S_i/P_i term).`,
        FIG4_ALGORITHMS.flatMap((a) => [value(a), fcf(a, 'fig4')]),
      ),
  },
  {
    name: 'furtak-buro-fig4-size',
    variant: 'size',
    title: 'Furtak & Buro 2009, Sec. 8: S_i/P_i versus S_i alone as the FCF term',
    spec: () =>
      spec(
        'furtak-buro-fig4-size',
        'size',
        ['fig4', 'size'],
        `${FAMILY}, estimate error U[-4..4]; per algorithm value only, value + FCF with S_i/P_i, value + FCF with S_i alone (each tuned).`,
        FIG4_ALGORITHMS.flatMap((a) => [
          value(a),
          fcf(a, 'fig4', `${a} / ${FCF} S/P`),
          fcf(a, 'size', `${a} / ${FCF} S`),
        ]),
      ),
  },
  {
    name: 'furtak-buro-fig4-learned',
    variant: 'learned',
    title: 'Furtak & Buro 2009, Sec. 8: P_i learned from trees of the same family versus the hard threshold',
    spec: () =>
      spec(
        'furtak-buro-fig4-learned',
        'learned',
        ['fig4', 'learned'],
        `${FAMILY}, estimate error U[-4..4]; per algorithm value only, value + FCF with the hard-threshold P_i, value + FCF with P_i learned on the training trees (each tuned).`,
        FIG4_ALGORITHMS.flatMap((a) => [
          value(a),
          fcf(a, 'fig4', `${a} / ${FCF} hard P`),
          fcf(a, 'learned', `${a} / ${FCF} learned P`),
        ]),
      ),
  },
  {
    name: 'furtak-buro-fig4-static',
    variant: 'static',
    title:
      'Furtak & Buro 2009, Figure 4 with never-searched children ordered by their static estimates instead of randomly',
    spec: () =>
      spec(
        'furtak-buro-fig4-static',
        'static',
        ['static'],
        `${FAMILY}, estimate error U[-4..4]; as furtak-buro-fig4, but children no earlier pass searched are ordered by their static noisy estimates; value only vs value + FCF (S_i/P_i term, tuned the same way).`,
        FIG4_ALGORITHMS.flatMap((a) => [value(a), fcf(a, 'static')]),
      ),
  },
  {
    name: 'furtak-buro-fig4-perfect',
    variant: 'perfect',
    title: 'Furtak & Buro 2009, Sec. 8: perfect evaluations (estimate error 0), value only vs value + FCF',
    spec: () =>
      spec(
        'furtak-buro-fig4-perfect',
        'perfect',
        ['perfect'],
        `${FAMILY}, estimate error 0 (perfect evaluations: the horizon scores the exact value); as furtak-buro-fig4 otherwise; value only vs value + FCF (S_i/P_i term, tuned on perfect-evaluation training trees).`,
        FIG4_ALGORITHMS.flatMap((a) => [value(a), fcf(a, 'perfect')]),
      ),
  },
  {
    name: 'furtak-buro-fig4-exact-horizon',
    variant: 'exact',
    title: 'Furtak & Buro 2009, Figure 4 read with an exact horizon: the estimate error never reaches the searches',
    spec: () =>
      spec(
        'furtak-buro-fig4-exact-horizon',
        'exact',
        ['exact'],
        `${FAMILY}, estimate error U[-4..4] (unused: see below); as furtak-buro-fig4 with the horizon scored exactly (the other reading of the paper); value only vs value + FCF (S_i/P_i term, tuned on exact-horizon training trees).`,
        FIG4_ALGORITHMS.flatMap((a) => [value(a), fcf(a, 'exact')]),
      ),
  },
  {
    name: 'furtak-buro-fig4-tt',
    variant: 'fig4',
    title: 'Beyond Furtak & Buro 2009 (their future work): fastest-cut-first with a transposition table',
    spec: () =>
      spec(
        'furtak-buro-fig4-tt',
        'fig4',
        ['fig4'],
        `${FAMILY}, estimate error U[-4..4]; as furtak-buro-fig4, and each series again with a transposition table beside the annotations (bounds reused, the last pass's best move tried first); MTD(f) always searches with its table, so its two series are those of furtak-buro-fig4 and are not repeated; FCF weights as furtak-buro-fig4 (not re-tuned with the table).`,
        FIG4_ALGORITHMS.flatMap((a) =>
          algorithmDescriptor(a).capabilities.needsMemory
            ? [value(a), fcf(a, 'fig4')]
            : [value(a), fcf(a, 'fig4'), withTable(value(a)), withTable(fcf(a, 'fig4'))],
        ),
      ),
  },
  {
    name: 'furtak-buro-fig4-all-sizes',
    variant: 'all-sizes',
    title:
      'Furtak & Buro 2009, Figure 4 with S_i known for every child (computed on demand), not only for children an earlier pass expanded',
    spec: () =>
      spec(
        'furtak-buro-fig4-all-sizes',
        'all-sizes',
        ['all-sizes'],
        `${FAMILY}, estimate error U[-4..4]; as furtak-buro-fig4, but the orderings know S_i (the out-degree) of every child, also of children no earlier pass reached; value only vs value + FCF (S_i/P_i term, tuned so).`,
        FIG4_ALGORITHMS.flatMap((a) => [value(a), fcf(a, 'all-sizes')]),
      ),
  },
  {
    name: 'furtak-buro-fig4-paper',
    variant: 'paper',
    title:
      "Furtak & Buro 2009, Figure 4 as the text reads best: trees taller than the search, never-searched children random, MTD(f)'s stored move ordered like any child",
    spec: () =>
      spec(
        'furtak-buro-fig4-paper',
        'paper',
        ['paper'],
        `${FAMILY}, estimate error U[-4..4], trees of height ${DEPTH + variantBeyond('paper')} (every pass's horizon scores the estimate); as furtak-buro-fig4, but MTD(f)'s transposition table narrows windows and cuts without putting its stored move first, so the orderings alone decide the order (Plaat et al.'s table stores bounds); value only vs value + FCF (S_i/P_i term, tuned for this reading).`,
        FIG4_ALGORITHMS.flatMap((a) => [value(a), fcf(a, 'paper')]),
      ),
  },
];
